import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { createClass, screenshot, staffPage } from './support';

/**
 * Issue 31 §5: the secretaria (an account with the Secretaria profile) moves a school's spreadsheet in. The
 * demo's own file (src/server/demo/importacao-exemplo.csv) names four of the demo's classes and has
 * three rows the dry run must refuse (an invalid CPF, a row repeated, a class the school lacks).
 */
const DEMO_FILE = 'src/server/demo/importacao-exemplo.csv';
const shots = 'test-results/screenshots';

test('the secretaria imports the demo spreadsheet: dry run, confirmation, result, and a second upload changes nothing', async ({
  browser,
}) => {
  const { context, page } = await staffPage(browser, 'Secretaria');
  for (const nome of ['1º Ano A', '5º Ano B', '6º Ano A', '9º Ano B']) await createClass(page.request, nome);

  await page.goto('/dashboard/alunos');
  await page.getByRole('button', { name: 'Importar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Importar alunos' });

  // The template downloads as a CSV.
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Baixar modelo CSV' }).click();
  expect((await download).suggestedFilename()).toBe('modelo-importacao-alunos.csv');

  // The dry run: counts and each refused row with its reason.
  await dialog.getByLabel(/^Planilha/).setInputFiles({
    name: 'importacao-exemplo.csv',
    mimeType: 'text/csv',
    buffer: readFileSync(DEMO_FILE),
  });
  const summary = dialog.getByRole('list', { name: 'Resumo da importação' });
  await expect(summary).toContainText('7 a criar');
  await expect(summary).toContainText('3 recusadas');
  const table = dialog.getByRole('table');
  await expect(table.getByRole('row', { name: /^8 Gael Antunes Brito/ })).toContainText(
    'CPF do responsável: CPF inválido',
  );
  await expect(table.getByRole('row', { name: /^9 Alice Moraes Teixeira/ })).toContainText(
    'Aluno repetido: é o mesmo da linha 2',
  );
  await expect(table.getByRole('row', { name: /^11 Ícaro Matias Leal/ })).toContainText(
    'Turma "Turma C" não encontrada',
  );
  await page.setViewportSize({ width: 1280, height: 800 });
  await screenshot(page, { path: `${shots}/importacao-simulacao-desktop.png` });

  // 'Só as recusadas' narrows the table to what must be fixed.
  await dialog.getByLabel(/Só as recusadas/).check();
  await expect(table.getByRole('row')).toHaveCount(4);
  await dialog.getByLabel(/Só as recusadas/).uncheck();

  // Confirm, then the result.
  await dialog.getByRole('button', { name: 'Importar 7 alunos' }).click();
  await expect(dialog.getByRole('alert')).toContainText('7 alunos serão criados');
  await dialog.getByRole('button', { name: 'Confirmar importação' }).click();
  await expect(dialog.getByRole('heading', { name: 'Importação concluída' })).toBeVisible({
    timeout: 60_000,
  });
  await expect(summary).toContainText('7 criados');
  await expect(dialog).toContainText('3 responsáveis receberam acesso ao portal');
  // The e2e server has no SMTP_URL: no promise of an e-mail, the passwords to hand over instead.
  await expect(dialog).not.toContainText('enviada por e-mail');
  const senhas = dialog.getByRole('region', { name: 'Senhas provisórias para entregar' });
  await expect(senhas).toContainText('O e-mail não está configurado neste servidor');
  await expect(senhas.getByRole('listitem')).toHaveCount(3);
  await screenshot(page, { path: `${shots}/importacao-resultado-desktop.png` });
  await dialog.getByRole('button', { name: 'Concluir' }).click();
  await expect(dialog).toBeHidden();

  // The students are on the list, the brothers under the same guardian.
  await page.getByPlaceholder('Nome, matrícula, e-mail ou CPF').fill('Moraes Teixeira');
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(page.getByText('Bento Moraes Teixeira').first()).toBeVisible();
  await expect(page.getByText('Alice Moraes Teixeira').first()).toBeVisible();

  // The same file again, on a phone: nothing to create, nothing to import.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Importar' }).click();
  await dialog.getByLabel(/^Planilha/).setInputFiles({
    name: 'importacao-exemplo.csv',
    mimeType: 'text/csv',
    buffer: readFileSync(DEMO_FILE),
  });
  await expect(summary).toContainText('0 a criar');
  await expect(summary).toContainText('7 sem alteração');
  await expect(dialog.getByRole('button', { name: 'Importar', exact: true })).toBeDisabled();
  await screenshot(page, { path: `${shots}/importacao-simulacao-phone.png` });
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await context.close();
});
