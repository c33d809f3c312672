import { expect, test } from '@playwright/test';
import { startSimulatedBank, type SimulatedBank } from '../src/server/features/banco-simulado/index';
import { ADMIN_STATE, screenshot } from './support';

test.use({ storageState: ADMIN_STATE });

const shots = 'test-results/screenshots';
let bank: SimulatedBank;

test.beforeAll(async () => {
  // The e2e server listens on http://127.0.0.1: a bank that accepts an http webhook (a real one would not,
  // and the screen warns about it).
  bank = await startSimulatedBank({ allowHttpWebhook: true });
});

test.afterAll(async () => {
  await bank.close();
});

// The first journey to connect a bank (files run one at a time, in name order; pix-cobranca and
// pix-conciliar connect theirs later and switch it off again): it finds Pix automático never configured.
// Journey (issue 33 §1): the secretaria connects the school's bank in Configurações → Financeiro → Pix
// automático, tests the connection, turns it on and sees the webhook registered; the secrets never come back.
test('connect the bank for Pix automático, test the connection and register the webhook', async ({
  page,
}) => {
  await page.goto('/dashboard/configuracoes?aba=financeiro');
  await page.getByRole('tab', { name: 'Financeiro' }).click();
  await expect(page.getByRole('heading', { name: 'Pix automático', exact: true })).toBeVisible();
  await expect(page.getByText('Ainda não configurado')).toBeVisible();
  await expect(
    page.getByText(/Peça a quem instalou o sistema que configure o endereço público/),
  ).toBeVisible();

  // Testing before anything is saved says what is missing.
  await page.getByRole('button', { name: 'Testar conexão' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Preencha e salve' })).toBeVisible();

  await page.getByLabel('URL da API Pix').fill(bank.baseUrl);
  await page.getByLabel('URL do token (OAuth2)').fill(bank.tokenUrl);
  await page.getByLabel('Client ID').fill(bank.clientId);
  await page.getByLabel('Client secret').fill('um-segredo-errado');
  await page.getByLabel('Chave Pix da escola').fill(bank.chave);
  await page.getByLabel('Certificado (PEM)').fill(bank.certificadoPem);
  await page.getByLabel('Chave privada (PEM)').fill(bank.chavePrivadaPem);
  await page.getByLabel('CA do banco (opcional)').fill(bank.caPem);
  await page.getByRole('button', { name: 'Salvar', exact: true }).click();
  await expect(page.getByText('Configurações do Pix automático salvas.')).toBeVisible();
  await expect(page.getByLabel('Client secret')).toHaveValue('');
  await expect(page.getByText(/Certificado cadastrado \(PEM\), válido até/)).toBeVisible();

  // A wrong secret: the test says so in words the secretaria can act on.
  await page.getByRole('button', { name: 'Testar conexão' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'A conexão falhou' })).toContainText('credenciais');

  // The right one, and on: the webhook is registered at the bank.
  await page.getByLabel('Client secret').fill(bank.clientSecret);
  await page.getByRole('switch', { name: 'Pix automático ligado' }).click();
  await page.getByRole('button', { name: 'Salvar', exact: true }).click();
  await expect(
    page.getByText('Pix automático ligado: configurações salvas e webhook cadastrado no banco.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Testar conexão' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Conexão com o banco funcionando' })).toBeVisible();
  const webhookUrl = await page.getByLabel('Endereço do webhook').textContent();
  expect(webhookUrl).toMatch(/\/api\/pix\/webhook\/[A-Za-z0-9_-]{32,}$/);
  expect(bank.webhookUrl(bank.chave)).toBe(webhookUrl);
  await expect(page.getByText(/Cadastrado no banco em/)).toBeVisible();

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('heading', { name: 'Pix automático', exact: true }).scrollIntoViewIfNeeded();
  await screenshot(page, { path: `${shots}/pix-automatico-desktop.png` });
  await page.getByRole('heading', { name: 'Webhook (aviso de pagamento)' }).scrollIntoViewIfNeeded();
  await screenshot(page, { path: `${shots}/pix-automatico-webhook-desktop.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, { path: `${shots}/pix-automatico-phone.png`, fullPage: true });

  // After a reload the secrets are not in the page, only that they are kept.
  await page.reload();
  await expect(page.getByText(/Guardado com segurança/).first()).toBeVisible();
  const html = await page.content();
  expect(html).not.toContain(bank.clientSecret);
  expect(html).not.toContain('PRIVATE KEY-----\n');

  // Switched off: the webhook leaves the bank; the message says the charges sent stay valid there.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('switch', { name: 'Pix automático ligado' }).click();
  await page.getByRole('button', { name: 'Salvar', exact: true }).click();
  await expect(
    page
      .getByText(/^Pix automático desligado e webhook removido do banco\. As cobranças já enviadas/)
      .first(),
  ).toBeVisible();
  expect(bank.webhookUrl(bank.chave)).toBeUndefined();
  await expect(page.getByText('Ainda não cadastrado')).toBeVisible();
  await screenshot(page, { path: `${shots}/pix-automatico-desligado-desktop.png` });
});
