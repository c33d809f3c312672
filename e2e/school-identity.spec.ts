import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { ADMIN_STATE } from './support';

test.use({ storageState: ADMIN_STATE });

// Journey (issue 7): the school data saved in Configurações is what the public site shows — one store.
test('save the school data and see the new name on the public site', async ({ page, browser }) => {
  await page.goto('/dashboard/configuracoes');
  await page.getByRole('tab', { name: 'Escola' }).click();
  const nome = page.getByLabel('Nome da escola');
  await expect(nome).toBeVisible();
  // A school never named shows the field empty (the product's stand-in is put back then).
  const original = (await nome.inputValue()) || 'Sistema Escolar';

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

// The logo is an uploaded image, sent right here or picked from the images already sent (the same
// library as Gerenciar Conteúdo): no address to find and type.
test('the logo is uploaded in Configurações → Escola and picked again from the images sent', async ({
  page,
}) => {
  await page.goto('/dashboard/configuracoes');
  await page.getByRole('tab', { name: 'Escola' }).click();
  const logo = page.getByLabel('Logo', { exact: true });
  const original = await logo.inputValue();
  // The name is required: a school never named (the field empty) writes the stand-in to save.
  const nome = page.getByLabel('Nome da escola');
  await nome.fill((await nome.inputValue()) || 'Sistema Escolar');

  const png = await sharp({ create: { width: 240, height: 240, channels: 3, background: '#0EA5E9' } })
    .png()
    .toBuffer();
  await page
    .getByTestId('image-picker-file')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
  await expect(logo).toHaveValue(/^\/media\/[0-9a-f-]{36}$/);
  const uploaded = await logo.inputValue();
  await expect(page.getByRole('img', { name: 'Prévia do logo' })).toHaveAttribute('src', uploaded);
  await page.getByRole('button', { name: 'Salvar Configurações' }).click();
  await expect(page.getByText('Configurações da escola salvas com sucesso')).toBeVisible();

  // The public site's header shows it.
  await page.goto('/');
  await expect(page.locator(`img[src="${uploaded}"]`).first()).toBeVisible();

  // Back in Configurações, the image is in the library: remove the logo, then pick it again.
  await page.goto('/dashboard/configuracoes');
  await page.getByRole('tab', { name: 'Escola' }).click();
  await page.getByRole('button', { name: 'Remover' }).click();
  await expect(logo).toHaveValue('');
  await page.getByRole('button', { name: 'Escolher das imagens enviadas' }).click();
  const library = page.getByRole('dialog', { name: 'Imagens enviadas' });
  await expect(library.getByText(/Gerenciar Conteúdo/)).toBeVisible();
  await library
    .getByRole('button', { name: /^Usar a imagem enviada em .* \(240×240\)$/ })
    .first()
    .click();
  await expect(library).toBeHidden();
  await expect(logo).toHaveValue(/^\/media\//);

  // Leave the logo as it was for the journeys that follow.
  await nome.fill((await nome.inputValue()) || 'Sistema Escolar');
  await logo.fill(original);
  await page.getByRole('button', { name: 'Salvar Configurações' }).click();
  await expect(page.getByText('Configurações da escola salvas com sucesso').first()).toBeVisible();
});
