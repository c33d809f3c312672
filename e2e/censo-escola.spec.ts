import { type Browser, expect, test } from '@playwright/test';
import { DEMO, DESKTOP, PHONE, SHOTS, signedInOn } from './journey';
import { demoServerForSpec, screenshot } from './support';

/**
 * Configurações → Censo (issue 37 part 1) on the demo school: the director finds the school's census
 * data already filled, answers an infrastructure question (an exclusive item unchecks the others of its
 * question) and saves; on a phone the groups open one at a time.
 */
const server = demoServerForSpec();

const director = (browser: Browser, viewport: { width: number; height: number }) =>
  signedInOn(browser, server.baseURL, DEMO.director, { viewport });

test('the director reviews and saves the school census data', async ({ browser }) => {
  const { context, page } = await director(browser, DESKTOP);
  await page.goto('/dashboard/configuracoes?aba=censo');
  await expect(page.getByRole('heading', { name: 'Censo Escolar: a escola' })).toBeVisible();
  await expect(page.getByLabel('Código INEP da escola')).toHaveValue('35099871');
  await expect(page.getByLabel('Município (código IBGE)')).toHaveValue('3550308');
  await expect(page.getByRole('checkbox', { name: /Empresa, grupos empresariais/ })).toBeChecked();
  await screenshot(page, { path: `${SHOTS}/censo-escola-desktop.png`, fullPage: false });

  const residuos = page.getByTestId('grupo-Tratamento do lixo');
  await residuos.locator('summary').click();
  await expect(residuos.getByRole('checkbox', { name: 'Reciclagem' })).toBeChecked();
  await residuos.getByRole('checkbox', { name: 'Não faz tratamento' }).check();
  await expect(residuos.getByRole('checkbox', { name: 'Reciclagem' })).not.toBeChecked();
  await expect(residuos.getByRole('checkbox', { name: 'Separação do lixo/resíduos' })).not.toBeChecked();
  await residuos.getByRole('checkbox', { name: 'Reciclagem' }).check();
  await expect(residuos.getByRole('checkbox', { name: 'Não faz tratamento' })).not.toBeChecked();
  await screenshot(page, { path: `${SHOTS}/censo-escola-infra-desktop.png`, fullPage: false });

  await page.getByRole('button', { name: 'Salvar dados do Censo' }).click();
  await expect(page.getByText('Dados do Censo da escola salvos com sucesso')).toBeVisible();
  const saved = (await (await page.request.get('/api/censo/escola')).json()) as {
    data: { dados: { infraestrutura: Record<string, unknown> } };
  };
  expect(saved.data.dados.infraestrutura).toMatchObject({ lixo_reciclagem: true, lixo_separacao: false });
  await context.close();
});

test('on a phone the tab reads top to bottom', async ({ browser }) => {
  const { context, page } = await director(browser, PHONE);
  await page.goto('/dashboard/configuracoes?aba=censo');
  await expect(page.getByLabel('Código INEP da escola')).toBeVisible();
  await screenshot(page, { path: `${SHOTS}/censo-escola-phone.png`, fullPage: false });
  const agua = page.getByTestId('grupo-Água');
  await agua.locator('summary').click();
  await agua.scrollIntoViewIfNeeded();
  await screenshot(page, { path: `${SHOTS}/censo-escola-infra-phone.png`, fullPage: false });
  await context.close();
});
