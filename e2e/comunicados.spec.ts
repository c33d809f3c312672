import { expect, test, type APIRequestContext } from '@playwright/test';
import { adminPage, apiSignIn, createClass, createStudent, dataOf, screenshot } from './support';

// Issue 16: an admin sends a notice asking for 'ciente' to one class; a guardian of that class sees the
// bell rise without reloading, opens it and presses Ciente; the admin sees 1 confirmed and the others
// pending; a guardian of another class never sees it. A child of the class whose family has no portal
// account is named before publishing (counted) and after (in the details), so the school can tell them.

const run = Date.now().toString().slice(-6);
const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 800 };
const shots = 'test-results/screenshots';

/** A student whose guardian gets a portal account, put in the class afterwards; answers the first password. */
async function enrol(api: APIRequestContext, turmaId: string, nome: string, email: string) {
  const created = await createStudent(api, {
    nome,
    turmaId: null,
    nascimento: '2018-04-12',
    guardian: { nome: `Responsável de ${nome}`, email, parentesco: 'pai', telefone: '(11) 97654-3210' },
  });
  const enrolled = await api.post(`/api/turmas/${turmaId}/alunos`, { data: { aluno_id: created.aluno.id } });
  expect(enrolled.ok(), await enrolled.text()).toBe(true);
  return created.senhaGerada ?? '';
}

