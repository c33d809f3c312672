import { expect, test } from '@playwright/test';
import {
  ADMIN_STATE,
  apiSignIn,
  createClass,
  createStudent,
  createTeacher,
  openSettingsTab,
  screenshot,
} from './support';

// Issue 16: a guardian messages their child's teacher, the teacher sees it in the bell and replies, the
// guardian reads the reply. The admin's Configurações → Notificações shows the delivery queue.

const run = Date.now().toString().slice(-6);
const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 800 };
const shots = 'test-results/screenshots';

test('a guardian messages the teacher and the teacher replies', async ({ browser }) => {
  // Three people sign in (argon2 on shared cores): more than the default minute.
  test.setTimeout(150_000);
  const adminContext = await browser.newContext({ storageState: ADMIN_STATE, viewport: desktop });
  const admin = await adminContext.newPage();
  const api = admin.request;
  const teacherEmail = `prof.msg.${run}@escola.test`;
  const saved = await createTeacher(api, { nome: `Professora Mensagem ${run}`, email: teacherEmail });
  const turma = await createClass(api, `Ipês ${run}`, {
    serie: '1º ano',
    professor_responsavel_id: saved.professor.id,
  });
  const aluno = `Gael Mensagem ${run}`;
  const guardianEmail = `mae.msg.${run}@escola.test`;
  const created = await createStudent(api, {
    nome: aluno,
    turmaId: turma,
    nascimento: '2019-02-02',
    matricula: `MS${run}`,
    guardian: { nome: `Mãe de Gael ${run}`, email: guardianEmail, telefone: '11955551234' },
  });

  // The guardian, on a phone, writes to the teacher.
  const guardianContext = await browser.newContext({ viewport: phone });
  const guardian = await guardianContext.newPage();
  await apiSignIn(guardian.request, guardianEmail, [created.senhaGerada ?? ''], 'Jabuticaba-Doce-44');
  await guardian.goto('/dashboard/mensagens');
  await expect(guardian.getByText('Nenhuma conversa')).toBeVisible();
  await guardian.getByRole('button', { name: 'Nova mensagem' }).click();
  const form = guardian.getByRole('dialog', { name: 'Nova mensagem' });
  await form.getByLabel('Para').selectOption('professor');
  await form.getByLabel('Professor', { exact: true }).selectOption({ label: saved.professor.nome });
  await form.getByLabel('Assunto').fill('Leitura em casa');
  await form.getByLabel('Mensagem').fill('Quais livros a turma vai ler neste mês?');
  await screenshot(guardian, { path: `${shots}/mensagens-nova-phone.png` });
  await form.getByRole('button', { name: 'Enviar' }).click();
  const thread = guardian.getByRole('dialog', { name: 'Leitura em casa' });
  await expect(thread.getByRole('list', { name: 'Mensagens' })).toContainText('Quais livros');
  // Closed: a conversation left open would read the reply as it arrives.
  await guardian.keyboard.press('Escape');
  await expect(thread).toHaveCount(0);

  // The teacher sees it in the bell and replies.
  const teacherContext = await browser.newContext({ viewport: desktop });
  const teacher = await teacherContext.newPage();
  await apiSignIn(teacher.request, teacherEmail, [saved.senhaGerada ?? ''], 'Cajueiro-Florido-83');
  await teacher.goto('/dashboard');
  await expect(teacher.getByTestId('contador-notificacoes')).toHaveText('1');
  await teacher.goto('/dashboard/mensagens');
  await expect(teacher.getByText('1 nova', { exact: true })).toBeVisible();
  await screenshot(teacher, { path: `${shots}/mensagens-professor-desktop.png` });
  await teacher.getByRole('link', { name: 'Leitura em casa' }).click();
  const reply = teacher.getByRole('dialog', { name: 'Leitura em casa' });
  await reply.getByLabel('Sua mensagem').fill('Vamos ler “O Pequeno Príncipe”.');
  await reply.getByRole('button', { name: 'Enviar' }).click();
  await expect(reply.getByRole('list', { name: 'Mensagens' })).toContainText('Pequeno Príncipe');
  await screenshot(teacher, { path: `${shots}/mensagens-conversa-desktop.png` });
  await teacherContext.close();

  // The guardian's bell rises; the reply is there.
  await expect(guardian.getByTestId('contador-notificacoes')).toHaveText('1', { timeout: 35_000 });
  await guardian.reload();
  await guardian.getByRole('link', { name: 'Leitura em casa' }).click();
  await expect(guardian.getByRole('dialog', { name: 'Leitura em casa' })).toContainText('Pequeno Príncipe');
  await screenshot(guardian, { path: `${shots}/mensagens-conversa-phone.png` });
  await guardianContext.close();

  // The admin never sees a teacher's conversation; the queue shows what was sent.
  await admin.goto('/dashboard/mensagens');
  await expect(admin.getByText('Nenhuma conversa')).toBeVisible();
  await openSettingsTab(admin, 'Notificações');
  await expect(admin.getByRole('region', { name: 'Fila de envios' })).toBeVisible();
  await screenshot(admin, { path: `${shots}/configuracoes-fila-desktop.png`, fullPage: true });
  await adminContext.close();
});
