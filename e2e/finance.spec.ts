import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { MONTH_NAMES as MONTHS } from '../src/shared/mensalidades.schemas';
import {
  acceptPrivacyOnScreen,
  ADMIN_STATE,
  adminPage,
  apiSignIn,
  createClass,
  createStudent,
  dataOf,
  login,
  screenshot,
} from './support';
import { daysBetween } from '../src/shared/money';

/**
 * Money journeys: configure tuition, generate the year, register a late payment (multa and juros shown),
 * download the receipt, add a despesa and watch the balance, and a guardian who sees only their child's
 * tuition and copies the PIX code.
 */
test.describe.configure({ mode: 'serial' });
test.use({ storageState: ADMIN_STATE, viewport: { width: 1280, height: 800 } });

const run = Date.now().toString().slice(-6);
const nextClass = `Fin Próximo ${run}`;
const shots = 'test-results/screenshots';
const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 800 };
let finId = '';
let nextId = '';
const familyEmail = `mae.familia.${run}@escola.test`;
let familyPassword = '';
const familyFinal = 'Caju-Maduro-Doce-58';
const mother = `Mãe da Bia ${run}`;
const guardianEmail = `mae.financeiro.${run}@escola.test`;
let guardianPassword = '';
const year = Number(
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date()).slice(0, 4),
);

const brl = (centavos: number) =>
  `R$ ${new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2 }).format(centavos / 100)}`;

function todayIso() {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
}

/** A student of the class whose guardian gets a portal account; answers the generated first password. */
async function enrolStudent(
  request: APIRequestContext,
  turmaId: string,
  nome: string,
  email: string,
  dataMatricula?: string,
) {
  const created = await createStudent(request, {
    nome,
    turmaId,
    nascimento: '2016-03-15',
    ...(dataMatricula ? { dataMatricula } : {}),
    guardian: { nome: `Responsável de ${nome}`, email, telefone: '(11) 91234-5678' },
  });
  return created.senhaGerada ?? '';
}

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name }).click();
}

