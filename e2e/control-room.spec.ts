import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { E2E_ADMIN } from './support';

/**
 * The administrator's control room (issue 7): backup and restore, maintenance mode, sessions.
 * Until the shared auth.setup.ts lands, each test signs in here (first login included).
 */

async function apiSignIn(request: APIRequestContext, email: string, passwords: string[], final: string) {
  for (const password of passwords) {
    const response = await request.post('/api/auth/login', { data: { email, password } });
    if (!response.ok()) continue;
    const body = (await response.json()) as { data: { user: { primeiro_login: boolean } } };
    if (body.data.user.primeiro_login) {
      const changed = await request.post('/api/auth/change-password', {
        data: { senhaAtual: password, novaSenha: final },
      });
      expect(changed.ok()).toBe(true);
    }
    return;
  }
  throw new Error(`não foi possível entrar como ${email}`);
}

async function signInAdmin(page: Page) {
  await apiSignIn(
    page.request,
    E2E_ADMIN.email,
    [E2E_ADMIN.password, E2E_ADMIN.firstPassword],
    E2E_ADMIN.password,
  );
}

const TEACHER_PASSWORD = 'Jabuticaba-Madura-93';

async function createTeacher(page: Page, nome: string): Promise<string> {
  const email = `${nome.toLowerCase().replace(/\W+/g, '.')}.${Date.now()}@escola.test`;
  const response = await page.request.post('/api/users', {
    data: { nome, email, tipo: 'professor', senha: 'Provisoria-Segura-55' },
  });
  expect(response.status()).toBe(201);
  return email;
}

async function teacherPage(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await apiSignIn(page.request, email, [TEACHER_PASSWORD, 'Provisoria-Segura-55'], TEACHER_PASSWORD);
  return page;
}

async function openTab(page: Page, name: string) {
  await page.goto('/dashboard/configuracoes');
  await page.getByRole('tab', { name }).click();
}

test('create a backup, add a user, restore it and the user is gone', async ({ page }) => {
  await signInAdmin(page);
  await openTab(page, 'Backup & Dados');

  await page.getByRole('button', { name: 'Criar Backup' }).click();
  await page.getByLabel('Sua senha').fill(E2E_ADMIN.password);
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Baixar' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^backup-\d{4}-\d{2}-\d{2}\.json$/);
  await expect(page.getByText('Backup criado com sucesso')).toBeVisible();
  const backupPath = await download.path();
  const backup = JSON.parse(readFileSync(backupPath, 'utf8')) as { checksum: string };
  expect(backup.checksum).toMatch(/^sha256:/);

  const email = await createTeacher(page, 'Professora Temporária');
  await page.goto('/dashboard/usuarios');
  await expect(page.getByText(email).filter({ visible: true })).toBeVisible();

  await openTab(page, 'Backup & Dados');
  await page.getByTestId('restore-file').setInputFiles({
    name: download.suggestedFilename(),
    mimeType: 'application/json',
    buffer: readFileSync(backupPath),
  });
  await page.getByLabel('Sua senha').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Analisar backup' }).click();
  const plan = page.getByRole('dialog', { name: 'Confirmar restauração' });
  await expect(plan.getByRole('table', { name: 'Registros por tabela' })).toContainText('users');
  await plan.getByRole('button', { name: 'Restaurar agora' }).click();
  await expect(page.getByText('Backup restaurado com sucesso')).toBeVisible();

  await page.goto('/dashboard/usuarios');
  await expect(page.getByText(E2E_ADMIN.email).filter({ visible: true })).toBeVisible();
  await expect(page.getByText(email)).toHaveCount(0);

  // The safety backup taken before the restore is listed.
  await openTab(page, 'Backup & Dados');
  await expect(page.getByText('Antes de restaurar').first()).toBeVisible();
});

test('a teacher gets the maintenance page while the admin keeps working', async ({ page, browser }) => {
  await signInAdmin(page);
  const email = await createTeacher(page, 'Professor Manutenção');
  const teacher = await teacherPage(browser, email);

  await openTab(page, 'Sistema');
  await page.getByRole('switch', { name: 'Modo de manutenção' }).click();
  await page.getByRole('button', { name: 'Salvar Configurações' }).click();
  await expect(page.getByText('Configurações do sistema salvas com sucesso')).toBeVisible();
  await expect(page.getByText('Modo de manutenção ativo')).toBeVisible();

  await teacher.goto('/dashboard');
  await expect(teacher.getByRole('heading', { name: 'Sistema em manutenção' })).toBeVisible();
  const blocked = await teacher.request.get('/api/auditoria');
  expect(blocked.status()).toBe(503);
  expect(blocked.headers()['retry-after']).toBeTruthy();
  // The public site stays up.
  expect((await teacher.request.get('/api/health')).ok()).toBe(true);

  // The admin still works.
  await page.goto('/dashboard/usuarios');
  await expect(page.getByText(email).filter({ visible: true })).toBeVisible();

  await openTab(page, 'Sistema');
  await page.getByRole('switch', { name: 'Modo de manutenção' }).click();
  await page.getByRole('button', { name: 'Salvar Configurações' }).click();
  await expect(page.getByText('Configurações do sistema salvas com sucesso')).toBeVisible();
  await teacher.reload();
  await expect(teacher.getByRole('heading', { name: 'Sistema em manutenção' })).toHaveCount(0);
  await teacher.context().close();
});

test('end another session from the Segurança tab', async ({ page, browser }) => {
  await signInAdmin(page);
  const email = await createTeacher(page, 'Professor Sessão');
  const teacher = await teacherPage(browser, email);
  expect((await teacher.request.get('/api/auth/me')).ok()).toBe(true);

  await openTab(page, 'Segurança');
  const row = page.getByTestId('sessao').filter({ hasText: email });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: 'Encerrar' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Encerrar' }).click();
  await expect(page.getByText('Sessão encerrada')).toBeVisible();
  await expect(row).toHaveCount(0);

  expect((await teacher.request.get('/api/auth/me')).status()).toBe(401);
  await teacher.goto('/dashboard');
  await expect(teacher).toHaveURL(/\/login/);
  await teacher.context().close();
});
