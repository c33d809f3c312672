/**
 * Pix a conciliar (issue 33 §2): Pix the bank reported that paid nothing by themselves wait for the
 * secretaria, who records one as a receita and marks the other refunded, each after a confirmation.
 */
import { expect, test } from '@playwright/test';
import { startSimulatedBank } from '../src/server/features/banco-simulado/index';
import { provedorDoBancoSimulado } from '../src/server/features/pix-simulado/provedor';
import { adminPage, screenshot } from './support';

const shots = 'test-results/screenshots';

test('the secretaria works through Pix a conciliar', async ({ browser }) => {
  const { context, page } = await adminPage(browser);
  // The school's bank (the e2e server listens on http://, which a real bank would refuse). It posts every
  // Pix to the installation's webhook, and the server reads each back from it before recording (ADR 0082).
  const bank = await startSimulatedBank({
    allowHttpWebhook: true,
    webhookWithoutTxid: true,
    webhookRetryDelaysMs: [],
  });
  try {
    const saved = await context.request.put('/api/financeiro/pix/provedor', {
      data: provedorDoBancoSimulado(bank),
    });
    expect(saved.status(), await saved.text()).toBe(200);
    // Two Pix arrive: one straight to the key, one for a charge the school does not know.
    await bank.receive({
      valor: 15_000,
      horario: '2026-06-15T10:30:00-03:00',
      infoPagador: 'Festa junina',
      pagador: { nome: 'Rosa Almeida' },
    });
    await bank.receive({
      txid: 'COBRANCADEOUTROSISTEMA000000001',
      valor: 8_500,
      horario: '2026-06-15T11:00:00-03:00',
      pagador: { nome: 'Paulo Mendes' },
    });
  } finally {
    // Off again, and the bank closed: the other journeys find the school as they expect it.
    await context.request.put('/api/financeiro/pix/provedor', {
      data: { ...provedorDoBancoSimulado(bank), ativo: false },
    });
    await bank.close();
  }

  await page.goto('/dashboard/financeiro?aba=pix');
  await expect(page.getByRole('heading', { name: 'Conciliação com o banco' })).toBeVisible();
  const items = page.getByTestId('pix-a-conciliar');
  await expect(items).toHaveCount(2);
  await expect(items.filter({ hasText: 'Rosa Almeida' })).toContainText('Pix sem cobrança (sem txid)');
  await expect(items.filter({ hasText: 'Paulo Mendes' })).toContainText('Cobrança (txid) não reconhecida');
  await expect(page.getByTestId('ultima-conciliacao')).toHaveText('Nenhuma conciliação feita ainda.');
  await screenshot(page, { path: `${shots}/pix-a-conciliar-desktop.png`, fullPage: true });
  const phone = await adminPage(browser, { width: 390, height: 844 });
  await phone.page.goto('/dashboard/financeiro?aba=pix');
  await expect(phone.page.getByTestId('pix-a-conciliar')).toHaveCount(2);
  await screenshot(phone.page, { path: `${shots}/pix-a-conciliar-phone.png`, fullPage: true });
  await phone.context.close();

  await items
    .filter({ hasText: 'Rosa Almeida' })
    .getByRole('button', { name: 'Lançar como receita' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Lançar como receita' });
  await dialog.getByLabel('Categoria').selectOption('Eventos');
  await screenshot(page, { path: `${shots}/pix-a-conciliar-receita-desktop.png` });
  await dialog.getByRole('button', { name: 'Lançar receita' }).click();
  await expect(page.getByText('Pix lançado como receita.')).toBeVisible();
  await expect(items).toHaveCount(1);

  await items.getByRole('button', { name: 'Marcar como devolvido' }).click();
  await page
    .getByRole('dialog', { name: 'Marcar como devolvido' })
    .getByRole('button', { name: 'Marcar como devolvido' })
    .click();
  await expect(page.getByText('Nenhum Pix a conciliar')).toBeVisible();
  await screenshot(page, { path: `${shots}/pix-a-conciliar-vazio-desktop.png`, fullPage: true });

  // The receita is in the cash book.
  await page.goto('/dashboard/financeiro?aba=receitas');
  await expect(page.getByText('Pix recebido de Rosa Almeida').first()).toBeVisible();
  await context.close();
});
