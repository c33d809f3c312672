/**
 * Finance: transactions, figures and reports, and the dashboard's figures.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog } from '../../db/schema/audit.js';
import { mensalidades } from '../../db/schema/finance.js';
import { lastYear, mensalidadeOf, school, setupFinanceTest, thisYear, today } from './finance.test-setup.js';

const { t, call } = setupFinanceTest();

describe('transactions, figures and reports', () => {
  it('creates, edits and deletes a despesa with audit, and the cards agree with the reports to the centavo', async () => {
    const s = await school({ ano: thisYear });
    await call('POST', '/api/financeiro/mensalidades/gerar', s.admin, { ano: thisYear });
    const month = today.slice(0, 7);
    const current = await mensalidadeOf(s.ana.id, month);
    await call('POST', `/api/financeiro/mensalidades/${current.id}/pagamento`, s.admin, {
      valor_pago: 30_000,
      data_pagamento: today,
      forma: 'pix',
    });
    const created = await call('POST', '/api/financeiro/transacoes', s.admin, {
      tipo: 'despesa',
      descricao: 'Conta de luz',
      categoria: 'Água e Luz',
      valor: 45_678,
      data: today,
      forma_pagamento: 'boleto',
      status: 'pago',
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id as string;
    await call('POST', '/api/financeiro/transacoes', s.admin, {
      tipo: 'receita',
      descricao: 'Festa junina',
      categoria: 'Eventos',
      valor: 12_345,
      data: today,
      status: 'pago',
    });
    await call('POST', '/api/financeiro/transacoes', s.admin, {
      tipo: 'receita',
      descricao: 'Doação prometida',
      categoria: 'Doações',
      valor: 5_000,
      data: today,
      status: 'pendente',
    });
    const correction = {
      tipo: 'despesa',
      descricao: 'Conta de luz',
      categoria: 'Água e Luz',
      valor: 45_000,
      data: today,
      status: 'pago',
    };
    const stale = await call('PUT', `/api/financeiro/transacoes/${id}`, s.admin, {
      ...correction,
      version: 9,
    });
    expect(stale.statusCode).toBe(412);
    const edited = await call('PUT', `/api/financeiro/transacoes/${id}`, s.admin, {
      ...correction,
      version: 1,
    });
    expect(edited.json().data).toMatchObject({ valor: 45_000, version: 2 });

    const stats = (await call('GET', '/api/financeiro/stats', s.admin)).json().data;
    const paidTuition = 30_000;
    expect(stats.receita_mes_atual).toBe(paidTuition + 12_345);
    expect(stats.despesas_mes).toBe(45_000);
    expect(stats.saldo_atual).toBe(paidTuition + 12_345 - 45_000);
    const fluxo = (await call('GET', `/api/financeiro/relatorios/fluxo?ano=${thisYear}`, s.admin)).json()
      .data;
    const row = fluxo.linhas.find((line: { mes: string }) => line.mes === month);
    expect(row.receitas).toBe(stats.receita_mes_atual);
    expect(row.despesas).toBe(stats.despesas_mes);
    expect(fluxo.total_receitas).toBe(stats.receita_total);
    const serie = stats.serie_mensal.at(-1);
    expect(serie).toEqual({ mes: month, receitas: row.receitas, despesas: row.despesas });
    const categorias = (
      await call('GET', `/api/financeiro/relatorios/categorias?ano=${thisYear}`, s.admin)
    ).json().data;
    const receitasPorCategoria = categorias.linhas
      .filter((line: { tipo: string }) => line.tipo === 'receita')
      .reduce((sum: number, line: { valor: number }) => sum + line.valor, 0);
    expect(receitasPorCategoria).toBe(stats.receita_total);

    const deleted = await call('DELETE', `/api/financeiro/transacoes/${id}`, s.admin);
    expect(deleted.statusCode).toBe(200);
    const after = (await call('GET', '/api/financeiro/stats', s.admin)).json().data;
    expect(after.saldo_atual).toBe(Number(stats.saldo_atual) + 45_000);
    const actions = (await t.database.db.select().from(auditLog).where(eq(auditLog.entity, 'transacao'))).map(
      (entry) => entry.action,
    );
    expect(actions.sort()).toEqual(['atualizar', 'criar', 'criar', 'criar', 'excluir']);
  });

  it('counts overdue tuition and delinquency by class and guardian, matching the cards', async () => {
    const s = await school();
    await call('POST', '/api/financeiro/mensalidades/gerar', s.admin, { ano: lastYear });
    const jan = await mensalidadeOf(s.ana.id, `${lastYear}-01`);
    await call('POST', `/api/financeiro/mensalidades/${jan.id}/pagamento`, s.admin, {
      valor_pago: 85_000,
      data_pagamento: `${lastYear}-01-10`,
      forma: 'pix',
    });
    const stats = (await call('GET', '/api/financeiro/stats', s.admin)).json().data;
    expect(stats.mensalidades_vencidas).toBe(17);
    // 17 of 18 overdue by value: 17 × 850 / (18 × 850) = 94.4 %
    expect(stats.inadimplencia_taxa).toBe(94.4);
    const report = (
      await call('GET', `/api/financeiro/relatorios/inadimplencia?ano=${lastYear}`, s.admin)
    ).json().data;
    // What each family owes today is what the tuition list says of the same months, summed.
    const owedToday = async (responsavelId: string) => {
      const list = await call(
        'GET',
        `/api/financeiro/mensalidades?responsavel_id=${responsavelId}&status=vencido&pageSize=100`,
        s.admin,
      );
      const items = list.json().data.items as { valor: number; valor_atualizado: number }[];
      return items.reduce((sum, item) => sum + item.valor_atualizado, 0);
    };
    const [carla, diego] = [await owedToday(s.mae.id), await owedToday(s.pai.id)];
    // Months a year late carry their 2 % multa and about 1 % a month of juros.
    expect(carla).toBeGreaterThan(11 * 85_000 + 11 * 1_700);
    const none = {
      mensalidades_vencidas: 0,
      taxas_matricula_vencidas: 0,
      valor_em_aberto: 0,
      valor_atualizado: 0,
    };
    expect(report.por_turma).toEqual([
      {
        nome: '5º Ano A',
        mensalidades_vencidas: 17,
        taxas_matricula_vencidas: 0,
        valor_em_aberto: 17 * 85_000,
        valor_atualizado: carla + diego,
        em_negociacao: none,
      },
    ]);
    expect(report.por_responsavel).toEqual([
      {
        nome: 'Carla Souza',
        mensalidades_vencidas: 11,
        taxas_matricula_vencidas: 0,
        valor_em_aberto: 11 * 85_000,
        valor_atualizado: carla,
        em_negociacao: none,
        responsavel_id: s.mae.id,
        telefone: '11912345678',
        ultimo_lembrete: null,
      },
      {
        nome: 'Diego Lima',
        mensalidades_vencidas: 6,
        taxas_matricula_vencidas: 0,
        valor_em_aberto: 6 * 85_000,
        valor_atualizado: diego,
        em_negociacao: none,
        responsavel_id: s.pai.id,
        telefone: '11912345679',
        ultimo_lembrete: null,
      },
    ]);
    expect(report.totais).toEqual({
      mensalidades_vencidas: 17,
      taxas_matricula_vencidas: 0,
      valor_em_aberto: 17 * 85_000,
      valor_atualizado: carla + diego,
      em_negociacao: none,
    });
    const csv = await call(
      'GET',
      `/api/financeiro/relatorios/inadimplencia?ano=${lastYear}&format=csv`,
      s.admin,
    );
    expect(csv.body).toContain('Turma;5º Ano A;17;0;14450,00;');
  });

  it('refuses a multa above 2 % and audits settings changes', async () => {
    const s = await school();
    const response = await call('PUT', '/api/financeiro/configuracoes', s.admin, {
      multa_percentual: 2.5,
      juros_mensal_percentual: 1,
      dia_vencimento_padrao: 10,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/2%/);
    // Juros de mora: at most 1 % a month (ADR 0076).
    const juros = await call('PUT', '/api/financeiro/configuracoes', s.admin, {
      multa_percentual: 2,
      juros_mensal_percentual: 1.5,
      dia_vencimento_padrao: 10,
    });
    expect(juros.statusCode).toBe(400);
    expect(juros.json().details).toEqual([
      { path: 'juros_mensal_percentual', message: 'Os juros de mora não podem passar de 1% ao mês' },
    ]);
    const settings = (await call('GET', '/api/financeiro/configuracoes', s.admin)).json().data;
    expect(settings).toMatchObject({ multa_percentual: 2, juros_mensal_percentual: 1, version: 1 });
    expect(settings.turmas[0]).toMatchObject({
      turma_nome: '5º Ano A',
      valor_mensalidade: 85_000,
      alunos_count: 2,
    });
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity, 'configuracoes_financeiras'));
    expect(audit).toHaveLength(1);
  });
});

/** Last year's tuition generated, overdue, with Ana's December charge turned into this year's enrolment fee. */
async function schoolWithOverdueFee() {
  const s = await school();
  await call('POST', '/api/financeiro/mensalidades/gerar', s.admin, { ano: lastYear });
  const dec = await mensalidadeOf(s.ana.id, `${lastYear}-12`);
  await t.database.db
    .update(mensalidades)
    .set({ tipo: 'taxa_matricula', anuidadeAno: thisYear })
    .where(eq(mensalidades.id, dec.id));
  return { s, dec };
}

