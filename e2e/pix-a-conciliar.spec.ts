/**
 * Pix a conciliar (issue 33 §2): Pix the bank reported that paid nothing by themselves wait for the
 * secretaria, who records one as a receita and marks the other refunded, each after a confirmation.
 */
import { expect, test } from '@playwright/test';
import { adminPage, dataOf, screenshot } from './support';

const shots = 'test-results/screenshots';

test('the secretaria works through Pix a conciliar', async ({ browser }) => {
  const { context, page } = await adminPage(browser);
  // The bank posts two Pix to the installation's webhook: one straight to the key, one for a charge
  // the school does not know.
  const provedor = await dataOf<{ webhook_url: string }>(
    await context.request.get('/api/financeiro/pix/provedor'),
  );
  const segredo = new URL(provedor.webhook_url).pathname.split('/').at(-1)!;
  const stamp = Date.now().toString().slice(-11);
  const posted = await context.request.post(`/api/pix/webhook/${segredo}/pix`, {
    data: {
      pix: [
        {
          endToEndId: `E00000000202606151030${stamp}`,
          valor: '150.00',
          horario: '2026-06-15T10:30:00-03:00',
          infoPagador: 'Festa junina',
          pagador: { nome: 'Rosa Almeida' },
        },
        {
          endToEndId: `E00000000202606151100${stamp}`,
          txid: 'COBRANCADEOUTROSISTEMA000000001',
          valor: '85.00',
          horario: '2026-06-15T11:00:00-03:00',
          pagador: { nome: 'Paulo Mendes' },
        },
      ],
    },
  });
  expect(posted.ok(), await posted.text()).toBe(true);

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
