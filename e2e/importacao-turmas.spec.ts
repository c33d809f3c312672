import { randomInt } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { STUDENT_SHEET_HEADERS } from '../src/server/test/import-sheet';
import { screenshot, staffPage, uniqueCpf } from './support';

/**
 * Issue 31 §5: the secretaria moves the school's classes in from its own spreadsheet — headers that are
 * not the template's, mapped on the screen (the suggestions by name already chosen), a dry run, the
 * import and a second upload that changes nothing. Then a large students' file whose apply shows its
 * progress ('n de N linhas', ADR 0030).
 */
const shots = 'test-results/screenshots';
const year = String(new Date().getFullYear());

function csv(lines: string[][]): Buffer {
  return Buffer.from(lines.map((line) => line.join(';')).join('\r\n'), 'utf8');
}

test('the secretaria imports classes from a spreadsheet with its own headers, mapped on the screen', async ({
  browser,
}) => {
  const { context, page } = await staffPage(browser, 'Secretaria');
  const tag = String(randomInt(100, 1000));
  const teacherEmail = `prof.import.${tag}@escola.test`;
  const teacher = await page.request.post('/api/professores', {
    data: { nome: `Joana Importa ${tag}`, email: teacherEmail, disciplinas: [] },
  });
  expect(teacher.status(), await teacher.text()).toBe(201);
  const file = csv([
    ['Classe', 'ANO', 'Segmento', 'Ano/série', 'Horário', 'Vagas', 'Regente'],
    [`6º Ano ${tag}`, year, 'Fundamental II', '6º ano', 'Manhã', '32', teacherEmail],
    [`Pré II ${tag}`, year, 'Infantil', 'Pré II', 'Tarde', '18', ''],
    [`1ª Série ${tag}`, year, 'Ensino Médio', '1ª série', 'Noite', '40', ''],
    [`Turma Errada ${tag}`, year, 'Superior', '1º ano', 'Manhã', '', ''],
  ]);

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/dashboard/turmas');
  await page.getByRole('button', { name: 'Importar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Importar turmas' });
  await dialog
    .getByLabel(/^Planilha/)
    .setInputFiles({ name: 'turmas.csv', mimeType: 'text/csv', buffer: file });

  // The headers are not the template's: the mapping, with the suggestions by name chosen.
  const mapping = dialog.getByRole('region', { name: 'Colunas da planilha' });
  await expect(mapping).toContainText('A primeira linha da planilha não é a do modelo.');
  await expect(mapping.getByLabel('Ano letivo')).toHaveValue('ANO');
  await expect(mapping.getByLabel('Série')).toHaveValue('Ano/série');
  await expect(mapping.getByLabel('Nível')).toHaveValue('Segmento');
  await expect(mapping.getByLabel('Capacidade')).toHaveValue('Vagas');
  await expect(dialog.getByRole('list', { name: 'Falta escolher' })).toContainText(
    'Escolha as colunas da planilha para os campos obrigatórios "Nome da turma", "Turno".',
  );
  await expect(dialog.getByRole('button', { name: 'Simular com estas colunas' })).toBeDisabled();
  await mapping.getByLabel('Nome da turma').selectOption('Classe');
  await mapping.getByLabel('Turno').selectOption('Horário');
  await mapping.getByLabel('Professor responsável').selectOption('Regente');
  await expect(dialog.getByRole('list', { name: 'Falta escolher' })).toBeHidden();
  await screenshot(page, { path: `${shots}/importacao-turmas-colunas-desktop.png` });
  await dialog.getByRole('button', { name: 'Simular com estas colunas' }).click();

  // The dry run, then the import.
  const summary = dialog.getByRole('list', { name: 'Resumo da importação' });
  await expect(summary).toContainText('3 a criar');
  await expect(summary).toContainText('1 recusada');
  await expect(
    dialog.getByRole('table').getByRole('row', { name: new RegExp(`^5 Turma Errada ${tag}`) }),
  ).toContainText('Nível: use Educação Infantil, Fundamental I, Fundamental II ou Ensino Médio');
  await dialog.getByRole('button', { name: 'Importar 3 turmas' }).click();
  await expect(dialog.getByRole('alert')).toContainText('3 turmas serão criadas');
  await dialog.getByRole('button', { name: 'Confirmar importação' }).click();
  await expect(dialog.getByRole('heading', { name: 'Importação concluída' })).toBeVisible();
  await expect(summary).toContainText('3 criadas');
  await screenshot(page, { path: `${shots}/importacao-turmas-resultado-desktop.png` });
  await dialog.getByRole('button', { name: 'Concluir' }).click();
  await expect(page.getByText(`6º Ano ${tag}`).first()).toBeVisible();

  // The same file again, on a phone: mapped again, nothing to create.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Importar' }).click();
  await dialog
    .getByLabel(/^Planilha/)
    .setInputFiles({ name: 'turmas.csv', mimeType: 'text/csv', buffer: file });
  await mapping.getByLabel('Nome da turma').selectOption('Classe');
  await mapping.getByLabel('Turno').selectOption('Horário');
  await mapping.getByLabel('Professor responsável').selectOption('Regente');
  await screenshot(page, { path: `${shots}/importacao-turmas-colunas-phone.png` });
  await dialog.getByRole('button', { name: 'Simular com estas colunas' }).click();
  await expect(summary).toContainText('0 a criar');
  await expect(summary).toContainText('3 sem alteração');
  await screenshot(page, { path: `${shots}/importacao-turmas-simulacao-phone.png` });
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await context.close();
});