describe('the enrolment fee on the cards (ADR 0099)', () => {
  it('counts the fee apart from the tuition, and in the money owed and the inadimplência', async () => {
    const { s, dec } = await schoolWithOverdueFee();
    const stats = (await call('GET', '/api/financeiro/stats', s.admin)).json().data;
    expect(stats.mensalidades_vencidas).toBe(17);
    expect(stats.taxas_matricula).toEqual({ pagas: 0, vencidas: 1, pendentes: 0 });
    // Every overdue charge is owed: 18 of 18 by value.
    expect(stats.inadimplencia_taxa).toBe(100);
    const home = (await call('GET', '/api/dashboard/stats', s.admin)).json().data;
    expect(home).toMatchObject({ mensalidades_pendentes: 17, taxas_matricula_pendentes: 1 });
    const owed = (await call('GET', `/api/financeiro/mensalidades/${dec.id}`, s.admin)).json().data;
    const paid = await call('POST', `/api/financeiro/mensalidades/${dec.id}/pagamento`, s.admin, {
      valor_pago: owed.valor_atualizado,
      data_pagamento: today,
      forma: 'pix',
    });
    expect(paid.statusCode).toBe(201);
    const after = (await call('GET', '/api/financeiro/stats', s.admin)).json().data;
    expect(after).toMatchObject({ mensalidades_vencidas: 17, mensalidades_pagas: 0 });
    expect(after.taxas_matricula).toEqual({ pagas: 1, vencidas: 0, pendentes: 0 });
  });
});