test('a notice with ciente to one class: the bell rises live, Ciente, the admin sees who is pending', async ({
  browser,
}) => {
  // Three people sign in (argon2 on shared cores) and the bell may wait for its 30 s poll.
  test.setTimeout(150_000);
  const { context: adminContext, page: admin } = await adminPage(browser, desktop);
  const api = admin.request;
  const turmaId = await createClass(api, `Girassóis ${run}`, { turno: 'tarde' });
  const outraId = await createClass(api, `Margaridas ${run}`, { turno: 'tarde' });
  const names = [`Davi Aviso ${run}`, `Eva Aviso ${run}`, `Caio Aviso ${run}`] as const;
  const emailA = `pai.aviso.${run}@escola.test`;
  const passwordA = await enrol(api, turmaId, names[0], emailA);
  await enrol(api, turmaId, names[1], `resp.aviso.1.${run}@escola.test`);
  await enrol(api, turmaId, names[2], `resp.aviso.2.${run}@escola.test`);
  const semPortal = `Bento Sem Portal ${run}`;
  await createStudent(api, {
    nome: semPortal,
    turmaId,
    nascimento: '2018-06-01',
    guardian: { nome: `Avó do Bento ${run}` },
  });
  const emailB = `mae.outra.${run}@escola.test`;
  const passwordB = await enrol(api, outraId, `Flora Outra ${run}`, emailB);

  // The guardian of the class is on the portal, on a phone, before the notice exists.
  const guardianContext = await browser.newContext({ viewport: phone });
  const guardian = await guardianContext.newPage();
  await apiSignIn(guardian.request, emailA, [passwordA], 'Bem-Te-Vi-Canta-31');
  await guardian.goto('/dashboard');
  await expect(guardian.getByRole('button', { name: 'Notificações', exact: true })).toBeVisible();
  await expect(guardian.getByTestId('contador-notificacoes')).toHaveCount(0);

  // The admin writes it.
  const titulo = `Passeio ao museu ${run}`;
  await admin.goto('/dashboard/comunicados');
  await admin.getByRole('button', { name: 'Novo comunicado' }).click();
  const form = admin.getByRole('dialog', { name: 'Novo comunicado' });
  await form.getByRole('button', { name: 'Publicar' }).click();
  await expect(form.getByText('O título deve ter ao menos 3 caracteres')).toBeVisible();
  await form.getByLabel('Título').fill(titulo);
  await form
    .getByLabel('Mensagem')
    .fill(
      'O passeio será na **sexta-feira**.\n- Levar lanche\n- Usar uniforme\n\n[Autorização](https://escola.test/autorizacao)',
    );
  await form.getByLabel('Para quem').selectOption('turmas');
  await form.getByLabel(new RegExp(`Girassóis ${run}`)).check();
  // Each class is a whole row a thumb hits: 44 px at least.
  const option = form.locator('label').filter({ hasText: `Girassóis ${run}` });
  expect((await option.boundingBox())?.height).toBeGreaterThanOrEqual(44);
  await form.getByLabel(/Exige ciente/).check();
  await screenshot(admin, { path: `${shots}/comunicados-novo-desktop.png` });
  await form.getByRole('button', { name: 'Publicar' }).click();
  // It goes out only once confirmed, saying to whom.
  const confirm = admin.getByRole('dialog', { name: 'Publicar o comunicado?' });
  await expect(confirm).toContainText(
    `“${titulo}” será enviado agora para as famílias da turma Girassóis ${run}.`,
  );
  await expect(confirm).toContainText('Recebem no portal: 3 responsáveis (de 3 alunos).');
  await expect(confirm).toContainText('Sem acesso ao portal: 1 aluno cuja família não tem acesso ao portal.');
  await screenshot(admin, { path: `${shots}/comunicados-confirmar-desktop.png` });
  await confirm.getByRole('button', { name: 'Publicar' }).click();
  await expect(form).toHaveCount(0);
  await expect(admin.getByRole('link', { name: titulo })).toBeVisible();

  // The guardian's bell rises without a reload; the notification opens the notice.
  await expect(guardian.getByTestId('contador-notificacoes')).toHaveText('1', { timeout: 35_000 });
  await guardian.getByRole('button', { name: /Notificações: 1 não lida/ }).click();
  await screenshot(guardian, { path: `${shots}/notificacoes-sino-phone.png` });
  await guardian.getByRole('button', { name: new RegExp(`Novo comunicado: ${titulo}`) }).click();
  const notice = guardian.getByRole('dialog', { name: titulo });
  await expect(notice.getByText('sexta-feira')).toBeVisible();
  await expect(notice.getByRole('link', { name: 'Autorização' })).toHaveAttribute(
    'href',
    'https://escola.test/autorizacao',
  );
  await expect(notice.getByText(`Sobre: ${names[0]}`)).toBeVisible();
  await screenshot(guardian, { path: `${shots}/comunicado-aberto-phone.png` });
  await notice.getByRole('button', { name: 'Ciente' }).click();
  await expect(notice.getByText(/Ciente confirmado em/)).toBeVisible();
  await expect(guardian.getByTestId('contador-notificacoes')).toHaveCount(0);
  await guardian.keyboard.press('Escape');
  await expect(guardian.getByRole('link', { name: titulo })).toBeVisible();
  await screenshot(guardian, { path: `${shots}/comunicados-responsavel-phone.png`, fullPage: true });
  await guardianContext.close();

  // The admin: 3 received, 1 confirmed; the two others are pending.
  await admin.reload();
  await admin.getByRole('link', { name: titulo }).click();
  const sent = admin.getByRole('dialog', { name: titulo });
  await expect(sent.getByTestId('contagem-recebidos')).toHaveText('3');
  await expect(sent.getByTestId('contagem-cientes')).toHaveText('1');
  const pending = sent.getByRole('list', { name: 'Destinatários' });
  await expect(pending.getByRole('listitem')).toHaveCount(2);
  await expect(pending).toContainText(names[1]);
  await expect(pending).toContainText(names[2]);
  await expect(pending).not.toContainText(names[0]);
  const notReached = sent.getByRole('region', { name: /Sem acesso ao portal \(não receberam\)/ });
  await expect(notReached.getByRole('listitem')).toHaveText([
    // With the phone to call her on.
    `${semPortal} (Girassóis ${run}) — responsável: Avó do Bento ${run} ((11) 98765-0000)`,
  ]);
  await screenshot(admin, { path: `${shots}/comunicado-leituras-desktop.png` });
  await sent.getByRole('button', { name: 'Reenviar lembrete' }).click();
  await admin
    .getByRole('dialog', { name: 'Reenviar lembrete' })
    .getByRole('button', { name: 'Reenviar lembrete' })
    .click();
  await expect(admin.getByText('Lembrete enviado a 2 famílias.')).toBeVisible();
  await admin.setViewportSize(phone);
  await screenshot(admin, { path: `${shots}/comunicado-leituras-phone.png` });
  await adminContext.close();

  // A guardian of another class never sees it, not even by its address.
  const otherContext = await browser.newContext({ viewport: desktop });
  const other = await otherContext.newPage();
  await apiSignIn(other.request, emailB, [passwordB], 'Sabia-Cantou-Cedo-52');
  await other.goto('/dashboard/comunicados');
  await expect(other.getByText('Nenhum comunicado por enquanto')).toBeVisible();
  await expect(other.getByTestId('contador-notificacoes')).toHaveCount(0);
  const list = await dataOf<{ items: { titulo: string }[] }>(await other.request.get('/api/comunicados'));
  expect(list.items.map((item) => item.titulo)).not.toContain(titulo);
  await screenshot(other, { path: `${shots}/comunicados-vazio-desktop.png` });
  await otherContext.close();
});

