import { expect, test, type Page } from '@playwright/test';
import { GENERATED_PASSWORD_LENGTH } from '../src/shared/users.schemas';
import { completeCpf } from '../src/shared/validators';
import { adminPage, dataOf, login, screenshot } from './support';

// Issue 31 §4 in the browser: the secretaria creates a 6º ano student's own account from the student's
// record, with the guardian's consent (LGPD art. 14); the student follows the site's 'Portal do Aluno'
// link, signs in, changes the provisional password, lands on their own boletim — on a desk and on a
// phone — and cannot reach the finance screens. Everything is this journey's own (names with `run`).

const run = Date.now().toString().slice(-6);
const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 800 };
const shots = 'test-results/screenshots';

test('portal do aluno: staff create the account with consent; the student signs in from the site to their boletim', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { context: adminContext, page: admin } = await adminPage(browser, desktop);
  const year = new Date().getFullYear();
  const turma = await dataOf<{ id: string }>(
    await admin.request.post('/api/turmas', {
      data: {
        nome: `6º Portal ${run}`,
        nivel: 'Fundamental II',
        serie: '6º ano',
        turno: 'manha',
        ano_letivo: String(year),
      },
    }),
  );
  const nome = `Bruno Portal ${run}`;
  await dataOf(
    await admin.request.post('/api/alunos', {
      data: {
        nome,
        data_nascimento: '2014-04-12',
        matricula: `PA${run}`,
        turma_id: turma.id,
        responsavel: {
          nome: `Mãe de ${nome}`,
          email: `mae.portal.${run}@escola.test`,
          telefone: '(11) 91234-5678',
          cpf: completeCpf(String(Math.floor(Math.random() * 1e9)).padStart(9, '4')),
          parentesco: 'mae',
          eh_principal: true,
        },
      },
    }),
  );

  // The secretaria: the student's record, 'Acesso ao Portal do Aluno', with the guardian's consent.
  await admin.goto(`/dashboard/alunos?q=${encodeURIComponent(nome)}`);
  await admin.getByRole('button', { name: `Ver detalhes de ${nome}` }).click();
  const record = admin.getByRole('dialog', { name: nome });
  const access = record.getByRole('region', { name: 'Acesso ao Portal do Aluno' });
  const email = `bruno.${run}@escola.test`;
  await access.getByLabel('E-mail do aluno').fill(email);
  const create = access.getByRole('button', { name: 'Criar acesso do aluno' });
  await expect(create).toBeDisabled();
  await access.getByLabel(/O responsável consentiu/).check();
  await create.click();
  const shown = access.getByRole('status').filter({ hasText: 'Senha provisória' });
  await expect(shown).toBeVisible();
  const senha = (await shown.locator('strong').textContent()) ?? '';
  expect(senha).toHaveLength(GENERATED_PASSWORD_LENGTH);
  await expect(access).toContainText(`Consentimento de Mãe de ${nome}`);
  await access.scrollIntoViewIfNeeded();
  await screenshot(admin, { path: `${shots}/portal-aluno-criar-acesso-desktop.png` });
  await adminContext.close();

  // The student, on the public site: 'Portal do Aluno' leads to the login, then to their own home.
  const desk = await browser.newContext({ storageState: { cookies: [], origins: [] }, viewport: desktop });
  const page = await desk.newPage();
  await fromTheSite(page);
  await login(page, email, senha);
  await expect(page).toHaveURL(/\/trocar-senha$/);
  await page.getByLabel('Senha atual').fill(senha);
  await page.getByLabel('Nova senha', { exact: true }).fill('Pitanga-Madura-58');
  await page.getByLabel('Confirmar nova senha').fill('Pitanga-Madura-58');
  await page.getByRole('button', { name: 'Salvar nova senha' }).click();
  await ownHome(page, 'desktop');
  await desk.close();

  const mobile = await browser.newContext({ storageState: { cookies: [], origins: [] }, viewport: phone });
  const onPhone = await mobile.newPage();
  await fromTheSite(onPhone);
  await login(onPhone, email, 'Pitanga-Madura-58');
  await ownHome(onPhone, 'phone');
  await onPhone.goto('/dashboard/portal-aluno');
  // Every tab is on the screen, none past its edge (two rows of three on a phone).
  for (const tab of await onPhone.getByRole('tab').all()) await expect(tab).toBeInViewport({ ratio: 1 });
  await onPhone.getByRole('tab', { name: 'Documentos' }).click();
  await expect(onPhone.getByRole('region', { name: 'Emitir declaração' })).toBeVisible();
  await screenshot(onPhone, { path: `${shots}/portal-aluno-documentos-phone.png`, fullPage: true });
  await mobile.close();
});

async function fromTheSite(page: Page) {
  await page.goto('/');
  await page.getByRole('link', { name: 'Portal do Aluno' }).first().click();
  await expect(page).toHaveURL(/\/login$/);
}

/** The student's own home: the boletim first, the sections by keyboard, and never the finance. */
async function ownHome(page: Page, label: string) {
  await expect(page).toHaveURL(/\/dashboard\/portal-aluno$/);
  await expect(page.getByRole('heading', { name: 'Olá, Bruno!' })).toBeVisible();
  await expect(page.getByText(`6º Portal ${run} · 6º ano`)).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Boletim' })).toHaveAttribute('aria-selected', 'true');
  await screenshot(page, { path: `${shots}/portal-aluno-boletim-${label}.png`, fullPage: true });
  await page.getByRole('tab', { name: 'Boletim' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Frequência' })).toBeFocused();
  await expect(page.getByRole('region', { name: 'Frequência geral' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Financeiro' })).toHaveCount(0);
  expect((await page.request.get('/api/financeiro/mensalidades')).status()).toBe(403);
  expect((await page.request.get('/api/mensagens')).status()).toBe(403);
  await page.goto('/dashboard/financeiro');
  await expect(page.getByRole('heading', { name: 'Acesso negado' })).toBeVisible();
}
