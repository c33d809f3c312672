import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { completeCpf } from '../src/shared/validators';
import { apiSignIn, dataOf, E2E_ADMIN, pageOnDay, screenshot, startOwnServer } from './support';

// Issue 29, item 14: the teacher's home leads with today's rolls ('Chamadas de hoje: 2 pendentes',
// each a link to its roll), and on a day without lessons says so — as the roll list does, and the
// class's roll agrees. The day is the server's (its own server, its clock started on the day:
// e2e/shifted-clock.mjs) and the browser's (Playwright's clock): a Friday, the Saturday after, a
// sábado letivo and Tiradentes, one restart of the same school each.

const run = Date.now().toString().slice(-6);
const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 800 };
const shots = 'test-results/screenshots';

const friday = '2026-03-20';
const saturday = '2026-03-21';
const sabadoLetivo = '2026-03-28';
const tiradentes = '2026-04-21';
/** 9 a.m. in São Paulo on a date. */
const morningOf = (date: string) => `${date}T09:00:00-03:00`;

let cpfSeed = Number(run) * 10;
async function enrol(api: APIRequestContext, turmaId: string, nome: string) {
  cpfSeed += 7;
  const created = await dataOf<{ aluno: { id: string } }>(
    await api.post('/api/alunos', {
      data: {
        nome,
        data_nascimento: '2017-05-10',
        matricula: `TH${run}${String(cpfSeed).slice(-3)}`,
        responsavel: {
          nome: `Responsável de ${nome}`,
          telefone: '(11) 91234-5678',
          cpf: completeCpf(String(cpfSeed).padStart(9, '3').slice(-9)),
          parentesco: 'mae',
          eh_principal: true,
        },
      },
    }),
  );
  await dataOf(
    await api.post(`/api/turmas/${turmaId}/alunos`, {
      data: { aluno_id: created.aluno.id, data_enturmacao: '2026-03-02' },
    }),
  );
}

/** A signed-in context on the own server, its browser clock on the same moment as the server's. */
async function signedInPage(
  browser: Browser,
  baseURL: string,
  at: string,
  viewport: { width: number; height: number },
  email: string,
  passwords: string[],
  final: string,
): Promise<Page> {
  const page = await pageOnDay(browser, baseURL, at, viewport);
  await apiSignIn(page.request, email, passwords, final);
  return page;
}

