import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  acceptPrivacyOnScreen,
  adminPage,
  createClass,
  createStudent,
  dataDir,
  login,
  todayInSaoPaulo,
  uniqueCpf,
} from './support';

// School records (issue 5). The journeys share one server and one database with the others, so every
// name, e-mail, matrícula and CPF carries a per-run suffix.
const run = Date.now().toString().slice(-7);

/** A class of this run (3º ano, afternoon). */
const addClass = (api: APIRequestContext, nome: string) =>
  createClass(api, nome, { serie: '3º ano', turno: 'tarde' });

/** A student of this run with one guardian; answers the student. */
async function addStudent(
  api: APIRequestContext,
  nome: string,
  turmaId: string | null,
  guardian: { nome: string; email?: string },
) {
  return (await createStudent(api, { nome, turmaId, guardian })).aluno;
}

/** First login with a generated password: 'Trocar senha' comes first, then the dashboard. */
async function firstLogin(page: Page, email: string, generated: string, next: string) {
  await login(page, email, generated);
  await expect(page).toHaveURL(/\/trocar-senha$/);
  await page.getByLabel('Senha atual').fill(generated);
  await page.getByLabel('Nova senha', { exact: true }).fill(next);
  await page.getByLabel('Confirmar nova senha').fill(next);
  await page.getByRole('button', { name: 'Salvar nova senha' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

test('admin enrols a student with a new guardian; the guardian signs in and sees only their child', async ({
  browser,
}) => {
  const { context: adminContext, page: admin } = await adminPage(browser);
  const turmaNome = `3º Ano R${run}`;
  const turmaId = await addClass(admin.request, turmaNome);
  // A classmate from another family, in the same class.
  const classmate = await addStudent(admin.request, `Colega Outra Família ${run}`, turmaId, {
    nome: 'Márcia Outra',
  });

  const aluno = `Helena Barbosa ${run}`;
  const guardianEmail = `mae.helena.${run}@escola.test`;
  await admin.goto('/dashboard/alunos');
  await expect(admin.getByRole('heading', { name: 'Gestão de Alunos', level: 1 })).toBeVisible();
  await admin.getByRole('button', { name: 'Novo Aluno' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Novo Aluno' });

  // Required fields first: pt-BR messages under the fields.
  await dialog.getByRole('button', { name: 'Cadastrar Aluno' }).click();
  await expect(dialog.getByText('Nome é obrigatório')).toBeVisible();
  // The matrícula may stay blank (issue 31: numbered by the school's pattern); the form says so.
  await expect(dialog.getByLabel(/^Matrícula/)).toHaveAccessibleDescription(/gerado pelo padrão da escola/);
  await expect(dialog.getByText('Parentesco é obrigatório')).toBeVisible();
  // The principal guardian's CPF is asked for at the same time, not after the rest is filled.
  await expect(dialog.getByLabel('CPF do responsável')).toHaveAccessibleDescription(
    'CPF do responsável principal é obrigatório',
  );

  await dialog.getByLabel('Nome completo').fill(aluno);
  await dialog.getByLabel('Data de nascimento').fill('2017-03-14');
  await dialog.getByLabel(/^Matrícula/).fill(`R-${run}`);
  // The data da matrícula starts at today; a date ahead is refused under the field.
  await expect(dialog.getByLabel('Data da matrícula')).toHaveValue(todayInSaoPaulo());
  await dialog.getByLabel('Data da matrícula').fill('2099-02-06');
  await dialog.getByRole('button', { name: 'Cadastrar Aluno' }).click();
  await expect(dialog.getByText('A data da matrícula não pode estar no futuro')).toBeVisible();
  // Helena has been at the school since 2023.
  await dialog.getByLabel('Data da matrícula').fill('2023-02-06');
  await dialog
    .getByLabel('Turma')
    .selectOption({ label: `${turmaNome} — 3º ano, ${new Date().getFullYear()} (1/30)` });
  await dialog.getByLabel('Nome do responsável').fill(`Patrícia Barbosa ${run}`);
  await dialog.getByLabel('Parentesco').selectOption('mae');
  await dialog.getByLabel('Telefone do responsável').fill('(11) 91234-5678');
  // A CPF with wrong check digits is refused by the server and shown under its field.
  await dialog.getByLabel('CPF do responsável').fill('123.456.789-00');
  await dialog.getByLabel('E-mail do responsável').fill(guardianEmail);
  await dialog.getByRole('button', { name: 'Cadastrar Aluno' }).click();
  const guardianCpf = dialog.getByLabel('CPF do responsável');
  await expect(guardianCpf).toHaveAttribute('aria-invalid', 'true');
  await expect(guardianCpf).toHaveAccessibleDescription(/CPF inválido/);

  // Márcia's CPF (one wrong digit can make another family's): refused under the field, naming whose it
  // is, and nothing typed is lost.
  const classmateRecord = await admin.request.get(`/api/alunos/${classmate.id}`);
  const { cpf: marciaCpf } = ((await classmateRecord.json()) as { data: { responsavel: { cpf: string } } })
    .data.responsavel;
  await guardianCpf.fill(marciaCpf);
  await dialog.getByRole('button', { name: 'Cadastrar Aluno' }).click();
  await expect(guardianCpf).toHaveAccessibleDescription(/Este CPF já está cadastrado para Márcia Outra/);
  await expect(dialog.getByLabel('Nome do responsável')).toHaveValue(`Patrícia Barbosa ${run}`);
  await expect(dialog.getByLabel('Nome completo')).toHaveValue(aluno);

  await dialog.getByLabel('CPF do responsável').fill(uniqueCpf());
  await dialog.getByRole('button', { name: 'Cadastrar Aluno' }).click();
  const done = admin.getByRole('dialog', { name: 'Aluno cadastrado' });
  await expect(done.getByText(`Patrícia Barbosa ${run}`)).toBeVisible();
  const generated = (await done.getByTestId('senha-gerada').textContent())!.trim();
  expect(generated.length).toBeGreaterThanOrEqual(12);
  // The e2e server has no SMTP_URL: the screen says so and asks to hand the password over (no screen
  // claims it was mailed), and the message is in the outbox.
  await expect(done.getByText(/O e-mail não está configurado neste servidor/)).toBeVisible();
  await expect(done.getByText(/enviada por e-mail/)).toHaveCount(0);
  await done.getByRole('button', { name: 'Concluir' }).click();

  const outbox = path.join(dataDir(), 'outbox');
  const mailed = readdirSync(outbox).some((file) =>
    readFileSync(path.join(outbox, file), 'utf8').includes(guardianEmail),
  );
  expect(mailed).toBe(true);

  await admin.getByLabel('Buscar').fill(aluno);
  await admin.getByRole('button', { name: 'Filtrar' }).click();
  const row = admin.getByRole('row', { name: new RegExp(aluno) });
  await expect(row).toBeVisible();
  await expect(row.getByText('Ativo')).toBeVisible();
  await expect(row.getByText('desde 06/02/2023')).toBeVisible();
  await expect(admin.getByText('1–1 de 1')).toBeVisible();
  // Typed without accents, as at the counter: 'familia' finds 'Família'.
  await admin.getByLabel('Buscar').fill(`colega outra familia ${run}`);
  await admin.getByRole('button', { name: 'Filtrar' }).click();
  await expect(admin.getByRole('row', { name: new RegExp(`Colega Outra Família ${run}`) })).toBeVisible();
  await admin.getByLabel('Buscar').fill(aluno);
  await admin.getByRole('button', { name: 'Filtrar' }).click();
  await expect(row).toBeVisible();

  // A second guardian, added from the student's details.
  await row.getByRole('button', { name: `Ver detalhes de ${aluno}` }).click();
  const details = admin.getByRole('dialog', { name: aluno });
  await details.getByRole('button', { name: 'Adicionar responsável' }).click();
  const second = details.getByRole('form', { name: 'Adicionar responsável' });
  await second.getByRole('button', { name: 'Salvar responsável' }).click();
  await expect(second.getByText('Nome do responsável é obrigatório')).toBeVisible();
  await second.getByLabel('Nome do responsável').fill(`Roberto Barbosa ${run}`);
  await second.getByLabel('Parentesco').selectOption('pai');
  await second.getByLabel('Telefone do responsável').fill('11 98888-7777');
  await second.getByRole('button', { name: 'Salvar responsável' }).click();
  await expect(second).toBeHidden();
  // The toast that says so stands at the top right, over the dialog's close button: the pointer goes
  // through it (a toast that caught it kept the dialog open while hovered).
  const saved = admin.getByRole('status').filter({ hasText: 'Responsável cadastrado com sucesso!' });
  await expect(saved).toBeVisible();
  const toastBox = await saved.boundingBox();
  const underToast = await admin.evaluate(
    ({ x, y }) => document.elementFromPoint(x, y)?.closest('[role="status"]') ?? null,
    { x: toastBox!.x + toastBox!.width / 2, y: toastBox!.y + toastBox!.height / 2 },
  );
  expect(underToast).toBeNull();
  // Each guardian's line names them with the relationship (their buttons repeat the name for screen readers).
  await expect(details.getByText(`Roberto Barbosa ${run} (Pai)`)).toBeVisible();
  await expect(details.getByText(`Patrícia Barbosa ${run} (Mãe)`)).toBeVisible();
  await expect(details.getByText('(11) 98888-7777')).toBeVisible();
  await details.getByRole('button', { name: 'Fechar' }).first().click();

  // The class's 'Ver Alunos' lists the new student with the guardian's contact.
  await admin.goto('/dashboard/turmas');
  const card = admin.getByTestId('turma-card').filter({ hasText: turmaNome });
  await expect(card.getByText('2/30')).toBeVisible();
  await card.getByRole('button', { name: 'Ver Alunos' }).click();
  const list = admin.getByRole('dialog', { name: `Alunos — ${turmaNome}` });
  await expect(list.getByText(aluno)).toBeVisible();
  await expect(list.getByText(new RegExp(`Responsável: Patrícia Barbosa ${run} \\(Mãe\\)`))).toBeVisible();
  await expect(list.getByText(`Colega Outra Família ${run}`)).toBeVisible();
  await adminContext.close();

  // The guardian: first login forces a new password, then only their own child.
  const guardianContext = await browser.newContext();
  const guardian = await guardianContext.newPage();
  await firstLogin(guardian, guardianEmail, generated, 'Jabuticaba-Madura-48');
  await acceptPrivacyOnScreen(guardian);
  // The family's own menu (issue 32 §1): no staff screen; the child's page shows their one child.
  const menu = guardian.getByRole('navigation', { name: 'Menu do portal' });
  await expect(menu.getByRole('link', { name: 'Professores' })).toHaveCount(0);
  await expect(menu.getByRole('link', { name: 'Alunos' })).toHaveCount(0);
  await guardian.goto('/dashboard/alunos');
  await expect(guardian).toHaveURL(/\/dashboard\/familia\/aluno$/);
  await expect(guardian.getByRole('heading', { name: aluno, level: 1 })).toBeVisible();
  await expect(guardian.getByRole('group', { name: 'Escolher filho ou filha' })).toHaveCount(0);
  await expect(guardian.getByText(`Colega Outra Família ${run}`)).toHaveCount(0);
  await expect(guardian.getByRole('button', { name: 'Novo Aluno' })).toHaveCount(0);
  await expect(guardian.getByRole('button', { name: /Exportar/ })).toHaveCount(0);

  // Their own contact data is theirs to edit, in Meus dados.
  await menu.getByRole('link', { name: 'Meus dados' }).click();
  const contact = guardian.getByRole('region', { name: 'Meus dados de contato' });
  await expect(contact.getByText('(11) 91234-5678')).toBeVisible();
  await contact.getByRole('button', { name: 'Editar contato' }).click();
  await contact.getByLabel('Telefone').fill('123');
  await contact.getByRole('button', { name: 'Salvar contato' }).click();
  await expect(contact.getByLabel('Telefone')).toHaveAccessibleDescription(/Telefone inválido/);
  await contact.getByLabel('Telefone').fill('(11) 97777-1234');
  // The address in parts (ADR 0058): what the boleto prints for the payer.
  await contact.getByLabel('CEP').fill('01001-000');
  await contact.getByLabel('Rua (logradouro)').fill('Rua das Palmeiras');
  await contact.getByLabel('Número').fill('45');
  await contact.getByLabel('Bairro').fill('Centro');
  await contact.getByLabel('Cidade').fill('São Paulo');
  await contact.getByLabel('UF').selectOption('SP');
  await contact.getByRole('button', { name: 'Salvar contato' }).click();
  await expect(contact.getByText('(11) 97777-1234')).toBeVisible();
  await expect(
    contact.getByText('Rua das Palmeiras, 45 - Centro - São Paulo/SP - CEP 01001-000'),
  ).toBeVisible();

  // The class is the child's page's: its name, never the classmates nor the staff's Turmas screen.
  await guardian.goto('/dashboard/turmas');
  await expect(guardian).toHaveURL(/\/dashboard\/familia\/aluno$/);
  await expect(guardian.getByRole('heading', { name: `Turma ${turmaNome}` })).toBeVisible();
  await expect(guardian.getByRole('button', { name: 'Nova Turma' })).toHaveCount(0);
  await expect(guardian.getByText(`Colega Outra Família ${run}`)).toHaveCount(0);

  // Another family's child is not there at all: 404, not 403.
  const probe = await guardian.request.get(`/api/alunos/${classmate.id}`);
  expect(probe.status()).toBe(404);
  await guardianContext.close();
});

test('a guardian registered without e-mail gets portal access later, from the student’s details', async ({
  browser,
}) => {
  const { context: adminContext, page: admin } = await adminPage(browser);
  const aluno = `Caio Mendes ${run}`;
  const mae = `Lúcia Mendes ${run}`;
  const email = `lucia.mendes.${run}@escola.test`;
  await addStudent(admin.request, aluno, null, { nome: mae });

  await admin.goto('/dashboard/alunos');
  await admin.getByLabel('Buscar').fill(aluno);
  await admin.getByRole('button', { name: 'Filtrar' }).click();
  await admin.getByRole('button', { name: `Ver detalhes de ${aluno}` }).click();
  const details = admin.getByRole('dialog', { name: aluno });
  await expect(details.getByText(/Sem acesso ao portal/)).toBeVisible();
  await details.getByRole('button', { name: `Editar ${mae}` }).click();
  const edit = details.getByRole('form', { name: `Editar ${mae}` });
  // Access needs an e-mail: the form says so under the field.
  await edit.getByLabel(/Criar acesso ao portal/).check();
  await edit.getByRole('button', { name: 'Salvar alterações' }).click();
  await expect(edit.getByLabel('E-mail do responsável')).toHaveAccessibleDescription(/login do portal/);
  await edit.getByLabel('E-mail do responsável').fill(email);
  await edit.getByRole('button', { name: 'Salvar alterações' }).click();
  await expect(details.getByText(`Foi criada uma conta no portal para ${mae}.`)).toBeVisible();
  const generated = (await details.getByTestId('senha-gerada').textContent())!.trim();
  await details.getByRole('button', { name: 'Concluir' }).click();
  await expect(details.getByText(/Sem acesso ao portal/)).toHaveCount(0);
  await adminContext.close();

  const guardianContext = await browser.newContext();
  const guardian = await guardianContext.newPage();
  await firstLogin(guardian, email, generated, 'Sabia-Laranjeira-61');
  await acceptPrivacyOnScreen(guardian);
  await guardian.goto('/dashboard/familia/aluno');
  await expect(guardian.getByRole('heading', { name: aluno, level: 1 })).toBeVisible();
  await guardianContext.close();
});

test('a teacher with a portal account sees only the classes they are responsible for', async ({
  browser,
}) => {
  const { context: adminContext, page: admin } = await adminPage(browser);
  const teacherName = `Rosana Teixeira ${run}`;
  const teacherEmail = `rosana.${run}@escola.test`;
  const mine = `4º Ano P${run}`;
  const other = `5º Ano P${run}`;
  await addClass(admin.request, other);
  const otherStudent = await addStudent(admin.request, `Aluno Outra Turma ${run}`, null, {
    nome: 'Sandra Outra',
  });
  const pupil = await addStudent(admin.request, `Otávio Nunes ${run}`, null, { nome: 'Vera Nunes' });

  // 'Novo Professor' with a portal account.
  await admin.goto('/dashboard/professores');
  await admin.getByRole('button', { name: 'Novo Professor' }).click();
  const form = admin.getByRole('dialog', { name: 'Novo Professor' });
  await form.getByLabel('Nome Completo').fill(teacherName);
  await form.getByRole('textbox', { name: /^E-mail/ }).fill(teacherEmail);
  await form.getByLabel('Telefone').fill('11955554444');
  await form.getByLabel('Matemática').check();
  await form.getByLabel('Ciências').check();
  await form.getByLabel(/Criar acesso ao portal/).check();
  await form.getByRole('button', { name: 'Adicionar Professor' }).click();
  const access = admin.getByRole('dialog', { name: 'Acesso criado' });
  const generated = (await access.getByTestId('senha-gerada').textContent())!.trim();
  await access.getByRole('button', { name: 'Concluir' }).click();
  await admin.getByLabel('Buscar').fill(teacherName);
  await expect(admin.getByText(teacherName)).toBeVisible();

  // 'Nova Turma' with the teacher chosen as responsible.
  await admin.goto('/dashboard/turmas');
  await admin.getByRole('button', { name: 'Nova Turma' }).click();
  const classForm = admin.getByRole('dialog', { name: 'Nova Turma' });
  await classForm.getByLabel('Nome da Turma').fill(mine);
  await classForm.getByLabel('Nível').selectOption('Fundamental I');
  await classForm.getByLabel('Série').fill('4º ano');
  await classForm.getByLabel('Turno').selectOption('noite');
  await classForm.getByLabel('Professor responsável').selectOption({ label: teacherName });
  await classForm.getByRole('button', { name: 'Criar Turma' }).click();
  await expect(classForm).toBeHidden();
  const card = admin.getByTestId('turma-card').filter({ hasText: mine });
  await expect(card.getByText('Noite')).toBeVisible();
  await expect(card.getByText(teacherName)).toBeVisible();

  // Enrol a student from 'Ver Alunos'.
  await card.getByRole('button', { name: 'Ver Alunos' }).click();
  const list = admin.getByRole('dialog', { name: `Alunos — ${mine}` });
  await expect(list.getByText('Nenhum aluno matriculado nesta turma')).toBeVisible();
  await list.getByLabel('Matricular aluno').fill(`Otávio Nunes ${run}`);
  await list
    .getByRole('listitem')
    .filter({ hasText: `Otávio Nunes ${run}` })
    .getByRole('button', { name: 'Matricular' })
    .click();
  await expect(
    list.getByRole('list', { name: 'Lista de Alunos' }).getByText(`Otávio Nunes ${run}`),
  ).toBeVisible();
  await adminContext.close();

  const teacherContext = await browser.newContext();
  const teacher = await teacherContext.newPage();
  await firstLogin(teacher, teacherEmail, generated, 'Ipe-Roxo-Florido-93');
  const menu = teacher.getByRole('navigation', { name: 'Menu do portal' });
  await expect(menu.getByRole('link', { name: 'Usuários' })).toHaveCount(0);
  await menu.getByRole('link', { name: 'Turmas' }).click();
  await expect(teacher.getByText('Suas turmas')).toBeVisible();
  await expect(teacher.getByTestId('turma-card')).toHaveCount(1);
  await expect(teacher.getByTestId('turma-card').getByRole('heading', { name: mine })).toBeVisible();
  await expect(teacher.getByText(other)).toHaveCount(0);
  await expect(teacher.getByRole('button', { name: 'Nova Turma' })).toHaveCount(0);
  await expect(teacher.getByRole('button', { name: 'Editar' })).toHaveCount(0);

  await teacher.goto('/dashboard/alunos');
  await expect(teacher.getByText('Alunos das suas turmas')).toBeVisible();
  await expect(teacher.getByText('1–1 de 1')).toBeVisible();
  await teacher.getByRole('button', { name: `Ver detalhes de Otávio Nunes ${run}` }).click();
  const details = teacher.getByRole('dialog', { name: `Otávio Nunes ${run}` });
  await expect(details.getByText('Vera Nunes')).toBeVisible();
  // A teacher sees the guardian's contact, never a CPF.
  await expect(details.getByText(/CPF/)).toHaveCount(0);

  expect((await teacher.request.get(`/api/alunos/${pupil.id}`)).status()).toBe(200);
  expect((await teacher.request.get(`/api/alunos/${otherStudent.id}`)).status()).toBe(404);
  await teacherContext.close();
});

test('export downloads a CSV of the filtered list that opens with the right rows', async ({ browser }) => {
  const { context, page } = await adminPage(browser);
  const turmaNome = `2º Ano X${run}`;
  const turmaId = await addClass(page.request, turmaNome);
  const first = await addStudent(page.request, `Bianca Export ${run}`, turmaId, { nome: 'Rita Export' });
  const second = await addStudent(page.request, `Caio Export ${run}`, turmaId, { nome: 'Rui Export' });
  await addStudent(page.request, `Fora Do Filtro ${run}`, null, { nome: 'Ana Fora' });

  await page.goto('/dashboard/alunos');
  await page
    .getByLabel('Turma', { exact: true })
    .selectOption({ label: `${turmaNome} (${new Date().getFullYear()})` });
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(page.getByText('1–2 de 2')).toBeVisible();

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^alunos-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = readFileSync(await download.path(), 'utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  const [header, ...rows] = text
    .slice(1)
    .split('\r\n')
    .filter((line) => line !== '')
    .map((line) => line.split(';'));
  expect(header).toEqual(expect.arrayContaining(['Matrícula', 'Nome', 'Turma', 'Status', 'Responsável']));
  const column = (name: string) => header!.indexOf(name);
  expect(rows).toHaveLength(2);
  expect(rows.map((cells) => cells[column('Nome')]).sort()).toEqual([
    `Bianca Export ${run}`,
    `Caio Export ${run}`,
  ]);
  expect(rows.map((cells) => cells[column('Matrícula')]).sort()).toEqual(
    [first.matricula, second.matricula].sort(),
  );
  for (const cells of rows) {
    expect(cells[column('Turma')]).toBe(turmaNome);
    expect(cells[column('Status')]).toBe('Ativo');
    expect(cells).toHaveLength(header!.length);
  }
  await context.close();
});
