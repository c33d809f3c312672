import { expect, test, type Page } from '@playwright/test';
import {
  acceptPrivacyOnScreen,
  ADMIN_STATE,
  adminPage,
  apiSignIn,
  createClass,
  createStudent,
  dataOf,
  login,
  screenshot,
} from './support';

/**
 * The daily agenda (issue 32 §3, ADR 0037): the teacher, on her phone, fills today's agenda of a 1º ano
 * class for the whole class and changes one child's lunch and what she must bring; that child's mother,
 * on her phone, opens it from the feed and sees the exception; the teacher sees that she read it. The
 * coordination's templates tab is looked at too.
 */
test.use({ storageState: ADMIN_STATE, viewport: { width: 1280, height: 800 } });

/**
 * 'Enviar agenda às famílias'. The journeys run on any day: on one the calendar has no class (a weekend,
 * a holiday), the portal says so and asks first, and the journey confirms as the teacher would.
 */
async function sendAgenda(teacher: Page) {
  const semAula = await teacher.getByText(/Pelo calendário, não há aula em/).isVisible();
  await teacher.getByRole('button', { name: 'Enviar agenda às famílias' }).click();
  if (!semAula) return;
  await teacher
    .getByRole('dialog', { name: 'Enviar a agenda de um dia sem aula?' })
    .getByRole('button', { name: 'Enviar mesmo assim' })
    .click();
}

const run = Date.now().toString().slice(-6);
const shots = 'test-results/screenshots';
const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 800 };

