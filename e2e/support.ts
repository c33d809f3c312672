import { expect, type Page } from '@playwright/test';

/** The first administrator the e2e server starts with (ADMIN_EMAIL / ADMIN_PASSWORD). */
export const E2E_ADMIN = {
  email: 'diretoria@escola.test',
  firstPassword: 'Primeiro-Acesso-2026',
  /** Set by the first-login journey in auth.setup.ts. */
  password: 'Ipe-Amarelo-Floresce-7',
};

export const ADMIN_STATE = 'test-results/.auth/admin.json';

export async function login(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

export async function logout(page: Page) {
  const drawerButton = page.getByRole('button', { name: 'Abrir menu' });
  if (await drawerButton.isVisible()) await drawerButton.click();
  await page.getByRole('button', { name: 'Sair' }).first().click();
  await expect(page).toHaveURL('/');
}

/** The e2e server's data directory (mail lands in its outbox). */
export function dataDir(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR não definido');
  return dir;
}
