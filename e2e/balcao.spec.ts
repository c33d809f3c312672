import { expect, test } from '@playwright/test';
import { financeClass, PHONE, SHOTS } from './finance-support';
import { createStudent, dataOf, screenshot, serverOnDayForSpec } from './support';

/**
 * The secretaria's desk at 7 a.m.: a mother gives her own CPF and the desk finds her child by it; the
 * family asks what they owe, and the financeiro, typing the child's name, sees every month of theirs —
 * April's overdue tuition too, not only this month's — and takes it in cash. On a server of its own on
 * 20 May 2026, so April and May are both overdue (due on the 1st) on any day the suite runs.
 */
const now = '2026-05-20T07:05:00-03:00';
const today = now.slice(0, 10);
const run = Date.now().toString().slice(-6);
const desktop = { width: 1280, height: 800 };
const child = `Davi Balcão ${run}`;

const onTheDay = serverOnDayForSpec(now);

const formattedCpf = (cpf: string) =>
  `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;

test("the desk finds a child by the mother's CPF and, by the child's name, every month the family owes", async ({
  browser,
}) => {
  const desk = await onTheDay.admin(browser, desktop);
  const request = desk.request;
  const turmaId = await financeClass(request, `Balcão ${run}`, 1, today);
  const { aluno } = await createStudent(request, {
    nome: child,
    turmaId,
    dataMatricula: '2026-02-02',
    guardian: { nome: `Mãe do Davi ${run}` },
  });
  for (const mes of [4, 5]) {
    const made = await request.post('/api/financeiro/mensalidades/gerar', {
      data: { aluno_id: aluno.id, ano: 2026, mes },
    });
    expect(made.status(), await made.text()).toBe(201);
  }
  const record = await dataOf<{ responsaveis: { cpf: string | null }[] }>(
    await request.get(`/api/alunos/${aluno.id}`),
  );
  const motherCpf = formattedCpf(record.responsaveis[0]!.cpf!.replace(/\D/g, ''));

  // The mother gives her CPF, with its dots and hyphen, as it is printed on her card.
  await desk.goto('/dashboard/alunos');
  await desk.getByPlaceholder('Nome, matrícula, e-mail ou CPF').fill(motherCpf);
  await expect(desk.getByRole('row').filter({ hasText: child })).toBeVisible();

  // What the family owes: the child's name in Mensalidades shows April as well as May.
  await desk.goto('/dashboard/financeiro?aba=mensalidades');
  await desk.getByLabel('Buscar aluno').fill(child);
  await expect(desk.getByRole('heading', { name: 'Mensalidades (2)' })).toBeVisible();
  const april = desk.getByTestId('mensalidade-row').filter({ hasText: 'abril de 2026' });
  await expect(april).toContainText('Vencido');
  await expect(april).toContainText('multa R$ 17,00');
  await screenshot(desk, { path: `${SHOTS}/balcao-mensalidades-desktop.png`, fullPage: true });

  // April paid in cash at the desk.
  await april.getByRole('button', { name: `Registrar pagamento de ${child}` }).click();
  const pay = desk.getByRole('dialog', { name: 'Registrar pagamento' });
  await pay.getByLabel('Forma de pagamento').selectOption('Dinheiro');
  await pay.getByRole('button', { name: 'Registrar' }).click();
  await expect(desk.getByText('Pagamento registrado com sucesso!')).toBeVisible();
  await expect(april).toContainText('Pago');
  await expect(desk.getByTestId('mensalidade-row').filter({ hasText: 'maio de 2026' })).toContainText(
    'Vencido',
  );

  // The same search on a phone.
  await desk.setViewportSize(PHONE);
  await expect(desk.getByText('maio de 2026')).toBeVisible();
  await screenshot(desk, { path: `${SHOTS}/balcao-mensalidades-phone.png`, fullPage: true });
  await desk.context().close();
});
