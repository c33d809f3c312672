import { expect, test } from '@playwright/test';
import { adminPage, apiSignIn, createStudent, dataOf, linkMailedTo, screenshot } from './support';

// Journey (security review, 2026-12-01): the secretaria changes a mother's e-mail; the link mailed to the
// new address does not move a used account's login by itself — the mother signs in with the current
// e-mail on her phone, comes back to the link and confirms.
test('a mother confirms her new e-mail signed in; the link alone does not move her login', async ({
  browser,
}) => {
  const { context: office, page: admin } = await adminPage(browser);
  const stamp = Date.now();
  const email = `marta.${stamp}@familia.test`;
  const novo = `marta.nova.${stamp}@familia.test`;
  const { aluno, senhaGerada } = await createStudent(admin.request, {
    nome: 'Lia Campos',
    turmaId: null,
    guardian: { nome: 'Marta Campos', email },
  });
  const password = 'Jacaranda-Lilas-2026';
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  // She has used the portal: her first password changed, the privacy notice accepted.
  await apiSignIn(phone.request, email, [senhaGerada!], password);
  await phone.request.post('/api/auth/logout');

  const student = await dataOf<{
    responsaveis: { id: string; nome: string; telefone: string; cpf: string; version: number }[];
  }>(await admin.request.get(`/api/alunos/${aluno.id}`));
  const mother = student.responsaveis[0]!;
  const edited = await admin.request.put(`/api/responsaveis/${mother.id}`, {
    data: {
      nome: mother.nome,
      telefone: mother.telefone,
      cpf: mother.cpf,
      email: novo,
      version: mother.version,
    },
  });
  expect(edited.status(), await edited.text()).toBe(200);
  await office.close();

  const link = await linkMailedTo(novo, /http:\/\/\S+confirmar-email\?token=[\w-]+/);

  const page = await phone.newPage();
  await page.goto(new URL(link).pathname + new URL(link).search);
  await page.getByRole('button', { name: 'Confirmar novo e-mail' }).click();
  await expect(
    page.getByText('Entre no portal com o seu e-mail atual e a sua senha para confirmar o novo e-mail.'),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Entrar no portal' }).click();
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Senha' }).fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/confirmar-email\?token=/);
  await page.getByRole('button', { name: 'Confirmar novo e-mail' }).click();
  await expect(page.getByText(`E-mail confirmado. Use ${novo} para entrar no portal.`)).toBeVisible();
  await screenshot(page, { path: 'test-results/confirmar-email-phone.png', fullPage: true });
  await page.getByRole('link', { name: 'Ir para o portal' }).click();
  await expect(page).toHaveURL(/\/dashboard/);

  const signIn = await phone.request.post('/api/auth/login', { data: { email: novo, password } });
  expect(signIn.status()).toBe(200);
  await phone.close();
});