test('a teacher fills the class agenda with one exception; the mother reads it; the teacher sees who read', async ({
  browser,
  request,
}) => {
  // Three people sign in (argon2 on shared cores): more than the default minute.
  test.setTimeout(180_000);
  const teacherEmail = `prof.agenda.${run}@escola.test`;
  const saved = await dataOf<{ professor: { id: string }; senhaGerada?: string }>(
    await request.post('/api/professores', {
      data: {
        nome: `Professora Agenda ${run}`,
        email: teacherEmail,
        disciplinas: ['Português'],
        criar_acesso: true,
      },
    }),
  );
  const turmaNome = `Girassóis ${run}`;
  const turmaId = await createClass(request, turmaNome, {
    serie: '1º ano',
    professor_responsavel_id: saved.professor.id,
  });
  const motherEmail = `mae.agenda.${run}@escola.test`;
  const bia = await createStudent(request, {
    nome: `Bia Agenda ${run}`,
    turmaId,
    nascimento: '2020-03-03',
    guardian: { nome: `Marta Agenda ${run}`, email: motherEmail },
  });
  await createStudent(request, {
    nome: `Caio Agenda ${run}`,
    turmaId,
    nascimento: '2020-05-05',
    guardian: { nome: `Pai do Caio ${run}`, parentesco: 'pai' },
  });

  // The teacher, on her phone: the whole class once, then Bia's exception.
  const teacherContext = await browser.newContext({
    storageState: { cookies: [], origins: [] },
    viewport: phone,
  });
  const teacher = await teacherContext.newPage();
  await apiSignIn(teacher.request, teacherEmail, [saved.senhaGerada ?? ''], 'Pitanga-Vermelha-52');
  await teacher.goto(`/dashboard/agenda?turma=${turmaId}`);
  await expect(teacher.getByRole('heading', { name: 'Para toda a turma' })).toBeVisible();
  // Caio's father has no e-mail, so no portal account: the teacher is told the agenda will not reach him.
  await expect(teacher.getByRole('status').filter({ hasText: 'usa o portal' })).toHaveText(
    `1 de 2 famílias usa o portal. A agenda não chegará à família de Caio Agenda ${run}: envie-a impressa ou por outro meio.`,
  );
  const turma = teacher.getByRole('region', { name: 'Para toda a turma' });
  await turma.getByRole('button', { name: 'Tranquilo' }).click();
  await turma.getByLabel('Recados').fill('Hoje pintamos com guache e brincamos no parque.');
  await screenshot(teacher, { path: `${shots}/agenda-professora-phone.png` });

  await teacher.getByRole('button', { name: new RegExp(`Bia Agenda ${run}`) }).click();
  const sheet = teacher.getByRole('dialog', { name: `Bia Agenda ${run}` });
  await sheet.getByRole('group', { name: 'Almoço' }).getByRole('button', { name: 'Comeu pouco' }).click();
  await sheet.getByRole('button', { name: 'Roupa' }).click();
  await screenshot(teacher, { path: `${shots}/agenda-crianca-phone.png` });
  await sheet.getByRole('button', { name: 'Aplicar' }).click();
  await expect(sheet).toHaveCount(0);
  await expect(teacher.getByRole('button', { name: new RegExp(`Bia Agenda ${run}`) })).toContainText(
    'Diferente da turma',
  );
  await sendAgenda(teacher);
  await expect(
    teacher
      .getByText(
        'Agenda do dia enviada às famílias que usam o portal (1 de 2); às outras, envie-a impressa ou por outro meio.',
      )
      .first(),
  ).toBeVisible();
  await expect(teacher.getByText(/lida por 0 de 2 famílias/)).toBeVisible();

  // Bia's mother, on her phone: the feed item, then the day with Bia's exception.
  const family = await browser.newContext({ storageState: { cookies: [], origins: [] }, viewport: phone });
  const mother = await family.newPage();
  await login(mother, motherEmail, bia.senhaGerada ?? '');
  await expect(mother).toHaveURL(/\/trocar-senha$/);
  await mother.getByLabel('Senha atual').fill(bia.senhaGerada ?? '');
  await mother.getByLabel('Nova senha', { exact: true }).fill('Caqui-Maduro-38');
  await mother.getByLabel('Confirmar nova senha').fill('Caqui-Maduro-38');
  await mother.getByRole('button', { name: 'Salvar nova senha' }).click();
  await acceptPrivacyOnScreen(mother);
  await mother.goto('/dashboard');
  const item = mother.getByRole('link', { name: /Agenda de hoje: Bia/ });
  await expect(item).toBeVisible();
  await screenshot(mother, { path: `${shots}/agenda-feed-phone.png` });
  await item.click();
  await expect(mother).toHaveURL(new RegExp(`/dashboard/familia/agenda\\?aluno=${bia.aluno.id}&data=`));
  await expect(mother.getByRole('heading', { name: `Agenda de Bia Agenda ${run}` })).toBeVisible();
  await expect(mother.getByText('Almoço: Comeu pouco')).toBeVisible();
  await expect(mother.getByText('Lanche da manhã: Comeu bem')).toBeVisible();
  await expect(mother.getByRole('region', { name: 'Precisa trazer' })).toContainText('Roupa');
  await expect(mother.getByText('Humor: Tranquilo')).toBeVisible();
  await expect(mother.getByText('Hoje pintamos com guache')).toBeVisible();
  // Nobody recorded a nap in the 1º ano: no 'Sono' card (it would read as 'did not sleep').
  await expect(mother.getByRole('region', { name: 'Sono' })).toHaveCount(0);
  await screenshot(mother, { path: `${shots}/agenda-familia-phone.png` });
  await mother.setViewportSize(desktop);
  await screenshot(mother, { path: `${shots}/agenda-familia-desktop.png`, fullPage: true });
  // Authorising a medicine: sent empty, the form says under each field what is missing and sends nothing.
  await mother.setViewportSize(phone);
  await mother.getByRole('button', { name: 'Autorizar um medicamento' }).click();
  const medication = mother.getByRole('form', { name: 'Autorizar um medicamento' });
  await medication.getByRole('button', { name: 'Autorizar' }).click();
  await expect(medication.getByLabel(/^Medicamento/)).toHaveAttribute('aria-invalid', 'true');
  await expect(medication.getByText('Informe o medicamento')).toBeVisible();
  await expect(medication.getByLabel(/^Dose/)).toHaveAttribute('aria-invalid', 'true');
  await expect(medication.getByText('Informe a dose')).toBeVisible();
  await expect(mother.getByText('Dados inválidos. Verifique os campos destacados.')).toHaveCount(0);
  await screenshot(mother, { path: `${shots}/agenda-familia-medicacao-erros-phone.png` });
  await medication.getByLabel(/^Medicamento/).fill('Dipirona');
  await medication.getByLabel(/^Dose/).fill('10 gotas');
  await medication.getByRole('button', { name: 'Autorizar' }).click();
  await expect(medication).toHaveCount(0);
  await expect(mother.getByText(/^Dipirona — 10 gotas/)).toBeVisible();
  await family.close();

  // The teacher sees Marta read Bia's day (and Caio's family did not).
  await teacher.reload();
  await expect(teacher.getByText(/lida por 1 de 2 famílias/)).toBeVisible();
  await expect(teacher.getByRole('button', { name: new RegExp(`Bia Agenda ${run}`) })).toContainText(
    `Lida por Marta Agenda ${run}`,
  );
  await expect(teacher.getByRole('button', { name: new RegExp(`Caio Agenda ${run}`) })).toContainText(
    'Não lida',
  );
  await teacher.getByRole('list', { name: 'Crianças da turma' }).scrollIntoViewIfNeeded();
  await screenshot(teacher, { path: `${shots}/agenda-professora-lida-phone.png` });
  await teacher.setViewportSize(desktop);
  await screenshot(teacher, { path: `${shots}/agenda-professora-desktop.png`, fullPage: true });
  await teacherContext.close();

  // The coordination (here the direção) sees the class's template.
  const { context: adminContext, page: admin } = await adminPage(browser, desktop);
  await admin.goto(`/dashboard/agenda?turma=${turmaId}&ver=modelos`);
  await expect(admin.getByRole('tab', { name: 'Modelos das turmas' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(admin.getByLabel('Nome da refeição 2')).toHaveValue('Almoço');
  await expect(admin.getByText('O formulário do dia começa com o que estiver escolhido aqui')).toBeVisible();
  await screenshot(admin, { path: `${shots}/agenda-modelos-desktop.png`, fullPage: true });
  await admin.setViewportSize(phone);
  await screenshot(admin, { path: `${shots}/agenda-modelos-phone.png` });
  await adminContext.close();
});