test('a large students file shows the progress of its apply, row by row', async ({ browser }) => {
  const { context, page } = await staffPage(browser, 'Secretaria');
  const total = 400;
  const lines = [STUDENT_SHEET_HEADERS];
  for (let index = 1; index <= total; index++)
    lines.push([
      `Aluno Progresso ${String(index)}`,
      '10/05/2016',
      `Família Progresso ${String(index)}`,
      'Mãe',
      uniqueCpf(),
      '11912345678',
    ]);
  const file = csv(lines);

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/dashboard/alunos');
  await page.getByRole('button', { name: 'Importar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Importar alunos' });
  await dialog
    .getByLabel(/^Planilha/)
    .setInputFiles({ name: 'grande.csv', mimeType: 'text/csv', buffer: file });
  await expect(dialog.getByRole('list', { name: 'Resumo da importação' })).toContainText(
    `${String(total)} a criar`,
  );
  await dialog.getByRole('button', { name: `Importar ${String(total)} alunos` }).click();
  await dialog.getByRole('button', { name: 'Confirmar importação' }).click();
  const status = dialog.getByRole('status');
  await expect(status).toContainText(new RegExp(`Gravando [\\d.]+ de ${String(total)} linhas`), {
    timeout: 30_000,
  });
  await screenshot(page, { path: `${shots}/importacao-progresso-desktop.png` });
  await expect(dialog.getByRole('heading', { name: 'Importação concluída' })).toBeVisible({
    timeout: 120_000,
  });
  await context.close();
});

test('the secretaria imports teachers on a phone: the template headers go straight to the dry run', async ({
  browser,
}) => {
  const { context, page } = await staffPage(browser, 'Secretaria', { width: 390, height: 844 });
  const tag = String(randomInt(100, 1000));
  const file = csv([
    ['Nome', 'CPF', 'E-mail', 'Telefone', 'Disciplinas', 'Data de contratação'],
    [
      `Lúcia Importada ${tag}`,
      uniqueCpf(),
      `lucia.${tag}@escola.test`,
      '11912345678',
      'Matemática, Ciências',
      '01/02/2025',
    ],
    [`Caio Alquimista ${tag}`, '', `caio.${tag}@escola.test`, '', 'Alquimia', ''],
  ]);
  await page.goto('/dashboard/professores');
  await page.getByRole('button', { name: 'Importar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Importar professores' });
  await dialog
    .getByLabel(/^Planilha/)
    .setInputFiles({ name: 'professores.csv', mimeType: 'text/csv', buffer: file });
  const summary = dialog.getByRole('list', { name: 'Resumo da importação' });
  await expect(summary).toContainText('1 a criar');
  await expect(summary).toContainText('1 recusada');
  await expect(dialog.getByRole('list', { name: 'Linhas da planilha' })).toContainText(
    'Disciplinas: a disciplina Alquimia não está cadastrada em Configurações → Acadêmico → Disciplinas',
  );
  await screenshot(page, { path: `${shots}/importacao-professores-simulacao-phone.png` });
  await dialog.getByRole('button', { name: 'Importar 1 professor' }).click();
  await dialog.getByRole('button', { name: 'Confirmar importação' }).click();
  await expect(summary).toContainText('1 criado');
  await dialog.getByRole('button', { name: 'Concluir' }).click();
  await expect(page.getByText(`Lúcia Importada ${tag}`).first()).toBeVisible();
  await context.close();
});
