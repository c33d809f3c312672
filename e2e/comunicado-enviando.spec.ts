import { expect, test } from '@playwright/test';
import { adminPage, createClass, createStudent, screenshot } from './support';

// Issue 38 (ADR 0061): right after publishing, the families' bells and e-mails are still being written
// by a job. The author's 'Leituras' says so ('Enviando os avisos às famílias…') and asks again until the
// job is done. The job is too quick to be caught in a small school, so the first answer of 'leituras' is
// held as the server gives it during a large fan-out (`enviando: true`); the next ones come through.

const run = Date.now().toString().slice(-6);
const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 800 };
const shots = 'test-results/screenshots';

test('the author sees “enviando…” while the fan-out runs, then the reads as usual', async ({ browser }) => {
  test.setTimeout(120_000);
  const { context, page: admin } = await adminPage(browser, desktop);
  const api = admin.request;
  const turmaId = await createClass(api, `Ipês ${run}`, { turno: 'manha' });
  const created = await createStudent(api, {
    nome: `Lia Envio ${run}`,
    turmaId: null,
    nascimento: '2018-03-10',
    guardian: {
      nome: `Mãe de Lia ${run}`,
      email: `mae.envio.${run}@escola.test`,
      parentesco: 'mae',
      telefone: '(11) 97654-3211',
    },
  });
  const enrolled = await api.post(`/api/turmas/${turmaId}/alunos`, { data: { aluno_id: created.aluno.id } });
  expect(enrolled.ok(), await enrolled.text()).toBe(true);
  const titulo = `Festa junina ${run}`;
  const published = await api.post('/api/comunicados', {
    data: { titulo, corpo: 'A festa será no sábado.', publico: { tipo: 'turmas', turmas: [turmaId] } },
  });
  expect(published.status(), await published.text()).toBe(201);

  let held = 0;
  await admin.route('**/api/comunicados/*/leituras*', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: { enviando: boolean } };
    if (held++ === 0) body.data.enviando = true;
    await route.fulfill({ response, json: body });
  });
  await admin.goto('/dashboard/comunicados');
  await admin.getByRole('link', { name: titulo }).click();
  const dialog = admin.getByRole('dialog', { name: titulo });
  const status = dialog.getByRole('status').filter({ hasText: 'Enviando os avisos às famílias' });
  await expect(status).toBeVisible();
  await expect(dialog.getByTestId('contagem-recebidos')).toHaveText('1');
  await screenshot(admin, { path: `${shots}/comunicado-enviando-desktop.png` });
  await admin.setViewportSize(phone);
  await screenshot(admin, { path: `${shots}/comunicado-enviando-phone.png` });
  // Asked again (every 2 s while sending): the job is done, the line goes away.
  await expect(status).toHaveCount(0, { timeout: 10_000 });
  expect(held).toBeGreaterThan(1);
  await context.close();
});
