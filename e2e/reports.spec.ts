import { mkdirSync } from 'node:fs';
import { expect, test, type Browser } from '@playwright/test';
import { ADMIN_STATE, apiSignIn } from './support';

// Relatórios (issue 10, finding 14): the spec's menu entry, and one page with the reports that exist
// today, each one a card that downloads or opens what the signed-in role may run.
const run = Date.now().toString().slice(-7);
const shots = 'test-results/screenshots';
mkdirSync(shots, { recursive: true });

const desktop = { width: 1280, height: 800 };
const phone = { width: 390, height: 844 };

async function adminPage(browser: Browser, viewport = desktop) {
  const context = await browser.newContext({ storageState: ADMIN_STATE, viewport });
  return { context, page: await context.newPage() };
}

test('an administrator finds every report under Relatórios and downloads them', async ({ browser }) => {
  const { context, page } = await adminPage(browser);
  await page.goto('/dashboard');
  await page.getByRole('navigation').getByRole('link', { name: 'Relatórios' }).click();
  await expect(page).toHaveURL(/\/dashboard\/relatorios$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Relatórios' })).toBeVisible();
  for (const group of ['Financeiro', 'Alunos', 'Auditoria']) {
    await expect(page.getByRole('heading', { level: 2, name: group })).toBeVisible();
  }
  for (const title of [
    'Fluxo de caixa',
    'Inadimplência',
    'Receitas e despesas por categoria',
    'Mensalidades',
    'Lista de alunos',
    'Trilha de auditoria',
  ]) {
    await expect(page.getByRole('article', { name: title })).toBeVisible();
  }
  await page.screenshot({ path: `${shots}/relatorios-admin-desktop.png`, fullPage: true });

  const students = page.getByRole('article', { name: 'Lista de alunos' });
  const csv = page.waitForEvent('download');
  await students.getByRole('button', { name: 'Baixar Lista de alunos em CSV' }).click();
  expect((await csv).suggestedFilename()).toMatch(/^alunos-\d{4}-\d{2}-\d{2}\.csv$/);

  const flow = page.getByRole('article', { name: 'Fluxo de caixa' });
  await flow.getByLabel('Ano').fill('2025');
  const xlsx = page.waitForEvent('download');
  await flow.getByRole('button', { name: 'Baixar Fluxo de caixa em Excel' }).click();
  expect((await xlsx).suggestedFilename()).toBe('fluxo-de-caixa-2025.xlsx');
  await flow.getByLabel('Ano').fill('1999');
  await expect(flow.getByText('Entre 2000 e 2100')).toBeVisible();
  await expect(flow.getByRole('button', { name: 'Baixar Fluxo de caixa em CSV' })).toBeDisabled();

  const audit = page.waitForEvent('download');
  await page
    .getByRole('article', { name: 'Trilha de auditoria' })
    .getByRole('button', { name: 'Baixar Trilha de auditoria em CSV' })
    .click();
  expect((await audit).suggestedFilename()).toMatch(/^auditoria-\d{4}-\d{2}-\d{2}\.csv$/);

  // 'Abrir no Financeiro' lands on the finance screen's own Relatórios tab.
  await page
    .getByRole('article', { name: 'Inadimplência' })
    .getByRole('link', { name: 'Abrir no Financeiro' })
    .click();
  await expect(page).toHaveURL(/\/dashboard\/financeiro\?aba=relatorios$/);
  await expect(page.getByRole('tab', { name: 'Relatórios' })).toHaveAttribute('aria-selected', 'true');
  await context.close();

  const small = await adminPage(browser, phone);
  await small.page.goto('/dashboard/relatorios');
  await expect(small.page.getByRole('article', { name: 'Fluxo de caixa' })).toBeVisible();
  await small.page.screenshot({ path: `${shots}/relatorios-admin-phone.png`, fullPage: true });
  await small.context.close();
});

test('a teacher sees only the report a teacher may run', async ({ browser }) => {
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
  await expect(page.getByRole('article')).toHaveCount(1);
  const students = page.getByRole('article', { name: 'Lista de alunos' });
  await expect(students).toContainText('sem CPF');
  await expect(page.getByRole('heading', { level: 2, name: 'Financeiro' })).toHaveCount(0);
  const download = page.waitForEvent('download');
  await students.getByRole('button', { name: 'Baixar Lista de alunos em Excel' }).click();
  expect((await download).suggestedFilename()).toMatch(/^alunos-\d{4}-\d{2}-\d{2}\.xlsx$/);
  await page.screenshot({ path: `${shots}/relatorios-professor-phone.png`, fullPage: true });

  // The menu (the phone drawer) has the entry too.
  await page.getByRole('button', { name: 'Abrir menu' }).click();
  await expect(page.getByRole('link', { name: 'Relatórios' }).first()).toBeVisible();
  await context.close();
});
