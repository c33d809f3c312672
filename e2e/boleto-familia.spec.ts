import { readFileSync } from 'node:fs';
import { expect, test, type Browser } from '@playwright/test';
import { pdfText } from '../src/server/test/pdf-text';
import { type Account, DEMO, SHOTS, signedInOn } from './journey';
import { demoServerForSpec, screenshot } from './support';

/**
 * Boleto registrado (issue 36 §1) on the demo school (Banco do Brasil, a test agreement): the mother, on
 * her phone, gets the overdue month's boleto due the next business day with its multa and juros (ADR
 * 0131), opens the next month's boleto, copies its linha digitável and downloads the PDF — a real PDF
 * whose text carries that linha; the secretaria sees 'Boleto' on the list and the director the
 * agreement in Configurações → Financeiro.
 */
const phone = { width: 390, height: 844, tag: 'phone' };
const desktop = { width: 1280, height: 800, tag: 'desktop' };
const { mother: MOTHER, director: DIRECTOR } = DEMO;

const server = demoServerForSpec();

const signedIn = (browser: Browser, who: Account, viewport: { width: number; height: number }) =>
  signedInOn(browser, server.baseURL, who, {
    viewport: { width: viewport.width, height: viewport.height },
    acceptDownloads: true,
    permissions: ['clipboard-read', 'clipboard-write'],
  });

test('the family downloads the boleto PDF and copies its linha digitável', async ({ browser }) => {
  test.setTimeout(180_000);
  for (const viewport of [phone, desktop]) {
    const { context, page } = await signedIn(browser, MOTHER, viewport);
    await page.goto('/dashboard/financeiro');
    await expect(page.getByRole('heading', { name: 'Mensalidades', level: 1 })).toBeVisible();
    // The demo's overdue month had no boleto (the job issues them before the due date): it gets one due
    // the next business day, with the multa and the juros up to then in its value (ADR 0131).
    await page
      .getByRole('region', { name: /^Vencidas?$/ })
      .getByRole('button', { name: /^Boleto:/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: 'Boleto' });
    await expect(dialog.getByRole('note')).toContainText(
      /^A mensalidade venceu em \d\d\/\d\d\/\d{4}\. Este boleto vence em/,
    );
    await expect(dialog).toContainText('Vencimento do boleto');
    await expect(dialog).toContainText(/\+ multa R\$\s[\d.,]+ \+ juros R\$\s[\d.,]+/);
    await screenshot(page, { path: `${SHOTS}/boleto-familia-vencida-${viewport.tag}.png` });
    await dialog.getByRole('button', { name: 'Fechar' }).last().click();
    // The month ahead: its boleto.
    const card = page
      .getByRole('region', { name: /^Próximas? mensalidades?$/ })
      .getByTestId('familia-mensalidade')
      .first();
    await card.getByRole('button', { name: /^Boleto:/ }).click();
    const linha = dialog.getByLabel('Linha digitável');
    await expect(linha).toHaveValue(/^\d{5}\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14}$/);
    const formatted = await linha.inputValue();
    await expect(dialog.getByText('Banco do Brasil')).toBeVisible();
    await screenshot(page, { path: `${SHOTS}/boleto-familia-${viewport.tag}.png` });

    await dialog.getByRole('button', { name: 'Copiar linha digitável' }).click();
    await expect(page.getByText('Linha digitável copiada!')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(formatted.replace(/\D/g, ''));

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Baixar boleto (PDF)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^boleto-\d+\.pdf$/);
    const pdf = readFileSync(await download.path());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(pdf);
    expect(text).toContain(formatted);
    expect(text).toContain('Ficha de Compensação');
    await context.close();
  }
});

test("the secretaria's list offers the boleto and the class's boletos; the director sees the agreement", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  for (const viewport of [desktop, phone]) {
    const { context, page } = await signedIn(browser, DIRECTOR, viewport);
    await page.goto('/dashboard/configuracoes?aba=financeiro');
    const section = page.getByRole('region', { name: 'Boleto bancário' });
    await expect(section.getByLabel('Banco')).toHaveValue('001');
    await expect(section.getByText('Emitindo boletos')).toBeVisible();
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, { path: `${SHOTS}/boleto-configuracao-${viewport.tag}.png`, fullPage: true });

    await page.goto('/dashboard/financeiro?aba=mensalidades');
    await page
      .getByRole('button', { name: /^Boleto de / })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: 'Boleto' });
    await expect(dialog.getByLabel('Linha digitável')).toHaveValue(/^\d{5}\.\d{5} /);
    await screenshot(page, { path: `${SHOTS}/boleto-secretaria-${viewport.tag}.png` });
    await dialog.getByRole('button', { name: 'Fechar' }).first().click();

    await page.getByRole('button', { name: 'Boletos da turma' }).click();
    const lote = page.getByRole('dialog', { name: 'Boletos da turma' });
    const turma = lote.getByLabel('Turma');
    await expect(turma.locator('option')).not.toHaveCount(1);
    await turma.selectOption({ index: 1 });
    await screenshot(page, { path: `${SHOTS}/boleto-lote-${viewport.tag}.png` });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      lote.getByRole('button', { name: 'Baixar PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^boletos-\d{4}-\d{2}\.pdf$/);
    expect(pdfText(readFileSync(await download.path()))).toContain('Ficha de Compensação');
    await context.close();
  }
});