describe('the enrolment fee in the inadimplência report and the family home (ADR 0103)', () => {
  it('counts an overdue fee as a fee, not as a mensalidade vencida, on screen and in the export', async () => {
    const { s } = await schoolWithOverdueFee();
    const report = (
      await call('GET', `/api/financeiro/relatorios/inadimplencia?ano=${lastYear}`, s.admin)
    ).json().data;
    // 17 months of tuition and 1 fee overdue, as the cards count them; the money is every charge's.
    expect(report.totais).toMatchObject({
      mensalidades_vencidas: 17,
      taxas_matricula_vencidas: 1,
      valor_em_aberto: 18 * 85_000,
    });
    expect(report.por_turma).toMatchObject([{ mensalidades_vencidas: 17, taxas_matricula_vencidas: 1 }]);
    expect(report.por_responsavel).toMatchObject([
      { nome: 'Carla Souza', mensalidades_vencidas: 11, taxas_matricula_vencidas: 1 },
      { nome: 'Diego Lima', mensalidades_vencidas: 6, taxas_matricula_vencidas: 0 },
    ]);
    const csv = (
      await call('GET', `/api/financeiro/relatorios/inadimplencia?ano=${lastYear}&format=csv`, s.admin)
    ).body;
    expect(csv).toContain(
      'Agrupamento;Nome;Mensalidades vencidas;Taxas de matrícula vencidas;Valor em aberto;',
    );
    expect(csv).toContain('Turma;5º Ano A;17;1;15300,00;');
    expect(csv).toContain('Responsável;Carla Souza;11;1;10200,00;');
    expect(csv).toContain('Total;Todas as cobranças vencidas;17;1;15300,00;');
  });

  it("counts the family's tuition as tuition and its fee apart on the home", async () => {
    const { s } = await schoolWithOverdueFee();
    const guardian = (await call('GET', '/api/dashboard/stats', s.guardian)).json().data;
    const counts = {
      mensalidades_em_aberto: 11,
      mensalidades_vencidas: 11,
      taxas_matricula_em_aberto: 1,
      taxas_matricula_vencidas: 1,
    };
    expect(guardian).toMatchObject(counts);
    expect(guardian.filhos[0].mensalidades).toMatchObject(counts);
    // What is overdue costs what the tuition list says today, the fee included.
    const listed = (
      await call(
        'GET',
        `/api/financeiro/mensalidades?aluno_id=${s.ana.id}&status=vencido&pageSize=100`,
        s.admin,
      )
    ).json().data.items as { valor_atualizado: number }[];
    expect(listed).toHaveLength(12);
    expect(guardian.valor_vencido).toBe(listed.reduce((sum, item) => sum + item.valor_atualizado, 0));
  });
});