// Issue 29, item 4: a family confirms 'o passeio custa R$ 20'; the school changes it to R$ 350 and an image
// authorisation. The family's ciente stays on version 1, which they can read again; the notice asks for a
// new ciente on version 2; the school sees who confirmed which version.
test('a notice changed after a ciente: the family sees the version they confirmed and confirms the new one', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const { context: adminContext, page: admin } = await adminPage(browser, desktop);
  const api = admin.request;
  const turmaId = await createClass(api, `Bem-te-vis ${run}`, { turno: 'manha' });
  const child = `Lia Versao ${run}`;
  const email = `mae.versao.${run}@escola.test`;
  const password = await enrol(api, turmaId, child, email);
  const titulo = `Passeio ao zoológico ${run}`;
  const created = await dataOf<{ id: string }>(
    await api.post('/api/comunicados', {
      data: {
        titulo,
        corpo: 'O passeio custa **R$ 20**.',
        publico: { tipo: 'turmas', turmas: [turmaId] },
        exige_ciente: true,
      },
    }),
  );

  // The family confirms version 1 on a phone.
  const familyContext = await browser.newContext({ viewport: phone });
  const family = await familyContext.newPage();
  await apiSignIn(family.request, email, [password], 'Tucano-Voa-Alto-48');
  await family.goto(`/dashboard/comunicados?id=${created.id}`);
  const first = family.getByRole('dialog', { name: titulo });
  await expect(first.getByText('R$ 20')).toBeVisible();
  await first.getByRole('button', { name: 'Ciente' }).click();
  await expect(first.getByText(/Ciente confirmado em/)).toBeVisible();
  await family.keyboard.press('Escape');

  // The school changes the text: the form says a new version will be made.
  await admin.goto(`/dashboard/comunicados?id=${created.id}`);
  const sent = admin.getByRole('dialog', { name: titulo });
  await expect(sent.getByTestId('contagem-cientes')).toHaveText('1');
  await sent.getByRole('button', { name: 'Editar' }).click();
  const form = admin.getByRole('dialog', { name: 'Editar comunicado' });
  await expect(form.getByRole('note')).toContainText('versão 2');
  await form.getByLabel('Mensagem').fill('O passeio custa **R$ 350** e a família autoriza o uso de imagem.');
  await screenshot(admin, { path: `${shots}/comunicado-editar-com-ciente-desktop.png` });
  await form.getByRole('button', { name: 'Salvar' }).click();
  await expect(form).toHaveCount(0);

  // The family: the list says it changed; the notice shows the version they confirmed and asks again.
  await family.goto('/dashboard/comunicados');
  const row = family.getByTestId(`comunicado-${created.id}`);
  await expect(row.getByText('Alterado: novo ciente')).toBeVisible();
  await screenshot(family, { path: `${shots}/comunicados-alterado-phone.png`, fullPage: true });
  await row.getByRole('link', { name: titulo }).click();
  const changed = family.getByRole('dialog', { name: titulo });
  await expect(changed.getByText('R$ 350')).toBeVisible();
  await expect(changed.getByText(/Este comunicado foi alterado depois do seu ciente/)).toBeVisible();
  await changed.getByRole('button', { name: 'Ver a versão 1, que você confirmou' }).click();
  await expect(changed.getByText('R$ 20')).toBeVisible();
  await screenshot(family, {
    path: `${shots}/comunicado-alterado-versao-anterior-phone.png`,
    fullPage: true,
  });
  await changed.getByRole('button', { name: 'Ciente da versão 2' }).click();
  await expect(changed.getByText(/Ciente confirmado em .* \(versão 2\)/)).toBeVisible();
  await familyContext.close();

  // The school: who confirmed which version, and both texts kept.
  await admin.goto(`/dashboard/comunicados?id=${created.id}`);
  const reads = admin.getByRole('dialog', { name: titulo });
  // The reads arrive after the notice and may push the filter down: clicked once they are on screen.
  await expect(reads.getByText('Ninguém pendente.')).toBeVisible();
  await reads.getByRole('button', { name: 'Todos' }).click();
  await expect(reads.getByRole('list', { name: 'Destinatários' })).toContainText('Ciente (versão 2)');
  const versions = reads.getByRole('region', { name: 'Versões' });
  await expect(versions.getByRole('button', { name: /Versão 1/ })).toContainText('1 ciente');
  await versions.getByRole('button', { name: /Versão 1/ }).click();
  await expect(versions.getByText('R$ 20')).toBeVisible();
  await screenshot(admin, { path: `${shots}/comunicado-versoes-desktop.png`, fullPage: true });
  await admin.setViewportSize(phone);
  await screenshot(admin, { path: `${shots}/comunicado-versoes-phone.png`, fullPage: true });
  await adminContext.close();
});
