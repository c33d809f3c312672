import { expect, test as setup } from '@playwright/test';
import { ADMIN_STATE, E2E_ADMIN, login } from './support';

// Journey: the first administrator signs in, is sent to 'Trocar senha' and can reach nothing else
// until the password is changed. Leaves the admin signed in for the other journeys.
setup('first login forces a password change', async ({ page }) => {
  await login(page, E2E_ADMIN.email, E2E_ADMIN.firstPassword);
  await expect(page).toHaveURL(/\/trocar-senha$/);
  await expect(page.getByRole('heading', { name: 'Trocar senha' })).toBeVisible();

  await page.goto('/dashboard/usuarios');
  await expect(page).toHaveURL(/\/trocar-senha$/);

  // The first administrator is asked for a real name (comunicados were signed 'De: Administrador').
  await expect(page.getByLabel('Seu nome')).toHaveValue('');
  await page.getByLabel('Seu nome').fill(E2E_ADMIN.nome);
  await page.getByLabel('Senha atual').fill(E2E_ADMIN.firstPassword);
  await page.getByLabel('Nova senha', { exact: true }).fill('12345678');
  await page.getByLabel('Confirmar nova senha').fill('12345678');
  await page.getByRole('button', { name: 'Salvar nova senha' }).click();
  await expect(page.getByText('Esta senha é muito comum e fácil de adivinhar. Escolha outra.')).toBeVisible();

  await page.getByLabel('Nova senha', { exact: true }).fill(E2E_ADMIN.password);
  await page.getByLabel('Confirmar nova senha').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Salvar nova senha' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: new RegExp(`${E2E_ADMIN.nome}!`) })).toBeVisible();
  await page.context().storageState({ path: ADMIN_STATE });
});
