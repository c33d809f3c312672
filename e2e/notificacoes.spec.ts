import { expect, test } from '@playwright/test';
import { completeCpf } from '../src/shared/validators';
import { adminPage, apiSignIn, dataOf, openSettingsTab, screenshot } from './support';

// Issue 16: the school's own events in the bell. A guardian is on the portal on a phone; the same account
// signs in from another device (another browser): the phone's bell rises without a reload with 'Novo
// acesso à sua conta', which leads to 'Trocar senha'. The admin sees and saves the opt-in switches in
// Configurações → Notificações.

const run = Date.now().toString().slice(-6);
const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 800 };
const shots = 'test-results/screenshots';
const otherDevice = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

test('a sign-in from a new device shows in the bell of the open portal, live', async ({ browser }) => {
  // Several sign-ins (argon2 on shared cores) and the bell may wait for its 30 s poll.
  test.setTimeout(150_000);
  const { context: adminContext, page: admin } = await adminPage(browser, desktop);

  // The opt-in kinds are off by default; the admin turns 'Faltas' on and off again (saved both times).
  await openSettingsTab(admin, 'Notificações');
  const faltas = admin.getByRole('switch', { name: 'Faltas registradas na chamada' });
  const mensalidades = admin.getByRole('switch', { name: 'Mensalidades a vencer e em atraso' });
  await expect(faltas).toHaveAttribute('aria-checked', 'false');
  await expect(mensalidades).toHaveAttribute('aria-checked', 'false');
  await faltas.click();
  await admin.getByRole('button', { name: 'Salvar Configurações' }).click();
  await expect(admin.getByText('Configurações do sistema salvas com sucesso')).toBeVisible();
  const saved = await dataOf<{ notificar_faltas: boolean }>(
    await admin.request.get('/api/configuracoes/sistema'),
  );
  expect(saved.notificar_faltas).toBe(true);
  await screenshot(admin, { path: `${shots}/configuracoes-notificacoes-desktop.png`, fullPage: true });
  await admin.setViewportSize(phone);
  await screenshot(admin, { path: `${shots}/configuracoes-notificacoes-phone.png`, fullPage: true });
  await admin.setViewportSize(desktop);
  await faltas.click();
  await admin.getByRole('button', { name: 'Salvar Configurações' }).click();
  await expect(admin.getByText('Configurações do sistema salvas com sucesso').first()).toBeVisible();
  await expect
    .poll(
      async () =>
        (await dataOf<{ notificar_faltas: boolean }>(await admin.request.get('/api/configuracoes/sistema')))
          .notificar_faltas,
    )
    .toBe(false);

  // A family with a portal account.
  const created = await dataOf<{ aluno: { id: string }; senhaGerada?: string }>(
    await admin.request.post('/api/alunos', {
      data: {
        nome: `Lia Sino ${run}`,
        data_nascimento: '2017-05-20',
        // Arranged data, not the desk's double entry: saved beside any namesake (a retried journey).
        confirmar_homonimo: true,
        matricula: `NS${run}`,
        responsavel: {
          nome: `Mãe da Lia ${run}`,
          email: `mae.sino.${run}@escola.test`,
          telefone: '(11) 97654-3210',
          cpf: completeCpf(String(Math.floor(Math.random() * 1e9)).padStart(9, '4')),
          parentesco: 'mae',
          eh_principal: true,
        },
      },
    }),
  );
  await adminContext.close();
  const email = `mae.sino.${run}@escola.test`;
  const password = 'Quaresmeira-Roxa-64';

  // The guardian on her phone, with the portal open and nothing new.
  const phoneContext = await browser.newContext({ viewport: phone });
  const guardian = await phoneContext.newPage();
  await apiSignIn(guardian.request, email, [created.senhaGerada ?? ''], password);
  await guardian.goto('/dashboard');
  await expect(guardian.getByRole('button', { name: 'Notificações', exact: true })).toBeVisible();
  await expect(guardian.getByTestId('contador-notificacoes')).toHaveCount(0);

  // Someone signs in to her account from another computer.
  const otherContext = await browser.newContext({ viewport: desktop, userAgent: otherDevice });
  const other = await otherContext.request.post('/api/auth/login', { data: { email, password } });
  expect(other.ok(), await other.text()).toBe(true);
  await otherContext.close();

  // The phone's bell rises without a reload; the notice names the device and leads to 'Trocar senha'.
  await expect(guardian.getByTestId('contador-notificacoes')).toHaveText('1', { timeout: 35_000 });
  await guardian.getByRole('button', { name: /Notificações: 1 não lida/ }).click();
  const notice = guardian.getByRole('button', { name: /Novo acesso à sua conta/ });
  await expect(notice).toContainText('Firefox no Windows');
  await screenshot(guardian, { path: `${shots}/notificacoes-novo-acesso-phone.png` });
  await notice.click();
  await expect(guardian).toHaveURL(/\/trocar-senha$/);
  await expect(guardian.getByTestId('contador-notificacoes')).toHaveCount(0);
  await phoneContext.close();
});
