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

test('the secretaria has the bank return a Pix paid by mistake (ADR 0092)', async ({ browser }) => {
  const { context, page } = await adminPage(browser);
  // The bank settles each devolução when the test says, so the screen can be seen while it waits.
  const bank = await startSimulatedBank({
    allowHttpWebhook: true,
    webhookWithoutTxid: true,
    webhookRetryDelaysMs: [],
    refundSettlement: 'manual',
  });
  try {
    const saved = await context.request.put('/api/financeiro/pix/provedor', {
      data: provedorDoBancoSimulado(bank),
    });
    expect(saved.status(), await saved.text()).toBe(200);
    const pix = await bank.receive({
      valor: 85_000,
      horario: '2026-06-16T09:10:00-03:00',
      pagador: { nome: 'Marcos Vieira' },
    });

    await page.goto('/dashboard/financeiro?aba=pix');
    const item = page.getByTestId('pix-a-conciliar').filter({ hasText: 'Marcos Vieira' });
    await item.getByRole('button', { name: 'Devolver pelo banco' }).click();
    const dialog = page.getByRole('dialog', { name: 'Devolver pelo banco' });
    await expect(dialog).toContainText('O banco da escola devolve R$ 850,00 a Marcos Vieira');
    await dialog.getByLabel('Mensagem ao pagador (opcional)').fill('Pago em duplicidade');
    await screenshot(page, { path: `${shots}/pix-devolver-desktop.png` });
    await dialog.getByRole('button', { name: 'Devolver R$ 850,00' }).click();
    await expect(page.getByText('Devolução pedida ao banco: o Pix sai da lista')).toBeVisible();
    await expect(item).toContainText('Devolução em andamento');
    await expect(item.getByRole('button', { name: 'Vincular a mensalidade' })).toHaveCount(0);
    expect(bank.refunds(pix.endToEndId)).toEqual([
      expect.objectContaining({ valor: '850.00', descricao: 'Pago em duplicidade' }),
    ]);

    // The bank could not return it: the Pix is back, with the bank's reason, and can be asked again.
    await bank.settleRefund(pix.endToEndId, bank.refunds(pix.endToEndId)[0]!.id, {
      status: 'NAO_REALIZADO',
      motivo: 'Conta do pagador encerrada',
    });
    await item.getByRole('button', { name: 'Consultar o banco' }).click();
    await expect(item).toContainText('O banco não realizou a devolução pedida em');
    await expect(item).toContainText('Conta do pagador encerrada');
    const phone = await adminPage(browser, { width: 390, height: 844 });
    await phone.page.goto('/dashboard/financeiro?aba=pix');
    await expect(phone.page.getByText('Conta do pagador encerrada')).toBeVisible();
    await screenshot(phone.page, { path: `${shots}/pix-devolucao-nao-realizada-phone.png`, fullPage: true });
    await phone.context.close();

    await item.getByRole('button', { name: 'Devolver pelo banco' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Devolver R$ 850,00' }).click();
    await expect(item).toContainText('Devolução em andamento');
    const second = bank.refunds(pix.endToEndId)[1]!;
    await bank.settleRefund(pix.endToEndId, second.id);
    // The bank's webhook settled it: asked again, it says so and the list empties.
    await item.getByRole('button', { name: 'Consultar o banco' }).click();
    await expect(page.getByText('Pix devolvido ao pagador pelo banco.')).toBeVisible();
    await expect(page.getByText('Nenhum Pix a conciliar')).toBeVisible();
  } finally {
    await context.request.put('/api/financeiro/pix/provedor', {
      data: { ...provedorDoBancoSimulado(bank), ativo: false },
    });
    await bank.close();
    await context.close();
  }
});
