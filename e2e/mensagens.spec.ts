import { expect, test } from '@playwright/test';
import { DESKTOP, PHONE, SHOTS, teacherClassWithFamily } from './journey';
import { adminPage, apiSignIn, openSettingsTab, screenshot } from './support';

// Issue 16: a guardian messages their child's teacher, the teacher sees it in the bell and replies, the
// guardian reads the reply. The admin's Configurações → Notificações shows the delivery queue.

const run = Date.now().toString().slice(-6);

test('a guardian messages the teacher and the teacher replies', async ({ browser }) => {
  // Three people sign in (argon2 on shared cores): more than the default minute.
  test.setTimeout(150_000);
  const { context: adminContext, page: admin } = await adminPage(browser, DESKTOP);
  const api = admin.request;
  const people = await teacherClassWithFamily(api, {
    teacher: `Professora Mensagem ${run}`,
    turma: `Ipês ${run}`,
    aluno: `Gael Mensagem ${run}`,
    guardian: `Mãe de Gael ${run}`,
    matricula: `MS${run}`,
    tag: `msg.${run}`,
  });

  // The guardian, on a phone, writes to the teacher.
  const guardianContext = await browser.newContext({ viewport: PHONE });
  const guardian = await guardianContext.newPage();
  await apiSignIn(guardian.request, people.guardian.email, [people.guardian.password], 'Jabuticaba-Doce-44');
  await guardian.goto('/dashboard/mensagens');
  await expect(guardian.getByText('Nenhuma conversa')).toBeVisible();
  await guardian.getByRole('button', { name: 'Nova mensagem' }).click();
  const form = guardian.getByRole('dialog', { name: 'Nova mensagem' });
  await form.getByLabel('Para').selectOption('professor');
  await form.getByLabel('Professor', { exact: true }).selectOption({ label: people.teacher.nome });
  await form.getByLabel('Assunto').fill('Leitura em casa');
  await form.getByLabel('Mensagem').fill('Quais livros a turma vai ler neste mês?');
  await screenshot(guardian, { path: `${SHOTS}/mensagens-nova-phone.png` });
  await form.getByRole('button', { name: 'Enviar' }).click();
  const thread = guardian.getByRole('dialog', { name: 'Leitura em casa' });
  await expect(thread.getByRole('list', { name: 'Mensagens' })).toContainText('Quais livros');
  // Closed: a conversation left open would read the reply as it arrives.
  await guardian.keyboard.press('Escape');
  await expect(thread).toHaveCount(0);

  // The teacher sees it in the bell and replies.
  const teacherContext = await browser.newContext({ viewport: DESKTOP });
  const teacher = await teacherContext.newPage();
  await apiSignIn(teacher.request, people.teacher.email, [people.teacher.password], 'Cajueiro-Florido-83');
  await teacher.goto('/dashboard');
  await expect(teacher.getByTestId('contador-notificacoes')).toHaveText('1');
  await teacher.goto('/dashboard/mensagens');
  await expect(teacher.getByText('1 nova', { exact: true })).toBeVisible();
  await screenshot(teacher, { path: `${SHOTS}/mensagens-professor-desktop.png` });
  await teacher.getByRole('link', { name: 'Leitura em casa' }).click();
  const reply = teacher.getByRole('dialog', { name: 'Leitura em casa' });
  await reply.getByLabel('Sua mensagem').fill('Vamos ler “O Pequeno Príncipe”.');
  await reply.getByRole('button', { name: 'Enviar' }).click();
  await expect(reply.getByRole('list', { name: 'Mensagens' })).toContainText('Pequeno Príncipe');
  await screenshot(teacher, { path: `${SHOTS}/mensagens-conversa-desktop.png` });
  await teacherContext.close();

  // The guardian's bell rises; the reply is there.
  await expect(guardian.getByTestId('contador-notificacoes')).toHaveText('1', { timeout: 35_000 });
  await guardian.reload();
  await guardian.getByRole('link', { name: 'Leitura em casa' }).click();
  await expect(guardian.getByRole('dialog', { name: 'Leitura em casa' })).toContainText('Pequeno Príncipe');
  await screenshot(guardian, { path: `${SHOTS}/mensagens-conversa-phone.png` });
  await guardianContext.close();

  // The admin never sees a teacher's conversation; the queue shows what was sent.
  await admin.goto('/dashboard/mensagens');
  await expect(admin.getByText('Nenhuma conversa')).toBeVisible();
  await openSettingsTab(admin, 'Notificações');
  await expect(admin.getByRole('region', { name: 'Fila de envios' })).toBeVisible();
  await screenshot(admin, { path: `${SHOTS}/configuracoes-fila-desktop.png`, fullPage: true });
  await adminContext.close();
});
