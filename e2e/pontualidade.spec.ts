import { expect, test } from '@playwright/test';
import { apiSignIn, createClass, createStudent, dataOf, screenshot, serverOnDayForSpec } from './support';
import { exampleFinanceSettings } from '../src/server/test/finance-settings-example';

/**
 * Desconto de pontualidade (issue 33 §1, ADR 0046): the secretaria turns on '5 % até 5 dias antes do
 * vencimento' in Configurações financeiras; the mother sees March's tuition at R$ 807,50 until 05/03 and
 * the full R$ 850,00 after; the secretaria's payment modal proposes the discounted amount. On a server of
 * its own on 2 March (the discount is the school's, so it must not change what other journeys see).
 */
const desktop = { width: 1280, height: 800 };
const phone = { width: 390, height: 844 };
const shots = 'test-results/screenshots';
const now = '2026-03-02T12:00:00-03:00';
const MOTHER = { email: 'mae.pontual@escola.test', password: 'Caju-Maduro-Doce-8' };

const onTheDay = serverOnDayForSpec(now);

test('the secretaria turns the pontualidade discount on; the mother sees the discounted amount and its date', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const desk = await onTheDay.admin(browser, desktop);
  const turmaId = await createClass(desk.request, '3º Ano Pontual', { serie: '3º ano', ano_letivo: '2026' });
  const child = await createStudent(desk.request, {
    nome: 'Rita Pontual',
    turmaId,
    dataMatricula: '2026-02-01',
    guardian: { nome: 'Lúcia Pontual', email: MOTHER.email },
  });
  await dataOf(
    await desk.request.put('/api/financeiro/configuracoes', { data: exampleFinanceSettings(turmaId) }),
  );
  await dataOf(
    await desk.request.post('/api/financeiro/mensalidades/gerar', { data: { aluno_id: child.aluno.id } }),
  );

  // Configurações financeiras → Desconto de pontualidade: off by default; a wrong value says why.
  await desk.goto('/dashboard/financeiro');
  await desk.getByRole('button', { name: 'Configurar' }).click();
  const settings = desk.getByRole('dialog', { name: 'Configurações financeiras' });
  const tipo = settings.getByLabel('Desconto', { exact: true });
  await expect(tipo).toHaveValue('nenhum');
  await tipo.selectOption('percentual');
  await settings.getByLabel('Desconto (%)').fill('60');
  await settings.getByLabel('Dias antes do vencimento', { exact: true }).fill('5');
  await settings.getByRole('button', { name: 'Salvar configurações' }).click();
  await expect(settings.getByText('O desconto de pontualidade não pode passar de 50%')).toBeVisible();
  await settings.getByLabel('Desconto (%)').fill('5');
  await expect(settings.getByText('Exemplo: R$ 850,00 → R$ 807,50.')).toBeVisible();
  await screenshot(settings.getByRole('group', { name: 'Desconto de pontualidade' }), {
    path: `${shots}/pontualidade-configuracao-desktop.png`,
  });
  await settings.getByRole('button', { name: 'Salvar configurações' }).click();
  await expect(desk.getByText('Configurações financeiras salvas com sucesso')).toBeVisible();

  // The mother, on her phone: March at the discounted amount until 05/03, the full amount after.
  const mother = await onTheDay.page(browser, phone);
  await apiSignIn(mother.request, MOTHER.email, [child.senhaGerada ?? ''], MOTHER.password);
  await mother.goto('/dashboard/financeiro');
  const next = mother.getByRole('region', { name: 'Próxima mensalidade' });
  await expect(next.getByTestId('desconto-pontualidade')).toHaveText(
    'R$ 807,50 até 05/03 (desconto de pontualidade); depois, R$ 850,00',
  );
  await expect(next.getByRole('paragraph').filter({ hasText: /^R\$\s807,50$/ })).toBeVisible();
  await screenshot(mother, { path: `${shots}/pontualidade-familia-phone.png`, fullPage: true });
  await next.getByRole('button', { name: /^Pagar com Pix: Rita Pontual/ }).click();
  const pix = mother.getByRole('dialog');
  await expect(pix.getByTestId('desconto-pontualidade')).toContainText('até 05/03');
  await screenshot(mother, { path: `${shots}/pontualidade-pix-phone.png` });
  await mother.context().close();

  // The same on a desktop.
  const motherDesk = await onTheDay.page(browser, desktop);
  await apiSignIn(motherDesk.request, MOTHER.email, [MOTHER.password], MOTHER.password);
  await motherDesk.goto('/dashboard/financeiro');
  await expect(motherDesk.getByTestId('desconto-pontualidade').first()).toContainText('até 05/03');
  await screenshot(motherDesk, { path: `${shots}/pontualidade-familia-desktop.png`, fullPage: true });
  await motherDesk.context().close();

  // The secretaria registers a payment: the modal proposes the discounted amount.
  await desk.goto('/dashboard/financeiro?aba=mensalidades');
  await desk.getByRole('button', { name: 'Registrar pagamento de Rita Pontual' }).click();
  const payment = desk.getByRole('dialog', { name: 'Registrar pagamento' });
  await expect(payment.getByTestId('cotacao-desconto')).toHaveText('− R$ 42,50');
  await expect(payment.getByTestId('cotacao-total')).toHaveText('R$ 807,50');
  await expect(payment.getByLabel('Valor pago (R$)')).toHaveValue('807,50');
  await screenshot(desk, { path: `${shots}/pontualidade-pagamento-desktop.png` });
  const phoneDesk = await onTheDay.admin(browser, phone);
  await phoneDesk.goto('/dashboard/financeiro');
  await phoneDesk.getByRole('button', { name: 'Configurar' }).click();
  await expect(
    phoneDesk.getByRole('dialog', { name: 'Configurações financeiras' }).getByLabel('Desconto (%)'),
  ).toHaveValue('5');
  await screenshot(phoneDesk.getByRole('group', { name: 'Desconto de pontualidade' }), {
    path: `${shots}/pontualidade-configuracao-phone.png`,
  });
  await phoneDesk.context().close();
  await payment.getByLabel('Forma de pagamento').selectOption('Pix');
  await payment.getByRole('button', { name: 'Registrar' }).click();
  await expect(desk.getByText(/Pagamento registrado/).first()).toBeVisible();
  await desk.context().close();
});
