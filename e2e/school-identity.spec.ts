import { expect, test } from '@playwright/test';
import { ADMIN_STATE } from './support';

test.use({ storageState: ADMIN_STATE });

// Journey (issue 7): the school data saved in Configurações is what the public site shows — one store.
test('save the school data and see the new name on the public site', async ({ page, browser }) => {
  await page.goto('/dashboard/configuracoes');
  await page.getByRole('tab', { name: 'Escola' }).click();
  const nome = page.getByLabel('Nome da escola');
  await expect(nome).not.toHaveValue('');
  const original = await nome.inputValue();

  await nome.fill('Colégio Vale do Ipê');
  await page.getByLabel('Telefone').fill('(11) 3456-7890');
  await page.getByRole('button', { name: 'Salvar Configurações' }).click();
  await expect(page.getByText('Configurações da escola salvas com sucesso')).toBeVisible();

  // A visitor with no cached copy: the server-rendered page already carries the new name.
  const visitor = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const site = await visitor.newPage();
  const response = await site.goto('/');
  expect(await response!.text()).toContain('Colégio Vale do Ipê');
  await expect(site).toHaveTitle(/Colégio Vale do Ipê/);
  await expect(site.locator('#contato')).toContainText('(11) 3456-7890');
  await visitor.close();

  // Put the name back for the journeys that follow.
  await nome.fill(original);
  await page.getByRole('button', { name: 'Salvar Configurações' }).click();
  await expect(page.getByText('Configurações da escola salvas com sucesso').first()).toBeVisible();
});
