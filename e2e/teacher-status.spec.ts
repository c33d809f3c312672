import { expect, test } from '@playwright/test';
import { adminPage, apiSignIn, createClass, screenshot } from './support';

// Issue 29, item 8: a teacher record marked afastado (or inativo) reaches no class while the portal
// account stays on. The secretaria reads that on Professores as they choose the status (form and list),
// and the teacher's home says why there are no classes. Desktop 1280×800 and phone 390×844.

const run = Date.now().toString().slice(-6);
const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 800 };
const shots = 'test-results/screenshots';

test('a teacher marked afastado: Professores says they reach no class, and their home says why', async ({
  browser,
}) => {
  const teacherName = `Helena Prado ${run}`;
  const teacherEmail = `helena.${run}@escola.test`;
  const className = `3º Ano H${run}`;
  const { context: adminContext, page: admin } = await adminPage(browser, desktop);
  const created = await admin.request.post('/api/professores', {
    data: { nome: teacherName, email: teacherEmail, disciplinas: ['Matemática'], criar_acesso: true },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { professor, senhaGerada } = (
    (await created.json()) as {
      data: { professor: { id: string }; senhaGerada: string };
    }
  ).data;
  await createClass(admin.request, className, { professor_responsavel_id: professor.id });

  const teacherContext = await browser.newContext({ viewport: phone });
  await apiSignIn(teacherContext.request, teacherEmail, [senhaGerada], 'Ipe-Branco-Floresce-31');
  const teacher = await teacherContext.newPage();
  await teacher.goto('/dashboard');
  // On a school day the class also shows under today's lessons ('Fazer chamada'): read the list.
  await expect(teacher.getByRole('region', { name: 'Minhas turmas' }).getByText(className)).toBeVisible();
  await expect(teacher.getByText(/Seu cadastro de professor está como/)).toHaveCount(0);

  // The secretaria marks the teacher afastado; the form says what that does before saving.
  await admin.goto('/dashboard/professores');
  await admin.getByLabel('Buscar').fill(teacherName);
  await admin.getByRole('button', { name: `Editar ${teacherName}` }).click();
  const form = admin.getByRole('dialog', { name: 'Editar Professor' });
  const notice =
    'Enquanto estiver afastado, este professor não acessa turmas, alunos, notas nem chamadas, mesmo com a conta de acesso ao portal ativa. Volta a acessar quando o status for Ativo.';
  await expect(form.getByText(notice)).toHaveCount(0);
  await form.getByLabel('Status').selectOption('afastado');
  await expect(form.getByRole('status').filter({ hasText: notice })).toBeVisible();
  await screenshot(admin, { path: `${shots}/professor-afastado-form-desktop.png` });
  await form.getByRole('button', { name: 'Atualizar Professor' }).click();
  await expect(form).toBeHidden();
  const rowNotice = 'Sem acesso a turmas, notas e chamadas enquanto afastado';
  await expect(admin.getByText(rowNotice)).toBeVisible();
  await screenshot(admin, { path: `${shots}/professor-afastado-lista-desktop.png` });

  // On a phone: the card says it too, and so does the form.
  await admin.setViewportSize(phone);
  await expect(admin.getByText(rowNotice)).toBeVisible();
  await screenshot(admin, { path: `${shots}/professor-afastado-lista-phone.png`, fullPage: true });
  await admin.getByRole('button', { name: `Editar ${teacherName}` }).click();
  await expect(form.getByRole('status').filter({ hasText: notice })).toBeVisible();
  await screenshot(admin, { path: `${shots}/professor-afastado-form-phone.png` });
  await form.getByRole('button', { name: 'Cancelar' }).click();

  // The teacher, still signed in, now sees no class and reads why.
  await teacher.reload();
  const home =
    'Seu cadastro de professor está como afastado. Enquanto isso, você não acessa turmas, alunos, notas nem chamadas. Se não estiver certo, fale com a secretaria da escola.';
  await expect(teacher.getByRole('status').filter({ hasText: home })).toBeVisible();
  await expect(teacher.getByText(className)).toHaveCount(0);
  await expect(
    teacher.getByText('Nenhuma turma enquanto o seu cadastro estiver como afastado.'),
  ).toBeVisible();
  await screenshot(teacher, { path: `${shots}/professor-afastado-inicio-phone.png`, fullPage: true });
  await teacher.setViewportSize(desktop);
  await expect(teacher.getByRole('status').filter({ hasText: home })).toBeVisible();
  await screenshot(teacher, { path: `${shots}/professor-afastado-inicio-desktop.png` });
  await teacher.goto('/dashboard/turmas');
  await expect(teacher.getByText(className)).toHaveCount(0);

  await teacherContext.close();
  await adminContext.close();
});
