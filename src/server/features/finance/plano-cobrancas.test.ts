/**
 * The charges of a plan chosen at enrolment (matrícula online): the enrolment fee is a fee — named,
 * filed and due as one (ADR 0094) — not a tuition of the month it is charged in.
 */
import { readFileSync } from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { parcelamentoDaMatricula, parcelasDoPlano } from '../../../shared/anuidades.schemas.js';
import { preencherModelo } from '../../../shared/contratos.schemas.js';
import type { ContratoCampos } from '../../../shared/matriculas.schemas.js';
import { descricaoCobranca, referenciaCobranca } from '../../../shared/mensalidades.schemas.js';
import { schoolYears } from '../../db/schema/calendar.js';
import { mensalidades } from '../../db/schema/finance.js';
import { clock } from '../../lib/clock.js';
import { pdfText } from '../../test/pdf-text.js';
import { systemActor } from '../audit/index.js';
import { MODELO_PADRAO_CORPO } from '../matriculas/contratos.default.js';
import { valoresDoContrato } from '../matriculas/contratos.service.js';
import { descricaoMensalidade } from '../nfse/dps.js';
import { classWithTuition, school, setupFinanceTest, today } from './finance.test-setup.js';
import { lembreteAutomaticoTexto } from './lembretes.texts.js';
import { generatePlanoMensalidades, type PlanoCobranca } from './mensalidades.plano.js';

const { t, call } = setupFinanceTest();
afterEach(() => clock.pin(today));

const plano = (alunoId: string, turmaId: string, extra: Partial<PlanoCobranca> = {}): PlanoCobranca => ({
  alunoId,
  turmaId,
  anoLetivo: 2027,
  parcelas: 12,
  valorParcelaCentavos: 125_333,
  taxaMatriculaCentavos: 80_000,
  // 1º ano: R$ 15.840,00 less the R$ 800,00 fee does not divide by 12 (R$ 1.253,333…).
  valorAnualCentavos: 1_584_000,
  padrao: true,
  diaVencimento: null,
  taxaPaga: null,
  ...extra,
});

const chargesOf = (alunoId: string) =>
  t.database.db
    .select()
    .from(mensalidades)
    .where(eq(mensalidades.alunoId, alunoId))
    .orderBy(mensalidades.mesReferencia);

