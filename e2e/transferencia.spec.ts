import { expect, test } from '@playwright/test';
import { adminPage, dataOf, screenshot } from './support';
import { childWithTuition, financeClass, today } from './finance-support';

// A transfer typed at the desk (ADR 0086): the day the child left, the school it went to, and the
// month due after it cancelled — the card and Financeiro follow (the boletim's line is the unit tests':
// the shared server has no school year open).
const run = Date.now().toString().slice(-7);
const shots = 'test-results/screenshots';
const firstOfMonth = `${today.slice(0, 8)}01`;
const firstOfMonthBr = `01/${today.slice(5, 7)}/${today.slice(0, 4)}`;

test('the secretary transfers a child on the day it left, to the school it went to, and cancels the month after', async ({
  browser,
}) => {
  const { context, page } = await adminPage(browser, { width: 1280, height: 800 });
  const turmaId = await financeClass(page.request, `Transferência ${run}`, 10);
  const nome = `Davi Transferido ${run}`;
  const child = await childWithTuition(page.request, turmaId, {
    nome,
    guardian: { nome: `Responsável do Davi ${run}` },
  });

  await page.goto(`/dashboard/alunos?aluno=${child.aluno.id}`);
  const card = page.getByRole('dialog', { name: nome });
  await card.getByRole('button', { name: 'Transferir' }).click();
  const dialog = page.getByRole('dialog', { name: `Transferir: ${nome}` });
  await dialog.getByLabel('Data da saída').fill(firstOfMonth);
  await dialog.getByLabel('Escola de destino').fill('EE Jorge Amado');
  await dialog.getByLabel('Município').fill('Campinas');
  await dialog.getByLabel('UF').selectOption('SP');
  await expect(
    dialog.getByText(
      new RegExp(`1 mensalidade em aberto vence depois de ${firstOfMonthBr} \\(R\\$\\s850,00\\)`),
    ),
  ).toBeVisible();
  await dialog.getByRole('checkbox', { name: 'Cancelar as mensalidades que vencem depois da saída' }).check();
  await screenshot(page, { path: `${shots}/transferencia-desktop.png` });
  await dialog.getByRole('button', { name: 'Transferir' }).click();

  await expect(
    page.getByRole('status').filter({
      hasText: `Status alterado para Transferido. 1 mensalidade cancelada (vencimento depois de ${firstOfMonthBr}).`,
    }),
  ).toBeVisible();
  const again = page.getByRole('dialog', { name: nome });
  await expect(again.getByText(`Em ${firstOfMonthBr}, para EE Jorge Amado (Campinas/SP)`)).toBeVisible();
  await expect(again.getByRole('button', { name: 'Reativar' })).toBeVisible();

  // The day and the town were wrong: 'Corrigir saída' opens them as recorded, and the card follows.
  await again.getByRole('button', { name: 'Corrigir saída' }).click();
  const fix = page.getByRole('dialog', { name: `Corrigir saída: ${nome}` });
  await expect(fix.getByLabel('Data da saída')).toHaveValue(firstOfMonth);
  await fix.getByLabel('Data da saída').fill(today);
  await fix.getByLabel('Município').fill('Sumaré');
  await screenshot(page, { path: `${shots}/transferencia-corrigir-desktop.png` });
  await fix.getByRole('button', { name: 'Salvar correção' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saída corrigida.' })).toBeVisible();
  const todayBr = today.split('-').reverse().join('/');
  await expect(
    page.getByRole('dialog', { name: nome }).getByText(`Em ${todayBr}, para EE Jorge Amado (Sumaré/SP)`),
  ).toBeVisible();

  const tuition = await dataOf<{ status: string; motivo_cancelamento: string | null }>(
    await page.request.get(`/api/financeiro/mensalidades/${child.mensalidadeId}`),
  );
  expect(tuition).toMatchObject({
    status: 'cancelado',
    motivo_cancelamento: `Transferência em ${firstOfMonthBr}`,
  });
  await context.close();
});
