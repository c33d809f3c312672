import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  acceptPrivacyOnScreen,
  ADMIN_STATE,
  adminPage,
  createClass,
  createStudent,
  dataOf,
  login,
  screenshot,
  todayInSaoPaulo,
} from './support';
import { daysBetween, lastDayWithoutCharges } from '../src/shared/calendar';

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
let nextId = '';
const guardianEmail = `mae.financeiro.${run}@escola.test`;
let guardianPassword = '';
const year = Number(
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date()).slice(0, 4),
);

const brl = (centavos: number) =>
  `R$ ${new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2 }).format(centavos / 100)}`;

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
    `${todayInSaoPaulo().slice(0, 8)}01`,
  );
  expect(guardianPassword).not.toBe('');
  await enrolStudent(request, turmaId, `Outro Aluno ${run}`, `pai.outro.${run}@escola.test`);

  await page.goto('/dashboard/financeiro');
  await expect(page.getByRole('heading', { name: 'Gestão Financeira' })).toBeVisible();
  await page.getByRole('button', { name: 'Configurar' }).click();
  const settings = page.getByRole('dialog', { name: 'Configurações financeiras' });
  await settings.getByLabel('Chave Pix').fill('financeiro@escola.com.br');
  await settings.getByLabel('Beneficiário').fill('Escola Girassol');
  await settings.getByLabel('Cidade').fill('São Paulo');
  await settings.getByLabel(`Valor Fin ${run} de ${year}`).fill('850,00');
  // Due on the 1st, so this month's tuition is already late (unless today is the 1st).
  await settings.getByLabel(`Dia Fin ${run} de ${year}`).fill('1');
  await settings.getByRole('button', { name: 'Salvar configurações' }).click();
  await expect(page.getByText('Configurações financeiras salvas com sucesso')).toBeVisible();
  // Its toast goes before the next save's: two of the same words on the screen are two elements.
  await expect(page.getByText('Configurações financeiras salvas com sucesso')).toBeHidden();

  // The case: next year's class takes three students today. This year's run must not charge
  // them, the dialog shows what each class gets before 'Gerar', and a run made by mistake is undone.
  await page.getByRole('button', { name: 'Configurar' }).click();
  await settings.getByLabel(`Valor ${nextClass} de ${year + 1}`).fill('900,00');
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
  const thisYearCount = 2 * (13 - Number(todayInSaoPaulo().slice(5, 7)));
  await expect(classLine(`Fin ${run}`)).toContainText(`${thisYearCount} mensalidades de 2 alunos`);
  await expect(generate.getByTestId('geracao-total')).toContainText(
    /^Serão geradas \d+ mensalidades, total R\$\s/,
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
      .getByRole('button', { name: new RegExp(`^Pagar com Pix: Lia Financeiro ${run}, `) });
    await expect(pix).toHaveText('Pagar com Pix');
    await pix.click();
    const dialog = page.getByRole('dialog', { name: 'Pagar com Pix' });
    await expect(dialog.getByRole('img', { name: 'QR code Pix da mensalidade' })).toBeVisible();
    const code = await dialog.getByLabel('Pix copia e cola').inputValue();
    expect(code).toMatch(/^000201.*br\.gov\.bcb\.pix.*6304[0-9A-F]{4}$/);
    await dialog.getByRole('button', { name: 'Copiar código Pix' }).click();
    await expect(page.getByText('Código Pix copiado!')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
  });
});

test('admin registers a late payment with multa and juros and downloads the receipt', async ({ page }) => {
  const today = todayInSaoPaulo();
  const day = Number(today.slice(8, 10));
  const payDate = `${today.slice(0, 8)}${String(Math.min(day, 11)).padStart(2, '0')}`;
  // Due on the 1st, or on the school year's first day in its first month (January's tuition of a year
  // that begins on 2 January falls due then, not before the year).
  const years = await dataOf<{ ano: number; inicio: string }[]>(await page.request.get('/api/anos-letivos/'));
  const yearStart = years.find((item) => item.ano === year)?.inicio ?? '';
  const due = [`${today.slice(0, 8)}01`, yearStart].sort().at(-1)!;
  const daysLate = daysBetween(due, payDate);
  // Due on a weekend or holiday, it is not late until the business day after it (Lei 7.089/1983).
  test.skip(payDate <= lastDayWithoutCharges(due), 'This month’s tuition is not late yet');
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
  await dialog.getByLabel('Forma de pagamento').selectOption('Dinheiro');
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

test('a payment registered on the wrong student is reversed, and a month cancelled by mistake comes back', async ({
  page,
}) => {
  await page.goto('/dashboard/financeiro');
  await openTab(page, 'Mensalidades');
  await page.getByLabel('Buscar aluno').fill(`Outro Aluno ${run}`);
  const row = page.getByTestId('mensalidade-row').first();
  await row.getByRole('button', { name: /Registrar pagamento/ }).click();
  const pay = page.getByRole('dialog', { name: 'Registrar pagamento' });
  await pay.getByLabel('Forma de pagamento').selectOption('Dinheiro');
  await pay.getByRole('button', { name: 'Registrar' }).click();
  await expect(page.getByText('Pagamento registrado com sucesso!')).toBeVisible();
  await expect(row).toContainText('Pago');

  // It was Lia's money: the secretaria reverses it, with the reason.
  await row.getByRole('button', { name: /^Pagamentos: Outro Aluno/ }).click();
  const pagamentos = page.getByRole('dialog', { name: 'Pagamentos' });
  await expect(pagamentos).toContainText('Dinheiro');
  await screenshot(page, { path: `${shots}/financeiro-pagamentos-desktop.png` });
  await pagamentos.getByRole('button', { name: /^Estornar pagamento de/ }).click();
  const estorno = page.getByRole('dialog', { name: 'Estornar pagamento' });
  await estorno.getByLabel('Motivo do estorno').fill('Registrado no aluno errado: era da Lia');
  await estorno.getByRole('button', { name: 'Estornar pagamento' }).click();
  await expect(page.getByText('Pagamento estornado; a mensalidade está em aberto de novo.')).toBeVisible();
  await expect(pagamentos).toContainText('Nenhum pagamento registrado nesta mensalidade.');
  await pagamentos.getByRole('button', { name: 'Fechar' }).last().click();
  await expect(row).not.toContainText('Pago');

  // Cancelled by mistake, then reactivated.
  await row.getByRole('button', { name: /^Cancelar ou dar desconto/ }).click();
  const adjust = page.getByRole('dialog', { name: 'Cancelar ou conceder desconto' });
  await adjust.getByLabel('Ação').selectOption('cancelar');
  await adjust.getByLabel('Motivo').fill('Saída do aluno');
  await adjust.getByRole('button', { name: 'Cancelar mensalidade' }).click();
  await expect(row).toContainText('Cancelado');
  await row.getByRole('button', { name: /^Reativar mensalidade: Outro Aluno/ }).click();
  const reativar = page.getByRole('dialog', { name: 'Reativar mensalidade' });
  await expect(reativar).toContainText('cancelada (Saída do aluno)');
  await reativar.getByLabel('Motivo da reativação').fill('O aluno continua na escola');
  await reativar.getByRole('button', { name: 'Reativar mensalidade' }).click();
  await expect(page.getByText('Mensalidade reativada: está em aberto de novo.')).toBeVisible();
  await expect(row).not.toContainText('Cancelado');
});
