import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Browser } from '@playwright/test';
import { completeCpf } from '../src/shared/validators';
import { ADMIN_STATE, apiSignIn, screenshot } from './support';

// Relatórios (issue 15, part 1): the hub of grouped cards; the admin opens 'Lista da turma', picks a
// class (the filter goes to the URL), sees the table with the class's teacher, downloads the XLSX
// (opened and checked here) and prints it (the print view renders); the linked finance reports are
// still there; a teacher sees only the reports of their classes.
const run = Date.now().toString().slice(-7);
const shots = 'test-results/screenshots';

const desktop = { width: 1280, height: 800 };
const phone = { width: 390, height: 844 };

async function adminPage(browser: Browser, viewport = desktop) {
  const context = await browser.newContext({ storageState: ADMIN_STATE, viewport });
  // The print view opens the browser's dialog: count the calls instead.
  await context.addInitScript(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed++;
    };
  });
  return { context, page: await context.newPage() };
}

async function idOf(response: Awaited<ReturnType<APIRequestContext['post']>>): Promise<string> {
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: { id: string } }).data.id;
}

/** A class of this run with its teacher and two students (names sort as Ana, then Bruno). */
async function createClass(api: APIRequestContext) {
  const year = new Date().getFullYear();
  const created = await api.post('/api/professores', {
    data: {
      nome: `Marta Relatórios ${run}`,
      email: `marta.rel.${run}@escola.test`,
      disciplinas: ['Matemática'],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const teacher = ((await created.json()) as { data: { professor: { id: string } } }).data.professor.id;
  const turma = await idOf(
    await api.post('/api/turmas', {
      data: {
        nome: `Rel ${run}`,
        nivel: 'Fundamental I',
        serie: '4º ano',
        turno: 'tarde',
        ano_letivo: String(year),
        professor_responsavel_id: teacher,
      },
    }),
  );
  for (const [index, nome] of [`Bruno Lista ${run}`, `Ana Lista ${run}`].entries()) {
    const response = await api.post('/api/alunos', {
      data: {
        nome,
        data_nascimento: '2016-04-1' + String(index),
        matricula: `R${run}${String(index)}`,
        turma_id: turma,
        responsavel: {
          nome: `Responsável de ${nome}`,
          email: `resp.rel.${run}.${String(index)}@escola.test`,
          telefone: '(11) 91234-5678',
          cpf: completeCpf(`${run}${String(index)}`.padStart(9, '7').slice(-9)),
          parentesco: 'mae',
          eh_principal: true,
        },
      },
    });
    expect(response.status(), await response.text()).toBe(201);
  }
  return { turma, nome: `Rel ${run}` };
}

test('the admin filters a class list, downloads it as Excel and prints it', async ({ browser }) => {
  // A long journey (two viewports, a popup) on a shared two-core machine.
  test.setTimeout(150_000);
  const { context, page } = await adminPage(browser);
  const turma = await createClass(page.request);
  await page.goto('/dashboard');
  await page.getByRole('navigation').getByRole('link', { name: 'Relatórios' }).click();
  await expect(page).toHaveURL(/\/dashboard\/relatorios$/);
  for (const group of ['Secretaria', 'Acadêmico', 'Pessoas', 'Financeiro', 'Auditoria'])
    await expect(page.getByRole('heading', { level: 2, name: group })).toBeVisible();
  for (const title of [
    'Lista da turma',
    'Alunos por série, turno e idade',
    'Boletins de toda a escola',
    'Fluxo de caixa',
  ])
    await expect(page.getByRole('article', { name: title })).toBeVisible();
  await screenshot(page, { path: `${shots}/relatorios-hub-desktop.png`, fullPage: true });

  await page
    .getByRole('article', { name: 'Lista da turma' })
    .getByRole('link', { name: 'Abrir relatório: Lista da turma' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Lista da turma' })).toBeVisible();
  await expect(page.getByText('Escolha a turma para ver o relatório')).toBeVisible();
  await page
    .getByRole('combobox', { name: 'Turma' })
    .selectOption({ label: `${turma.nome} · Tarde · ${String(new Date().getFullYear())}` });
  await expect(page).toHaveURL(new RegExp(`relatorio=lista-turma.*turma_id=${turma.turma}`));
  const table = page.getByRole('table', { name: 'Lista da turma' });
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table.getByRole('row').nth(1)).toContainText(`Ana Lista ${run}`);
  await expect(page.getByText(`Marta Relatórios ${run}`)).toBeVisible();
  await screenshot(page, { path: `${shots}/relatorios-lista-turma-desktop.png`, fullPage: true });

  // A reload keeps the class (the filter is in the URL).
  await page.reload();
  await expect(table.getByRole('row')).toHaveCount(3);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Baixar Lista da turma em Excel' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^lista-turma-turma-rel-\d+.*\.xlsx$/);
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(readFileSync(await file.path()) as unknown as ArrayBuffer);
  const sheet = book.worksheets[0]!;
  expect(sheet.getRow(1).values).toEqual([undefined, 'Nº', 'Nome', 'Matrícula', 'Nascimento']);
  expect(sheet.getCell('A2').value).toBe(1);
  expect(sheet.getCell('B2').value).toBe(`Ana Lista ${run}`);
  expect(sheet.getCell('D2').value).toEqual(new Date(Date.UTC(2016, 3, 11)));
  expect(sheet.rowCount).toBe(3);

  const popup = page.waitForEvent('popup');
  await page.getByRole('link', { name: 'Imprimir' }).click();
  const print = await popup;
  await expect(print).toHaveURL(/\/imprimir\/relatorio\?relatorio=lista-turma/);
  await expect(print.getByRole('heading', { level: 1, name: 'Lista da turma' })).toBeVisible();
  await expect(print.getByRole('columnheader', { name: 'Assinatura' })).toBeVisible();
  await expect(print.getByRole('row')).toHaveCount(3);
  await expect(print.getByText(`Marta Relatórios ${run}`)).toBeVisible();
  await expect.poll(() => print.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  await print.emulateMedia({ media: 'print' });
  await screenshot(print, { path: `${shots}/relatorios-lista-turma-impressao.png`, fullPage: true });
  await print.close();

  // The census counts come with a chart.
  await page.goto('/dashboard/relatorios?relatorio=alunos-por-serie');
  await expect(page.getByRole('table', { name: 'Alunos por série, turno e idade' })).toContainText('4º ano');
  await expect(page.getByText('Alunos por série e turno')).toBeVisible();
  await screenshot(page, { path: `${shots}/relatorios-por-serie-desktop.png`, fullPage: true });
  await context.close();

  const small = await adminPage(browser, phone);
  await small.page.goto('/dashboard/relatorios');
  await expect(small.page.getByRole('article', { name: 'Lista da turma' })).toBeVisible();
  await screenshot(small.page, { path: `${shots}/relatorios-hub-phone.png`, fullPage: true });
  await small.page.goto(`/dashboard/relatorios?relatorio=lista-turma&turma_id=${turma.turma}`);
  await expect(small.page.getByRole('list', { name: 'Lista da turma' })).toContainText(`Ana Lista ${run}`);
  await screenshot(small.page, { path: `${shots}/relatorios-lista-turma-phone.png`, fullPage: true });
  await small.page.goto('/dashboard/relatorios?relatorio=alunos-por-serie');
  await expect(small.page.getByText('Alunos por série e turno')).toBeVisible();
  await screenshot(small.page, { path: `${shots}/relatorios-por-serie-phone.png`, fullPage: true });
  await small.context.close();
});

test('the school’s boletins are built in the background with a progress bar', async ({ browser }) => {
  const { context, page } = await adminPage(browser);
  await page.goto('/dashboard/relatorios');
  const card = page.getByRole('article', { name: 'Boletins de toda a escola' });
  const download = page.waitForEvent('download', { timeout: 60_000 });
  await card.getByRole('button', { name: 'Gerar PDF' }).click();
  await expect(card.getByRole('progressbar')).toBeVisible();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^boletins-\d{4}\.pdf$/);
  expect(
    readFileSync(await file.path())
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
  await expect(card.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  await screenshot(page, { path: `${shots}/relatorios-boletins-escola-desktop.png`, fullPage: true });
  await context.close();
});

test('a teacher sees only the reports of their classes; the finance links stay with the admin', async ({
  browser,
}) => {
  const admin = await adminPage(browser);
  const email = `prof.relatorios.${run}@escola.test`;
  const created = await admin.page.request.post('/api/users', {
    data: { nome: 'Professora Relatórios', email, tipo: 'professor', senha: 'Provisoria-Segura-55' },
  });
  expect(created.status(), await created.text()).toBe(201);
  await admin.context.close();

  const context = await browser.newContext({ viewport: phone });
  const page = await context.newPage();
  await apiSignIn(page.request, email, ['Provisoria-Segura-55'], 'Jabuticaba-Madura-31');
  await page.goto('/dashboard/relatorios');
  await expect(page.getByRole('heading', { level: 1, name: 'Relatórios' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Lista da turma' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Mapa de notas / ata de resultados finais' })).toBeVisible();
  for (const group of ['Financeiro', 'Pessoas', 'Auditoria'])
    await expect(page.getByRole('heading', { level: 2, name: group })).toHaveCount(0);
  await expect(page.getByRole('article', { name: 'Alunos por série, turno e idade' })).toHaveCount(0);
  await screenshot(page, { path: `${shots}/relatorios-professor-phone.png`, fullPage: true });
  // No class of their own: the class filter has nothing to offer.
  await page.goto('/dashboard/relatorios?relatorio=lista-turma');
  await expect(page.getByRole('combobox', { name: 'Turma' }).locator('option')).toHaveCount(1);
  await context.close();
});