describe('the enrolment fee of a plan', () => {
  it('is a fee of next year’s anuidade, due five business days after the enrolment, filed under Matrícula', async () => {
    const s = await school();
    const turma = await classWithTuition('1º Ano A', 2027, [s.ana.id]);
    // Friday 4 December 2026: five bank business days later is Friday the 11th (not the day itself).
    clock.pin('2026-12-04');
    await t.database.db.transaction((tx) =>
      generatePlanoMensalidades(tx, plano(s.ana.id, turma.id), systemActor),
    );
    const [fee, ...parcelas] = await chargesOf(s.ana.id);
    expect(fee).toMatchObject({
      tipo: 'taxa_matricula',
      mesReferencia: '2026-12',
      dataVencimento: '2026-12-11',
      valor: 80_000,
      motivoDesconto: null,
      anuidadeAno: 2027,
    });
    expect(parcelas.every((row) => row.tipo === 'mensalidade')).toBe(true);

    const detail = (await call('GET', `/api/financeiro/mensalidades/${fee!.id}`, s.admin)).json().data;
    expect(detail).toMatchObject({ tipo: 'taxa_matricula', anuidade_ano: 2027 });
    expect(descricaoCobranca(detail)).toBe('Taxa de matrícula 2027');
    expect(referenciaCobranca(detail)).toBe('taxa de matrícula 2027');

    const paid = await call('POST', `/api/financeiro/mensalidades/${fee!.id}/pagamento`, s.admin, {
      valor_pago: 80_000,
      data_pagamento: '2026-12-04',
      forma: 'pix',
    });
    expect(paid.statusCode).toBe(201);
    const recibo = await call('GET', `/api/financeiro/mensalidades/${fee!.id}/recibo`, s.admin);
    expect(pdfText(recibo.rawPayload).replace(/\s+/g, ' ')).toContain(
      'referente à taxa de matrícula 2027 de Ana Souza',
    );
    const receitas = (await call('GET', '/api/financeiro/transacoes?tipo=receita', s.admin)).json().data
      .items;
    expect(receitas).toHaveLength(1);
    expect(receitas[0]).toMatchObject({
      categoria: 'Matrícula',
      descricao: 'Taxa de matrícula 2027 — Ana Souza',
      valor: 80_000,
    });
  });

  it('is named as a fee on the NFS-e and in the reminders, a tuition as before', () => {
    const taxa = { tipo: 'taxa_matricula' as const, mes_referencia: '2026-12', anuidade_ano: 2027 };
    expect(descricaoMensalidade(taxa, 'Ana Souza')).toBe('Taxa de matrícula 2027 — Ana Souza');
    expect(descricaoMensalidade('2026-03', 'Ana Souza')).toBe(
      'Mensalidade escolar de março/2026 — Ana Souza',
    );
    const texto = lembreteAutomaticoTexto({
      momento: 'antes',
      mesReferencia: '2026-12',
      tipo: 'taxa_matricula',
      anuidadeAno: 2027,
      alunoNome: 'Ana Souza',
      dataVencimento: '2026-12-11',
      valor: 80_000,
      hoje: '2026-12-08',
      pix: null,
      escola: { nome: 'Colégio Horizonte', telefone: null, whatsapp: null, email: null },
    });
    expect(texto.assunto).toBe('Taxa de matrícula 2027');
    expect(texto.texto).toContain('A taxa de matrícula 2027 de Ana Souza vence em 11/12/2026.');
    expect(texto.texto).not.toMatch(/mensalidade de dezembro/i);
  });

  it('the migration turns the fees labelled only by their note into fees', async () => {
    const s = await school();
    await t.database.db.insert(mensalidades).values([
      {
        alunoId: s.ana.id,
        mesReferencia: '2026-11',
        dataVencimento: '2026-11-20',
        valorOriginal: 80_000,
        valor: 80_000,
        motivoDesconto: 'Taxa de matrícula',
        anuidadeAno: 2027,
      },
      {
        alunoId: s.ana.id,
        mesReferencia: '2027-01',
        dataVencimento: '2027-01-10',
        valorOriginal: 205_333,
        valor: 205_333,
        motivoDesconto: 'Inclui a taxa de matrícula',
        anuidadeAno: 2027,
      },
    ]);
    const migration = readFileSync(
      new URL('../../db/migrations/0064_cobranca-tipo.sql', import.meta.url),
      'utf8',
    ).split('--> statement-breakpoint');
    await t.database.db.execute(sql.raw(migration.at(-1)!));
    const rows = await t.database.db
      .select({
        mes: mensalidades.mesReferencia,
        tipo: mensalidades.tipo,
        motivo: mensalidades.motivoDesconto,
      })
      .from(mensalidades)
      .where(and(eq(mensalidades.alunoId, s.ana.id)))
      .orderBy(mensalidades.mesReferencia);
    expect(rows).toEqual([
      { mes: '2026-11', tipo: 'taxa_matricula', motivo: null },
      { mes: '2027-01', tipo: 'mensalidade', motivo: 'Inclui a taxa de matrícula' },
    ]);
  });
});

