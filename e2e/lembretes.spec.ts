import { expect, test } from '@playwright/test';
import { childWithTuition, financeClass, PHONE } from './finance-support';
import { ADMIN_STATE, adminPage, dataOf, screenshot } from './support';

/**
 * Automatic tuition reminders (issue 33 §4, ADR 0043): the secretaria turns them on in Configurações
 * financeiras, chooses the days and reads the three texts the family will get; on the tuition list she
 * marks a family's tuition 'Em negociação' (no reminder while marked) and clears it, each with a reason.
 */
test.use({ storageState: ADMIN_STATE, viewport: { width: 1280, height: 800 } });

const run = Date.now().toString().slice(-6);
const shots = 'test-results/screenshots';
const phone = PHONE;

test('the secretaria schedules the reminders, reads their texts, and marks a tuition em negociação', async ({
  browser,
  page,
  request,
}) => {
  const turmaId = await financeClass(request, `Lembrete ${run}`, 28);
  await childWithTuition(request, turmaId, {
    nome: `Otto Lembrete ${run}`,
    guardian: { nome: `Mãe do Otto ${run}`, email: `mae.otto.${run}@escola.test` },
  });

  // Configurações financeiras → Lembretes automáticos.
  await page.goto('/dashboard/financeiro');
  await page.getByRole('button', { name: 'Configurar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Configurações financeiras' });
  const section = dialog.getByRole('region', { name: 'Lembretes automáticos de mensalidade' });
  const form = section.getByRole('form', { name: 'Lembretes automáticos' });
  await expect(form.getByLabel('Dias antes', { exact: true })).toHaveValue('3');
  await expect(form.getByLabel('Dias depois', { exact: true })).toHaveValue('1');
  await expect(form.getByLabel('Dias depois (último)')).toHaveValue('7');
  await form.getByLabel('Enviar lembretes automáticos às famílias').check();
  await form.getByLabel('Dias antes', { exact: true }).fill('5');
  await form.getByLabel('Dias depois (último)').fill('1');
  await form.getByRole('button', { name: 'Salvar lembretes' }).click();
  await expect(
    form.getByText('O último lembrete deve sair depois do primeiro após o vencimento'),
  ).toBeVisible();
  await form.getByLabel('Dias depois (último)').fill('10');
  await form.getByRole('button', { name: 'Salvar lembretes' }).click();
  await expect(page.getByText('Lembretes automáticos ligados.').first()).toBeVisible();

  // The preview follows the saved days; what a third party may read says only the month.
  const before = section.getByRole('article', { name: '5 dias antes do vencimento' });
  await expect(before).toContainText('Assunto: Mensalidade de');
  await expect(before).toContainText('Pix copia e cola (para pagar hoje):');
  await expect(section.getByRole('article', { name: 'No dia seguinte ao vencimento' })).toContainText(
    'com multa e juros',
  );
  await expect(section.getByRole('article', { name: '10 dias depois do vencimento' })).toContainText(
    'a secretaria está à disposição para conversar',
  );
  const saved = await dataOf<{
    ativo: boolean;
    antes: { dias: number };
    atraso: { dias: number };
    version: number;
  }>(await request.get('/api/financeiro/lembretes'));
  expect(saved).toMatchObject({ ativo: true, antes: { dias: 5 }, atraso: { dias: 10 } });
  await form.getByRole('button', { name: 'Salvar lembretes' }).scrollIntoViewIfNeeded();
  await screenshot(page, { path: `${shots}/lembretes-config-desktop.png` });
  await before.scrollIntoViewIfNeeded();
  await screenshot(page, { path: `${shots}/lembretes-previa-desktop.png` });

  // The same on a phone.
  const { context: phoneContext, page: phonePage } = await adminPage(browser, phone);
  await phonePage.goto('/dashboard/financeiro');
  await phonePage.getByRole('button', { name: 'Configurar' }).click();
  const phoneSection = phonePage.getByRole('region', { name: 'Lembretes automáticos de mensalidade' });
  await expect(phoneSection.getByLabel('Enviar lembretes automáticos às famílias')).toBeChecked();
  await phoneSection.scrollIntoViewIfNeeded();
  await screenshot(phonePage, { path: `${shots}/lembretes-config-phone.png` });
  await phoneContext.close();
  await page.keyboard.press('Escape');

  // 'Em negociação' on the tuition list: marked with what was agreed, shown, then cleared.
  await page.goto(`/dashboard/financeiro?aba=mensalidades&q=${encodeURIComponent(`Otto Lembrete ${run}`)}`);
  const row = page
    .getByTestId('mensalidade-row')
    .filter({ hasText: `Otto Lembrete ${run}` })
    .first();
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: /^Marcar em negociação: / }).click();
  const mark = page.getByRole('dialog', { name: 'Marcar em negociação' });
  await mark.getByRole('button', { name: 'Marcar em negociação' }).click();
  await expect(mark.getByText('Informe o motivo')).toBeVisible();
  await mark.getByLabel('O que foi combinado').fill('Pagará em duas vezes, dias 10 e 25');
  await mark.getByRole('button', { name: 'Marcar em negociação' }).click();
  await expect(page.getByText('Mensalidade marcada em negociação').first()).toBeVisible();
  await expect(row.getByText('Em negociação')).toBeVisible();
  await expect(row).toContainText('Negociação: Pagará em duas vezes, dias 10 e 25');
  await screenshot(page, { path: `${shots}/lembretes-negociacao-desktop.png` });

  const { context: phoneList, page: phoneListPage } = await adminPage(browser, phone);
  await phoneListPage.goto(
    `/dashboard/financeiro?aba=mensalidades&q=${encodeURIComponent(`Otto Lembrete ${run}`)}`,
  );
  await expect(phoneListPage.getByText('Em negociação').first()).toBeVisible();
  await screenshot(phoneListPage, { path: `${shots}/lembretes-negociacao-phone.png`, fullPage: true });
  await phoneList.close();

  await row.getByRole('button', { name: /^Encerrar negociação: / }).click();
  const clear = page.getByRole('dialog', { name: 'Encerrar negociação' });
  await clear.getByLabel('Motivo do encerramento').fill('Acordo desfeito a pedido da família');
  await clear.getByRole('button', { name: 'Encerrar negociação' }).click();
  await expect(page.getByText('Negociação encerrada').first()).toBeVisible();
  await expect(row.getByText('Em negociação')).toHaveCount(0);

  // Leave the schedule off for the other journeys on this server.
  const off = await request.put('/api/financeiro/lembretes', {
    data: {
      ativo: false,
      antes: { ativo: true, dias: 5 },
      depois: { ativo: true, dias: 1 },
      atraso: { ativo: true, dias: 10 },
      version: saved.version,
    },
  });
  expect(off.status(), await off.text()).toBe(200);
});
