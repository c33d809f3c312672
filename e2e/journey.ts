import { expect, type APIRequestContext, type Browser, type BrowserContextOptions } from '@playwright/test';
import { addDays } from '../src/shared/calendar';
import { apiSignIn, createClass, createStudent, createTeacher, dataOf, todayInSaoPaulo } from './support';

/**
 * What many journeys set up the same way: the screens they look at, the demo school's accounts, this
 * year's ano letivo and its recent days, a teacher's class with a family, a person signed in on a
 * journey's own server.
 */
export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };
/** Where `screenshot` writes the journeys' pictures (when asked: `E2E_SCREENSHOTS=1`). */
export const SHOTS = 'test-results/screenshots';

/** The demo school's documented accounts (README, `npm run demo`). */
export const DEMO = {
  director: { email: 'admin@demo.escola', password: 'Demo-Admin-2026' },
  secretaria: { email: 'secretaria@demo.escola', password: 'Demo-Secr-2026' },
  financeiro: { email: 'financeiro@demo.escola', password: 'Demo-Fin-2026' },
  teacher: { email: 'professor@demo.escola', password: 'Demo-Prof-2026' },
  mother: { email: 'responsavel@demo.escola', password: 'Demo-Resp-2026' },
} as const;

/** An account to sign in with: its final password, and any it may still have from before (a first one). */
export type Account = { readonly email: string; readonly password: string; readonly earlier?: string[] };

/** Opens this year's ano letivo (bimestres, 2 Jan to 30 Dec) unless another journey already did. */
export async function openThisYear(api: APIRequestContext): Promise<string> {
  const year = todayInSaoPaulo().slice(0, 4);
  const opened = await api.post('/api/anos-letivos', {
    data: { ano: Number(year), inicio: `${year}-01-02`, fim: `${year}-12-30`, tipo_periodo: 'bimestre' },
  });
  expect([201, 409], await opened.text()).toContain(opened.status());
  return year;
}

/**
 * The calendar's days from `back` days before today up to `upTo` (today by default), this year's ano
 * letivo opened if no journey did: every day, and this year's dias letivos among them.
 */
export async function recentDays(
  api: APIRequestContext,
  back: number,
  upTo = todayInSaoPaulo(),
): Promise<{ dias: { data: string; letivo: boolean }[]; letivos: string[] }> {
  const year = await openThisYear(api);
  const { dias } = await dataOf<{ dias: { data: string; letivo: boolean }[] }>(
    await api.get(`/api/calendario?de=${addDays(todayInSaoPaulo(), -back)}&ate=${upTo}`),
  );
  return {
    dias,
    letivos: dias.filter((day) => day.letivo && day.data.startsWith(year)).map((day) => day.data),
  };
}

/** This year's last dia letivo up to `upTo` (today by default), within the last 20 days. */
export async function lastSchoolDay(api: APIRequestContext, upTo?: string): Promise<string> {
  const letivo = (await recentDays(api, 20, upTo)).letivos.at(-1);
  expect(letivo, 'um dia letivo nos últimos 20 dias').toBeDefined();
  return letivo!;
}

export interface Period {
  id: string;
  nome: string;
  inicio: string;
  fim: string;
}

/** This year's period that contains today (the year opened here if no journey did). */
export async function currentPeriod(api: APIRequestContext): Promise<Period> {
  const today = todayInSaoPaulo();
  const year = Number(await openThisYear(api));
  const years = await dataOf<{ ano: number; periodos: Period[] }[]>(await api.get('/api/anos-letivos'));
  const period = years
    .find((item) => item.ano === year)
    ?.periodos.find((item) => item.inicio <= today && today <= item.fim);
  expect(period, 'um período do ano letivo que contém hoje').toBeDefined();
  return period!;
}

/**
 * A teacher with a portal account, a 1º ano class of theirs and a child in it whose guardian (mother) has
 * a portal account: the names are the journey's own. Answers both accounts' e-mails and first passwords.
 */
export async function teacherClassWithFamily(
  api: APIRequestContext,
  names: { teacher: string; turma: string; aluno: string; guardian: string; matricula: string; tag: string },
) {
  const teacherEmail = `prof.${names.tag}@escola.test`;
  const teacher = await createTeacher(api, { nome: names.teacher, email: teacherEmail });
  const turmaId = await createClass(api, names.turma, {
    serie: '1º ano',
    professor_responsavel_id: teacher.professor.id,
  });
  const guardianEmail = `mae.${names.tag}@escola.test`;
  const child = await createStudent(api, {
    nome: names.aluno,
    turmaId,
    nascimento: '2019-02-02',
    matricula: names.matricula,
    guardian: { nome: names.guardian, email: guardianEmail, telefone: '11955551234' },
  });
  return {
    teacher: { email: teacherEmail, nome: teacher.professor.nome, password: teacher.senhaGerada ?? '' },
    guardian: { email: guardianEmail, password: child.senhaGerada ?? '' },
  };
}

/**
 * A fresh browser on a journey's own server (`baseURL`), `who` signed in through the API (an `earlier`
 * password changed to the final one): the context (with `options`) and its page.
 */
export async function signedInOn(
  browser: Browser,
  baseURL: string,
  who: Account,
  options: BrowserContextOptions = {},
) {
  const context = await browser.newContext({
    baseURL,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    ...options,
  });
  const page = await context.newPage();
  await apiSignIn(page.request, who.email, [who.password, ...(who.earlier ?? [])], who.password);
  return { context, page };
}
