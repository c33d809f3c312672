import { expect, test } from '@playwright/test';
import { DESKTOP, PHONE, SHOTS } from './journey';
import { adminPage, screenshot, staffPage } from './support';

/**
 * Before the school configures NFS-e (the shared server runs without the simulated national API, so its
 * fiscal settings stay blank): Financeiro → Notas fiscais keeps 'Emitir notas' off and says what is
 * missing. The finance staff, who cannot open the settings, are told who can; the director follows the
 * link to Configurações → Fiscal.
 */
const emitir = /^Emitir notas de /;

test('Emitir notas waits for the NFS-e settings, and the way to them is on the screen', async ({
  browser,
}) => {
  const financeiro = await staffPage(browser, 'Financeiro', DESKTOP);
  await financeiro.page.goto('/dashboard/financeiro?aba=notas-fiscais');
  const notice = financeiro.page.getByTestId('nfse-nao-configurada');
  await expect(notice).toContainText('A NFS-e ainda não está configurada.');
  await expect(notice).toContainText('certificado A1');
  await expect(notice).toContainText('Peça a quem administra o sistema (Direção) para configurar.');
  await expect(notice.getByRole('link')).toHaveCount(0);
  await expect(financeiro.page.getByRole('button', { name: emitir })).toBeDisabled();
  await screenshot(financeiro.page, {
    path: `${SHOTS}/nfse-sem-configuracao-financeiro.png`,
    fullPage: true,
  });
  await financeiro.context.close();

  const director = await adminPage(browser, PHONE);
  await director.page.goto('/dashboard/financeiro?aba=notas-fiscais');
  await expect(director.page.getByRole('button', { name: emitir })).toBeDisabled();
  await screenshot(director.page, { path: `${SHOTS}/nfse-sem-configuracao-phone.png`, fullPage: true });
  await director.page.getByRole('link', { name: 'Configurar a NFS-e' }).click();
  await expect(director.page).toHaveURL(/\/dashboard\/configuracoes\?aba=fiscal$/);
  await expect(director.page.getByRole('heading', { name: 'Nota fiscal de serviço (NFS-e)' })).toBeVisible();
  await director.context.close();
});
