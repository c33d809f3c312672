import { expect, test } from '@playwright/test';
import { adminPage, createClass, openSettingsTab, screenshot } from './support';

/**
 * Issue 31 §2, the school's own subjects: the administrator adds 'Robótica' in Configurações → Acadêmico
 * → Disciplinas and uses it in a class's grade curricular; deactivated, it leaves the choices of a new
 * class and stays in the class that has it.
 */
const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 800 };
const shots = 'test-results/screenshots';
const run = String(Date.now()).slice(-6);
const subject = `Robótica ${run}`;

test.beforeAll(() => {});

test('an administrator adds a subject and uses it in a class grade curricular', async ({ browser }) => {
  test.slow();
  const { context, page } = await adminPage(browser, desktop);
  await openSettingsTab(page, 'Acadêmico');
  const section = page.getByRole('region', { name: 'Disciplinas' });
  await expect(section.getByRole('list', { name: 'Disciplinas de Linguagens' })).toContainText('Português');

  await section.getByRole('button', { name: 'Nova disciplina' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nova disciplina' });
  await dialog.getByLabel('Nome').fill(subject);
  await dialog.getByLabel('Área do conhecimento').selectOption('Parte diversificada');
  await dialog.getByRole('button', { name: 'Adicionar disciplina' }).click();
  await expect(dialog).toHaveCount(0);
  const diversified = section.getByRole('list', { name: 'Disciplinas de Parte diversificada' });
  await expect(diversified).toContainText(subject);
  await screenshot(page, { path: `${shots}/disciplinas-desktop.png`, fullPage: true });

  // The same name again, in another case, is refused with the server's message.
  await section.getByRole('button', { name: 'Nova disciplina' }).click();
  await dialog.getByLabel('Nome').fill(subject.toLowerCase());
  await dialog.getByRole('button', { name: 'Adicionar disciplina' }).click();
  await expect(dialog.getByText(`Já existe uma disciplina chamada ${subject}`).first()).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancelar' }).click();

  // The class's grade curricular offers it; saved, reopening shows it.
  const turmaId = await createClass(page.request, `Turma Robótica ${run}`);
  await page.goto(`/dashboard/turmas?grade=${turmaId}`);
  const grade = page.getByRole('dialog', { name: `Grade curricular — Turma Robótica ${run}` });
  await grade.getByRole('button', { name: 'Adicionar disciplina' }).click();
  await grade.getByLabel('Disciplina').first().selectOption(subject);
  await grade.getByLabel('Aulas/semana').first().fill('2');
  await screenshot(page, { path: `${shots}/disciplinas-grade-desktop.png` });
  await grade.getByRole('button', { name: 'Salvar grade' }).click();
  await expect(grade).toHaveCount(0);
  await page.goto(`/dashboard/turmas?grade=${turmaId}`);
  await expect(grade.getByLabel('Disciplina').first()).toHaveValue(subject);
  await grade.getByRole('button', { name: 'Cancelar' }).click();

  // Deactivated (after confirming), it is no longer offered to another class but stays in this one.
  await openSettingsTab(page, 'Acadêmico');
  await section.getByRole('button', { name: `Desativar ${subject}` }).click();
  await page
    .getByRole('dialog', { name: `Desativar ${subject}?` })
    .getByRole('button', { name: 'Desativar' })
    .click();
  await expect(diversified.getByText('Inativa')).toBeVisible();
  const otherId = await createClass(page.request, `Turma Sem Robótica ${run}`);
  await page.goto(`/dashboard/turmas?grade=${otherId}`);
  const other = page.getByRole('dialog', { name: `Grade curricular — Turma Sem Robótica ${run}` });
  await other.getByRole('button', { name: 'Adicionar disciplina' }).click();
  await expect(other.getByLabel('Disciplina').first().locator('option', { hasText: subject })).toHaveCount(0);
  await other.getByRole('button', { name: 'Cancelar' }).click();
  await page.goto(`/dashboard/turmas?grade=${turmaId}`);
  await expect(grade.getByLabel('Disciplina').first()).toHaveValue(subject);
  await context.close();

  const mobile = await adminPage(browser, phone);
  await openSettingsTab(mobile.page, 'Acadêmico');
  await expect(mobile.page.getByRole('region', { name: 'Disciplinas' })).toContainText(subject);
  await mobile.page.getByRole('region', { name: 'Disciplinas' }).scrollIntoViewIfNeeded();
  await screenshot(mobile.page, { path: `${shots}/disciplinas-phone.png`, fullPage: true });
  await mobile.page.getByRole('button', { name: `Editar ${subject}` }).click();
  await screenshot(mobile.page, { path: `${shots}/disciplinas-editar-phone.png` });
  await mobile.context.close();
});
