import { expect, test, type Page } from '@playwright/test';
import { ADMIN_STATE, createClass, createStudent, uniqueMatricula } from './support';

// Issue 12: a list's filters, page and sort live in the URL, so reload and Back keep them.
test.use({ storageState: ADMIN_STATE });
const run = Date.now().toString().slice(-7);

async function namesOnScreen(page: Page) {
  const table = page.getByRole('table', { name: 'Alunos' });
  return table.getByRole('row').locator('td:first-child p:first-child').allTextContents();
}

test('a filtered, sorted list survives a reload and the way back', async ({ page }) => {
  const turma = `1º Ano L${run}`;
  const turmaId = await createClass(page.request, turma);
  for (const nome of ['Bento', 'Alice', 'Caio'])
    await createStudent(page.request, {
      nome: `${nome} Lista ${run}`,
      turmaId,
      nascimento: '2018-04-02',
      matricula: uniqueMatricula('L'),
      guardian: { nome: `Resp ${nome} Lista ${run}`, parentesco: 'pai', telefone: '11955550000' },
    });
  const expected = ['Caio', 'Bento', 'Alice'].map((nome) => `${nome} Lista ${run}`);

  await page.goto('/dashboard/alunos');
  await page
    .getByLabel('Turma', { exact: true })
    .selectOption({ label: `${turma} (${new Date().getFullYear()})` });
  await expect(page.getByText('1–3 de 3')).toBeVisible();
  const sortByName = page.getByRole('button', { name: 'Aluno', exact: true });
  await sortByName.click();
  await expect(page.getByRole('columnheader', { name: 'Aluno' })).toHaveAttribute('aria-sort', 'ascending');
  await sortByName.click();
  await expect(page.getByRole('columnheader', { name: 'Aluno' })).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(() => namesOnScreen(page)).toEqual(expected);
  const url = new URL(page.url());
  expect(Object.fromEntries(url.searchParams)).toEqual({ turma_id: turmaId, sort: 'nome', order: 'desc' });

  await page.reload();
  await expect(page.getByLabel('Turma', { exact: true })).toHaveValue(turmaId);
  await expect(page.getByRole('columnheader', { name: 'Aluno' })).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(() => namesOnScreen(page)).toEqual(expected);

  await page
    .getByRole('navigation', { name: 'Menu do portal' })
    .getByRole('link', { name: 'Professores' })
    .click();
  await expect(page.getByRole('heading', { name: 'Professores', level: 1 })).toBeVisible();
  await page.goBack();
  await expect(page.getByLabel('Turma', { exact: true })).toHaveValue(turmaId);
  await expect.poll(() => namesOnScreen(page)).toEqual(expected);

  // A pasted link opens the same list in a new tab.
  const other = await page.context().newPage();
  await other.goto(url.pathname + url.search);
  await expect.poll(() => namesOnScreen(other)).toEqual(expected);
  await other.close();
});
