import { readFileSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { type Account, DEMO, SHOTS, signedInOn } from './journey';
import { dataOf, demoServerForSpec, screenshot } from './support';

/**
 * Boleto registrado with the bank's files (issue 36 §1) on the demo school, with its simulated bank
 * (PIX_PROVIDER=simulado: the bank's pages at /banco-simulado). The secretaria, in Financeiro → Boletos,
 * downloads the remessa; the bank reads it and answers the retorno (entradas confirmadas); she uploads it;
 * the family pays at the bank; she uploads the day's retorno and sees the mensalidade paid.
 */
const phone = { width: 390, height: 844, tag: 'phone' };
const desktop = { width: 1280, height: 800, tag: 'desktop' };
// Financeiro → Boletos is the finance desk's (finance.manage): the demo's 'financeiro' account.
const { financeiro: FINANCEIRO, director: DIRECTOR } = DEMO;

const server = demoServerForSpec({ PIX_PROVIDER: 'simulado' });

const signedIn = (browser: Browser, who: Account, viewport = desktop) =>
  signedInOn(browser, server.baseURL, who, {
    viewport: { width: viewport.width, height: viewport.height },
    acceptDownloads: true,
  });

/** Clicks and returns the downloaded file's text (ISO-8859-1) and name. */
async function download(page: Page, click: () => Promise<void>) {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: file.suggestedFilename(), text: readFileSync(await file.path(), 'latin1') };
}

test('the secretaria sends the remessa, reads the bank’s retornos and sees the mensalidade paid', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  // The school's CNPJ identifies it to the bank (Configurações → Escola).
  const director = await signedIn(browser, DIRECTOR);
  const escola = await dataOf<{ nome: string; version: number }>(
    await director.page.request.get('/api/configuracoes/escola'),
  );
  expect(
    (
      await director.page.request.put('/api/configuracoes/escola', {
        data: { nome: escola.nome, cnpj: '11.222.333/0001-81', version: escola.version },
      })
    ).ok(),
  ).toBe(true);
  await director.context.close();

  const { context, page } = await signedIn(browser, FINANCEIRO);
  // One open mensalidade's boleto, issued as the family or the secretaria would.
  const open = await dataOf<{ items: { id: string; aluno_nome: string }[] }>(
    await page.request.get(
      '/api/financeiro/mensalidades?status=pendente&pageSize=1&sort=vencimento&order=desc',
    ),
  );
  const mensalidade = open.items[0]!;
  const boleto = await dataOf<{ nosso_numero: string }>(
    await page.request.get(`/api/financeiro/mensalidades/${mensalidade.id}/boleto`),
  );

  await page.goto('/dashboard/financeiro?aba=boletos');
  await expect(page.getByRole('heading', { name: /Próxima remessa/ })).toBeVisible();
  await screenshot(page, { path: `${SHOTS}/boletos-cnab-desktop.png`, fullPage: true });
  // The demo's month has hundreds of boletos: the list shows the first ones and the rest on request.
  await page.getByRole('button', { name: /^Mostrar todos os/ }).click();
  await expect(page.getByRole('list', { name: 'Boletos da próxima remessa' })).toContainText(
    boleto.nosso_numero,
  );
  const remessa = await download(page, () => page.getByRole('button', { name: 'Gerar remessa' }).click());
  expect(remessa.name).toMatch(/^CBR2401234567\d{6}\d{3}\.REM$/);
  const lines = remessa.text.split('\r\n').filter(Boolean);
  expect(lines.every((line) => line.length === 240)).toBe(true);
  await expect(page.getByRole('heading', { name: 'Remessas geradas' })).toBeVisible();
  await expect(page.getByText(/^Remessa 1 ·/)).toBeVisible();

  // The bank (simulated) reads the remessa and answers with the confirmations.
  const bank = await context.newPage();
  await bank.goto('/banco-simulado/boletos');
  await bank.getByLabel('Arquivo de remessa (CNAB 240)').setInputFiles({
    name: remessa.name,
    mimeType: 'text/plain',
    buffer: Buffer.from(remessa.text, 'latin1'),
  });
  const confirmacao = await download(bank, () =>
    bank.getByRole('button', { name: 'Enviar remessa e baixar o retorno' }).click(),
  );

  await page.getByLabel('Arquivo de retorno do banco').setInputFiles({
    name: confirmacao.name,
    mimeType: 'text/plain',
    buffer: Buffer.from(confirmacao.text, 'latin1'),
  });
  await expect(page.getByTestId('retorno-resultado')).toContainText(/registros? confirmados? pelo banco/);

  // The family pays at the bank; the day's retorno carries the liquidação.
  await bank.goto('/banco-simulado/boletos');
  await bank.getByRole('button', { name: `Pagar o boleto ${boleto.nosso_numero}` }).click();
  await expect(bank.getByRole('status')).toContainText('pago');
  const liquidacao = await download(bank, () =>
    bank.getByRole('link', { name: 'Baixar o retorno do dia' }).click(),
  );

  await page.getByLabel('Arquivo de retorno do banco').setInputFiles({
    name: liquidacao.name,
    mimeType: 'text/plain',
    buffer: Buffer.from(liquidacao.text, 'latin1'),
  });
  const result = page.getByTestId('retorno-resultado');
  await expect(result).toContainText('1 boleto pago (mensalidade quitada)');
  await screenshot(page, { path: `${SHOTS}/boletos-cnab-retorno-desktop.png`, fullPage: true });

  // Uploaded again: nothing new.
  await page.getByLabel('Arquivo de retorno do banco').setInputFiles({
    name: liquidacao.name,
    mimeType: 'text/plain',
    buffer: Buffer.from(liquidacao.text, 'latin1'),
  });
  await expect(
    page.getByTestId('retorno-resultado').filter({ hasText: 'já tinha sido processado' }),
  ).toBeVisible();

  // The mensalidade is paid, by boleto.
  const paid = await dataOf<{ status: string }>(
    await page.request.get(`/api/financeiro/mensalidades/${mensalidade.id}`),
  );
  expect(paid.status).toBe('pago');
  await page.goto(
    `/dashboard/financeiro?aba=mensalidades&q=${encodeURIComponent(mensalidade.aluno_nome)}&status=pago`,
  );
  await expect(page.getByText(mensalidade.aluno_nome).first()).toBeVisible();
  await context.close();

  // The screen on a phone.
  const onPhone = await signedIn(browser, FINANCEIRO, phone);
  await onPhone.page.goto('/dashboard/financeiro?aba=boletos');
  await expect(onPhone.page.getByRole('heading', { name: 'Remessas geradas' })).toBeVisible();
  await screenshot(onPhone.page, { path: `${SHOTS}/boletos-cnab-phone.png`, fullPage: true });
  await onPhone.context.close();
});