test('admin configures tuition and generates the year', async ({ page, request }) => {
  const turmaId = await createClass(request, `Fin ${run}`, { serie: '3º ano', ano_letivo: String(year) });
  finId = turmaId;
  nextId = await createClass(request, nextClass, { serie: '1º ano', ano_letivo: String(year + 1) });
  // Enrolled today into next year's class (the form's default date).
  for (const nome of ['Caio', 'Duda', 'Enzo'])
    await enrolStudent(
      request,
      nextId,
      `${nome} Próximo ${run}`,
      `resp.${nome.toLowerCase()}.${run}@escola.test`,
    );
  // Lia has been at the school since the 1st of this month, so this month's tuition falls due on the
  // class's day (the 1st, below) and is late today. A student registered today would owe it from today
  // only: the month a student joins never falls due before the day they joined.
  guardianPassword = await enrolStudent(
    request,
    turmaId,
    `Lia Financeiro ${run}`,
    guardianEmail,
    `${todayIso().slice(0, 8)}01`,
  );
  expect(guardianPassword).not.toBe('');
  await enrolStudent(request, turmaId, `Outro Aluno ${run}`, `pai.outro.${run}@escola.test`);

  await page.goto('/dashboard/financeiro');
  await expect(page.getByRole('heading', { name: 'Gestão Financeira' })).toBeVisible();
  await page.getByRole('button', { name: 'Configurar' }).click();
  const settings = page.getByRole('dialog', { name: 'Configurações financeiras' });
  await settings.getByLabel('Chave PIX').fill('financeiro@escola.com.br');
  await settings.getByLabel('Beneficiário').fill('Escola Girassol');
  await settings.getByLabel('Cidade').fill('São Paulo');
  await settings.getByLabel(`Valor Fin ${run}`).fill('850,00');
  // Due on the 1st, so this month's tuition is already late (unless today is the 1st).
  await settings.getByLabel(`Dia Fin ${run}`).fill('1');
  await settings.getByRole('button', { name: 'Salvar configurações' }).click();
  await expect(page.getByText('Configurações financeiras salvas com sucesso')).toBeVisible();

  // The case: next year's class takes three students today. This year's run must not charge
  // them, the dialog shows what each class gets before 'Gerar', and a run made by mistake is undone.
  await page.getByRole('button', { name: 'Configurar' }).click();
  await settings.getByLabel(`Valor ${nextClass}`).fill('900,00');
  await settings.getByRole('button', { name: 'Salvar configurações' }).click();
  await expect(page.getByText('Configurações financeiras salvas com sucesso')).toBeVisible();

  await page.getByRole('button', { name: 'Gerar mensalidades' }).click();
  const generate = page.getByRole('dialog', { name: 'Gerar mensalidades' });
  const preview = generate.getByRole('region', { name: 'Prévia da geração' });
  const classLine = (nome: string) => preview.getByRole('listitem').filter({ hasText: nome });
  // Defaults: each class's own school year.
  await expect(classLine(nextClass)).toContainText(`ano letivo ${year + 1}`);
  await expect(classLine(nextClass)).toContainText(/\d+ mensalidades de 3 alunos/);
  await expect(classLine(nextClass)).not.toContainText(`de ${year}:`);
  // Lia (since the 1st) and Outro (since today) pay from this month to December.
  const thisYearCount = 2 * (13 - Number(todayIso().slice(5, 7)));
  await expect(classLine(`Fin ${run}`)).toContainText(`${thisYearCount} mensalidades de 2 alunos`);
  await expect(generate.getByTestId('geracao-total')).toContainText(
    /^Serão geradas \d+ mensalidades, total R\$ /,
  );
  // The old defaults (this year, whole year) create nothing for next year's class.
  await generate.getByLabel('Ano', { exact: true }).selectOption(String(year));
  await expect(classLine(nextClass)).toContainText(
    `Nada a gerar em ${year}: o ano letivo desta turma é ${year + 1}.`,
  );
  await expect(generate.getByTestId('geracao-total')).toHaveText(
    `Serão geradas ${thisYearCount} mensalidades, total ${brl(thisYearCount * 85_000)}.`,
  );
  await screenshot(page, { path: `${shots}/financeiro-gerar-previa-desktop.png` });

  // Next year's class alone, made and undone in one step with a reason.
  await generate.getByLabel('Ano', { exact: true }).selectOption('');
  await generate.getByLabel('Turma', { exact: true }).selectOption({ label: `${nextClass} (${year + 1})` });
  await expect(generate.getByTestId('geracao-total')).toContainText(/^Serão geradas \d+ mensalidades/);
  await generate.getByRole('button', { name: 'Gerar' }).click();
  const done = page.getByRole('dialog', { name: 'Mensalidades geradas' });
  await expect(done).toContainText(/\d+ mensalidades geradas\./);
  await expect(done.getByTestId('geracao-total')).toContainText(/^Foram geradas \d+ mensalidades/);
  await screenshot(page, { path: `${shots}/financeiro-gerar-feito-desktop.png` });
  await done.getByRole('button', { name: 'Desfazer' }).click();
  const undo = page.getByRole('dialog', { name: 'Desfazer geração' });
  await undo.getByLabel('Motivo').fill('Gerado antes da hora: as turmas do próximo ano começam em fevereiro');
  await undo.getByRole('button', { name: 'Desfazer geração' }).click();
  await expect(page.getByText(/^Geração desfeita: \d+ mensalidades canceladas\.$/)).toBeVisible();
  await expect(undo).toHaveCount(0);

  // With the defaults: this year's class gets this year, next year's class next year.
  await page.getByRole('button', { name: 'Gerar mensalidades' }).click();
  await expect(generate.getByTestId('geracao-total')).toContainText(/^Serão geradas \d+ mensalidades/);
  await generate.getByRole('button', { name: 'Gerar' }).click();
  await expect(done).toContainText(/\d+ mensalidades geradas\./);
  await done.getByRole('button', { name: 'Concluir' }).click();

  // Running it again creates nothing twice (the preview already says so).
  await page.getByRole('button', { name: 'Gerar mensalidades' }).click();
  await expect(generate.getByTestId('geracao-total')).toHaveText(
    'Nenhuma mensalidade nova: todas já existiam.',
  );
  await generate.getByRole('button', { name: 'Gerar' }).click();
  await expect(page.getByText('Nenhuma mensalidade nova: todas já existiam.').last()).toBeVisible();
  await generate.getByRole('button', { name: 'Cancelar' }).click();
});

test('the generation dialog and its preview on a phone', async ({ browser }) => {
  const { context, page } = await adminPage(browser, phone);
  await page.goto('/dashboard/financeiro');
  await page.getByRole('button', { name: 'Gerar mensalidades' }).click();
  const generate = page.getByRole('dialog', { name: 'Gerar mensalidades' });
  await generate.getByLabel('Ano', { exact: true }).selectOption(String(year));
  await expect(generate.getByRole('region', { name: 'Prévia da geração' })).toContainText(nextClass);
  await generate.getByRole('region', { name: 'Prévia da geração' }).scrollIntoViewIfNeeded();
  await screenshot(page, { path: `${shots}/financeiro-gerar-previa-phone.png` });
  await context.close();
});