describe('the plan adds up to the anuidade, within the school year', () => {
  const padrao = {
    parcelas: 12,
    valor_parcela_centavos: 125_333,
    taxa_matricula_centavos: 80_000,
    padrao: true,
  };

  it('the standard plan puts the rounding remainder on the first instalment: fee + instalments = anuidade', async () => {
    expect(parcelasDoPlano(padrao, 1_584_000)).toMatchObject({
      primeira: 125_337,
      demais: 125_333,
      total: 1_584_000,
    });
    expect(parcelasDoPlano({ ...padrao, valor_parcela_centavos: 101_333 }, 1_296_000)).toMatchObject({
      primeira: 101_337,
      total: 1_296_000,
    });
    const s = await school();
    const turma = await classWithTuition('1º Ano A', 2027, [s.ana.id]);
    clock.pin('2026-12-04');
    await t.database.db.transaction((tx) =>
      generatePlanoMensalidades(tx, plano(s.ana.id, turma.id), systemActor),
    );
    const rows = await chargesOf(s.ana.id);
    expect(rows.reduce((sum, row) => sum + row.valor, 0)).toBe(1_584_000);
    expect(rows.map((row) => row.valor)).toEqual([80_000, 125_337, ...Array<number>(11).fill(125_333)]);
  });

  it('a school year from February still has its 12 instalments from January to December', async () => {
    const s = await school();
    const turma = await classWithTuition('1º Ano A', 2027, [s.ana.id]);
    await t.database.db.insert(schoolYears).values({ ano: 2027, inicio: '2027-02-08', fim: '2027-12-17' });
    clock.pin('2026-12-04');
    await t.database.db.transaction((tx) =>
      generatePlanoMensalidades(tx, plano(s.ana.id, turma.id), systemActor),
    );
    const months = (await chargesOf(s.ana.id)).map((row) => row.mesReferencia);
    expect(months).toEqual([
      '2026-12',
      ...Array.from({ length: 12 }, (_, index) => `2027-${String(index + 1).padStart(2, '0')}`),
    ]);
  });

  it('a late enrolment pays the months left, proportional to the school months left, never into next year', async () => {
    const s = await school();
    const turma = await classWithTuition('1º Ano A', 2027, [s.ana.id]);
    await t.database.db.insert(schoolYears).values({ ano: 2027, inicio: '2027-02-08', fim: '2027-12-17' });
    // Tuesday 3 August 2027: August to December are 5 of the school year's 11 months (February–December).
    clock.pin('2027-08-03');
    await t.database.db.transaction((tx) =>
      generatePlanoMensalidades(tx, plano(s.ana.id, turma.id), systemActor),
    );
    const rows = await chargesOf(s.ana.id);
    expect(rows.map((row) => row.mesReferencia)).toEqual([
      '2027-08',
      '2027-09',
      '2027-10',
      '2027-11',
      '2027-12',
    ]);
    // (15.840,00 − 800,00) × 5/11 = 6.836,36; the first instalment also carries the fee (its month is taken).
    expect(rows.map((row) => row.valor)).toEqual([80_000 + 136_728, 136_727, 136_727, 136_727, 136_727]);
    expect(rows[0]!.dataVencimento).toBe('2027-08-10');
    expect(
      parcelamentoDaMatricula(padrao, 1_584_000, {
        anoLetivo: 2027,
        inicioAnoLetivo: '2027-02-08',
        hoje: '2027-08-03',
      }),
    ).toMatchObject({
      proporcional: true,
      parcelas: 5,
      parcelado: 683_636,
      mesesLetivos: 11,
      mesesRestantes: 5,
    });
  });

  it('the contract states the same split: the 1st instalment with the remainder, and a late enrolment as proportional', () => {
    const campos: ContratoCampos = {
      aluno: { nome: 'Ana Souza', data_nascimento: '2020-04-02', cpf: null },
      responsaveis: [
        { nome: 'Carla Souza', cpf: null, email: 'carla@familia.test', telefone: null, financeiro: true },
      ],
      endereco: null,
      serie: '1º ano',
      ano_letivo: 2027,
      turma: null,
      valor_anual_centavos: 1_584_000,
      plano: {
        nome: 'Padrão',
        parcelas: 12,
        valor_parcela_centavos: 125_333,
        taxa_matricula_centavos: 80_000,
        primeira_parcela_centavos: 125_337,
        proporcional: null,
      },
      dia_vencimento: 10,
      multa_percentual: '2',
      juros_mensal_percentual: '1',
      escola: { nome: 'Colégio Horizonte', cnpj: null, endereco: null },
    };
    const texto = (dados: ContratoCampos) =>
      preencherModelo(
        MODELO_PADRAO_CORPO,
        valoresDoContrato(dados, new Date('2026-12-04T12:00:00Z')),
      ).replace(/\u00a0/g, ' ');
    expect(texto(campos)).toContain(
      'taxa de matrícula de R$ 800,00, que integra a anuidade e é deduzida do seu total, e 12 parcelas de R$ 1.253,33, sendo a 1ª de R$ 1.253,37 (com o arredondamento da divisão)',
    );
    const tarde = parcelamentoDaMatricula(padrao, 1_584_000, {
      anoLetivo: 2027,
      inicioAnoLetivo: '2027-02-08',
      hoje: '2027-08-03',
    });
    expect(
      texto({
        ...campos,
        plano: {
          ...campos.plano,
          parcelas: tarde.parcelas,
          valor_parcela_centavos: tarde.demais,
          primeira_parcela_centavos: tarde.primeira,
          proporcional: { total_centavos: tarde.total, meses: 5, meses_letivos: 11 },
        },
      }),
    ).toContain(
      'a anuidade de **R$ 15.840,00; como a matrícula ocorre após o início do ano letivo, o valor devido é proporcional aos 5 dos 11 meses letivos restantes: R$ 7.636,36**',
    );
  });
});
