import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { apiSignIn, E2E_ADMIN, openSettingsTab, startOwnServer } from './support';

/**
 * Backup and restore rewind the whole database, so this journey runs on a server and data directory of
 * its own: it cannot undo what the other journeys created on the shared server.
 */
let server: Awaited<ReturnType<typeof startOwnServer>>;

test.beforeAll(async () => {
  server = await startOwnServer();
});

test.afterAll(async () => {
  await server.stop();
});

test('create a backup, add a user, restore it and the user is gone', async ({ browser }) => {
  const context = await browser.newContext({
    baseURL: server.baseURL,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
  });
  const page = await context.newPage();
  await apiSignIn(
    page.request,
    E2E_ADMIN.email,
    [E2E_ADMIN.password, E2E_ADMIN.firstPassword],
    E2E_ADMIN.password,
  );
  await openSettingsTab(page, 'Backup & Dados');

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

  const email = `professora.temporaria.${Date.now()}@escola.test`;
  const created = await page.request.post('/api/users', {
    data: { nome: 'Professora Temporária', email, tipo: 'professor', senha: 'Provisoria-Segura-55' },
  });
  expect(created.status()).toBe(201);
  await page.goto('/dashboard/usuarios');
  await expect(page.getByText(email).filter({ visible: true })).toBeVisible();

  await openSettingsTab(page, 'Backup & Dados');
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
  await openSettingsTab(page, 'Backup & Dados');
  await expect(page.getByText('Antes de restaurar').first()).toBeVisible();
});
