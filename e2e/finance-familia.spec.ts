import { expect, test, type Browser } from '@playwright/test';
import { MONTH_NAMES as MONTHS } from '../src/shared/mensalidades.schemas';
import { EXAMPLE_FINANCE_SETTINGS } from '../src/server/test/finance-settings-example';
import { apiSignIn, createClass, createStudent, screenshot, serverOnDayForSpec } from './support';

/**
 * A family's tuition over the months, and the school's inadimplência per responsável: a mother of two
 * with one tuition two months late and this month's late too, the months ahead folded and the paid as
 * history; the school calls her, filters her tuition and sends her a reminder. They need two earlier
 * months of the year and a late current one, so they run on a server of their own on 20 May 2026 (its
 * clock and every browser's): on the shared server, on today's date, they could not run in January,
 * February or on the 1st of a month.
 */
test.describe.configure({ mode: 'serial' });

const now = '2026-05-20T10:00:00-03:00';
const today = now.slice(0, 10);
const year = Number(today.slice(0, 4));
const month = Number(today.slice(5, 7));
const run = Date.now().toString().slice(-6);
const shots = 'test-results/screenshots';
const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 800 };
const familyEmail = `mae.familia.${run}@escola.test`;
let familyPassword = '';
const familyFinal = 'Caju-Maduro-Doce-58';
const mother = `Mãe da Bia ${run}`;

const onTheDay = serverOnDayForSpec(now);

/** The guardian's own browser (a fresh context at `viewport`), signed in through the API. */
async function familyPage(browser: Browser, viewport: { width: number; height: number }) {
  const page = await onTheDay.page(browser, viewport);
  await apiSignIn(page.request, familyEmail, [familyPassword, familyFinal], familyFinal);
  return { context: page.context(), page };
}

test('a family sees what is overdue first, then the next one, the months ahead folded and the paid as history', async ({
  browser,
}) => {
  const admin = await onTheDay.admin(browser, desktop);
  const request = admin.request;
  const finId = await createClass(request, `Fin Família ${run}`, {
    serie: '3º ano',
    ano_letivo: String(year),
  });
  const nextId = await createClass(request, `Fin Próximo ${run}`, {
    serie: '1º ano',
    ano_letivo: String(year + 1),
  });
  // Due on the 1st: this month's tuition is late on the 20th.
  const settings = await request.put('/api/financeiro/configuracoes', {
    data: {
      ...EXAMPLE_FINANCE_SETTINGS,
      turmas: [
        { turma_id: finId, valor_mensalidade: 85_000, dia_vencimento: 1 },
        { turma_id: nextId, valor_mensalidade: 90_000, dia_vencimento: 1 },
      ],
    },
  });
  expect(settings.status(), await settings.text()).toBe(200);
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
      'Imposto de Renda',
    ]);
    const cards = page.getByTestId('familia-mensalidade');
    await expect(cards.first()).toContainText(`${lateName} de ${year}`);
    await expect(cards.first()).toContainText(/Vencida em .* dias de atraso/);
    // 'Pagar com Pix' on what is due now and on each child's next one only, not on every month ahead.
    await expect(page.getByRole('button', { name: /^Pagar com Pix: / })).toHaveCount(2 + proximas);
    const fold = page.getByRole('button', { name: `Mais ${ahead} mensalidades a vencer` });
    await expect(fold).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByTestId('mensalidade-paga')).toHaveCount(Math.min(month - 2, 12));
    // The first screen is what a phone shows without scrolling; the whole page for the record.
    await screenshot(page, { path: `${shots}/financeiro-familia-${name}.png` });
    await screenshot(page, { path: `${shots}/financeiro-familia-${name}-inteira.png`, fullPage: true });
    await fold.click();
    await expect(page.getByRole('button', { name: /^Pagar adiantado com Pix: / })).toHaveCount(ahead);

    // The declaração para o Imposto de Renda of the year she paid in, downloaded under the year's name.
    const impostoDeRenda = page.getByRole('region', { name: 'Imposto de Renda' });
    const declaracao = impostoDeRenda.getByRole('button', {
      name: `Baixar PDF da declaração do Imposto de Renda de ${String(year)}`,
    });
    await declaracao.scrollIntoViewIfNeeded();
    const downloading = page.waitForEvent('download');
    await declaracao.click();
    expect((await downloading).suggestedFilename()).toBe(`declaracao-imposto-de-renda-${String(year)}.pdf`);

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
  await admin.context().close();
});

test('Inadimplência per responsável: the phone, the family’s tuition and a reminder', async ({ browser }) => {
  expect(familyPassword, 'the family journey above made the mother’s account').not.toBe('');
  const page = await onTheDay.admin(browser, desktop);
  await page.goto('/dashboard/financeiro?aba=relatorios');
  const row = page.getByTestId('inadimplencia-responsavel').filter({ hasText: mother });
  await expect(row).toContainText('2 mensalidades vencidas');
  await expect(row.getByRole('link', { name: `Ligar para ${mother}: (11) 98888-7766` })).toHaveAttribute(
    'href',
    'tel:+5511988887766',
  );
  await expect(row).toContainText('Atualizado hoje');
  await row.scrollIntoViewIfNeeded();
  await screenshot(page, { path: `${shots}/financeiro-inadimplencia-desktop.png` });

  // On paper: the school, the report and when it was generated on top, and every family in one table
  // (the screen's page of families and its buttons stay off the paper).
  await page.emulateMedia({ media: 'print' });
  const header = page.getByTestId('relatorio-cabecalho');
  await expect(header).toContainText(`Relatórios financeiros ${year}`);
  await expect(header).toContainText(/Gerado em \d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}/);
  await expect(
    page.getByTestId('inadimplencia-impressao').getByRole('row').filter({ hasText: mother }),
  ).toBeVisible();
  await expect(row).toBeHidden();
  await screenshot(page, { path: `${shots}/financeiro-inadimplencia-impressao.png`, fullPage: true });
  await page.emulateMedia({ media: 'screen' });

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
  await expect(
    page.getByText(`Lembrete de 2 mensalidades enviado a ${mother} (portal e e-mail).`),
  ).toBeVisible();
  await expect(row.getByRole('button', { name: `Enviar lembrete a ${mother}` })).toBeDisabled();
  await expect(row).toContainText('Lembrete enviado em');

  const small = await onTheDay.admin(browser, phone);
  await small.goto('/dashboard/financeiro?aba=relatorios');
  const smallRow = small.getByTestId('inadimplencia-responsavel').filter({ hasText: mother });
  await smallRow.scrollIntoViewIfNeeded();
  await screenshot(small, { path: `${shots}/financeiro-inadimplencia-phone.png` });
  await small.context().close();
  await page.context().close();

  // The mother finds it in her bell.
  const family = await familyPage(browser, desktop);
  const bell = await family.page.request.get('/api/notificacoes?pageSize=5');
  expect(await bell.text()).toContain('Lembrete de mensalidade');
  await family.context.close();
});