// Before the late payment below: from December on, Lia's only tuition is this month's, and that test pays it.
test.describe('guardian', () => {
  test.use({
    storageState: { cookies: [], origins: [] },
    permissions: ['clipboard-read', 'clipboard-write'],
  });

  test("sees only their child's tuition and copies the PIX code", async ({ page }) => {
    await login(page, guardianEmail, guardianPassword);
    await expect(page).toHaveURL(/\/trocar-senha$/);
    await page.getByLabel('Senha atual').fill(guardianPassword);
    await page.getByLabel('Nova senha', { exact: true }).fill('Jabuticaba-Doce-93');
    await page.getByLabel('Confirmar nova senha').fill('Jabuticaba-Doce-93');
    await page.getByRole('button', { name: 'Salvar nova senha' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await acceptPrivacyOnScreen(page);
    await expect(page.getByText(`Lia Financeiro ${run}`).first()).toBeVisible();

    await page.getByRole('link', { name: 'Financeiro' }).first().click();
    await expect(page.getByRole('heading', { name: 'Mensalidades', exact: true })).toBeVisible();
    const cards = page.getByTestId('familia-mensalidade');
    await expect(cards.first()).toBeVisible();
    await expect(page.getByText(`Outro Aluno ${run}`)).toHaveCount(0);
    for (const text of await cards.allTextContents()) expect(text).toContain(`Lia Financeiro ${run}`);

    // A button with its words on it, named with the child and the month for a screen reader.
    const pix = cards
      .first()
      .getByRole('button', { name: new RegExp(`^Pagar com PIX: Lia Financeiro ${run}, `) });
    await expect(pix).toHaveText('Pagar com PIX');
    await pix.click();
    const dialog = page.getByRole('dialog', { name: 'Pagar com PIX' });
    await expect(dialog.getByRole('img', { name: 'QR code PIX da mensalidade' })).toBeVisible();
    const code = await dialog.getByLabel('PIX copia e cola').inputValue();
    expect(code).toMatch(/^000201.*br\.gov\.bcb\.pix.*6304[0-9A-F]{4}$/);
    await dialog.getByRole('button', { name: 'Copiar código PIX' }).click();
    await expect(page.getByText('Código PIX copiado!')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
  });
});

test('admin registers a late payment with multa and juros and downloads the receipt', async ({ page }) => {
  const today = todayIso();
  const day = Number(today.slice(8, 10));
  const payDate = `${today.slice(0, 8)}${String(Math.min(day, 11)).padStart(2, '0')}`;
  // Due on the 1st, or on the school year's first day in its first month (January's tuition of a year
  // that begins on 2 January falls due then, not before the year).
  const years = await dataOf<{ ano: number; inicio: string }[]>(await page.request.get('/api/anos-letivos/'));
  const yearStart = years.find((item) => item.ano === year)?.inicio ?? '';
  const due = [`${today.slice(0, 8)}01`, yearStart].sort().at(-1)!;
  const daysLate = daysBetween(due, payDate);
  test.skip(daysLate <= 0, 'This month’s tuition is not late yet');
  const juros = Math.floor((2 * 85_000 * daysLate + 3_000) / 6_000); // 1 % a.m. pro rata die, half up

  await page.goto('/dashboard/financeiro');
  await openTab(page, 'Mensalidades');
  await page.getByLabel('Buscar aluno').fill(`Lia Financeiro ${run}`);
  const row = page.getByTestId('mensalidade-row').first();
  await expect(row).toContainText('Vencido');
  await expect(row).toContainText('multa R$ 17,00');
  await row.getByRole('button', { name: /Registrar pagamento/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Registrar pagamento' });
  await dialog.getByLabel('Data do pagamento').fill(payDate);
  await expect(dialog.getByTestId('cotacao-multa')).toHaveText('R$ 17,00');
  await expect(dialog.getByTestId('cotacao-juros')).toHaveText(brl(juros));
  await expect(dialog.getByTestId('cotacao-total')).toHaveText(brl(85_000 + 1_700 + juros));
  await dialog.getByRole('button', { name: 'Registrar' }).click();
  await expect(page.getByText('Pagamento registrado com sucesso!')).toBeVisible();
  await expect(row).toContainText('Pago');

  const download = page.waitForEvent('download');
  await row.getByRole('button', { name: /Recibo de/ }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^recibo-.*\.pdf$/);
});

test('a new despesa changes the balance', async ({ page }) => {
  await page.goto('/dashboard/financeiro');
  const saldo = page.getByTestId('saldo-atual');
  await expect(saldo).toBeVisible();
  const before = await saldo.textContent();
  await page.getByRole('button', { name: 'Nova Despesa' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nova Despesa' });
  await dialog.getByLabel('Descrição').fill(`Conta de luz ${run}`);
  await dialog.getByLabel('Valor (R$)').fill('123,45');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Despesa registrada!')).toBeVisible();
  await expect(saldo).not.toHaveText(before ?? '');
  await openTab(page, 'Despesas');
  await expect(page.getByText(`Conta de luz ${run}`)).toBeVisible();
  await openTab(page, 'Relatórios');
  await expect(page.getByRole('heading', { name: `Fluxo de caixa ${year}` })).toBeVisible();
});

/** The guardian's own browser (a fresh context at `viewport`), signed in through the API. */
async function familyPage(browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await apiSignIn(page.request, familyEmail, [familyPassword, familyFinal], familyFinal);
  return { context, page };
}

test('a family sees what is overdue first, then the next one, the months ahead folded and the paid as history', async ({
  browser,
  request,
}) => {
  const today = todayIso();
  const month = Number(today.slice(5, 7));
  test.skip(month < 3 || Number(today.slice(8, 10)) === 1, 'Needs two earlier months and a late current one');
  // Bia (this year's class, since January) and her brother Caio (next year's class): one mother pays both.
  const bia = await createStudent(request, {
    nome: `Bia Família ${run}`,
    turmaId: finId,
    dataMatricula: `${year}-01-15`,
    guardian: { nome: mother, email: familyEmail, telefone: '(11) 98888-7766' },
  });
  familyPassword = bia.senhaGerada ?? '';
  const caio = await createStudent(request, {
    nome: `Caio Família ${run}`,
    turmaId: nextId,
    guardian: { nome: `Avó do Caio ${run}` },
  });
  const record = await request.get(`/api/alunos/${bia.aluno.id}`);
  const { responsavel_id } = ((await record.json()) as { data: { responsavel_id: string } }).data;
  const linked = await request.post(`/api/alunos/${caio.aluno.id}/responsaveis`, {
    data: { responsavel_id, eh_principal: true, parentesco: 'mae' },
  });
  expect(linked.status(), await linked.text()).toBe(200);
  for (const aluno of [bia.aluno, caio.aluno]) {
    const made = await request.post('/api/financeiro/mensalidades/gerar', { data: { aluno_id: aluno.id } });
    expect(made.status(), await made.text()).toBe(201);
  }
  // Bia paid every earlier month but the one two months ago; this month (due on the 1st) is late too.
  const late = `${year}-${String(month - 2).padStart(2, '0')}`;
  type Row = { id: string; mes_referencia: string; valor_atualizado: number };
  const listOf = async (alunoId: string) =>
    (
      (await (await request.get(`/api/financeiro/mensalidades?aluno_id=${alunoId}&pageSize=50`)).json()) as {
        data: { items: Row[]; total: number };
      }
    ).data;
  const toPay = (await listOf(bia.aluno.id)).items.filter(
    (row) => row.mes_referencia < today.slice(0, 7) && row.mes_referencia !== late,
  );
  for (const row of toPay) {
    const paid = await request.post(`/api/financeiro/mensalidades/${row.id}/pagamento`, {
      data: { valor_pago: row.valor_atualizado, data_pagamento: today, forma: 'pix' },
    });
    expect(paid.status(), await paid.text()).toBe(201);
  }
  const caioMonths = (await listOf(caio.aluno.id)).total;
  const biaAhead = 12 - month; // after this month
  const proximas = Math.min(1, biaAhead) + 1;
  const ahead = Math.max(0, biaAhead - 1) + caioMonths - 1;
  const lateName = MONTHS[month - 3]!;

  for (const [name, viewport] of [
    ['desktop', desktop],
    ['phone', phone],
  ] as const) {
    const { context, page } = await familyPage(browser, viewport);
    await page.goto('/dashboard/financeiro');
    await expect(page.getByRole('heading', { name: 'Mensalidades', exact: true })).toBeVisible();
    const summary = page.getByTestId('familia-resumo');
    await expect(summary).toContainText('Em aberto: 2 mensalidades (2 vencidas)');
    // Overdue first (the oldest on top), then each child's next one, then the history.
    const regions = await page
      .getByRole('region')
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('aria-label')));
    // In December only Caio has a next one: the title says so in the singular.
    expect(regions.filter((label) => label !== null)).toEqual([
      'Vencidas',
      proximas === 1 ? 'Próxima mensalidade' : 'Próximas mensalidades',
      'Histórico',
    ]);
    const cards = page.getByTestId('familia-mensalidade');
    await expect(cards.first()).toContainText(`${lateName} de ${year}`);
    await expect(cards.first()).toContainText(/Vencida em .* dias de atraso/);
    // 'Pagar com PIX' on what is due now and on each child's next one only, not on every month ahead.
    await expect(page.getByRole('button', { name: /^Pagar com PIX: / })).toHaveCount(2 + proximas);
    const fold = page.getByRole('button', { name: `Mais ${ahead} mensalidades a vencer` });
    await expect(fold).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByTestId('mensalidade-paga')).toHaveCount(Math.min(month - 2, 12));
    // The first screen is what a phone shows without scrolling; the whole page for the record.
    await screenshot(page, { path: `${shots}/financeiro-familia-${name}.png` });
    await screenshot(page, { path: `${shots}/financeiro-familia-${name}-inteira.png`, fullPage: true });
    await fold.click();
    await expect(page.getByRole('button', { name: /^Pagar adiantado com PIX: / })).toHaveCount(ahead);

    // The home: the overdue ones are 'vencidas' (never 'próxima'), 'em aberto' is what is owed now.
    await page.goto('/dashboard');
    const card = page.getByTestId('familia-mensalidades-card');
    await expect(card).toContainText('2 mensalidades vencidas');
    await expect(card).toContainText('Em aberto agora: 2 mensalidades.');
    await expect(card).toContainText('Próxima:');
    await expect(card).not.toContainText(`Próxima: Bia Família ${run} · ${lateName}`);
    await expect(card).not.toContainText('(s)');
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, { path: `${shots}/financeiro-familia-inicio-${name}.png` });
    await context.close();
  }
});

test('Inadimplência per responsável: the phone, the family’s tuition and a reminder', async ({
  page,
  browser,
}) => {
  test.skip(familyPassword === '', 'The family journey did not run');
  await page.goto('/dashboard/financeiro?aba=relatorios');
  const row = page.getByTestId('inadimplencia-responsavel').filter({ hasText: mother });
  await expect(row).toContainText('2 mensalidades vencidas');
  await expect(row.getByRole('link', { name: `Ligar para ${mother}: (11) 98888-7766` })).toHaveAttribute(
    'href',
    'tel:+5511988887766',
  );
  await row.scrollIntoViewIfNeeded();
  await screenshot(page, { path: `${shots}/financeiro-inadimplencia-desktop.png` });

  // The family's tuition: the list filtered by this guardian (in the URL), overdue ones.
  await row.getByRole('link', { name: `Ver mensalidades de ${mother}` }).click();
  await expect(page).toHaveURL(/aba=mensalidades.*responsavel=/);
  await expect(page.getByTestId('filtro-responsavel')).toBeVisible();
  const rows = page.getByTestId('mensalidade-row');
  await expect(rows).toHaveCount(2);
  for (const text of await rows.allTextContents()) expect(text).toContain(`Bia Família ${run}`);
  await page.goBack();

  await row.getByRole('button', { name: `Enviar lembrete a ${mother}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Enviar lembrete' });
  await expect(confirm).toContainText('Só o responsável principal recebe');
  await confirm.getByRole('button', { name: 'Enviar lembrete' }).click();
  await expect(page.getByText(`Lembrete enviado a ${mother} (portal e e-mail).`)).toBeVisible();
  await expect(row.getByRole('button', { name: `Enviar lembrete a ${mother}` })).toBeDisabled();
  await expect(row).toContainText('Lembrete enviado em');

  const { context, page: small } = await adminPage(browser, phone);
  await small.goto('/dashboard/financeiro?aba=relatorios');
  const smallRow = small.getByTestId('inadimplencia-responsavel').filter({ hasText: mother });
  await smallRow.scrollIntoViewIfNeeded();
  await screenshot(small, { path: `${shots}/financeiro-inadimplencia-phone.png` });
  await context.close();

  // The mother finds it in her bell.
  const family = await familyPage(browser, desktop);
  const bell = await family.page.request.get('/api/notificacoes?pageSize=5');
  expect(await bell.text()).toContain('Lembrete de mensalidade');
  await family.context.close();
});
