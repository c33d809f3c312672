import { expect, test } from '@playwright/test';
import { DESKTOP, PHONE, SHOTS, teacherClassWithFamily } from './journey';
import { adminPage, apiSignIn, openSettingsTab, screenshot } from './support';

// Issue 32 §2: the school starts the conversation. The teacher writes to the guardians of a student of
// their class ('Nova conversa': class → student → guardians); the mother, on her phone, reads it — told
// the coordination follows it — and answers; the teacher reads her answer.

const run = Date.now().toString().slice(-6);

test('the teacher writes to a mother, who answers on her phone', async ({ browser }) => {
  // Three people sign in (argon2 on shared cores): more than the default minute.
  test.setTimeout(150_000);
  const { context: adminContext, page: admin } = await adminPage(browser, DESKTOP);
  const api = admin.request;
  const aluno = `Lia Conversa ${run}`;
  const people = await teacherClassWithFamily(api, {
    teacher: `Professora Conversa ${run}`,
    turma: `Jacarandás ${run}`,
    aluno,
    guardian: `Mãe de Lia ${run}`,
    matricula: `CE${run}`,
    tag: `conv.${run}`,
  });

  // The school follows the teachers' conversations (Configurações → Notificações).
  await openSettingsTab(admin, 'Notificações');
  const rules = admin.getByRole('region', { name: 'Mensagens com as famílias' });
  await rules.getByLabel('A coordenação acompanha as conversas dos professores').click();
  await rules.getByRole('button', { name: 'Salvar regras' }).click();
  await expect(admin.getByText('Regras das mensagens salvas.')).toBeVisible();
  await rules.scrollIntoViewIfNeeded();
  await screenshot(admin, { path: `${SHOTS}/conversa-escola-regras-desktop.png` });

  // The teacher starts the conversation.
  const teacherContext = await browser.newContext({ viewport: DESKTOP });
  const teacher = await teacherContext.newPage();
  await apiSignIn(teacher.request, people.teacher.email, [people.teacher.password], 'Cajueiro-Florido-83');
  await teacher.goto('/dashboard/mensagens');
  await teacher.getByRole('button', { name: 'Nova conversa' }).click();
  const form = teacher.getByRole('dialog', { name: 'Nova conversa' });
  await form.getByLabel('Turma').selectOption({ label: `Jacarandás ${run}` });
  await form.getByRole('combobox', { name: /^Aluno/ }).selectOption({ label: aluno });
  await expect(form.getByLabel(/Mãe de Lia/)).toBeChecked();
  await form.getByLabel('Assunto').fill('Adaptação da Lia');
  await form.getByLabel('Mensagem').fill('A Lia se adaptou muito bem à turma. Como ela está em casa?');
  await screenshot(teacher, { path: `${SHOTS}/conversa-escola-nova-desktop.png` });
  await form.getByRole('button', { name: 'Enviar' }).click();
  const sent = teacher.getByRole('dialog', { name: 'Adaptação da Lia' });
  await expect(sent.getByRole('list', { name: 'Mensagens' })).toContainText('adaptou muito bem');
  await teacher.keyboard.press('Escape');

  // The mother, on her phone, reads it and answers.
  const guardianContext = await browser.newContext({ viewport: PHONE });
  const guardian = await guardianContext.newPage();
  await apiSignIn(guardian.request, people.guardian.email, [people.guardian.password], 'Jabuticaba-Doce-44');
  await guardian.goto('/dashboard/mensagens');
  await expect(guardian.getByText('1 nova', { exact: true })).toBeVisible();
  await guardian.getByRole('link', { name: /Adaptação da Lia/ }).click();
  const thread = guardian.getByRole('dialog', { name: 'Adaptação da Lia' });
  await expect(thread).toContainText('adaptou muito bem');
  await expect(thread).toContainText('A coordenação pedagógica da escola acompanha');
  await thread.getByLabel('Sua mensagem').fill('Que bom! Em casa ela fala da turma o tempo todo.');
  await thread.getByRole('button', { name: 'Enviar' }).click();
  await expect(thread.getByRole('list', { name: 'Mensagens' })).toContainText('fala da turma');
  await screenshot(guardian, { path: `${SHOTS}/conversa-escola-resposta-phone.png` });
  await guardianContext.close();

  // The teacher reads the answer.
  await teacher.reload();
  await expect(teacher.getByText('1 nova', { exact: true })).toBeVisible();
  await teacher.getByRole('link', { name: /Adaptação da Lia/ }).click();
  await expect(teacher.getByRole('dialog', { name: 'Adaptação da Lia' })).toContainText('fala da turma');
  await screenshot(teacher, { path: `${SHOTS}/conversa-escola-professor-desktop.png` });
  await teacherContext.close();

  // The coordination (here the direção) follows it, read only.
  await admin.goto('/dashboard/mensagens');
  const followed = admin.getByRole('region', { name: /Acompanhamento/ });
  await followed.getByRole('link', { name: 'Adaptação da Lia' }).click();
  await expect(admin.getByRole('dialog', { name: 'Adaptação da Lia' })).toContainText('somente leitura');
  await screenshot(admin, { path: `${SHOTS}/conversa-escola-acompanhamento-desktop.png` });
  await adminContext.close();
});
