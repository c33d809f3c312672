import { expect, test } from '@playwright/test';
import { completeCpf } from '../src/shared/validators';
import { adminPage, apiSignIn, dataOf, screenshot } from './support';

// Issue 31 §4 (ADR 0038): a guardian asks the school to disable their child's own portal account; the
// staff who manage students see the count on Alunos, open 'Pedidos do Portal do Aluno' on a phone and
// disable it there — the request leaves the list and the family is told.

const run = Date.now().toString().slice(-6);
const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 800 };
const shots = 'test-results/screenshots';

test("pedidos do portal do aluno: the family's request to disable, answered by the staff on a phone", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { context: deskContext, page: desk } = await adminPage(browser, desktop);
  const turma = await dataOf<{ id: string }>(
    await desk.request.post('/api/turmas', {
      data: {
        nome: `7º Pedidos ${run}`,
        nivel: 'Fundamental II',
        serie: '7º ano',
        turno: 'manha',
        ano_letivo: String(new Date().getFullYear()),
      },
    }),
  );
  const nome = `Caio Pedido ${run}`;
  const guardianEmail = `mae.pedido.${run}@escola.test`;
  const created = await dataOf<{ aluno: { id: string }; senhaGerada?: string }>(
    await desk.request.post('/api/alunos', {
      data: {
        nome,
        data_nascimento: '2013-05-20',
        matricula: `PP${run}`,
        turma_id: turma.id,
        responsavel: {
          nome: `Mãe de ${nome}`,
          email: guardianEmail,
          telefone: '(11) 91234-5678',
          cpf: completeCpf(String(Math.floor(Math.random() * 1e9)).padStart(9, '5')),
          parentesco: 'mae',
          eh_principal: true,
        },
      },
    }),
  );
  const alunoId = created.aluno.id;
  const access = await dataOf<{ responsaveis: { id: string }[] }>(
    await desk.request.get(`/api/alunos/${alunoId}/acesso`),
  );
  const made = await desk.request.post(`/api/alunos/${alunoId}/acesso`, {
    data: {
      email: `caio.${run}@escola.test`,
      consentimento: { responsavel_id: access.responsaveis[0]!.id, meio: 'termo_assinado' },
    },
  });
  expect(made.status(), await made.text()).toBe(201);

  // The family asks (from their dashboard's panel; here by the API, the panel has its own journey).
  const guardian = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const guardianApi = (await guardian.newPage()).request;
  await apiSignIn(guardianApi, guardianEmail, [created.senhaGerada ?? ''], 'Caqui-Maduro-47');
  const asked = await guardianApi.post(`/api/alunos/${alunoId}/acesso/pedido-desativacao`, {
    data: { motivo: 'Preferimos esperar o fim do bimestre.' },
  });
  expect(asked.status(), await asked.text()).toBe(200);

  // The staff: the count on Alunos, then the requests' screen.
  await desk.goto('/dashboard/alunos');
  await expect(desk.getByRole('link', { name: /Pedidos do Portal do Aluno: \d+ pendentes?/ })).toBeVisible();
  await screenshot(desk, { path: `${shots}/portal-pedidos-alunos-desktop.png` });
  await desk.goto('/dashboard/alunos?pedidos=portal');
  await expect(desk.getByRole('heading', { name: nome })).toBeVisible();
  await screenshot(desk, { path: `${shots}/portal-pedidos-desktop.png` });
  await deskContext.close();

  const { context: mobileContext, page: page } = await adminPage(browser, phone);
  await page.goto('/dashboard/alunos');
  await page.getByRole('link', { name: /Pedidos do Portal do Aluno/ }).click();
  await expect(page).toHaveURL(/pedidos=portal/);
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: nome }) });
  await expect(card).toContainText('Preferimos esperar o fim do bimestre.');
  await expect(card).toContainText(`Pedido por Mãe de ${nome}`);
  await screenshot(page, { path: `${shots}/portal-pedidos-phone.png` });
  await card.getByRole('button', { name: 'Desativar acesso' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Desativar acesso' }).click();
  await expect(page.getByText('Acesso desativado; o histórico fica guardado.')).toBeVisible();
  await expect(page.getByRole('heading', { name: nome })).toHaveCount(0);
  await mobileContext.close();

  // The family is told, and the account is disabled.
  const bell = await dataOf<{ items: { titulo: string }[] }>(await guardianApi.get('/api/notificacoes'));
  expect(bell.items.map((item) => item.titulo)).toContain(`Portal do Aluno: acesso de ${nome} desativado`);
  await guardian.close();
});
