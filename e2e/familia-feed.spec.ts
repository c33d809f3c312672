import { expect, test } from '@playwright/test';
import { ADMIN_STATE, apiSignIn, createClass, createStudent, dataOf, screenshot } from './support';

// Issue 32 §1: a mother of two children opens the portal on her phone and lands on the family's feed —
// the notice awaiting her 'ciente' under 'Para fazer', the school's news under 'Novidades' — loads more,
// and switches to one child.

const run = Date.now().toString().slice(-6);
const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 800 };
const shots = 'test-results/screenshots';

test("a mother of two opens the feed: the notice awaiting ciente first, 'Carregar mais', one child", async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const adminContext = await browser.newContext({ storageState: ADMIN_STATE, viewport: desktop });
  const api = (await adminContext.newPage()).request;
  const turmaBia = await createClass(api, `Beija-flores ${run}`, { turno: 'manha' });
  const turmaCaio = await createClass(api, `Sabiás ${run}`, { turno: 'tarde' });
  const email = `mae.feed.${run}@escola.test`;
  const bia = await createStudent(api, {
    nome: `Bia Feed ${run}`,
    turmaId: turmaBia,
    guardian: { nome: `Marina Feed ${run}`, email },
  });
  const caio = await createStudent(api, {
    nome: `Caio Feed ${run}`,
    turmaId: turmaCaio,
    guardian: { nome: `Avó do Caio ${run}` },
  });
  const { responsavel_id } = await dataOf<{ responsavel_id: string }>(
    await api.get(`/api/alunos/${bia.aluno.id}`),
  );
  const linked = await api.post(`/api/alunos/${caio.aluno.id}/responsaveis`, {
    data: { responsavel_id, eh_principal: true, parentesco: 'mae' },
  });
  expect(linked.status(), await linked.text()).toBe(200);

  const publish = async (turmaId: string, titulo: string, exigeCiente: boolean) =>
    dataOf(
      await api.post('/api/comunicados', {
        data: {
          titulo,
          corpo: `${titulo}: leia com atenção.`,
          publico: { tipo: 'turmas', turmas: [turmaId] },
          exige_ciente: exigeCiente,
        },
      }),
    );
  const ciente = `Autorização do passeio ${run}`;
  await publish(turmaBia, ciente, true);
  // More than a page of news for Caio's class.
  for (let index = 1; index <= 21; index++)
    await publish(turmaCaio, `Recado ${String(index).padStart(2, '0')} dos Sabiás ${run}`, false);

  const context = await browser.newContext({ viewport: phone });
  const page = await context.newPage();
  await apiSignIn(page.request, email, [bia.senhaGerada ?? ''], 'Sabia-Laranjeira-32');
  await page.goto('/dashboard');

  // What to do first: the notice awaiting her ciente, about Bia.
  const todo = page.getByRole('region', { name: /Para fazer/ });
  const notice = todo.getByRole('link', { name: new RegExp(ciente) });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('Dar ciente');
  await expect(notice).toContainText('Bia');
  await screenshot(page, { path: `${shots}/familia-feed-phone.png` });
  const news = page.getByRole('region', { name: /Novidades/ });
  await expect(news.getByRole('link', { name: new RegExp(`Recado 21 dos Sabiás ${run}`) })).toBeVisible();
  await expect(news.getByRole('link', { name: new RegExp(`Recado 01 dos Sabiás ${run}`) })).toHaveCount(0);

  // The next page, then no more.
  await page.getByRole('button', { name: 'Carregar mais' }).click();
  await expect(news.getByRole('link', { name: new RegExp(`Recado 01 dos Sabiás ${run}`) })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Carregar mais' })).toHaveCount(0);

  // Only Caio: his class's news, not Bia's notice.
  const switcher = page.getByRole('group', { name: 'Escolher filho ou filha' });
  await switcher.getByRole('button', { name: /Caio/ }).click();
  await expect(switcher.getByRole('button', { name: /Caio/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL(new RegExp(`aluno=${caio.aluno.id}`));
  await expect(page.getByRole('link', { name: new RegExp(ciente) })).toHaveCount(0);
  await expect(news.getByRole('link', { name: new RegExp(`Recado 21 dos Sabiás ${run}`) })).toBeVisible();
  await screenshot(page, { path: `${shots}/familia-feed-filho-phone.png` });

  // Opening the notice from the feed.
  await switcher.getByRole('button', { name: 'Todos' }).click();
  await page.getByRole('link', { name: new RegExp(ciente) }).click();
  await expect(page.getByRole('dialog', { name: ciente })).toBeVisible();

  const wide = await browser.newContext({ viewport: desktop, storageState: await context.storageState() });
  const desk = await wide.newPage();
  await desk.goto('/dashboard');
  await expect(desk.getByRole('region', { name: /Para fazer/ })).toBeVisible();
  await screenshot(desk, { path: `${shots}/familia-feed-desktop.png`, fullPage: true });
  await Promise.all([wide.close(), context.close(), adminContext.close()]);
});
