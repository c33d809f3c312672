import { expect, test } from '@playwright/test';
import { adminPage, E2E_ADMIN, login, openSettingsTab, screenshot } from './support';

/**
 * Issue 31 §3: the director gives a new staff account the Secretaria profile; the secretaria signs in
 * and the portal shows her only what her profile allows (no Financeiro, no Usuários, no Configurações).
 */
test('the director creates a secretaria; she signs in and sees only her menu', async ({ browser }) => {
  const { context, page: admin } = await adminPage(browser);
  await openSettingsTab(admin, 'Perfis de acesso');
  await expect(admin.getByRole('heading', { name: 'Secretaria', exact: true })).toBeVisible();
  await expect(admin.getByText('Restaurar um backup e limpar todos os dados').first()).toBeVisible();
  await screenshot(admin, { path: 'test-results/perfis-desktop.png', fullPage: true });

  await admin.goto('/dashboard/usuarios');
  await admin.getByRole('button', { name: 'Novo Usuário' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Novo Usuário' });
  const email = `secretaria.${Date.now()}@escola.test`;
  await dialog.getByLabel('Nome').fill('Marta Secretaria');
  await dialog.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
  await dialog.getByLabel('Tipo').selectOption('admin');
  await dialog.getByRole('checkbox', { name: 'Secretaria' }).check();
  await dialog.getByLabel('Sua senha').fill(E2E_ADMIN.password);
  await screenshot(admin, { path: 'test-results/perfis-user-form.png' });
  await dialog.getByRole('button', { name: 'Criar Usuário' }).click();
  const generated = (await admin.getByTestId('senha-gerada').textContent())!.trim();
  await admin.getByRole('button', { name: 'Concluir' }).click();
  await context.close();

  const secretariaContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const secretaria = await secretariaContext.newPage();
  await login(secretaria, email, generated);
  await expect(secretaria).toHaveURL(/\/trocar-senha$/);
  await secretaria.getByLabel('Senha atual').fill(generated);
  await secretaria.getByLabel('Nova senha', { exact: true }).fill('Jabuticaba-Doce-88');
  await secretaria.getByLabel('Confirmar nova senha').fill('Jabuticaba-Doce-88');
  await secretaria.getByRole('button', { name: 'Salvar nova senha' }).click();
  await expect(secretaria.getByText(/conectado como Secretaria/)).toBeVisible();
  await secretaria.getByRole('button', { name: 'Abrir menu' }).click();
  const menu = secretaria.getByRole('navigation', { name: 'Menu do portal' });
  await expect(menu.getByRole('link', { name: 'Alunos' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Turmas' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Financeiro' })).toHaveCount(0);
  await expect(menu.getByRole('link', { name: 'Usuários' })).toHaveCount(0);
  await expect(menu.getByRole('link', { name: 'Configurações' })).toHaveCount(0);
  await expect(menu.getByRole('link', { name: 'Notas' })).toHaveCount(0);
  await screenshot(secretaria, { path: 'test-results/perfis-secretaria-phone.png' });
  await secretaria.goto('/dashboard');
  await expect(secretaria.getByText('Receita Mensal')).toHaveCount(0);
  await secretariaContext.close();
});