test('the teacher’s home leads with today’s pending rolls; a day without lessons has none', async ({
  browser,
}) => {
  test.setTimeout(600_000);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'escola-e2e-teacher-home-'));
  let server = await startOwnServer({ now: morningOf(friday), dataDir });
  const teacherEmail = `prof.home.${run}@escola.test`;
  const teacherFinal = 'Jabuticaba-Doce-83';
  const daily = `Diária ${run}`;
  const perLesson = `Por Aula ${run}`;
  let teacherPassword = '';
  try {
    // The school: the 2026 year, a teacher responsible for a daily class and teaching Matemática
    // (Mon/Wed/Fri) and Arte (Saturdays) in a per-lesson one, two students in each.
    const admin = await signedInPage(
      browser,
      server.baseURL,
      morningOf(friday),
      desktop,
      E2E_ADMIN.email,
      [E2E_ADMIN.firstPassword, E2E_ADMIN.password],
      E2E_ADMIN.password,
    );
    const api = admin.request;
    await dataOf(
      await api.post('/api/anos-letivos', {
        data: { ano: 2026, inicio: '2026-02-02', fim: '2026-12-11', tipo_periodo: 'bimestre' },
      }),
    );
    const saved = await dataOf<{ professor: { id: string }; senhaGerada?: string }>(
      await api.post('/api/professores', {
        data: {
          nome: `Professora Painel ${run}`,
          email: teacherEmail,
          disciplinas: ['Matemática', 'Arte'],
          criar_acesso: true,
        },
      }),
    );
    teacherPassword = saved.senhaGerada ?? '';
    expect(teacherPassword).not.toBe('');
    const classOf = (nome: string, responsavel: string | null) =>
      api.post('/api/turmas', {
        data: {
          nome,
          nivel: 'Fundamental I',
          serie: '3º ano',
          turno: 'manha',
          ano_letivo: '2026',
          ...(responsavel ? { professor_responsavel_id: responsavel } : {}),
        },
      });
    const dailyClass = await dataOf<{ id: string }>(await classOf(daily, saved.professor.id));
    const lessonClass = await dataOf<{ id: string }>(await classOf(perLesson, null));
    await dataOf(
      await api.put(`/api/turmas/${lessonClass.id}/disciplinas`, {
        data: {
          frequencia_modo: 'por_aula',
          disciplinas: [
            {
              disciplina: 'Matemática',
              professor_id: saved.professor.id,
              aulas_semanais: 3,
              dias_semana: [1, 3, 5],
            },
            { disciplina: 'Arte', professor_id: saved.professor.id, aulas_semanais: 1, dias_semana: [6] },
          ],
        },
      }),
    );
    await enrol(api, dailyClass.id, `Ana Painel ${run}`);
    await enrol(api, dailyClass.id, `Bruno Painel ${run}`);
    await enrol(api, lessonClass.id, `Clara Painel ${run}`);
    await enrol(api, lessonClass.id, `Davi Painel ${run}`);
    // A sábado letivo ahead (28/03): its classes have their lessons.
    await dataOf(
      await api.post('/api/calendario', {
        data: {
          tipo: 'sabado_letivo',
          titulo: 'Sábado letivo de março',
          inicio: sabadoLetivo,
          publico: true,
        },
      }),
    );
    await admin.context().close();

    // Friday: the home's first section is today's two rolls, each a link to it.
    const teacher = await signedInPage(
      browser,
      server.baseURL,
      morningOf(friday),
      desktop,
      teacherEmail,
      [teacherPassword],
      teacherFinal,
    );
    await teacher.goto('/dashboard');
    const rolls = teacher.getByRole('region', { name: 'Chamadas de hoje: 2 pendentes' });
    await expect(rolls).toBeVisible();
    const sections = teacher.getByRole('main').getByRole('region');
    await expect(sections.nth(1)).toHaveAccessibleName('Chamadas de hoje: 2 pendentes');
    await expect(rolls.getByRole('link')).toHaveText([
      new RegExp(`${daily}.*Chamada do dia`),
      new RegExp(`${perLesson}.*Matemática`),
    ]);
    await screenshot(teacher, { path: `${shots}/painel-professor-chamadas-desktop.png`, fullPage: true });
    await rolls.getByRole('link', { name: new RegExp(daily) }).click();
    await expect(teacher).toHaveURL(/\/dashboard\/frequencia\?turma=/);
    await expect(teacher.getByRole('heading', { name: daily })).toBeVisible();
    await teacher.getByRole('button', { name: `Falta de Ana Painel ${run}`, pressed: false }).click();
    await teacher.getByRole('button', { name: 'Salvar chamada' }).click();
    await expect(teacher.getByText(/Chamada de .* salva (em|às)/)).toBeVisible();
    await teacher.goto('/dashboard');
    const left = teacher.getByRole('region', { name: 'Chamadas de hoje: 1 pendente' });
    await expect(left).toContainText('1 chamada feita hoje.');
    await expect(left.getByRole('link')).toHaveText([new RegExp(`${perLesson}.*Matemática`)]);
    // The roll list says the same.
    await teacher.goto('/dashboard/frequencia');
    const list = teacher.getByRole('list', { name: 'Turmas em 20/03/2026' });
    await expect(list.getByRole('button', { name: new RegExp(perLesson) })).toContainText('1 pendente');
    await expect(list.getByRole('button', { name: new RegExp(daily) })).toContainText('Feita');
    await teacher.setViewportSize(phone);
    await teacher.goto('/dashboard');
    await expect(left).toBeVisible();
    await screenshot(teacher, { path: `${shots}/painel-professor-chamadas-phone.png` });
    await teacher.context().close();
    await server.stop();

    // Saturday: no lesson; nothing pending on the home or on the roll list.
    server = await startOwnServer({ now: morningOf(saturday), dataDir });
    const weekend = await signedInPage(
      browser,
      server.baseURL,
      morningOf(saturday),
      phone,
      teacherEmail,
      [teacherFinal],
      teacherFinal,
    );
    await weekend.goto('/dashboard');
    const none = weekend.getByRole('region', { name: 'Hoje não há aula (sábado)' });
    await expect(none).toContainText('21/03/2026 não é dia letivo: nenhuma chamada a fazer.');
    await expect(weekend.getByText(/pendente/)).toHaveCount(0);
    await screenshot(weekend, { path: `${shots}/painel-professor-sabado-phone.png` });
    await weekend.goto('/dashboard/frequencia');
    await expect(weekend.getByTestId('dia-sem-aula')).toHaveText(
      '21/03/2026 não é dia letivo (Fim de semana). Não há chamada a fazer nesta data.',
    );
    const weekendList = weekend.getByRole('list', { name: 'Turmas em 21/03/2026' });
    await expect(weekendList.getByRole('button')).toHaveCount(2);
    await expect(weekendList).not.toContainText('pendente');
    await expect(weekendList.getByText('Sem aula')).toHaveCount(2);
    await screenshot(weekend, { path: `${shots}/frequencia-sabado-phone.png`, fullPage: true });
    // The class agrees: it cannot be saved, and says why.
    await weekendList.getByRole('button', { name: new RegExp(daily) }).click();
    await expect(weekend.getByText('21/03/2026 não é dia letivo (Fim de semana).')).toBeVisible();
    await expect(weekend.getByRole('button', { name: /Salvar/ })).toHaveCount(0);
    await weekend.setViewportSize(desktop);
    await weekend.goto('/dashboard');
    await expect(none).toBeVisible();
    await screenshot(weekend, { path: `${shots}/painel-professor-sabado-desktop.png`, fullPage: true });
    await weekend.context().close();
    await server.stop();

    // A sábado letivo: the daily roll and the grid's Saturday lesson (Arte) are today's rolls.
    server = await startOwnServer({ now: morningOf(sabadoLetivo), dataDir });
    const saturdayClass = await signedInPage(
      browser,
      server.baseURL,
      morningOf(sabadoLetivo),
      phone,
      teacherEmail,
      [teacherFinal],
      teacherFinal,
    );
    await saturdayClass.goto('/dashboard');
    const letivo = saturdayClass.getByRole('region', { name: 'Chamadas de hoje: 2 pendentes' });
    await expect(letivo.getByRole('link')).toHaveText([
      new RegExp(`${daily}.*Chamada do dia`),
      new RegExp(`${perLesson}.*Arte`),
    ]);
    await screenshot(saturdayClass, { path: `${shots}/painel-professor-sabado-letivo-phone.png` });
    await saturdayClass.context().close();
    await server.stop();

    // Tiradentes, a Tuesday: a holiday, named.
    server = await startOwnServer({ now: morningOf(tiradentes), dataDir });
    const holiday = await signedInPage(
      browser,
      server.baseURL,
      morningOf(tiradentes),
      desktop,
      teacherEmail,
      [teacherFinal],
      teacherFinal,
    );
    await holiday.goto('/dashboard');
    await expect(
      holiday.getByRole('region', { name: 'Hoje não há aula (Tiradentes, feriado nacional)' }),
    ).toBeVisible();
    await expect(holiday.getByText(/pendente/)).toHaveCount(0);
    await screenshot(holiday, { path: `${shots}/painel-professor-feriado-desktop.png`, fullPage: true });
    await holiday.context().close();
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
