import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { completeCpf } from '../src/shared/validators';
import { adminPage, dataOf, screenshot } from './support';

// Issue 14, closing the year: on a year of its own (2019, which no other journey touches) the admin
// closes the year on 'Ano letivo', prepares the next one, adjusts a class's capacity, applies the
// rematrícula, and the approved student is in the new year's class one série up (screen and API);
// the retained one stays in the série; the closed year's grades are still consulted on 'Notas', by year.

const run = Date.now().toString().slice(-6);
const YEAR = 2019;
const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 800 };
const shots = 'test-results/screenshots';

interface Year {
  id: string;
  ano: number;
  periodos: { id: string; inicio: string }[];
}

test('year end: close the year, review and adjust the rematrícula, the approved student moves up', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const { context, page: page } = await adminPage(browser, desktop);
  const api = page.request;

  // The year, its first bimestre reopened (past years are closed by date) and a 5º ano class.
  const year = await dataOf<Year>(
    await api.post('/api/anos-letivos', {
      data: {
        ano: YEAR,
        inicio: `${String(YEAR)}-02-04`,
        fim: `${String(YEAR)}-12-13`,
        tipo_periodo: 'bimestre',
      },
    }),
  );
  // The next year is opened too, as a school does before the rematrícula (its start is the enrolment's).
  await dataOf(
    await api.post('/api/anos-letivos', {
      data: {
        ano: YEAR + 1,
        inicio: `${String(YEAR + 1)}-02-03`,
        fim: `${String(YEAR + 1)}-12-11`,
        tipo_periodo: 'bimestre',
      },
    }),
  );
  const first = year.periodos[0]!;
  await dataOf(await api.post(`/api/periodos/${first.id}/reabrir`, { data: {} }));
  const className = `5º Ano E${run}`;
  const nextName = `6º Ano E${run}`;
  const turma = await dataOf<{ id: string }>(
    await api.post('/api/turmas', {
      data: {
        nome: className,
        nivel: 'Fundamental I',
        serie: '5º ano',
        turno: 'manha',
        ano_letivo: String(YEAR),
      },
    }),
  );
  await dataOf(
    await api.put(`/api/turmas/${turma.id}/disciplinas`, {
      data: { disciplinas: [{ disciplina: 'Matemática', aulas_semanais: 5 }] },
    }),
  );
  const names = [`Ana Final ${run}`, `Beto Final ${run}`] as const;
  const ids: string[] = [];
  for (const [index, nome] of names.entries()) {
    const created = await dataOf<{ aluno: { id: string } }>(
      await api.post('/api/alunos', {
        data: {
          nome,
          data_nascimento: '2009-05-10',
          matricula: `EF${run}${String(index)}`,
          responsavel: {
            nome: `Responsável de ${nome}`,
            telefone: '(11) 91234-5678',
            cpf: completeCpf(String(Math.floor(Math.random() * 1e9)).padStart(9, '1')),
            parentesco: 'mae',
            eh_principal: true,
          },
        },
      }),
    );
    ids.push(created.aluno.id);
    await dataOf(
      await api.post(`/api/turmas/${turma.id}/alunos`, {
        data: { aluno_id: created.aluno.id, data_enturmacao: first.inicio },
      }),
    );
  }
  const exam = await dataOf<{ id: string }>(
    await api.post('/api/avaliacoes', {
      data: {
        turma_id: turma.id,
        disciplina: 'Matemática',
        periodo_id: first.id,
        nome: 'Prova final',
        data: first.inicio,
        peso: 1,
      },
    }),
  );
  // Ana 8,0 (approved); Beto 3,0 (retained once the year is closed).
  await dataOf(
    await api.put('/api/notas', {
      data: {
        notas: [
          { avaliacao_id: exam.id, aluno_id: ids[0], valor: 8, version: 0 },
          { avaliacao_id: exam.id, aluno_id: ids[1], valor: 3, version: 0 },
        ],
      },
    }),
  );

  // 'Ano letivo' from the menu; the year picked; one period still open in the class.
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Ano letivo' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Ano letivo' })).toBeVisible();
  await page.getByLabel('Ano', { exact: true }).selectOption(String(YEAR));
  const periods = page.getByRole('table', { name: `Períodos de ${String(YEAR)}` });
  await expect(periods.getByRole('row', { name: /1º bimestre/ })).toContainText('Aberto em 1 de 1 turma');
  await screenshot(page, { path: `${shots}/ano-letivo-desktop.png`, fullPage: true });

  // Beto's recuperação final was never recorded (ADR 0097): the screen lists it, and closing says so.
  await expect(
    page.getByRole('status').filter({ hasText: 'Falta 1 nota de recuperação final' }),
  ).toContainText(`${className} — Matemática: 1 aluno`);
  await page.getByRole('button', { name: 'Encerrar ano' }).click();
  const confirmClose = page.getByRole('dialog', { name: `Encerrar o ano letivo ${String(YEAR)}` });
  await expect(confirmClose).toContainText('cada um fica reprovado por nota na disciplina');
  await confirmClose.getByRole('button', { name: 'Encerrar com pendências' }).click();
  // Issue 38: the closing runs in the background; the screen follows its progress to the outcome.
  const closingBar = page.getByRole('progressbar', { name: 'Progresso: Encerramento do ano letivo' });
  await expect(closingBar).toHaveAttribute('aria-valuenow', '100', { timeout: 60_000 });
  await expect(page.getByRole('status').filter({ hasText: 'Ano letivo encerrado.' })).toBeVisible();
  await expect(page.getByText(`Ano letivo ${String(YEAR)} encerrado em`)).toBeVisible();
  await expect(periods.getByRole('row', { name: /1º bimestre/ })).toContainText('Fechado');

  // The proposal: the class one série up, Ana to it, Beto retained in the 5º ano.
  await page.getByRole('button', { name: 'Preparar próximo ano' }).click();
  const classes = page.getByRole('table', { name: `Turmas propostas para ${String(YEAR + 1)}` });
  const nextRow = classes.getByRole('row', { name: new RegExp(nextName) });
  await expect(nextRow).toContainText('1 de 25');
  const students = page.getByRole('table', { name: 'Destino de cada aluno' });
  const ana = students.getByRole('row', { name: new RegExp(names[0]) });
  const beto = students.getByRole('row', { name: new RegExp(names[1]) });
  await expect(ana.getByLabel(`Destino de ${names[0]}`, { exact: true })).toHaveValue('proxima_serie');
  await expect(ana.getByLabel(`Turma de destino de ${names[0]}`)).toHaveValue(nextName);
  await expect(beto.getByLabel(`Destino de ${names[1]}`, { exact: true })).toHaveValue('mesma_serie');
  await expect(beto.getByLabel(`Turma de destino de ${names[1]}`)).toHaveValue(className);

  // An adjustment: the new class gets 30 places; the server's simulation shows it.
  const capacity = nextRow.getByLabel(`Capacidade de ${nextName}`);
  await capacity.fill('30');
  await capacity.blur();
  await expect(nextRow).toContainText('1 de 30');
  await expect(page.getByText('Simulando...')).toHaveCount(0);
  await screenshot(page, { path: `${shots}/rematricula-desktop.png`, fullPage: true });
  await page.setViewportSize(phone);
  await screenshot(page, { path: `${shots}/rematricula-phone.png`, fullPage: true });
  await page.setViewportSize(desktop);

  await page.getByRole('button', { name: 'Aplicar rematrícula' }).click();
  const confirmApply = page.getByRole('dialog', { name: `Aplicar a rematrícula para ${String(YEAR + 1)}` });
  await expect(confirmApply).toContainText('1 aluno vai para a próxima série, 1 fica na mesma série');
  await confirmApply.getByRole('button', { name: 'Aplicar rematrícula' }).click();
  const applyBar = page.getByRole('progressbar', { name: 'Progresso: Aplicação da rematrícula' });
  await expect(applyBar).toHaveAttribute('aria-valuenow', '100', { timeout: 60_000 });
  // The task's outcome is the server's: a reload shows it again.
  await page.reload();
  await expect(applyBar).toHaveAttribute('aria-valuenow', '100');
  await expect(page.getByRole('status').filter({ hasText: 'Rematrícula aplicada.' })).toBeVisible();
  const summary = page.getByRole('status').filter({ hasText: 'Rematrícula aplicada em' });
  await expect(summary).toContainText('1 na próxima série, 1 na mesma série');
  await expect(summary).toContainText(nextName);
  await page.setViewportSize(phone);
  await screenshot(page, { path: `${shots}/ano-letivo-phone.png`, fullPage: true });
  await page.setViewportSize(desktop);

  // Through the API: Ana is in the new class of the next year, with the adjusted capacity.
  const moved = await dataOf<{ turma_id: string | null }>(await api.get(`/api/alunos/${ids[0]}`));
  const next = await dataOf<{ nome: string; ano_letivo: string; capacidade_maxima: number; serie: string }>(
    await api.get(`/api/turmas/${moved.turma_id ?? ''}`),
  );
  expect(next).toMatchObject({
    nome: nextName,
    ano_letivo: String(YEAR + 1),
    capacidade_maxima: 30,
    serie: '6º ano',
  });
  const stayed = await dataOf<{ turma_id: string | null }>(await api.get(`/api/alunos/${ids[1]}`));
  const same = await dataOf<{ serie: string; ano_letivo: string }>(
    await api.get(`/api/turmas/${stayed.turma_id ?? ''}`),
  );
  expect(same).toMatchObject({ serie: '5º ano', ano_letivo: String(YEAR + 1) });

  // On screen: Alunos shows Ana in the new class; last year's boletim is still there, by year.
  await page.goto(`/dashboard/alunos?q=${encodeURIComponent(names[0])}`);
  await expect(page.getByRole('row', { name: new RegExp(names[0]) })).toContainText(nextName);

  // Beto's boletim of 2019 (picked by year): the conselho de classe approves him with a reason.
  await page.goto(`/dashboard/alunos?q=${encodeURIComponent(names[1])}`);
  await page.getByRole('button', { name: `Ver detalhes de ${names[1]}` }).click();
  const details = page.getByRole('dialog', { name: names[1] });
  const boletim = details.getByRole('region', { name: /Boletim/ });
  await boletim.getByLabel('Ano do boletim').selectOption(String(YEAR));
  const pastHeading = boletim.getByRole('heading', { name: `Boletim ${String(YEAR)} — ${className}` });
  await expect(pastHeading).toBeVisible();
  // The card and its year are in the URL: a reload keeps both; Back returns to the year before.
  await expect(page).toHaveURL(new RegExp(`[?&]ano=${String(YEAR)}(&|$)`));
  await page.reload();
  await expect(pastHeading).toBeVisible();
  await expect(boletim.getByLabel('Ano do boletim')).toHaveValue(String(YEAR));
  await boletim.scrollIntoViewIfNeeded();
  await screenshot(page, { path: `${shots}/boletim-ano-anterior-desktop.png` });
  await page.setViewportSize(phone);
  await expect(boletim.getByLabel('Ano do boletim')).toBeVisible();
  await boletim.scrollIntoViewIfNeeded();
  await screenshot(page, { path: `${shots}/boletim-ano-anterior-phone.png` });
  await page.setViewportSize(desktop);
  await page.goBack();
  await expect(boletim.getByRole('heading', { name: /^Boletim / })).not.toHaveText(
    new RegExp(`^Boletim ${String(YEAR)}`),
  );
  await expect(boletim.getByLabel('Ano do boletim')).not.toHaveValue(String(YEAR));
  await page.goForward();
  await expect(pastHeading).toBeVisible();
  // A shared link opens the card on its year even when the list behind it does not hold the student;
  // a link to a student that is not there closes with a word instead of an empty dialog.
  await page.goto(`/dashboard/alunos?status=inativo&aluno=${ids[1]!}&ano=${String(YEAR)}`);
  await expect(pastHeading).toBeVisible();
  await page.goto('/dashboard/alunos?aluno=00000000-0000-4000-8000-000000000000');
  await expect(page.getByText('Aluno não encontrado.')).toBeVisible();
  await expect(page).not.toHaveURL(/aluno=/);
  await page.goto(`/dashboard/alunos?q=${encodeURIComponent(names[1])}&aluno=${ids[1]!}&ano=${String(YEAR)}`);
  await expect(pastHeading).toBeVisible();
  await expect(boletim.getByRole('row', { name: /Matemática/ })).toContainText('Reprovado por nota');
  await boletim.getByRole('button', { name: 'Conselho de classe' }).click();
  const council = page.getByRole('dialog', { name: 'Conselho de classe' });
  await council.getByLabel('Resultado de').selectOption('Matemática');
  await council.getByLabel('Decisão').selectOption('aprovado');
  await council.getByRole('button', { name: 'Registrar decisão' }).click();
  await expect(council.getByText('Registre o motivo da decisão (ao menos 10 caracteres)')).toBeVisible();
  await council
    .getByLabel('Motivo')
    .fill('Evolução consistente no segundo semestre, avaliada pelo conselho.');
  await council.getByRole('button', { name: 'Registrar decisão' }).click();
  await expect(council).toHaveCount(0);
  const math = boletim.getByRole('row', { name: /Matemática/ });
  await expect(math).toContainText('Aprovado (Conselho de Classe)');
  await expect(math).toContainText('Pelas regras: Reprovado por nota');
  await screenshot(page, { path: `${shots}/boletim-conselho-desktop.png`, fullPage: true });
  await page.keyboard.press('Escape');

  // The class's boletins in one PDF, from the class list.
  await page.goto(`/dashboard/turmas?q=${encodeURIComponent(className)}`);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: `Boletins da turma ${className} de ${String(YEAR)} (PDF)` }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.pdf$/);
  expect(
    readFileSync(await file.path())
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');

  // Last year's grades on 'Notas', picked by year (kept in the URL): the concluded class, read-only.
  await page.goto('/dashboard/notas');
  await page.getByLabel('Ano letivo', { exact: true }).selectOption(String(YEAR));
  await page.getByLabel('Turma', { exact: true }).selectOption({ label: className });
  await page.getByLabel('Disciplina').selectOption('Matemática');
  await page.getByLabel('Período', { exact: true }).selectOption(first.id);
  await expect(page).toHaveURL(new RegExp(`ano=${String(YEAR)}`));
  await page.reload();
  await expect(page.getByLabel('Ano letivo', { exact: true })).toHaveValue(String(YEAR));
  await expect(
    page.getByRole('status').filter({ hasText: `Consultando o ano letivo ${String(YEAR)}` }),
  ).toBeVisible();
  await expect(
    page.getByRole('status').filter({ hasText: `O ano letivo ${String(YEAR)} foi encerrado` }),
  ).toBeVisible();
  const old = page.getByRole('textbox', { name: `Prova final de ${names[0]}` });
  await expect(old).toHaveValue('8,0');
  await expect(old).toHaveAttribute('readonly');
  await expect(page.getByRole('button', { name: 'Nova avaliação' })).toHaveCount(0);
  await screenshot(page, { path: `${shots}/notas-ano-anterior-desktop.png`, fullPage: true });
  await page.setViewportSize(phone);
  await screenshot(page, { path: `${shots}/notas-ano-anterior-phone.png`, fullPage: true });
  await context.close();
});
