/**
 * The charges of a plan chosen at enrolment (matrícula online): the enrolment fee is a fee — named,
 * filed and due as one (ADR 0094) — not a tuition of the month it is charged in.
 */
import { readFileSync } from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { descricaoCobranca, referenciaCobranca } from '../../../shared/mensalidades.schemas.js';
import { mensalidades } from '../../db/schema/finance.js';
import { clock } from '../../lib/clock.js';
import { systemActor } from '../audit/index.js';
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
  diaVencimento: null,
  taxaPaga: false,
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
