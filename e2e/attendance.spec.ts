import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { completeCpf } from '../src/shared/validators';
import { addDays } from '../src/shared/calendar';
import { DESKTOP, PHONE, recentDays, SHOTS } from './journey';
import { adminPage, apiSignIn, dataOf, screenshot, staffPage, todayInSaoPaulo } from './support';

// Issue 13 on a phone: a teacher takes the roll, marks two absences, saves, reopens and sees them;
// the guardian of one of those students sees the absence; the admin exempts it ('abonada'), the %
// changes, and the admin undoes it; a public event shows on /calendario. Everything this journey
// needs is its own (names with `run`), and the school year is reused when another journey opened it.

const run = Date.now().toString().slice(-6);

/**
 * This year's ano letivo (opened here if no journey did), its last dia letivo up to today and the last
 * day without lessons (a weekend at least) before it.
 */
async function rollDates(api: APIRequestContext): Promise<{ data: string; semAula: string }> {
  const { dias, letivos } = await recentDays(api, 20);
  const letivo = letivos.at(-1);
  expect(letivo, 'um dia letivo nos últimos 20 dias').toBeDefined();
  const semAula = dias.filter((day) => !day.letivo && day.data < letivo!).at(-1);
  expect(semAula, 'um dia sem aula antes dele').toBeDefined();
  return { data: letivo!, semAula: semAula!.data };
}

/** A student with a guardian account, in the class from `data` on; answers the guardian's password. */
async function enrolStudent(
  api: APIRequestContext,
  turmaId: string,
  data: string,
  nome: string,
  email: string,
) {
  const created = await dataOf<{ aluno: { id: string }; senhaGerada?: string }>(
    await api.post('/api/alunos', {
      data: {
        nome,
        data_nascimento: '2016-03-15',
        // Arranged data, not the desk's double entry: saved beside any namesake (a retried journey).
        confirmar_homonimo: true,
        matricula: `CH${run}${nome.slice(0, 2).toUpperCase()}`,
        responsavel: {
          nome: `Responsável de ${nome}`,
          email,
          telefone: '(11) 91234-5678',
          cpf: completeCpf(String(Math.floor(Math.random() * 1e9)).padStart(9, '1')),
          parentesco: 'mae',
          eh_principal: true,
        },
      },
    }),
  );
  const enrolled = await api.post(`/api/turmas/${turmaId}/alunos`, {
    data: { aluno_id: created.aluno.id, data_enturmacao: data },
  });
  expect(enrolled.ok(), await enrolled.text()).toBe(true);
  return created.senhaGerada ?? '';
}

/**
 * Tarefas e conteúdos (ADR 0080): the homework the teacher typed with the roll of `data` reaches the
 * family — on the child's Tarefas screen, which shows the last 14 days, and on the home when the roll is
 * today's. A roll day older than 14 days (after a long recess) is read through the API for that day.
 */
async function familySeesHomework(guardian: Page, data: string, conteudo: string) {
  if (data < addDays(todayInSaoPaulo(), -13)) {
    const children = await dataOf<{ items: { id: string }[] }>(await guardian.request.get('/api/alunos'));
    const lessons = await dataOf<{ aulas: { atividades: string | null }[] }>(
      await guardian.request.get(
        `/api/frequencia/alunos/${children.items[0]!.id}/tarefas?de=${data}&ate=${data}`,
      ),
    );
    expect(lessons.aulas.map((aula) => aula.atividades)).toEqual(['Ler o capítulo 2']);
    return;
  }
  if (data === todayInSaoPaulo()) {
    await guardian.goto('/dashboard');
    await expect(guardian.getByRole('link', { name: /Tarefa de casa de hoje/ })).toContainText(
      'Ler o capítulo 2',
    );
  }
  await guardian.goto('/dashboard/familia/aluno');
  await guardian
    .getByRole('navigation', { name: /^Mais sobre / })
    .getByRole('link', { name: 'Tarefas' })
    .click();
  await expect(guardian.getByRole('heading', { level: 1, name: 'Tarefas e conteúdos' })).toBeVisible();
  const lesson = guardian.getByRole('main').getByRole('listitem').filter({ hasText: 'Ler o capítulo 2' });
  await expect(lesson).toContainText('Tarefa de casa');
  await expect(lesson).toContainText(conteudo);
  await screenshot(guardian, { path: `${SHOTS}/familia-tarefas-phone.png`, fullPage: true });
  await guardian.setViewportSize(DESKTOP);
  await screenshot(guardian, { path: `${SHOTS}/familia-tarefas-desktop.png`, fullPage: true });
  await guardian.setViewportSize(PHONE);
}

/** A student's id by the name (the admin's students list). */
async function studentId(api: APIRequestContext, nome: string): Promise<string> {
  const found = await dataOf<{ items: { id: string; nome: string }[] }>(
    await api.get(`/api/alunos?q=${encodeURIComponent(nome)}`),
  );
  return found.items.find((item) => item.nome === nome)!.id;
}

