import sharp from 'sharp';
import { expect, test } from '@playwright/test';
import { addDays } from '../src/shared/calendar';
import { DESKTOP, lastSchoolDay, PHONE, SHOTS } from './journey';
import {
  ADMIN_STATE,
  apiSignIn,
  createClass,
  createStudent,
  dataOf,
  screenshot,
  todayInSaoPaulo,
} from './support';

// Issue 32, the integrated journey ("Done when"): a mother of two children — the younger in Educação
// Infantil (a class with an agenda), the older in Fundamental — opens the app on her phone, sees the
// notice to acknowledge first under 'Para fazer', acknowledges it, justifies yesterday's absence of the
// older one with a photo from the feed, reads today's agenda of the younger one, and answers the message
// the younger one's teacher started. Everything here is its own (`run`).

const run = Date.now().toString().slice(-6);

const ddmm = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}`;

test('a mother of two on her phone: ciente first, justifies an absence with a photo, reads the agenda, answers the teacher', async ({
  browser,
}) => {
  // Three people sign in (argon2 on shared cores) and many screens are opened.
  test.setTimeout(240_000);
  const adminContext = await browser.newContext({ storageState: ADMIN_STATE, viewport: DESKTOP });
  const api = (await adminContext.newPage()).request;
  const ontem = await lastSchoolDay(api, addDays(todayInSaoPaulo(), -1));
  const ano = ontem.slice(0, 4);

  // The younger child's teacher, with access.
  const teacherEmail = `prof.mae.${run}@escola.test`;
  const teacher = await dataOf<{ professor: { id: string }; senhaGerada?: string }>(
    await api.post('/api/professores', {
      data: {
        nome: `Professora Ciranda ${run}`,
        email: teacherEmail,
        disciplinas: ['Português'],
        criar_acesso: true,
      },
    }),
  );
  const turmaPequena = await dataOf<{ id: string }>(
    await api.post('/api/turmas', {
      data: {
        nome: `Pré Ciranda ${run}`,
        nivel: 'Educação Infantil',
        serie: 'Pré II',
        turno: 'manha',
        ano_letivo: ano,
        professor_responsavel_id: teacher.professor.id,
      },
    }),
  );
  const turmaGrande = await createClass(api, `Quarto Ano ${run}`, {
    serie: '4º ano',
    turno: 'tarde',
    ano_letivo: ano,
  });

  // The mother and her two children, each enrolled since before 'yesterday'.
  const email = `mae.app.${run}@escola.test`;
  const nina = await createStudent(api, {
    nome: `Nina Ciranda ${run}`,
    nascimento: `${Number(ano) - 5}-02-10`,
    turmaId: turmaPequena.id,
    dataMatricula: ontem,
    guardian: { nome: `Helena Mãe ${run}`, email },
  });
  const theo = await createStudent(api, {
    nome: `Théo Ciranda ${run}`,
    nascimento: `${Number(ano) - 9}-06-20`,
    turmaId: turmaGrande,
    dataMatricula: ontem,
    guardian: { nome: `Avô do Théo ${run}` },
  });
  const { responsavel_id } = await dataOf<{ responsavel_id: string }>(
    await api.get(`/api/alunos/${nina.aluno.id}`),
  );
  const linked = await api.post(`/api/alunos/${theo.aluno.id}/responsaveis`, {
    data: { responsavel_id, eh_principal: true, parentesco: 'mae' },
  });
  expect(linked.status(), await linked.text()).toBe(200);

  // A notice to the families of both classes that asks for the ciente.
  const aviso = `Reunião de pais ${run}`;
  const published = await api.post('/api/comunicados', {
    data: {
      titulo: aviso,
      corpo: 'Reunião de pais na sexta-feira, às 18h, no pátio. Confirme que recebeu.',
      publico: { tipo: 'turmas', turmas: [turmaPequena.id, turmaGrande] },
      exige_ciente: true,
    },
  });
  expect(published.status(), await published.text()).toBe(201);

  // Yesterday's roll of the older child's class: he was absent.
  const roll = await api.put(`/api/frequencia/turmas/${turmaGrande}`, {
    data: { data: ontem, faltas: [{ aluno_id: theo.aluno.id }] },
  });
  expect(roll.ok(), await roll.text()).toBe(true);

  // The teacher fills today's agenda and writes to the mother about the younger child.
  const teacherContext = await browser.newContext({ viewport: DESKTOP });
  const teacherApi = (await teacherContext.newPage()).request;
  await apiSignIn(teacherApi, teacherEmail, [teacher.senhaGerada ?? ''], 'Cajueiro-Florido-91');
  const hoje = todayInSaoPaulo();
  const agenda = await teacherApi.put(`/api/agenda/turmas/${turmaPequena.id}/${hoje}`, {
    data: {
      itens: {
        refeicoes: [
          { refeicao: 'Lanche da manhã', avaliacao: 'comeu_bem' },
          { refeicao: 'Almoço', avaliacao: 'comeu_pouco' },
        ],
        sono: [{ inicio: '12:30', fim: '13:45' }],
        evacuacao: 'normal',
        humor: 'alegre',
        recados: 'Hoje pintamos com guache e cantamos a Ciranda.',
        precisa_trazer: [],
      },
    },
  });
  expect(agenda.ok(), await agenda.text()).toBe(true);
  const assunto = `Adaptação da Nina ${run}`;
  const started = await teacherApi.post('/api/mensagens', {
    data: {
      aluno_id: nina.aluno.id,
      assunto,
      texto: 'A Nina adorou a pintura de hoje. Ela pode trazer um avental na segunda?',
    },
  });
  expect(started.status(), await started.text()).toBe(201);

  // The mother, on her phone.
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  await apiSignIn(page.request, email, [nina.senhaGerada ?? ''], 'Jabuticaba-Ciranda-32');
  await page.goto('/dashboard');

  // First under 'Para fazer': the notice awaiting her ciente; then the absence and the message.
  const todo = page.getByRole('region', { name: /Para fazer/ });
  const notice = todo.getByRole('link', { name: new RegExp(aviso) });
  await expect(notice).toBeVisible();
  await expect(todo.getByRole('link').first()).toContainText(aviso);
  await expect(notice).toContainText('Dar ciente');
  const falta = todo.getByRole('link', { name: new RegExp(`Falta em ${ddmm(ontem)} — Justificar`) });
  await expect(falta).toContainText('Théo');
  await expect(todo.getByRole('link', { name: new RegExp(assunto) })).toBeVisible();
  await screenshot(page, { path: `${SHOTS}/familia-mae-feed-phone.png` });

  // The notice: Ciente; back on the feed it left 'Para fazer'.
  await notice.click();
  const dialog = page.getByRole('dialog', { name: aviso });
  await expect(dialog).toContainText('Reunião de pais na sexta-feira');
  await screenshot(page, { path: `${SHOTS}/familia-mae-comunicado-phone.png` });
  await dialog.getByRole('button', { name: 'Ciente' }).click();
  await expect(dialog.getByText(/Ciente confirmado em/)).toBeVisible();
  await page.goto('/dashboard');
  await expect(falta).toBeVisible();
  await expect(todo.getByRole('link', { name: new RegExp(aviso) })).toHaveCount(0);
  await expect(
    page.getByRole('region', { name: /Novidades/ }).getByRole('link', { name: new RegExp(aviso) }),
  ).toBeVisible();

  // Yesterday's absence, from the feed's 'Justificar': the justification with a photo of the atestado.
  await falta.click();
  const justify = page.getByRole('dialog', { name: 'Justificar falta' });
  await justify.getByLabel(/Motivo da falta/).fill('Consulta com o pediatra; atestado em anexo');
  const photo = await sharp({ create: { width: 480, height: 640, channels: 3, background: '#f4f1ea' } })
    .jpeg()
    .toBuffer();
  await page.getByTestId('atestado-arquivo').setInputFiles({
    name: 'atestado.jpg',
    mimeType: 'image/jpeg',
    buffer: photo,
  });
  await expect(justify.getByText('atestado.jpg')).toBeVisible();
  await screenshot(page, { path: `${SHOTS}/familia-mae-justificativa-phone.png` });
  await justify.getByRole('button', { name: 'Enviar justificativa' }).click();
  await expect(justify).toHaveCount(0);
  const day = page.getByTestId(`falta-${ontem}`);
  await expect(day.getByText('Enviada — aguardando a escola')).toBeVisible();
  await screenshot(page, { path: `${SHOTS}/familia-mae-justificativa-enviada-phone.png`, fullPage: true });

  // Back on the feed: the absence is no longer something to do; today's agenda of the younger child.
  await page.goto('/dashboard');
  await expect(todo.getByRole('link', { name: /Justificar/ })).toHaveCount(0);
  await page.getByRole('link', { name: /Agenda de hoje: Nina/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Agenda de Nina Ciranda ${run}` })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Dia' }).getByText('Hoje', { exact: true }),
  ).toBeVisible();
  await expect(page.getByText('Comeu pouco')).toBeVisible();
  await expect(page.getByText('Das 12:30 às 13:45')).toBeVisible();
  await expect(page.getByText('Hoje pintamos com guache e cantamos a Ciranda.')).toBeVisible();
  await screenshot(page, { path: `${SHOTS}/familia-mae-agenda-phone.png`, fullPage: true });

  // The teacher's message, from the feed: she answers.
  await page.goto('/dashboard');
  await todo.getByRole('link', { name: new RegExp(assunto) }).click();
  const thread = page.getByRole('dialog', { name: assunto });
  await expect(thread).toContainText('adorou a pintura');
  await thread.getByLabel('Sua mensagem').fill('Que bom! Mando o avental na segunda, sim.');
  await thread.getByRole('button', { name: 'Enviar' }).click();
  await expect(thread.getByRole('list', { name: 'Mensagens' })).toContainText('Mando o avental');
  await screenshot(page, { path: `${SHOTS}/familia-mae-conversa-phone.png` });

  // The teacher has her answer; the notice, the absence and the message left the mother's 'Para fazer'.
  const conversas = await dataOf<{ items: { assunto: string }[]; nao_lidas: number }>(
    await teacherApi.get('/api/mensagens'),
  );
  expect(conversas.items.map((one) => one.assunto)).toContain(assunto);
  expect(conversas.nao_lidas).toBe(1);
  await page.goto('/dashboard');
  await expect(page.getByRole('region', { name: /Novidades/ })).toBeVisible();
  // What is left to do are the children's consents (image, SMS, outings), none of the three done here.
  // Both arrive with the same date (the purposes' own), so the feed may list either child first.
  await expect(todo.getByRole('link')).toHaveCount(2);
  await expect(todo.getByRole('link', { name: /Autorizações de Nina/ })).toBeVisible();
  await expect(todo.getByRole('link', { name: /Autorizações de Théo/ })).toBeVisible();
  await screenshot(page, { path: `${SHOTS}/familia-mae-feed-em-dia-phone.png` });
  await Promise.all([context.close(), teacherContext.close(), adminContext.close()]);
});
