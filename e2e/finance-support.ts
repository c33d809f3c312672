import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { acceptPrivacyOnScreen, createClass, createStudent, login, todayInSaoPaulo } from './support';
import { exampleFinanceSettings } from '../src/server/test/finance-settings-example';
import { PHONE } from './journey';

/**
 * What the finance journeys (Pix charge, Já paguei, reminders) set up the same way: a class of this
 * year with the school's finance settings (R$ 850,00 a month, multa 2 %, juros 1 % a.m., the static Pix
 * key), a child with a guardian and this month's tuition, and the guardian's first sign-in on a phone.
 */
export { PHONE, SHOTS } from './journey';
export const today = todayInSaoPaulo();
export const year = Number(today.slice(0, 4));
/** The password a guardian chooses at the first sign-in of these journeys. */
export const GUARDIAN_PASSWORD = 'Goiaba-Madura-71';

/**
 * A class of this year (the year of `day`, today by default) and the finance settings with its tuition
 * (R$ 850,00 due on `diaVencimento`), saved through the API as the administrator; answers the class id.
 */
export async function financeClass(
  request: APIRequestContext,
  nome: string,
  diaVencimento: number,
  day = today,
): Promise<string> {
  const turmaId = await createClass(request, nome, { serie: '4º ano', ano_letivo: day.slice(0, 4) });
  const settings = await request.put('/api/financeiro/configuracoes', {
    data: exampleFinanceSettings(turmaId, diaVencimento),
  });
  expect(settings.status(), await settings.text()).toBe(200);
  return turmaId;
}

/** The first tuition of a child (its id). */
export async function tuitionOf(request: APIRequestContext, alunoId: string): Promise<string> {
  const list = await request.get(`/api/financeiro/mensalidades?aluno_id=${alunoId}`);
  return ((await list.json()) as { data: { items: { id: string }[] } }).data.items[0]!.id;
}

/**
 * A child enrolled in the class since the 1st of this month (the month of `options.day`, today by
 * default), its guardian (a portal account when `guardian.email` is given), and its tuition generated
 * (this month's, or `mes` of this year).
 */
export async function childWithTuition(
  request: APIRequestContext,
  turmaId: string,
  options: {
    nome: string;
    guardian: { nome: string; email?: string; parentesco?: 'mae' | 'pai'; telefone?: string };
    mes?: number;
    day?: string;
  },
) {
  const day = options.day ?? today;
  const child = await createStudent(request, {
    nome: options.nome,
    turmaId,
    dataMatricula: `${day.slice(0, 8)}01`,
    guardian: options.guardian,
  });
  const made = await request.post('/api/financeiro/mensalidades/gerar', {
    data: {
      aluno_id: child.aluno.id,
      ...(options.mes ? { ano: Number(day.slice(0, 4)), mes: options.mes } : {}),
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  return { ...child, mensalidadeId: await tuitionOf(request, child.aluno.id) };
}

/**
 * The guardian on a phone, signed in for the first time: the generated password changed to
 * `GUARDIAN_PASSWORD` and the privacy notice accepted. Answers the context (close it) and the page.
 * `on` is the phone's page when it is not a fresh one on the shared server (a journey's own server).
 */
export async function guardianFirstSignIn(
  browser: Browser,
  email: string,
  senhaGerada: string | undefined,
  on?: Page,
) {
  const page =
    on ??
    (await (
      await browser.newContext({ storageState: { cookies: [], origins: [] }, viewport: PHONE })
    ).newPage());
  const context = page.context();
  await login(page, email, senhaGerada ?? '');
  await expect(page).toHaveURL(/\/trocar-senha$/);
  await page.getByLabel('Senha atual').fill(senhaGerada ?? '');
  await page.getByLabel('Nova senha', { exact: true }).fill(GUARDIAN_PASSWORD);
  await page.getByLabel('Confirmar nova senha').fill(GUARDIAN_PASSWORD);
  await page.getByRole('button', { name: 'Salvar nova senha' }).click();
  await acceptPrivacyOnScreen(page);
  return { context, page };
}