describe('GET /api/dashboard/stats', () => {
  it('gives the admin the school, the teacher their classes and the guardian their children', async () => {
    const s = await school();
    await call('POST', '/api/financeiro/mensalidades/gerar', s.admin, { ano: lastYear });
    const admin = (await call('GET', '/api/dashboard/stats', s.admin)).json().data;
    // The fixture's class and its two students are of last year: 'Turmas Ativas' and 'Alunos Ativos' count
    // this year's (dashboard.school-year.test.ts).
    expect(admin).toMatchObject({
      escopo: 'escola',
      ano_letivo: thisYear,
      total_alunos: 0,
      total_professores: 1,
      total_turmas: 0,
    });
    expect(admin.mensalidades_pendentes).toBe(18);
    expect(admin.matriculas_por_mes).toHaveLength(6);
    expect(admin.atividades.length).toBeLessThanOrEqual(5);
    expect(admin.atividades[0].descricao).toMatch(/gerou 18 mensalidade/);
    const finance = (await call('GET', '/api/financeiro/stats', s.admin)).json().data;
    expect(admin.receita_mes).toBe(finance.receita_mes_atual);

    const teacher = (await call('GET', '/api/dashboard/stats', s.teacher)).json().data;
    // Last year's class is not among "Minhas turmas" either (this year's: dashboard.teacher.test.ts).
    expect(teacher).toMatchObject({
      escopo: 'professor',
      ano_letivo: thisYear,
      total_turmas: 0,
      total_alunos: 0,
    });
    expect(JSON.stringify(teacher)).not.toMatch(/receita|mensalidade/);

    const guardian = (await call('GET', '/api/dashboard/stats', s.guardian)).json().data;
    expect(guardian.escopo).toBe('responsavel');
    expect(guardian.filhos.map((f: { nome: string }) => f.nome)).toEqual(['Ana Souza']);
    // Last year is all overdue: twelve owed now, all 'vencidas' — none of them is 'a próxima'.
    expect(guardian).toMatchObject({
      mensalidades_em_aberto: 12,
      mensalidades_vencidas: 12,
      proxima_mensalidade: null,
    });
    expect(JSON.stringify(guardian)).not.toMatch(/Bruno/);
  });
});
