import { expect, test, type Page } from '@playwright/test';
import { apiSignIn, dataOf, demoServerForSpec, screenshot } from './support';

/**
 * Issue 32 §1: the family's own navigation, on the demo school (its mother has two children). On a
 * phone she walks Início → Boletim → Documentos → Calendário → the child's page from the bottom bar
 * and 'Mais', sees no staff word on the way, and a staff address she types shows no staff screen.
 */
const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 800 };
const shots = 'test-results/screenshots';
const MOTHER = { email: 'responsavel@demo.escola', password: 'Demo-Resp-2026' };

/** A child of Educação Infantil has pareceres (the relatório de desenvolvimento) instead of a boletim. */
const kindOf = (child: { turma: { serie: string } | null }) =>
  /infantil|maternal|berçário|pré|jardim/i.test(child.turma?.serie ?? '') ? 'Pareceres' : 'Boletim';

const server = demoServerForSpec();

async function signIn(page: Page) {
  // Signed in through the API (the session cookie is the page's), the privacy notice accepted.
  await apiSignIn(page.request, MOTHER.email, [MOTHER.password], MOTHER.password);
  await page.goto('/dashboard');
}

/** Nothing of the staff's screens: their titles, filters and counters. */
async function expectNoStaffWords(page: Page) {
  const words = [/Gestão de Alunos/, /Novo Aluno/, /Exportar/, /dias letivos \(mínimo/, /^Caixa$/, /Interno/];
  for (const word of words) await expect(page.getByText(word)).toHaveCount(0);
}

test("a mother walks her family's screens on a phone, and a typed staff address shows no staff screen", async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const context = await browser.newContext({ baseURL: server.baseURL, viewport: phone });
  const page = await context.newPage();
  await signIn(page);
  const children = (
    await dataOf<{ items: { id: string; nome: string; turma: { serie: string } | null }[] }>(
      await page.request.get('/api/alunos?pageSize=100&sort=nome&order=asc'),
    )
  ).items;
  expect(children.length).toBeGreaterThanOrEqual(2);
  const [first, second] = children as [(typeof children)[number], (typeof children)[number]];

  // The bottom bar: the four main screens and 'Mais'; no hamburger, no staff menu.
  const bar = page.getByRole('navigation', { name: 'Menu da família' });
  await expect(bar.getByRole('link')).toHaveText(['Início', 'Comunicados', 'Mensagens', 'Boletim']);
  await expect(page.getByRole('button', { name: 'Abrir menu' })).toHaveCount(0);

  // Boletim: the first child's, then the other one's from the switcher.
  await bar.getByRole('link', { name: 'Boletim' }).click();
  await expect(page.getByRole('heading', { name: 'Boletim', level: 1 })).toBeVisible();
  const switcher = page.getByRole('group', { name: 'Escolher filho ou filha' });
  await expect(switcher.getByRole('button', { pressed: true })).toHaveAccessibleName(
    first.nome.split(' ')[0]!,
  );
  await expect(page.getByRole('region', { name: `${kindOf(first)} de ${first.nome}` })).toBeVisible();
  await screenshot(page, { path: `${shots}/familia-boletim-phone.png`, fullPage: true });
  await switcher.getByRole('button', { name: second.nome.split(' ')[0]! }).click();
  await expect(page).toHaveURL(new RegExp(`aluno=${second.id}`));
  await expect(page.getByRole('region', { name: `${kindOf(second)} de ${second.nome}` })).toBeVisible();
  await expectNoStaffWords(page);

  // Documentos, from 'Mais': the menu holds the eleven family screens and nothing else.
  await bar.getByRole('button', { name: 'Mais' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' }).getByRole('navigation', { name: 'Menu do portal' });
  await expect(menu.getByRole('link')).toHaveText([
    'Início',
    'Comunicados',
    'Mensagens',
    'Boletim',
    'Frequência',
    'Tarefas',
    'Agenda',
    'Financeiro',
    'Documentos',
    'Calendário',
    'Meus dados',
  ]);
  await menu.getByRole('link', { name: 'Documentos' }).click();
  await expect(page.getByRole('heading', { name: 'Documentos', level: 1 })).toBeVisible();
  await expect(
    page.getByRole('region', { name: `Documentos de ${first.nome.split(' ')[0]!}` }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Declaração de matrícula', exact: true })).toBeVisible();
  await screenshot(page, { path: `${shots}/familia-documentos-phone.png`, fullPage: true });

  // Tarefas: the homework and content of the last 14 days (the demo's teachers give homework with some
  // lessons; in the weeks before the year starts there is none, and the screen says so).
  await bar.getByRole('button', { name: 'Mais' }).click();
  await menu.getByRole('link', { name: 'Tarefas' }).click();
  await expect(page.getByRole('heading', { name: 'Tarefas e conteúdos', level: 1 })).toBeVisible();
  await expect(
    page
      .getByText('Tarefa de casa', { exact: true })
      .first()
      .or(page.getByText('Nenhuma tarefa registrada nos últimos 14 dias.')),
  ).toBeVisible();
  await expectNoStaffWords(page);
  await screenshot(page, { path: `${shots}/familia-tarefas-demo-phone.png`, fullPage: true });

  // Calendário: holidays and events, no count of dias letivos nor periods' closing dates.
  await bar.getByRole('button', { name: 'Mais' }).click();
  await menu.getByRole('link', { name: 'Calendário' }).click();
  await expect(page.getByRole('heading', { name: 'Calendário', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Próximo mês' })).toBeVisible();
  await expect(page.getByText(/Fecha em/)).toHaveCount(0);
  await expectNoStaffWords(page);
  await screenshot(page, { path: `${shots}/familia-calendario-phone.png`, fullPage: true });

  // The child's page, from the Boletim: class, turno, teacher; no empty staff fields.
  await bar.getByRole('link', { name: 'Boletim' }).click();
  await page.getByRole('link', { name: /Ver a turma e os professores/ }).click();
  await expect(page.getByRole('heading', { name: first.nome, level: 1 })).toBeVisible();
  await expect(page.getByText('Responsável pela turma')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Seus dados de contato' })).toBeVisible();
  await expect(page.getByText('—', { exact: true })).toHaveCount(0);
  await expectNoStaffWords(page);
  await screenshot(page, { path: `${shots}/familia-filho-phone.png`, fullPage: true });

  // Comunicados: a family's inbox, without the staff's search panel or counters.
  await bar.getByRole('link', { name: 'Comunicados' }).click();
  await expect(page.getByRole('heading', { name: 'Comunicados', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Só os não lidos' })).toBeVisible();
  await expect(page.getByLabel('Buscar')).toHaveCount(0);
  await expectNoStaffWords(page);
  await screenshot(page, { path: `${shots}/familia-comunicados-phone.png`, fullPage: true });

  // Typed staff addresses: the family's screen for the same thing, or 'Página não encontrada'.
  await page.goto(`/dashboard/alunos?aluno=${second.id}`);
  await expect(page).toHaveURL(new RegExp(`/dashboard/familia/aluno\\?aluno=${second.id}`));
  await expect(page.getByRole('heading', { name: second.nome, level: 1 })).toBeVisible();
  await page.goto('/dashboard/turmas');
  await expect(page).toHaveURL(/\/dashboard\/familia\/aluno$/);
  await page.goto('/dashboard/notas');
  await expect(page).toHaveURL(/\/dashboard\/familia\/boletim$/);
  await page.goto('/dashboard/frequencia');
  await expect(page).toHaveURL(/\/dashboard\/familia\/frequencia$/);
  // Not the staff's Frequência (its sections: Chamada, Mês…); the family's own may say "Nenhuma chamada
  // registrada em 2027" in January, before the year's first roll.
  await expect(page.getByRole('heading', { name: 'Frequência', level: 1 })).toBeVisible();
  await expect(page.getByRole('tablist', { name: 'Seções da frequência' })).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'Chamada' })).toHaveCount(0);
  for (const staff of ['/dashboard/auditoria', '/dashboard/relatorios', '/dashboard/professores']) {
    await page.goto(staff);
    await expect(page.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible();
  }
  await expectNoStaffWords(page);
  await context.close();

  // The same screens on a desk: the sidebar holds the family's menu.
  const wide = await browser.newContext({ baseURL: server.baseURL, viewport: desktop });
  const desk = await wide.newPage();
  await signIn(desk);
  await expect(desk.getByRole('navigation', { name: 'Menu da família' })).toBeHidden();
  await expect(
    desk.getByRole('navigation', { name: 'Menu do portal' }).getByRole('link', { name: 'Alunos' }),
  ).toHaveCount(0);
  for (const [path, name] of [
    ['/dashboard/familia/boletim', 'boletim'],
    ['/dashboard/familia/documentos', 'documentos'],
    ['/dashboard/calendario', 'calendario'],
    [`/dashboard/familia/aluno?aluno=${second.id}`, 'filho'],
    ['/dashboard/comunicados', 'comunicados'],
  ] as const) {
    await desk.goto(path);
    await expect(desk.getByRole('heading', { level: 1 }).first()).toBeVisible();
    // Nothing left loading: no spinner nor note on screen (a list's count for screen readers is sr-only).
    await expect(desk.locator('[role="status"]:not(.sr-only)')).toHaveCount(0);
    await screenshot(desk, { path: `${shots}/familia-${name}-desktop.png`, fullPage: true });
  }
  await wide.close();
});

test('on a phone a whole card opens its notice or conversation, and the home’s links are 44 px tall', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ baseURL: server.baseURL, viewport: phone });
  const page = await context.newPage();
  await signIn(page);

  /** Taps a card near its lower right corner: its date or badge, not its title's line. */
  async function tapCardCorner(card: ReturnType<Page['getByRole']>) {
    const box = (await card.boundingBox())!;
    await page.mouse.click(box.x + box.width - 16, box.y + box.height - 12);
  }

  // Início: the child's 'Boletim e faltas' (to the Boletim) and the tuition link are 44 px tall.
  const boletim = page.getByRole('link', { name: /^Boletim e faltas de / }).first();
  await expect(boletim).toHaveAttribute('href', /\/dashboard\/familia\/boletim\?aluno=/);
  const tuition = page
    .getByTestId('familia-mensalidades-card')
    .getByRole('link', { name: /^Ver mensalidades/ });
  for (const link of [boletim, tuition]) {
    await expect(link).toBeVisible();
    expect((await link.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  }

  // Comunicados: one link per card, named by its title; a tap anywhere on the card opens the notice.
  await page.goto('/dashboard/comunicados');
  const notice = page.getByRole('list', { name: 'Comunicados da escola' }).getByRole('listitem').first();
  await expect(notice.getByRole('link')).toHaveCount(1);
  const titulo = (await notice.getByRole('link').textContent())!;
  await tapCardCorner(notice);
  await expect(page.getByRole('dialog', { name: titulo })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Mensagens: the same with a conversation.
  await page.goto('/dashboard/mensagens');
  const conversa = page.getByRole('list', { name: 'Conversas' }).getByRole('listitem').first();
  await expect(conversa.getByRole('link')).toHaveCount(1);
  await tapCardCorner(conversa);
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page).toHaveURL(/\?id=/);

  // Preferências de notificação: each box's label is a 44 px tap target; the demo sends no SMS, so no
  // SMS column shows ticked for nothing.
  await page.goto('/dashboard');
  await page.getByRole('button', { name: /^Notificações(: |$)/ }).click();
  await page.getByRole('button', { name: 'Preferências de notificação' }).click();
  const prefs = page.getByRole('dialog', { name: 'Preferências de notificação' });
  const push = prefs.getByRole('checkbox', { name: 'Comunicados por notificação no celular' });
  const target = (await push.locator('xpath=ancestor::label[1]').boundingBox())!;
  expect(Math.min(target.width, target.height)).toBeGreaterThanOrEqual(44);
  await expect(prefs.getByRole('columnheader', { name: 'SMS' })).toHaveCount(0);
  await context.close();
});

/** Every tab of the tab list `label` lies inside the page's `width`: none runs off unseen. */
async function expectTabsInside(page: Page, label: string, width: number) {
  const tabs = page.getByRole('tablist', { name: label }).getByRole('tab');
  await expect(tabs.first()).toBeVisible();
  for (const tab of await tabs.all()) {
    const box = (await tab.boundingBox())!;
    expect(box.x + box.width, `${(await tab.textContent()) ?? ''} dentro da tela`).toBeLessThanOrEqual(width);
  }
}

test('the staff’s tabs wrap instead of running off a teacher’s phone or a 1366 px laptop', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const onPhone = await browser.newContext({ baseURL: server.baseURL, viewport: phone });
  const teacher = await onPhone.newPage();
  await apiSignIn(teacher.request, 'professor@demo.escola', ['Demo-Prof-2026'], 'Demo-Prof-2026');
  await teacher.goto('/dashboard/frequencia');
  await expect(teacher.getByRole('tab', { name: 'Diário de classe' })).toBeVisible();
  await expectTabsInside(teacher, 'Seções da frequência', phone.width);
  await onPhone.close();

  const laptop = { width: 1366, height: 768 };
  const onLaptop = await browser.newContext({ baseURL: server.baseURL, viewport: laptop });
  const admin = await onLaptop.newPage();
  await apiSignIn(admin.request, 'admin@demo.escola', ['Demo-Admin-2026'], 'Demo-Admin-2026');
  await admin.goto('/dashboard/configuracoes');
  await expectTabsInside(admin, 'Seções das configurações', laptop.width);
  // No English on the staff's home either: 'Início', and 'Desempenho por turma'.
  await admin.goto('/dashboard');
  await expect(
    admin.getByRole('navigation', { name: 'Menu do portal' }).getByRole('link', { name: 'Início' }),
  ).toBeVisible();
  await expect(admin.getByText('Dashboard', { exact: true })).toHaveCount(0);
  await onLaptop.close();
});
