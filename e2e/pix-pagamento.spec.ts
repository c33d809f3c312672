import { type Page, expect, test } from '@playwright/test';
import { DEMO, DESKTOP, PHONE, SHOTS } from './journey';
import { apiSignIn, dataOf, demoServerForSpec, screenshot } from './support';

/**
 * The demo's whole Pix path (issue 33 §5): on a server of its own with the demo school and
 * PIX_PROVIDER=simulado (as `npm run demo`), the mother opens a tuition on her phone, sees the charge's
 * dynamic code, pays it in the simulated bank's 'Pagar (simulação)', and finds it paid with its receipt
 * and 'Pagamento confirmado'; the secretaria's list shows it paid by Pix.
 */
const MOTHER = DEMO.mother;

const server = demoServerForSpec({ PIX_PROVIDER: 'simulado', JOB_POLL_SECONDS: '1' });

// The month ahead: its charge is live at the bank. Past the year's last due date (December after the
// 10th) nothing is ahead: the demo leaves the family's last month open, the newest overdue one, its charge
// still live for 30 days. (The demo's overdue July is past the charge's validadeAposVencimento, so the
// bank would refuse it and the family gets the static code there.)
async function openPix(page: Page) {
  await page.goto('/dashboard/financeiro');
  await expect(page.getByTestId('familia-resumo')).toBeVisible();
  const pay = { name: /^Pagar com Pix: / };
  const ahead = page.getByRole('region', { name: /^Próximas? mensalidades?$/ });
  const button =
    (await ahead.count()) > 0
      ? ahead.getByRole('button', pay).first()
      : page
          .getByRole('region', { name: /^Vencidas?$/ })
          .getByRole('button', pay)
          .last();
  await button.click();
  return page.getByRole('dialog', { name: 'Pagar com Pix' });
}

test('a mother pays a tuition through the simulated bank and sees it paid, with receipt and notice', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const context = await browser.newContext({ baseURL: server.baseURL, viewport: PHONE });
  const page = await context.newPage();
  await apiSignIn(page.request, MOTHER.email, [MOTHER.password], MOTHER.password);

  // The charges reach the bank by the job queue: wait until the first tuition's code is the dynamic one.
  let dialog = await openPix(page);
  await expect
    .poll(
      async () => {
        // The fixed code links to the simulated bank too (it pays to the school's key there): wait for the charge's.
        if (await dialog.getByTestId('pix-dinamico').count()) return true;
        await page.reload();
        dialog = await openPix(page);
        await dialog.getByLabel('Pix copia e cola').waitFor();
        return false;
      },
      { timeout: 150_000, intervals: [3_000] },
    )
    .toBe(true);
  const title = (await dialog.getAttribute('aria-describedby')) ?? '';
  expect(title).not.toBe('');
  await expect(dialog.getByTestId('pix-dinamico')).toBeVisible();
  const code = await dialog.getByLabel('Pix copia e cola').inputValue();
  expect(code).toContain('br.gov.bcb.pix25');
  await screenshot(page, { path: `${SHOTS}/pix-pagamento-codigo-phone.png` });
  const valor = (await dialog.locator('p.text-lg').textContent())?.trim() ?? '';

  // 'Pagar (simulação)': the payee, the amount of the day, confirm.
  await dialog.getByRole('link', { name: /Pagar no banco simulado/ }).click();
  await expect(page.getByRole('note')).toContainText('Simulação');
  await expect(page.getByRole('heading', { name: 'Confira o pagamento' })).toBeVisible();
  await expect(page.getByTestId('valor-do-dia')).toHaveText(valor);
  await expect(page.getByRole('region', { name: 'Detalhes da cobrança' })).toContainText(
    /\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}/,
  );
  // The payee the code names (the school's Pix settings), as a bank app shows it.
  await expect(page.getByRole('region', { name: 'Detalhes da cobrança' })).toContainText('COLEGIO HORIZONTE');
  // Cancelar closes the bank: back to the portal screen that opened it.
  await expect(page.getByRole('link', { name: 'Cancelar' })).toHaveAttribute('href', '/dashboard/financeiro');
  await screenshot(page, { path: `${SHOTS}/pix-pagamento-banco-phone.png`, fullPage: true });
  await page.setViewportSize(DESKTOP);
  await screenshot(page, { path: `${SHOTS}/pix-pagamento-banco-desktop.png`, fullPage: true });
  await page.setViewportSize(PHONE);
  // Keyboard: the confirm button takes the focus and Enter pays.
  const confirm = page.getByRole('button', { name: `Confirmar pagamento de ${valor}` });
  await confirm.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Pix enviado' })).toBeVisible();
  await screenshot(page, { path: `${SHOTS}/pix-pagamento-enviado-phone.png`, fullPage: true });

  // Back in the portal: paid, with its receipt, and the family told.
  // The link goes back to where the family paid from (it went to the public site).
  await page.getByRole('link', { name: 'Voltar ao portal da escola' }).click();
  await expect(page).toHaveURL(/\/dashboard\/financeiro$/);
  await expect(page.getByRole('button', { name: /^Recibo/ }).first()).toBeVisible();
  // The bank's webhook confirms the payment on its own time (the family's other months already have a
  // Recibo): the notice is waited for, not read once.
  await expect
    .poll(async () => {
      const notices = await dataOf<{ items: { titulo: string }[] }>(
        await page.request.get('/api/notificacoes'),
      );
      return notices.items.map((n) => n.titulo);
    })
    .toContain('Pagamento confirmado');
  await screenshot(page, { path: `${SHOTS}/pix-pagamento-pago-phone.png`, fullPage: true });
  await page.setViewportSize(DESKTOP);
  await screenshot(page, { path: `${SHOTS}/pix-pagamento-pago-desktop.png`, fullPage: true });
  await context.close();
});
