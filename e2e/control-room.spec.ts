import { expect, test, type Browser, type Page } from '@playwright/test';
import { apiSignIn, E2E_ADMIN, openSettingsTab } from './support';

/**
 * The administrator's control room: maintenance mode and sessions (backup and restore run on a server
 * of their own in backup-restore.spec.ts). Each test signs in here (first login included).
 */

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

test('a teacher gets the maintenance page while the admin keeps working', async ({ page, browser }) => {
  await signInAdmin(page);
  const email = await createTeacher(page, 'Professor Manutenção');
  const teacher = await teacherPage(browser, email);

  await openSettingsTab(page, 'Sistema');
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

  await openSettingsTab(page, 'Sistema');
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

  await openSettingsTab(page, 'Segurança');
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
