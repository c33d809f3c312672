import { expect, test } from '@playwright/test';
import { ADMIN_STATE, E2E_ADMIN } from './support';

test.use({ storageState: ADMIN_STATE });

// Journey (issue 10): administrator power asks for the acting administrator's password, and a
// teacher record and a professor account with one e-mail show their link on both screens.
test('creating an administrator and resetting a password ask for your own password', async ({ page }) => {
  await page.goto('/dashboard/usuarios');
  await page.getByRole('button', { name: 'Novo Usuário' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo Usuário' });
  const email = `vice.${Date.now()}@escola.test`;
  await dialog.getByLabel('Nome').fill('Vera Lúcia Antunes');
  await dialog.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
  await expect(dialog.getByLabel('Sua senha')).toHaveCount(0);
  await dialog.getByLabel('Tipo').selectOption('admin');
  // A staff account holds at least one profile (issue 31 §3); an administrator is the Direção.
  await dialog.getByRole('checkbox', { name: 'Direção' }).check();
  await expect(
    dialog.getByText('Uma conta da equipe abre dados de alunos e famílias: criá-la exige a sua senha.', {
      exact: false,
    }),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Criar Usuário' }).click();
  await expect(dialog.getByText('Confirme com a sua senha.')).toBeVisible();
  await dialog.getByLabel('Sua senha').fill('nao-e-a-minha');
  await dialog.getByRole('button', { name: 'Criar Usuário' }).click();
  await expect(dialog.getByText('Senha incorreta.')).toBeVisible();
  await dialog.getByLabel('Sua senha').fill(E2E_ADMIN.password);
  await dialog.getByRole('button', { name: 'Criar Usuário' }).click();
  await expect(page.getByTestId('senha-gerada')).toBeVisible();
  await page.getByRole('button', { name: 'Concluir' }).click();

  await page.getByLabel('Buscar').fill('Vera Lúcia');
  await page.getByRole('button', { name: 'Resetar senha de Vera Lúcia Antunes' }).first().click();
  const reset = page.getByRole('dialog', { name: 'Resetar Senha' });
  await reset.getByRole('button', { name: 'Resetar Senha' }).click();
  await expect(reset.getByText('Confirme com a sua senha.')).toBeVisible();
  await reset.getByLabel('Sua senha').fill(E2E_ADMIN.password);
  await reset.getByRole('button', { name: 'Resetar Senha' }).click();
  await expect(page.getByRole('dialog', { name: 'Senha redefinida' })).toBeVisible();
  await page.getByRole('button', { name: 'Concluir' }).click();

  // The other administrators hear of it in the audit trail.
  await page.goto('/dashboard/auditoria');
  await expect(
    page
      .getByText('Alerta de segurança aos outros administradores: redefiniu a senha de Vera Lúcia Antunes')
      .first(),
  ).toBeVisible();
});

test('a teacher record and a professor account with one e-mail are linked, and both screens say so', async ({
  page,
}) => {
  const email = `gilda.${Date.now()}@escola.test`;
  await page.goto('/dashboard/professores');
  await page.getByRole('button', { name: 'Novo Professor' }).click();
  const teacherForm = page.getByRole('dialog', { name: 'Novo Professor' });
  await teacherForm.getByLabel('Nome Completo').fill('Gilda Matos');
  await teacherForm.getByRole('textbox', { name: /^E-mail/ }).fill(email);
  await teacherForm.getByRole('button', { name: 'Adicionar Professor' }).click();
  await expect(teacherForm).toHaveCount(0);
  // The staff list is a table on a computer (cards on a phone).
  const teacherRow = page.getByRole('row').filter({ hasText: 'Gilda Matos' });
  await expect(teacherRow.getByText('Sem acesso ao portal')).toBeVisible();

  await page.goto('/dashboard/usuarios');
  await page.getByRole('button', { name: 'Novo Usuário' }).click();
  const userForm = page.getByRole('dialog', { name: 'Novo Usuário' });
  await userForm.getByLabel('Nome').fill('Gilda Matos');
  await userForm.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
  await userForm.getByLabel('Tipo').selectOption('professor');
  await userForm.getByRole('button', { name: 'Criar Usuário' }).click();
  await page.getByRole('button', { name: 'Concluir' }).click();
  await page.getByLabel('Buscar').fill(email);
  await expect(
    page.getByRole('row', { name: /Gilda Matos/ }).getByText('Cadastro de professor: Gilda Matos'),
  ).toBeVisible();

  await page.goto('/dashboard/professores');
  await expect(
    page.getByRole('row').filter({ hasText: 'Gilda Matos' }).getByText(`Conta: ${email}`),
  ).toBeVisible();
});
