import { expect, test, type Browser, type Page } from '@playwright/test';
import { type Account, DEMO, DESKTOP, PHONE, SHOTS, signedInOn } from './journey';
import { demoServerForSpec, screenshot } from './support';

/**
 * Pix Automático for a family (issue 33 §3, ADR 0044), on the demo school with its simulated bank
 * (DEMO=1, PIX_PROVIDER=simulado): the mother asks for the monthly debit of a child's tuition, authorises
 * it on the simulated bank's page, sees it active; the Direção sees it on the tuition's Pix dialog and in
 * Configurações; the mother cancels it.
 */

const server = demoServerForSpec({ PIX_PROVIDER: 'simulado' });

async function signedIn(browser: Browser, who: Account, viewport = DESKTOP): Promise<Page> {
  return (await signedInOn(browser, server.baseURL, who, { viewport })).page;
}

test('a mother asks for automatic debit, authorises it in the bank, sees it active; the school sees it; she cancels', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const mother = await signedIn(browser, DEMO.mother);
  await mother.goto('/dashboard/financeiro');
  const section = mother.getByRole('region', { name: 'Débito automático via Pix' });
  const card = section.getByTestId('debito-automatico').first();
  await expect(card).toContainText('debitada da sua conta no dia do vencimento');
  const child = (await card.getByRole('heading').textContent())!.trim();
  await card.getByRole('button', { name: 'Quero débito automático' }).click();
  await card.getByLabel(/Valor máximo por mês/).fill('3.000,00');
  await screenshot(mother, { path: `${SHOTS}/debito-automatico-pedir-desktop.png`, fullPage: true });
  await card.getByRole('button', { name: 'Pedir débito automático' }).click();
  await expect(card.getByText('Autorize no app do seu banco')).toBeVisible();
  await expect(card.getByText('Aguardando autorização')).toBeVisible();
  await expect(card.getByRole('img', { name: /QR code para autorizar/ })).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await screenshot(mother, { path: `${SHOTS}/debito-automatico-aguardando-desktop.png` });

  const small = await signedIn(browser, DEMO.mother, PHONE);
  await small.goto('/dashboard/financeiro');
  const smallCard = small.getByRole('article', { name: child });
  await expect(smallCard.getByText('Autorize no app do seu banco')).toBeVisible();
  await smallCard.scrollIntoViewIfNeeded();
  await screenshot(small, { path: `${SHOTS}/debito-automatico-aguardando-phone.png` });

  // The payer's bank app: the simulated bank's page authorises the recurrence.
  await card.getByRole('link', { name: 'Autorizar no banco simulado (demonstração)' }).click();
  await expect(
    mother.getByRole('heading', { name: 'Autorizar débito automático (simulação)' }),
  ).toBeVisible();
  // The payee is the school as its Pix codes name it (its Pix settings), not the bank's own account.
  const detalhes = mother.getByRole('region', { name: 'Detalhes do débito automático' });
  await expect(detalhes).toContainText('COLEGIO HORIZONTE');
  await expect(detalhes).not.toContainText('Escola Simulada');
  await screenshot(mother, { path: `${SHOTS}/debito-automatico-banco-desktop.png`, fullPage: true });
  await mother.getByRole('button', { name: 'Autorizar débito automático (simulação)' }).click();
  await expect(mother.getByRole('heading', { name: 'Débito automático autorizado' })).toBeVisible();

  await mother.goto('/dashboard/financeiro');
  const active = mother.getByRole('article', { name: child });
  await expect(active.getByText('Ativo', { exact: true })).toBeVisible();
  await expect(active.getByTestId('proximo-debito')).toBeVisible();
  await active.scrollIntoViewIfNeeded();
  await screenshot(mother, { path: `${SHOTS}/debito-automatico-ativo-desktop.png` });
  await small.reload();
  await expect(small.getByRole('article', { name: child }).getByText('Ativo', { exact: true })).toBeVisible();
  await small.getByRole('article', { name: child }).scrollIntoViewIfNeeded();
  await screenshot(small, { path: `${SHOTS}/debito-automatico-ativo-phone.png` });

  // The school: the tuition's Pix dialog shows the family's automatic debit; Configurações shows it offered.
  const admin = await signedIn(browser, DEMO.director);
  await admin.goto('/dashboard/financeiro');
  await admin.getByRole('tab', { name: 'Mensalidades' }).click();
  await admin.getByLabel('Buscar aluno').fill(child);
  // Any of the child's open tuitions, whatever the month (this month's may be paid already, and in
  // December the demo's next one is not generated yet): the month filter emptied, the first PIX button.
  await admin.getByLabel('Mês').fill('');
  await admin
    .getByRole('button', { name: `Pix de ${child}` })
    .first()
    .click();
  const dialog = admin.getByRole('dialog', { name: 'Pagar com Pix' });
  const staff = dialog.getByTestId('debito-automatico-escola');
  await expect(staff).toContainText('Débito automático via Pix');
  await expect(staff).toContainText('Ativo');
  await expect(staff.getByRole('button', { name: 'Cancelar débito automático' })).toBeVisible();
  await screenshot(admin, { path: `${SHOTS}/debito-automatico-escola-desktop.png` });
  const adminPhone = await signedIn(browser, DEMO.director, PHONE);
  await adminPhone.goto('/dashboard/configuracoes');
  await adminPhone.getByRole('tab', { name: 'Financeiro' }).click();
  const config = adminPhone.getByRole('region', { name: 'Débito automático (Pix Automático)' });
  await expect(config.getByText('Oferecido às famílias')).toBeVisible();
  await config.scrollIntoViewIfNeeded();
  await screenshot(adminPhone, { path: `${SHOTS}/debito-automatico-config-phone.png` });
  await admin.goto('/dashboard/configuracoes');
  await admin.getByRole('tab', { name: 'Financeiro' }).click();
  await admin.getByRole('region', { name: 'Débito automático (Pix Automático)' }).scrollIntoViewIfNeeded();
  await screenshot(admin, { path: `${SHOTS}/debito-automatico-config-desktop.png` });

  // The mother cancels, after confirming.
  await active.getByRole('button', { name: 'Cancelar débito automático' }).click();
  const confirm = mother.getByRole('dialog', { name: 'Cancelar débito automático?' });
  await confirm.getByRole('button', { name: 'Cancelar débito automático' }).click();
  await expect(active.getByText('Cancelado', { exact: true })).toBeVisible();
  await expect(active).toContainText('O débito automático foi cancelado por você.');
  await expect(active.getByRole('button', { name: 'Quero débito automático' })).toBeVisible();
  await screenshot(mother, { path: `${SHOTS}/debito-automatico-cancelado-desktop.png` });
});
