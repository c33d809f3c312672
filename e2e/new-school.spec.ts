import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { DESKTOP, PHONE, SHOTS } from './journey';
import { createClass, E2E_ADMIN, ownServerForSpec, screenshot, uniqueCpf } from './support';

// The portal's service worker is part of what this journey checks (the rest block it: playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

/**
 * Issue 29, as a new school meets the product: a fresh installation (a server and data directory of
 * its own), the first administrator's first sign-in, the school's identity, the public site with no
 * one else's facts, the login page in the school's name, the 'Primeiros passos' list ticking itself,
 * and next year opened while this one never was: the screens follow next year.
 */
const school = 'Escola Ipê Amarelo';
const current = new Date().getFullYear();
const next = current + 1;

// A fresh installation migrates an empty database first: on a loaded machine that takes a while.
const server = ownServerForSpec({}, 120_000);

const contextOf = (browser: Browser, viewport = DESKTOP, storageState?: string) =>
  browser.newContext({
    baseURL: server.baseURL,
    viewport,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    ...(storageState ? { storageState } : {}),
  });

async function shoot(page: Page, name: string) {
  await screenshot(page, { path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** The same screen on a phone, as the administrator (the desktop context's session). */
async function onPhone(browser: Browser, admin: BrowserContext, url: string, name: string, ready: string) {
  const state = `test-results/.auth/new-school-${String(Date.now())}.json`;
  await admin.storageState({ path: state });
  const context = await contextOf(browser, PHONE, state);
  const page = await context.newPage();
  await page.goto(url);
  await expect(page.getByText(ready).first()).toBeVisible();
  await shoot(page, `${name}-phone`);
  await context.close();
}

test('a new school: empty identity, no made-up facts, its own name, first steps, next year followed', async ({
  browser,
}) => {
  // A whole installation walked through, on a loaded machine.
  test.setTimeout(360_000);
  const admin = await contextOf(browser);
  const page = await admin.newPage();

  // --- First sign-in: the administrator writes a real name with the new password.
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(E2E_ADMIN.email);
  await page.getByLabel('Senha', { exact: true }).fill(E2E_ADMIN.firstPassword);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/trocar-senha$/);
  await expect(page.getByLabel('Seu nome')).toHaveValue('');
  await shoot(page, 'primeiro-acesso-desktop');
  await page.getByLabel('Seu nome').fill('Administrador');
  await page.getByLabel('Senha atual').fill(E2E_ADMIN.firstPassword);
  await page.getByLabel('Nova senha', { exact: true }).fill(E2E_ADMIN.password);
  await page.getByLabel('Confirmar nova senha').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Salvar nova senha' }).click();
  await expect(page.getByText('Escreva o seu nome, como as famílias e a equipe vão vê-lo')).toBeVisible();
  await page.getByLabel('Seu nome').fill('Helena Duarte');
  await page.getByRole('button', { name: 'Salvar nova senha' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: /Helena Duarte!/ })).toBeVisible();

  // --- The home leads with 'Primeiros passos', nothing done yet.
  const steps = page.getByRole('region', { name: 'Primeiros passos' });
  await expect(steps).toContainText('0 etapas feitas de 7');
  for (const id of ['escola', 'ano_letivo', 'turmas', 'professores', 'alunos', 'mensalidades', 'site'])
    await expect(steps.getByTestId(`passo-${id}`)).toHaveAttribute('data-feita', 'false');
  await shoot(page, 'primeiros-passos-desktop');
  await onPhone(browser, admin, '/dashboard', 'primeiros-passos', 'Primeiros passos');

  // --- Configurações → Escola starts empty (it came with a São Paulo address, PHONE and e-mail).
  await steps.getByRole('link', { name: /Dados da escola/ }).click();
  await expect(page).toHaveURL(/\/dashboard\/configuracoes$/);
  for (const label of ['Nome da escola', 'Endereço', 'Telefone', 'WhatsApp', 'E-mail', 'Site'])
    await expect(page.getByLabel(label)).toHaveValue('');
  await page.getByLabel('Nome da escola').fill(school);
  await page.getByLabel('Endereço').fill('Rua das Palmeiras, 40 - Centro, Goiânia - GO');
  await page.getByLabel('Telefone').fill('(62) 3212-4455');
  await page.getByLabel('WhatsApp').fill('(62) 99876-1234');
  await page.getByLabel('E-mail').fill('secretaria@escolaipe.com.br');
  // Typed as a school writes it: without https://.
  await page.getByLabel('Site').fill('www.escolaipe.com.br');
  await shoot(page, 'configuracoes-escola-desktop');
  await page.getByRole('button', { name: 'Salvar Configurações' }).click();
  await expect(page.getByText('Configurações da escola salvas com sucesso')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Site')).toHaveValue('https://www.escolaipe.com.br');
  await expect(page).toHaveTitle(`Configurações do Sistema — ${school}`);
  await onPhone(browser, admin, '/dashboard/configuracoes', 'configuracoes-escola', 'WhatsApp');

  // --- The public site: the school's name and contacts, and nothing made up.
  for (const viewport of [DESKTOP, PHONE]) {
    const visitor = await contextOf(browser, viewport);
    const site = await visitor.newPage();
    const html = await (await site.goto('/'))!.text();
    for (const made of [
      'anos de experiência',
      'alunos formados',
      '1998',
      'Mariana Souza',
      'São Paulo',
      '98765-4321',
    ])
      expect(html, made).not.toContain(made);
    await expect(site).toHaveTitle(new RegExp(school));
    for (const id of ['sobre', 'galeria', 'servicos', 'diferenciais', 'depoimentos'])
      await expect(site.locator(`section#${id}`)).toHaveCount(0);
    await expect(site.locator('#contato')).toContainText('(62) 3212-4455');
    await expect(site.locator('#contato').getByRole('link', { name: '(62) 99876-1234' })).toHaveAttribute(
      'href',
      'https://wa.me/5562998761234',
    );
    await shoot(site, `site-nova-escola-${viewport === PHONE ? 'phone' : 'desktop'}`);

    // --- The login page is the school's.
    await site.goto('/login');
    await expect(site.getByRole('heading', { name: 'Fazer Login' })).toBeVisible();
    await expect(site.getByText(school).locator('visible=true').first()).toBeVisible();
    await expect(site.getByText('Portal de Acesso - Sistema Escolar')).toHaveCount(0);
    await expect(site).toHaveTitle(`Entrar — ${school}`);
    await shoot(site, `login-escola-${viewport === PHONE ? 'phone' : 'desktop'}`);
    await visitor.close();
  }

  // --- Next year is opened; this one never was.
  const api = page.request;
  const opened = await api.post('/api/anos-letivos', {
    data: {
      ano: next,
      inicio: `${String(next)}-02-01`,
      fim: `${String(next)}-12-10`,
      tipo_periodo: 'bimestre',
    },
  });
  expect(opened.status(), await opened.text()).toBe(201);

  // The Calendário shows next year, and does not offer to open this one (it did, with a big button).
  await page.goto('/dashboard/calendario');
  const panel = page.getByRole('region', { name: /Ano letivo/ });
  await expect(panel.getByRole('heading', { name: `Ano letivo ${String(next)}` })).toBeVisible();
  await expect(panel).toContainText('dias letivos');
  await expect(page.getByRole('button', { name: `Abrir ano letivo ${String(current)}` })).toHaveCount(0);
  await shoot(page, 'calendario-proximo-ano-desktop');
  await onPhone(
    browser,
    admin,
    '/dashboard/calendario',
    'calendario-proximo-ano',
    `Ano letivo ${String(next)}`,
  );
  // Going back to this year: it says the later year is open and opens this one only when asked.
  await page.goto(`/dashboard/calendario?mes=${String(current)}-11`);
  await expect(panel.getByRole('heading', { name: `Ano letivo ${String(current)}` })).toBeVisible();
  await expect(panel).toContainText(`O ano letivo ${String(next)} já está aberto`);
  await expect(page.getByRole('button', { name: `Abrir ano letivo ${String(current)}` })).toHaveCount(0);
  await shoot(page, 'calendario-ano-anterior-desktop');
  await page.getByRole('button', { name: `Abrir ${String(current)} mesmo assim` }).click();
  await expect(page.getByRole('button', { name: `Abrir ano letivo ${String(current)}` })).toBeVisible();
  await page.goto(`/dashboard/calendario?mes=${String(current)}-10`);
  await page.getByRole('button', { name: `Ver o ano letivo ${String(next)}` }).click();
  await expect(page).toHaveURL(new RegExp(`mes=${String(next)}-02`));
  await expect(panel.getByRole('heading', { name: `Ano letivo ${String(next)}` })).toBeVisible();

  // 'Nova Turma' is for next year (it said this one).
  await page.goto('/dashboard/turmas');
  await page.getByRole('button', { name: 'Nova Turma' }).click();
  const form = page.getByRole('dialog', { name: 'Nova Turma' });
  await expect(form.getByLabel('Ano Letivo')).toHaveValue(String(next));
  await shoot(page, 'nova-turma-desktop');
  await form.getByRole('button', { name: 'Cancelar' }).click();

  // A student of next year's class: the record shows next year.
  const turmaId = await createClass(api, `1º ano A ${String(next)}`, { ano_letivo: String(next) });
  const enrolled = await api.post('/api/alunos', {
    data: {
      nome: 'Lara Mendes',
      data_nascimento: `${String(next - 7)}-05-10`,
      // Arranged data, not the desk's double entry: saved beside any namesake (a retried journey).
      confirmar_homonimo: true,
      sexo: 'feminino',
      matricula: `${String(next)}-0001`,
      turma_id: turmaId,
      responsavel: {
        nome: 'Paula Mendes',
        telefone: '62991234567',
        cpf: uniqueCpf(),
        parentesco: 'mae',
        eh_principal: true,
      },
    },
  });
  expect(enrolled.status(), await enrolled.text()).toBe(201);
  const alunoId = ((await enrolled.json()) as { data: { aluno: { id: string } } }).data.aluno.id;
  await page.goto(`/dashboard/alunos?aluno=${alunoId}`);
  const record = page.getByRole('dialog');
  await expect(record.getByText(`Frequência em ${String(next)}`)).toBeVisible();
  await expect(record.getByText(`O ano letivo ${String(current)} não foi aberto`)).toHaveCount(0);
  await shoot(page, 'ficha-aluno-proximo-ano-desktop');
  await onPhone(
    browser,
    admin,
    `/dashboard/alunos?aluno=${alunoId}`,
    'ficha-aluno-proximo-ano',
    `Frequência em ${String(next)}`,
  );

  // --- The list ticked what was done, by itself.
  await page.goto('/dashboard');
  for (const id of ['escola', 'ano_letivo', 'alunos'])
    await expect(steps.getByTestId(`passo-${id}`)).toHaveAttribute('data-feita', 'true');
  // A class without its grade curricular is not yet 'Turmas e grade'.
  await expect(steps.getByTestId('passo-turmas')).toHaveAttribute('data-feita', 'false');
  await expect(steps).toContainText('3 etapas feitas de 7');
  await shoot(page, 'primeiros-passos-andamento-desktop');
  // Hidden when the school no longer wants it.
  await steps.getByRole('button', { name: 'Ocultar primeiros passos' }).click();
  await page
    .getByRole('dialog', { name: 'Ocultar os primeiros passos?' })
    .getByRole('button', { name: 'Ocultar para todos' })
    .click();
  await expect(steps).toHaveCount(0);
  await page.reload();
  // The home is about next year, the only one on the calendar (it counted this year's: 'em <current>', 0).
  await expect(page.getByText(`Alunos Ativos em ${String(next)}`)).toBeVisible();
  await expect(steps).toHaveCount(0);

  // --- The public calendar opens on the current month.
  const visitor = await contextOf(browser, PHONE);
  const calendar = await visitor.newPage();
  await calendar.goto('/calendario');
  await expect(calendar.getByRole('heading', { level: 1, name: 'Calendário Acadêmico' })).toBeVisible();
  const months = calendar.locator('main section h3');
  await expect(months.first()).toBeVisible();
  const month = new Intl.DateTimeFormat('pt-BR', { month: 'long', timeZone: 'America/Sao_Paulo' }).format(
    new Date(),
  );
  const first = ((await months.first().textContent()) ?? '').toLowerCase();
  const order = [...Array(12).keys()].map((index) =>
    new Intl.DateTimeFormat('pt-BR', { month: 'long', timeZone: 'UTC' }).format(
      new Date(Date.UTC(2026, index, 1)),
    ),
  );
  expect(order.indexOf(first)).toBeGreaterThanOrEqual(order.indexOf(month));
  await shoot(calendar, 'calendario-publico-mes-atual-phone');
  await visitor.close();
  await admin.close();
});
