import { expect, test } from '@playwright/test';
import { childWithTuition, financeClass, guardianFirstSignIn, PHONE, SHOTS } from './finance-support';
import { screenshot, serverOnDayForSpec } from './support';

/**
 * 'Já paguei' (issue 32 §1, ADR 0035): a mother on her phone sends the comprovante of an overdue
 * tuition, the charge shows 'Em confirmação'; the financeiro confirms it from the queue; she sees it paid.
 * On a server of its own on 20 May 2026 (its clock and every browser's): May's tuition, due on the 1st,
 * is overdue there on any day the suite runs — on the shared server it was not on the 1st of a month.
 */
const now = '2026-05-20T10:00:00-03:00';
const today = now.slice(0, 10);
const year = Number(today.slice(0, 4));
const run = Date.now().toString().slice(-6);
const shots = SHOTS;
const desktop = { width: 1280, height: 800 };
// A tiny PDF: the server checks the file by its first bytes.
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

const onTheDay = serverOnDayForSpec(now);

test('a guardian on a phone sends a comprovante, the financeiro confirms, the guardian sees it paid', async ({
  browser,
}) => {
  // The financeiro's desk.
  const desk = await onTheDay.admin(browser, desktop);
  const request = desk.request;
  const turmaId = await financeClass(request, `Pago ${run}`, 1, today);
  const email = `mae.pago.${run}@escola.test`;
  const child = await childWithTuition(request, turmaId, {
    nome: `Nina Pago ${run}`,
    guardian: { nome: `Mãe da Nina ${run}`, email, telefone: '(11) 97777-1234' },
    day: today,
  });
  const month = new Intl.DateTimeFormat('pt-BR', { month: 'long', timeZone: 'UTC' }).format(
    new Date(`${today.slice(0, 7)}-15T12:00:00Z`),
  );
  const which = `Nina Pago ${run}, ${month} de ${year}`;

  // The mother, on her phone.
  const { context: family, page: mother } = await guardianFirstSignIn(
    browser,
    email,
    child.senhaGerada,
    await onTheDay.page(browser, PHONE),
  );
  await mother.goto('/dashboard/financeiro');
  const overdue = mother.getByRole('region', { name: 'Vencida' });
  await expect(overdue).toContainText(`Nina Pago ${run}`);
  await overdue.getByRole('button', { name: `Já paguei: ${which}` }).click();
  const sheet = mother.getByRole('dialog', { name: 'Já paguei' });
  await expect(sheet.getByRole('button', { name: 'Tirar foto' })).toBeVisible();
  await sheet.getByLabel('Comprovante (foto ou PDF)').setInputFiles({
    name: 'comprovante-pix.pdf',
    mimeType: 'application/pdf',
    buffer: PDF,
  });
  await expect(sheet.getByTestId('comprovante-escolhido')).toContainText('comprovante-pix.pdf');
  await screenshot(mother, { path: `${shots}/ja-paguei-sheet-phone.png` });
  await sheet.getByRole('button', { name: 'Enviar comprovante' }).click();
  await expect(mother.getByText('Comprovante enviado!').first()).toBeVisible();
  const waiting = mother.getByRole('region', { name: 'Em confirmação' });
  await expect(waiting).toContainText('A escola vai confirmar o pagamento.');
  await expect(mother.getByRole('region', { name: 'Vencida' })).toHaveCount(0);
  await screenshot(mother, { path: `${shots}/ja-paguei-em-confirmacao-phone.png`, fullPage: true });

  // The financeiro: the queue above the tuition list, the comprovante to open, confirm.
  await desk.goto('/dashboard/financeiro?aba=mensalidades');
  const queue = desk.getByRole('region', { name: 'Comprovantes para confirmar' });
  const line = queue.getByTestId('comprovante-pendente').filter({ hasText: `Nina Pago ${run}` });
  await expect(line.getByRole('link', { name: 'Ver comprovante' })).toHaveAttribute(
    'href',
    /\/api\/financeiro\/mensalidades\/.+\/comprovante$/,
  );
  await screenshot(desk, { path: `${shots}/ja-paguei-fila-desktop.png` });
  await line.getByRole('button', { name: 'Confirmar pagamento' }).click();
  const confirm = desk.getByRole('dialog', { name: 'Confirmar pagamento' });
  await confirm.getByRole('button', { name: 'Confirmar pagamento' }).click();
  await expect(desk.getByText('Pagamento confirmado.').first()).toBeVisible();
  await expect(queue.getByTestId('comprovante-pendente').filter({ hasText: `Nina Pago ${run}` })).toHaveCount(
    0,
  );
  await desk.context().close();

  // The mother sees it paid: in the history, with its receipt; nothing em confirmação any more.
  await mother.reload();
  await expect(mother.getByRole('region', { name: 'Em confirmação' })).toHaveCount(0);
  await expect(mother.getByTestId('mensalidade-paga').filter({ hasText: month }).first()).toBeVisible();
  await screenshot(mother, { path: `${shots}/ja-paguei-pago-phone.png`, fullPage: true });
  await family.close();
});