/**
 * The bottom edge of each control, in whole pixels. The roll's header aligns its row to the end, so
 * controls laid out on one row share it and one wrapped onto a line of its own does not.
 */
async function bottomsOf(...controls: Locator[]): Promise<number[]> {
  return Promise.all(
    controls.map(async (control) => {
      const box = await control.boundingBox();
      expect(box, 'o controle aparece na tela').not.toBeNull();
      return Math.round(box!.y + box!.height);
    }),
  );
}

test('roll call on a phone, the guardian sees the absence, the admin exempts it, public calendar', async ({
  browser,
}) => {
  // Three people and four screens in one journey: on a loaded CI machine it needs more than the
  // default minute; each step still waits at most the expect timeout.
  test.slow();
  const admin = await adminPage(browser, PHONE);
  const api = admin.page.request;
  const { data, semAula } = await rollDates(api);

  // A teacher with an account, responsible for a class of three, enrolled from the roll's date on.
  const teacherEmail = `prof.chamada.${run}@escola.test`;
  const saved = await dataOf<{ professor: { id: string }; senhaGerada?: string }>(
    await api.post('/api/professores', {
      data: {
        nome: `Professora Chamada ${run}`,
        email: teacherEmail,
        disciplinas: ['Português', 'Matemática'],
        criar_acesso: true,
      },
    }),
  );
  const teacherPassword = saved.senhaGerada ?? '';
  expect(teacherPassword).not.toBe('');
  const turma = await dataOf<{ id: string }>(
    await api.post('/api/turmas', {
      data: {
        nome: `Chamada ${run}`,
        nivel: 'Fundamental I',
        serie: '4º ano',
        turno: 'manha',
        ano_letivo: data.slice(0, 4),
        professor_responsavel_id: saved.professor.id,
      },
    }),
  );
  const names = [`Ana Chamada ${run}`, `Bruno Chamada ${run}`, `Carla Chamada ${run}`] as const;
  const guardianEmail = `mae.chamada.${run}@escola.test`;
  const guardianPassword = await enrolStudent(api, turma.id, data, names[0], guardianEmail);
  await enrolStudent(api, turma.id, data, names[1], `resp.1.${run}@escola.test`);
  await enrolStudent(api, turma.id, data, names[2], `resp.2.${run}@escola.test`);
  expect(guardianPassword).not.toBe('');

  // The teacher, on a phone: picks the class for the date, taps two absent students, saves.
  const teacherContext = await browser.newContext({ viewport: PHONE });
  const teacher = await teacherContext.newPage();
  await apiSignIn(teacher.request, teacherEmail, [teacherPassword], 'Sabia-Laranjeira-64');
  await teacher.goto('/dashboard');
  await teacher.getByRole('button', { name: 'Abrir menu' }).click();
  await teacher.getByRole('link', { name: 'Frequência' }).first().click();
  await expect(teacher.getByRole('heading', { level: 1, name: 'Frequência' })).toBeVisible();
  await teacher.getByLabel('Data da chamada').fill(data);
  await teacher.getByRole('button', { name: new RegExp(`Chamada ${run}`) }).click();
  await expect(teacher.getByRole('button', { name: `Falta de ${names[0]}`, pressed: false })).toBeVisible();
  await screenshot(teacher, { path: `${SHOTS}/frequencia-chamada-phone.png`, fullPage: true });
  await teacher.getByRole('button', { name: `Falta de ${names[0]}`, pressed: false }).click();
  await teacher.getByRole('button', { name: `Falta de ${names[2]}`, pressed: false }).click();
  await teacher.getByRole('button', { name: 'Justificar falta de Carla' }).click();
  await teacher.getByLabel(`Justificativa de ${names[2]}`).fill('Atestado médico');
  await expect(teacher.getByText('2 faltas')).toBeVisible();
  await screenshot(teacher, { path: `${SHOTS}/frequencia-faltas-phone.png` });
  // Scrolled down the list (a short screen here, a class of 40 on a phone), the totals stay in sight
  // below the portal's top bar, not behind it.
  await teacher.setViewportSize({ width: PHONE.width, height: 480 });
  await teacher.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect
    .poll(() =>
      teacher.getByText('2 faltas').evaluate((element) => {
        const box = element.getBoundingClientRect();
        const seen = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return window.scrollY > 0 && element.contains(seen);
      }),
    )
    .toBe(true);
  await screenshot(teacher, { path: `${SHOTS}/frequencia-faltas-rolada-phone.png` });
  await teacher.setViewportSize(PHONE);
  // The diário's registro de conteúdo, typed with the roll (ADR 0078): the save bar points to it.
  await teacher.getByRole('button', { name: 'Sem conteúdo registrado — escrever' }).click();
  await expect(teacher.getByLabel('Conteúdo do dia')).toBeFocused();
  await teacher.getByLabel('Conteúdo do dia').fill(`Leitura compartilhada ${run}: o sítio`);
  await teacher.getByLabel('Atividades / tarefa de casa (opcional)').fill('Ler o capítulo 2');
  await screenshot(teacher, { path: `${SHOTS}/frequencia-conteudo-phone.png` });
  await teacher.getByRole('button', { name: 'Salvar chamada' }).click();
  await expect(teacher.getByText(/Chamada de .* salva (em|às)/)).toBeVisible();

  // Reopening shows the saved roll.
  await teacher.reload();
  await expect(teacher.getByRole('button', { name: `Falta de ${names[0]}`, pressed: true })).toBeVisible();
  await expect(teacher.getByRole('button', { name: `Falta de ${names[1]}`, pressed: false })).toBeVisible();
  await expect(teacher.getByRole('button', { name: `Falta de ${names[2]}`, pressed: true })).toBeVisible();
  await expect(teacher.getByLabel(`Justificativa de ${names[2]}`)).toHaveValue('Atestado médico');
  await expect(teacher.getByLabel('Conteúdo do dia')).toHaveValue(`Leitura compartilhada ${run}: o sítio`);

  // A mark not saved yet is not dropped unasked: another date (or class, or page) asks first.
  await teacher.getByRole('button', { name: `Falta de ${names[1]}`, pressed: false }).click();
  await teacher.getByLabel('Data da chamada').fill(semAula);
  const leave = teacher.getByRole('dialog', { name: 'Sair sem salvar a chamada?' });
  await expect(leave).toContainText('ainda não foram salvas');
  await screenshot(teacher, { path: `${SHOTS}/frequencia-sair-sem-salvar-phone.png` });
  await leave.getByRole('button', { name: 'Voltar à chamada' }).click();
  await expect(leave).toHaveCount(0);
  await expect(teacher.getByLabel('Data da chamada')).toHaveValue(data);
  await expect(teacher.getByRole('button', { name: `Falta de ${names[1]}`, pressed: true })).toBeVisible();
  await teacher.getByRole('button', { name: 'Trocar turma' }).click();
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Voltar à chamada' }).click();
  await expect(teacher.getByRole('button', { name: `Falta de ${names[1]}`, pressed: true })).toBeVisible();

  // A day without lessons says why and offers no save (the unsaved mark is dropped on purpose).
  await teacher.getByLabel('Data da chamada').fill(semAula);
  await leave.getByRole('button', { name: 'Sair sem salvar' }).click();
  await expect(leave).toHaveCount(0);
  await expect(
    teacher.getByRole('status').filter({ hasText: 'Não é possível salvar esta chamada' }),
  ).toBeVisible();
  await expect(teacher.getByRole('button', { name: /Salvar/ })).toHaveCount(0);
  // Another date than today: 'Trocar turma', the date and 'Hoje' share one row at 390 px ('Hoje' had
  // wrapped onto a line of its own).
  const [trocar, dia, hoje] = await bottomsOf(
    teacher.getByRole('button', { name: 'Trocar turma' }),
    teacher.getByLabel('Data da chamada'),
    teacher.getByRole('button', { name: 'Hoje', exact: true }),
  );
  expect(dia).toBe(trocar);
  expect(hoje).toBe(trocar);
  await screenshot(teacher, { path: `${SHOTS}/frequencia-sem-aula-phone.png` });

  // Frequência → Diário de classe: the day given, with its content, in the month of the roll.
  await teacher.getByRole('tab', { name: 'Diário de classe' }).click();
  await teacher.getByLabel('Turma').selectOption({ label: `Chamada ${run}` });
  await teacher.getByLabel('Período').selectOption({ label: 'Um mês' });
  await teacher.getByLabel('Mês', { exact: true }).fill(data.slice(0, 7));
  const diary = teacher.getByRole('list', { name: 'Aulas dadas' });
  await expect(diary).toContainText(`Leitura compartilhada ${run}: o sítio`);
  await expect(diary).toContainText('Atividades / tarefa de casa: Ler o capítulo 2');
  await expect(diary).toContainText('2 faltas');
  await screenshot(teacher, { path: `${SHOTS}/frequencia-diario-phone.png`, fullPage: true });
  const pdf = teacher.waitForEvent('download');
  await teacher.getByRole('button', { name: 'Baixar diário (PDF)' }).click();
  expect((await pdf).suggestedFilename()).toMatch(/^diario-.*\.pdf$/);
  await teacherContext.close();

  // The guardian of Ana sees the absence on the child's details.
  const guardianContext = await browser.newContext({ viewport: PHONE });
  const guardian = await guardianContext.newPage();
  await apiSignIn(guardian.request, guardianEmail, [guardianPassword], 'Manjericao-Verde-21');
  await guardian.goto('/dashboard');
  await expect(guardian.getByText(/Frequência 0,0 %/)).toBeVisible();
  // The family's Frequência (issue 32 §1; the screen is h32-justif's): the staff's Alunos leads there.
  await guardian.goto('/dashboard/frequencia');
  await expect(guardian).toHaveURL(/\/dashboard\/familia\/frequencia$/);
  const child = guardian.getByRole('main');
  const dataBr = `${data.slice(8, 10)}/${data.slice(5, 7)}/${data.slice(0, 4)}`;
  await expect(child.getByRole('list', { name: 'Faltas' })).toContainText(dataBr);
  // Not justified yet, and recent: the family is offered 'Justificar' for that day.
  await expect(child.getByTestId(`falta-${data}`).getByRole('button', { name: 'Justificar' })).toBeVisible();
  await expect(child.getByTestId('frequencia-geral')).toHaveText('0,0 %');
  await expect(child.getByRole('button', { name: 'Abonar' })).toHaveCount(0);
  await screenshot(guardian, { path: `${SHOTS}/frequencia-responsavel-phone.png` });
  await familySeesHomework(guardian, data, `Leitura compartilhada ${run}: o sítio`);
  await guardianContext.close();

  // The admin exempts Ana's absence: it stops counting and the % changes.
  await admin.page.goto(`/dashboard/alunos?q=${encodeURIComponent(names[0])}`);
  await admin.page.getByRole('button', { name: `Ver detalhes de ${names[0]}` }).click();
  const details = admin.page.getByRole('dialog', { name: names[0] });
  await expect(details.getByTestId('frequencia-geral')).toHaveText('0,0 %');
  await details.getByRole('button', { name: 'Abonar' }).click();
  const excuse = admin.page.getByRole('dialog', { name: 'Abonar falta' });
  await excuse.getByRole('button', { name: 'Abonar falta' }).click();
  await expect(excuse.getByText('Explique o motivo (ao menos 5 caracteres)')).toBeVisible();
  await excuse.getByLabel('Motivo do abono').fill('Convocação da Justiça Eleitoral');
  await excuse.getByRole('button', { name: 'Abonar falta' }).click();
  await expect(excuse).toHaveCount(0);
  await expect(details.getByTestId('frequencia-geral')).toHaveText('100,0 %');
  await expect(details.getByRole('list', { name: 'Faltas' })).toContainText('Abonada (não conta)');
  // Given by mistake: undone with a reason, the absence counts again.
  await details.getByRole('button', { name: 'Desfazer abono' }).click();
  const undo = admin.page.getByRole('dialog', { name: 'Desfazer abono' });
  await undo.getByLabel('Por que desfazer o abono').fill('Abono lançado na data errada');
  await undo.getByRole('button', { name: 'Desfazer abono' }).click();
  await expect(undo).toHaveCount(0);
  await expect(details.getByTestId('frequencia-geral')).toHaveText('0,0 %');
  await expect(details.getByRole('button', { name: 'Abonar' })).toBeVisible();
  await admin.page.keyboard.press('Escape');

  // A public event added by the admin on the calendar shows on the public page.
  const titulo = `Festa Junina ${run}`;
  await admin.page.goto('/dashboard/calendario');
  await expect(admin.page.getByRole('heading', { name: 'Calendário Escolar' })).toBeVisible();
  await admin.page.getByRole('button', { name: 'Novo item' }).click();
  const form = admin.page.getByRole('dialog', { name: 'Novo item do calendário' });
  await form.getByLabel('Tipo').selectOption('festa');
  await form.getByLabel('Título').fill(titulo);
  await form.getByLabel('Início').fill(todayInSaoPaulo());
  await form.getByLabel(/^Público/).check();
  await form.getByRole('button', { name: 'Salvar' }).click();
  await expect(form).toHaveCount(0);
  await expect(admin.page.getByText(titulo).first()).toBeVisible();
  await screenshot(admin.page, { path: `${SHOTS}/calendario-admin-phone.png`, fullPage: true });
  // A recess over the day of the roll would leave it on a day without lessons: refused, naming it.
  await admin.page.getByRole('button', { name: 'Novo item' }).click();
  await form.getByLabel('Tipo').selectOption('recesso');
  await form.getByLabel('Título').fill(`Recesso ${run}`);
  await form.getByLabel('Início').fill(data);
  await form.getByRole('button', { name: 'Salvar' }).click();
  const refusal = form.getByRole('alert');
  await expect(refusal).toContainText(`deixaria de ser letivo: ${dataBr} (`);
  await expect(refusal).toContainText(`Chamada ${run}`);
  await expect(refusal).toContainText('Remover chamada');
  await screenshot(admin.page, { path: `${SHOTS}/calendario-recesso-recusado-phone.png` });
  await form.getByRole('button', { name: 'Cancelar' }).click();
  await expect(form).toHaveCount(0);
  await admin.context.close();

  const visitor = await browser.newContext({ viewport: PHONE });
  const page = await visitor.newPage();
  await page.goto('/');
  await page.getByRole('link', { name: 'Calendário Acadêmico' }).click();
  await expect(page).toHaveURL(/\/calendario$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Calendário Acadêmico' })).toBeVisible();
  // Landing there, the page opens on the current month; the whole year is one click (or address) away.
  await page.goto(`/calendario?ano=${String(new Date().getFullYear())}`);
  await expect(page.getByText(titulo)).toBeVisible();
  await expect(page.getByText('Tiradentes')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Baixar arquivo (.ics)' })).toHaveAttribute(
    'href',
    '/calendario.ics',
  );
  await screenshot(page, { path: `${SHOTS}/calendario-publico-phone.png`, fullPage: true });
  await visitor.close();
});

test('admin at a desk: the Conselho Tutelar letter, the month, the calendar and the class grade', async ({
  browser,
}) => {
  const { context, page } = await adminPage(browser, DESKTOP);
  // Carla (1 absence in 1 roll) came in earlier and missed the 25 school days before it: 26 absences,
  // past the Conselho Tutelar line — more than 7,5 % of the year's planned school days (ADR 0117; 18 in
  // a year of 250), not of the days given so far. The letter downloads, its date shows.
  const api = page.request;
  const carlaId = await studentId(api, `Carla Chamada ${run}`);
  const record = await dataOf<{ turma_id: string; data_enturmacao: string }>(
    await api.get(`/api/alunos/${carlaId}`),
  );
  const earlier = (await recentDays(api, 150)).letivos
    .filter((day) => day < record.data_enturmacao)
    .slice(-25);
  expect(earlier, '25 dias letivos antes da enturmação').toHaveLength(25);
  const moved = await api.post(`/api/turmas/${record.turma_id}/alunos`, {
    data: { aluno_id: carlaId, data_enturmacao: earlier[0] },
  });
  expect(moved.ok(), await moved.text()).toBe(true);
  for (const day of earlier) {
    const roll = await api.put(`/api/frequencia/turmas/${record.turma_id}`, {
      data: { data: day, faltas: [{ aluno_id: carlaId }] },
    });
    expect(roll.ok(), await roll.text()).toBe(true);
  }
  await page.goto('/dashboard/frequencia?aba=alertas');
  await expect(page.getByRole('heading', { name: /Alunos com frequência abaixo de 75/ })).toBeVisible();
  const council = page.getByRole('table', { name: 'Alunos para notificar ao Conselho Tutelar' });
  const carla = council.getByRole('row', { name: new RegExp(`Carla Chamada ${run}`) });
  await expect(carla).toContainText('Não emitida');
  const letter = page.waitForEvent('download');
  await carla.getByRole('button', { name: 'Emitir carta (PDF)' }).click();
  expect((await letter).suggestedFilename()).toMatch(/\.pdf$/);
  await expect(carla).toContainText(/Emitida em \d{2}\/\d{2}\/\d{4}/);
  await screenshot(page, { path: `${SHOTS}/frequencia-alertas-desktop.png`, fullPage: true });
  // One class at a time: only its students; a name opens the student's record.
  await page.getByLabel('Turma', { exact: true }).selectOption({ label: `Chamada ${run}` });
  await expect(council.getByRole('row').filter({ hasNotText: `Chamada ${run}` })).toHaveCount(1); // the header
  await council.getByRole('link', { name: `Carla Chamada ${run}` }).click();
  await expect(page).toHaveURL(/\/dashboard\/alunos\?aluno=/);
  await expect(page.getByRole('dialog')).toContainText(`Carla Chamada ${run}`);
  await page.goBack();

  await page.getByRole('tab', { name: 'Resumo do mês' }).click();
  await page.getByLabel('Turma', { exact: true }).selectOption({ label: `Chamada ${run}` });
  await expect(page.getByRole('table', { name: /Frequência de Chamada/ })).toBeVisible();
  await screenshot(page, { path: `${SHOTS}/frequencia-mes-desktop.png`, fullPage: true });
  await page.getByRole('tab', { name: 'Chamada' }).click();
  await screenshot(page, { path: `${SHOTS}/frequencia-turmas-desktop.png`, fullPage: true });

  await page.goto('/dashboard/calendario');
  await expect(page.getByRole('table', { name: 'Dias do mês' })).toBeVisible();
  await screenshot(page, { path: `${SHOTS}/calendario-admin-desktop.png`, fullPage: true });
  await page.goto('/dashboard');
  await expect(page.getByText('Frequência Média')).toBeVisible();
  await screenshot(page, { path: `${SHOTS}/dashboard-admin-desktop.png`, fullPage: true });

  // The class's grade: two subjects by the class's teacher; reopening shows them.
  await page.goto('/dashboard/turmas');
  const card = page.getByTestId('turma-card').filter({ hasText: `Chamada ${run}` });
  await card.getByRole('button', { name: 'Grade curricular' }).click();
  const grade = page.getByRole('dialog', { name: `Grade curricular — Chamada ${run}` });
  await grade.getByRole('button', { name: 'Adicionar disciplina' }).click();
  await grade.getByRole('button', { name: 'Adicionar disciplina' }).click();
  await grade
    .getByLabel('Um professor para todas as disciplinas')
    .selectOption({ label: `Professora Chamada ${run}` });
  await grade.getByLabel('Aulas/semana').first().fill('5');
  await grade.getByRole('group', { name: 'Dias da semana' }).first().getByLabel('Segunda').check();
  await grade.getByRole('group', { name: 'Dias da semana' }).first().getByLabel('Quarta').check();
  await screenshot(page, { path: `${SHOTS}/turma-grade-desktop.png` });
  await grade.getByRole('button', { name: 'Salvar grade' }).click();
  await expect(grade).toHaveCount(0);
  await card.getByRole('button', { name: 'Grade curricular' }).click();
  await expect(grade.getByLabel('Aulas/semana').first()).toHaveValue('5');
  await expect(
    grade.getByRole('group', { name: 'Dias da semana' }).first().getByLabel('Quarta'),
  ).toBeChecked();
  await context.close();

  const wide = await browser.newContext({ viewport: DESKTOP });
  const visitor = await wide.newPage();
  const answer = await visitor.goto('/calendario');
  expect(answer?.status()).toBe(200);
  await expect(visitor.getByRole('heading', { level: 1, name: 'Calendário Acadêmico' })).toBeVisible();
  await screenshot(visitor, { path: `${SHOTS}/calendario-publico-desktop.png`, fullPage: true });
  await wide.close();
});

test('per-lesson roll on a phone: the teacher picks the 2nd lesson of the subject, lesson 1 stays to take', async ({
  browser,
}) => {
  test.slow();
  const admin = await adminPage(browser, PHONE);
  const api = admin.page.request;
  const { data } = await rollDates(api);

  // A Matemática teacher with an account; a class whose roll is per lesson, two Matemática lessons on
  // every school day (Monday to Saturday, so a sábado letivo has them too) and one of Ciências.
  const teacherEmail = `prof.aulas.${run}@escola.test`;
  const saved = await dataOf<{ professor: { id: string }; senhaGerada?: string }>(
    await api.post('/api/professores', {
      data: {
        nome: `Professor Aulas ${run}`,
        email: teacherEmail,
        disciplinas: ['Matemática'],
        criar_acesso: true,
      },
    }),
  );
  const teacherPassword = saved.senhaGerada ?? '';
  expect(teacherPassword).not.toBe('');
  const className = `Por Aula ${run}`;
  const turma = await dataOf<{ id: string }>(
    await api.post('/api/turmas', {
      data: {
        nome: className,
        nivel: 'Fundamental II',
        serie: '7º ano',
        turno: 'tarde',
        ano_letivo: data.slice(0, 4),
      },
    }),
  );
  const everyDay = [1, 2, 3, 4, 5, 6];
  await dataOf(
    await api.put(`/api/turmas/${turma.id}/disciplinas`, {
      data: {
        frequencia_modo: 'por_aula',
        disciplinas: [
          {
            disciplina: 'Matemática',
            professor_id: saved.professor.id,
            aulas_semanais: 12,
            dias_semana: everyDay,
          },
          { disciplina: 'Ciências', aulas_semanais: 6, dias_semana: everyDay },
        ],
      },
    }),
  );
  const names = [`Davi Aulas ${run}`, `Elisa Aulas ${run}`] as const;
  await enrolStudent(api, turma.id, data, names[0], `resp.aulas.0.${run}@escola.test`);
  await enrolStudent(api, turma.id, data, names[1], `resp.aulas.1.${run}@escola.test`);

  // The teacher, on a phone: the class shows its two Matemática lessons to take (not Ciências).
  const teacherContext = await browser.newContext({ viewport: PHONE });
  const teacher = await teacherContext.newPage();
  await apiSignIn(teacher.request, teacherEmail, [teacherPassword], 'Jabuticaba-Madura-38');
  await teacher.goto('/dashboard/frequencia');
  await teacher.getByLabel('Data da chamada').fill(data);
  const classButton = teacher.getByRole('button', { name: new RegExp(className) });
  await expect(classButton).toContainText('2 pendentes');
  await expect(classButton).toContainText('Matemática (1ª aula) · Matemática (2ª aula)');
  await expect(classButton).not.toContainText('Ciências');
  await screenshot(teacher, { path: `${SHOTS}/frequencia-por-aula-turmas-phone.png`, fullPage: true });
  await classButton.click();

  // The first lesson still to take opens; the teacher picks the 2nd, marks Davi absent and saves.
  const lessons = teacher.getByRole('group', { name: 'Aulas do dia' });
  const first = lessons.getByRole('button', { name: /Matemática \(1ª aula\)/ });
  const second = lessons.getByRole('button', { name: /Matemática \(2ª aula\)/ });
  await expect(first).toHaveAttribute('aria-pressed', 'true');
  await second.click();
  await expect(second).toHaveAttribute('aria-pressed', 'true');
  await expect(first).toHaveAttribute('aria-pressed', 'false');
  const sheet = teacher.getByRole('region', { name: `Chamada de ${className}, Matemática (2ª aula)` });
  await sheet.getByRole('button', { name: `Falta de ${names[0]}`, pressed: false }).click();
  await expect(sheet.getByRole('button', { name: `Falta de ${names[0]}`, pressed: true })).toBeVisible();
  await screenshot(teacher, { path: `${SHOTS}/frequencia-por-aula-phone.png`, fullPage: true });
  await sheet.getByRole('button', { name: 'Salvar chamada' }).click();
  await expect(sheet.getByText(/Chamada de Matemática \(2ª aula\) de .* salva (em|às)/)).toBeVisible();
  await expect(second).toHaveAccessibleName(/feita/);
  await expect(first).toHaveAccessibleName(/pendente/);

  // Reopening from the start: the class has one lesson to take; lesson 1 opens, not taken, all present.
  await teacher.goto('/dashboard/frequencia');
  await teacher.getByLabel('Data da chamada').fill(data);
  await expect(classButton).toContainText('1 pendente');
  await classButton.click();
  await expect(first).toHaveAttribute('aria-pressed', 'true');
  await expect(first).toHaveAccessibleName(/pendente/);
  const firstSheet = teacher.getByRole('region', { name: `Chamada de ${className}, Matemática (1ª aula)` });
  await expect(
    firstSheet.getByRole('button', { name: `Falta de ${names[0]}`, pressed: false }),
  ).toBeVisible();
  await expect(firstSheet.getByRole('button', { name: 'Salvar chamada' })).toBeVisible();
  await expect(firstSheet.getByText(/salva (em|às)/)).toHaveCount(0);
  await expect(firstSheet).toContainText('Chamada de Matemática (1ª aula) ainda não feita.');

  // Lesson 2 holds the saved absence (and a reload keeps the lesson, which is in the URL).
  await second.click();
  await expect(teacher).toHaveURL(/aula=2/);
  await teacher.reload();
  await expect(second).toHaveAttribute('aria-pressed', 'true');
  await expect(second).toHaveAccessibleName(/feita/);
  await expect(sheet.getByRole('button', { name: `Falta de ${names[0]}`, pressed: true })).toBeVisible();
  await expect(sheet.getByRole('button', { name: `Falta de ${names[1]}`, pressed: false })).toBeVisible();
  await expect(sheet.getByRole('button', { name: 'Salvar de novo' })).toBeVisible();
  await screenshot(teacher, { path: `${SHOTS}/frequencia-por-aula-salva-phone.png`, fullPage: true });
  await teacher.setViewportSize(DESKTOP);
  await screenshot(teacher, { path: `${SHOTS}/frequencia-por-aula-desktop.png`, fullPage: true });
  // Closing the tab with a mark not saved: the browser asks first (dismissed: the page stays).
  await teacher.setViewportSize(PHONE);
  await sheet.getByRole('button', { name: `Falta de ${names[1]}`, pressed: false }).click();
  const beforeUnload = teacher.waitForEvent('dialog');
  await teacher.close({ runBeforeUnload: true });
  const asked = await beforeUnload;
  expect(asked.type()).toBe('beforeunload');
  await asked.dismiss();
  await expect(sheet.getByRole('button', { name: `Falta de ${names[1]}`, pressed: true })).toBeVisible();
  await teacherContext.close();

  // Through the API, as the admin: lesson 2 has Davi's absence, lesson 1 was never taken.
  const lesson2 = await dataOf<{ chamada: unknown; alunos: { nome: string; presente: boolean }[] }>(
    await api.get(
      `/api/frequencia/turmas/${turma.id}?data=${data}&disciplina=${encodeURIComponent('Matemática')}&aula=2`,
    ),
  );
  expect(lesson2.chamada).not.toBeNull();
  expect(lesson2.alunos.filter((aluno) => !aluno.presente).map((aluno) => aluno.nome)).toEqual([names[0]]);
  const lesson1 = await dataOf<{ chamada: unknown }>(
    await api.get(
      `/api/frequencia/turmas/${turma.id}?data=${data}&disciplina=${encodeURIComponent('Matemática')}&aula=1`,
    ),
  );
  expect(lesson1.chamada).toBeNull();

  // The period's avaliação and grades (ADR 0081), entered by the admin: the diary carries them.
  const diaryApi = `/api/frequencia/diario/turmas/${turma.id}`;
  const { periodos } = await dataOf<{
    periodos: { id: string; nome: string; inicio: string; fim: string }[];
  }>(await api.get(`${diaryApi}?mes=${data.slice(0, 7)}`));
  const period = periodos.find((item) => item.inicio <= data && data <= item.fim)!;
  const prova = await dataOf<{ id: string }>(
    await api.post('/api/avaliacoes', {
      data: {
        turma_id: turma.id,
        disciplina: 'Matemática',
        periodo_id: period.id,
        nome: `Prova ${run}`,
        data,
        peso: 2,
      },
    }),
  );
  await dataOf(
    await api.put('/api/notas', {
      data: {
        notas: [
          { avaliacao_id: prova.id, aluno_id: await studentId(api, names[0]), valor: 8.5, version: 0 },
          { avaliacao_id: prova.id, aluno_id: await studentId(api, names[1]), valor: 6, version: 0 },
        ],
      },
    }),
  );

  // The secretaria opens the class's diary from her menu: read-only, with the lesson and the notas.
  const secretaria = await staffPage(browser, 'Secretaria', DESKTOP);
  const desk = secretaria.page;
  await desk.goto('/dashboard');
  await desk
    .getByRole('navigation', { name: 'Menu do portal' })
    .getByRole('link', { name: 'Frequência' })
    .click();
  await expect(desk.getByRole('heading', { level: 1, name: 'Frequência' })).toBeVisible();
  await expect(desk.getByRole('tab')).toHaveCount(0);
  await expect(desk.getByLabel('Data da chamada')).toHaveCount(0);
  await desk.getByLabel('Turma').selectOption({ label: className });
  await desk.getByLabel('Disciplina').selectOption('Matemática');
  await desk.getByLabel('Período').selectOption({ label: period.nome });
  const lessonsGiven = desk.getByRole('list', { name: 'Aulas dadas' });
  await expect(lessonsGiven).toContainText('Matemática (2ª aula)');
  await expect(lessonsGiven).toContainText('Sem conteúdo registrado');
  await expect(lessonsGiven.getByRole('link', { name: 'Abrir a chamada' })).toHaveCount(0);
  const notas = desk.getByRole('table', { name: 'Notas de Matemática' });
  await expect(notas.getByRole('row', { name: new RegExp(names[0]) })).toContainText('8,5');
  await expect(notas.getByRole('row', { name: new RegExp(names[1]) })).toContainText('6,0');
  await screenshot(desk, { path: `${SHOTS}/frequencia-diario-secretaria-desktop.png`, fullPage: true });
  const printed = desk.waitForEvent('download');
  await desk.getByRole('button', { name: 'Baixar diário (PDF)' }).click();
  expect((await printed).suggestedFilename()).toMatch(/^diario-.*\.pdf$/);
  await desk.setViewportSize(PHONE);
  await expect(notas).toBeVisible();
  await screenshot(desk, { path: `${SHOTS}/frequencia-diario-secretaria-phone.png`, fullPage: true });
  await secretaria.context.close();

  // Lesson 2 was taken by mistake: the admin removes it, with a reason; it no longer counts.
  await admin.page.goto(
    `/dashboard/frequencia?data=${data}&turma=${turma.id}&disciplina=${encodeURIComponent('Matemática')}&aula=2`,
  );
  const saved2 = admin.page.getByRole('region', { name: `Chamada de ${className}, Matemática (2ª aula)` });
  await saved2.getByRole('button', { name: 'Remover chamada' }).click();
  const removal = admin.page.getByRole('dialog', { name: 'Remover chamada' });
  await expect(removal).toContainText('e a falta registrada nela?');
  await removal.getByRole('button', { name: 'Remover chamada' }).click();
  await expect(removal.getByText('Informe o motivo da remoção')).toBeVisible();
  await removal.getByLabel('Motivo da remoção').fill('Aula registrada no dia errado');
  await screenshot(admin.page, { path: `${SHOTS}/frequencia-remover-chamada-phone.png` });
  await removal.getByRole('button', { name: 'Remover chamada' }).click();
  await expect(removal).toHaveCount(0);
  await expect(saved2).toContainText('Chamada de Matemática (2ª aula) ainda não feita.');
  await expect(saved2.getByRole('button', { name: `Falta de ${names[0]}`, pressed: false })).toBeVisible();
  const gone = await dataOf<{ chamada: unknown }>(
    await api.get(
      `/api/frequencia/turmas/${turma.id}?data=${data}&disciplina=${encodeURIComponent('Matemática')}&aula=2`,
    ),
  );
  expect(gone.chamada).toBeNull();
  await admin.context.close();
});
