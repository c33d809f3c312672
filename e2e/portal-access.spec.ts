import { expect, test } from '@playwright/test';
import { ADMIN_STATE, adminPage, E2E_ADMIN, linkMailedTo, login, logout } from './support';
import { GENERATED_PASSWORD_LENGTH } from '../src/shared/users.schemas';

test.describe('login screen', () => {
  test('shows the spec validation messages and a failed login on the form', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Fazer Login' })).toBeVisible();
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByText('E-mail é obrigatório')).toBeVisible();
    await expect(page.getByText('Senha deve ter pelo menos 6 caracteres')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'E-mail', exact: true })).toHaveAttribute(
      'aria-invalid',
      'true',
    );

    await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill('nao-e-email');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByText('E-mail inválido')).toBeVisible();

    await login(page, E2E_ADMIN.email, 'senha-errada-123');
    await expect(page.getByRole('alert').filter({ hasText: 'Credenciais inválidas' })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    const password = page.getByLabel('Senha', { exact: true });
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Mostrar senha' }).click();
    await expect(password).toHaveAttribute('type', 'text');
  });

  test('forgot password mails a link that sets a new password', async ({ page, request }) => {
    // A guardian account created through the API by the admin.
    const admin = await request.post('/api/auth/login', {
      data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
    });
    expect(admin.ok()).toBeTruthy();
    const email = `mae.${Date.now()}@escola.test`;
    const created = await request.post('/api/users', {
      data: { nome: 'Luciana Prado', email, tipo: 'responsavel' },
    });
    expect(created.status()).toBe(201);

    await page.goto('/login');
    await page.getByRole('link', { name: 'Esqueci minha senha' }).click();
    // The screen is loaded on demand: typing before it shows would fill the login form's field.
    await expect(page.getByRole('heading', { name: 'Esqueci minha senha' })).toBeVisible();
    await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
    await page.getByRole('button', { name: 'Enviar link' }).click();
    // The e2e server has no SMTP_URL: the page does not promise a link that no mail server will deliver,
    // it sends the person to the secretaria (with SMTP it says 'Se este e-mail estiver cadastrado…').
    await expect(page.getByText(/Este portal ainda não envia e-mails/)).toBeVisible();
    await expect(page.getByText(/peça à secretaria da escola que redefina a sua senha/)).toBeVisible();

    // The link is still made and written to the outbox after the answer (a queued job), so the answer
    // takes the same time whether or not the e-mail has an account; the test reads it from there.
    const link = await linkMailedTo(email, /http:\/\/\S+redefinir-senha\?token=\S+/);
    await page.goto(link);
    await page.getByLabel('Nova senha', { exact: true }).fill('Manjericao-Verde-21');
    await page.getByLabel('Confirmar nova senha').fill('Manjericao-Verde-21');
    await page.getByRole('button', { name: 'Redefinir senha' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await login(page, email, 'Manjericao-Verde-21');
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

test.describe('admin and teacher', () => {
  test('admin creates a teacher account; the teacher signs in and sees only what a teacher may', async ({
    browser,
  }) => {
    const { context: adminContext, page: admin } = await adminPage(browser);
    await admin.goto('/dashboard/usuarios');
    await expect(admin.getByRole('heading', { name: 'Gestão de Usuários' })).toBeVisible();
    await admin.getByRole('button', { name: 'Novo Usuário' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Novo Usuário' });
    const email = `prof.${Date.now()}@escola.test`;
    await dialog.getByLabel('Nome').fill('Renato Carvalho');
    await dialog.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
    await dialog.getByLabel('Tipo').selectOption('professor');
    await dialog.getByRole('button', { name: 'Criar Usuário' }).click();
    const generated = (await admin.getByTestId('senha-gerada').textContent())!.trim();
    expect(generated).toHaveLength(GENERATED_PASSWORD_LENGTH);
    await admin.getByRole('button', { name: 'Concluir' }).click();
    await admin.getByLabel('Buscar').fill('Renato');
    await expect(admin.getByRole('cell', { name: /^Renato Carvalho/ })).toBeVisible();
    await expect(admin.getByRole('row', { name: /Renato Carvalho/ }).getByText('Nunca')).toBeVisible();
    await adminContext.close();

    const teacherContext = await browser.newContext();
    const teacher = await teacherContext.newPage();
    await login(teacher, email, generated);
    await expect(teacher).toHaveURL(/\/trocar-senha$/);
    await teacher.getByLabel('Senha atual').fill(generated);
    await teacher.getByLabel('Nova senha', { exact: true }).fill('Sabia-Laranjeira-64');
    await teacher.getByLabel('Confirmar nova senha').fill('Sabia-Laranjeira-64');
    await teacher.getByRole('button', { name: 'Salvar nova senha' }).click();
    await expect(teacher.getByRole('heading', { name: /Renato Carvalho!/ })).toBeVisible();

    const menu = teacher.getByRole('navigation', { name: 'Menu do portal' });
    await expect(menu.getByRole('link', { name: 'Início' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Usuários' })).toHaveCount(0);
    await expect(menu.getByRole('link', { name: 'Configurações' })).toHaveCount(0);
    await expect(teacher.getByText('Professor', { exact: true })).toBeVisible();

    await teacher.goto('/dashboard/usuarios');
    await expect(teacher.getByText('Você não tem permissão para acessar esta página.')).toBeVisible();
    await expect(teacher.getByText('Apenas administradores podem acessar esta área.')).toBeVisible();
    await expect(teacher.getByRole('link', { name: 'Ir para o início' })).toBeVisible();

    await teacher.goto('/dashboard');
    await logout(teacher);
    await teacher.goto('/dashboard');
    await expect(teacher).toHaveURL(/\/login$/);
    await teacherContext.close();
  });

  test('the drawer opens on a phone and logout is in it', async ({ browser }) => {
    const context = await browser.newContext({
      storageState: ADMIN_STATE,
      viewport: { width: 390, height: 844 },
    });
    const page = await context.newPage();
    await page.goto('/dashboard');
    await expect(page.getByRole('navigation', { name: 'Menu do portal' })).toBeHidden();
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Menu do portal' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('navigation', { name: 'Menu do portal' })).toBeHidden();
    await context.close();
  });
});

test('an unknown address shows the 404 page with a 404 status', async ({ page }) => {
  const response = await page.goto('/pagina-que-nao-existe');
  expect(response!.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible();
  await page.getByRole('link', { name: 'Voltar ao Início' }).click();
  await expect(page).toHaveURL('/');
});
