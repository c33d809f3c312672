import { describe, expect, it } from 'vitest';
import { COBV_TXID } from './pix-api.js';
import { buildCobvBody, solicitacaoOf, txidOf, type CobvSource } from './cobv-body.js';

const settings = {
  multaBp: 200,
  jurosMensalBp: 100,
  chave: 'financeiro@escola.com.br',
  validadeAposVencimento: 30,
};

// R$ 980,00 with a 25 % bolsa (R$ 735,00), then a R$ 35,00 discount: R$ 700,00 owed, R$ 100,00 paid by hand.
const source: CobvSource = {
  mensalidadeId: '0f1e2d3c-4b5a-4969-8877-665544332211',
  mesReferencia: '2026-03',
  dataVencimento: '2026-03-10',
  valor: 70_000,
  principalPago: 10_000,
  alunoNome: 'Ana Beatriz Souza',
  devedor: { nome: 'Carla Souza', cpf: '529.982.247-25' },
};

describe('buildCobvBody', () => {
  it('builds the exact cobv of a mensalidade with bolsa, a partial payment, multa and juros', () => {
    expect(buildCobvBody(source, settings)).toEqual({
      ok: true,
      body: {
        calendario: { dataDeVencimento: '2026-03-10', validadeAposVencimento: 30 },
        devedor: { cpf: '52998224725', nome: 'Carla Souza' },
        valor: {
          original: '600.00',
          multa: { modalidade: 2, valorPerc: '2.00' },
          juros: { modalidade: 3, valorPerc: '1.00' },
        },
        chave: 'financeiro@escola.com.br',
        solicitacaoPagador: 'Mensalidade 03/2026 — Ana',
      },
    });
  });

  it('writes odd rates with two decimals, clamps multa to 2 % and leaves out a zero rate', () => {
    const result = buildCobvBody(source, { ...settings, multaBp: 350, jurosMensalBp: 33 });
    expect(result.ok && result.body.valor).toEqual({
      original: '600.00',
      multa: { modalidade: 2, valorPerc: '2.00' },
      juros: { modalidade: 3, valorPerc: '0.33' },
    });
    const none = buildCobvBody(source, { ...settings, multaBp: 0, jurosMensalBp: 0 });
    expect(none.ok && none.body.valor).toEqual({ original: '600.00' });
  });

  it('refuses, in Portuguese, a family without a valid CPF or without a responsável financeiro', () => {
    const noCpf = buildCobvBody({ ...source, devedor: { nome: 'Carla Souza', cpf: null } }, settings);
    expect(noCpf).toEqual({ ok: false, erro: expect.stringContaining('não tem CPF válido') as string });
    const badCpf = buildCobvBody(
      { ...source, devedor: { nome: 'Carla Souza', cpf: '11111111111' } },
      settings,
    );
    expect(badCpf.ok).toBe(false);
    const nobody = buildCobvBody({ ...source, devedor: null }, settings);
    expect(nobody).toEqual({
      ok: false,
      erro: expect.stringContaining('Ana Beatriz Souza não tem responsável financeiro') as string,
    });
  });

  it('never exposes the debt in what the payer sees', () => {
    expect(solicitacaoOf('2026-11', '  Lia  Maria ')).toBe('Mensalidade 11/2026 — Lia');
  });

  it('names the enrolment fee as the fee, to the payer and in the error (ADR 0094)', () => {
    expect(solicitacaoOf('2026-12', 'Lia Maria', 'taxa_matricula', 2027)).toBe(
      'Taxa de matrícula 2027 — Lia',
    );
    const fee = { ...source, tipo: 'taxa_matricula' as const, anuidadeAno: 2027 };
    const built = buildCobvBody(fee, settings);
    expect(built.ok && built.body.solicitacaoPagador).toBe('Taxa de matrícula 2027 — Ana');
    expect(buildCobvBody({ ...fee, devedor: null }, settings)).toEqual({
      ok: false,
      erro: expect.stringContaining('o CPF de quem paga a taxa de matrícula 2027.') as string,
    });
  });
});

describe('txidOf', () => {
  it('derives a stable BCB txid from the mensalidade id, and a new one only per generation', () => {
    const txid = txidOf(source.mensalidadeId);
    expect(txid).toBe('0f1e2d3c4b5a49698877665544332211');
    expect(txid).toMatch(COBV_TXID);
    expect(txidOf(source.mensalidadeId)).toBe(txid);
    expect(txidOf(source.mensalidadeId, 1)).toMatch(COBV_TXID);
    expect(txidOf(source.mensalidadeId, 99)).toMatch(COBV_TXID);
    expect(txidOf(source.mensalidadeId, 1)).not.toBe(txid);
  });

  it('puts the desconto de pontualidade as modalidade 1, a fixed amount until its date (ADR 0046)', () => {
    const pontualidade = { tipo: 'percentual', bp: 500, diasAntes: 5 } as const;
    const built = buildCobvBody(source, { ...settings, pontualidade, hoje: '2026-03-01' });
    // 5 % of the R$ 600,00 still open, until 5 days before the due date.
    expect(built.ok && built.body.valor).toEqual({
      original: '600.00',
      multa: { modalidade: 2, valorPerc: '2.00' },
      juros: { modalidade: 3, valorPerc: '1.00' },
      desconto: { modalidade: 1, descontoDataFixa: [{ data: '2026-03-05', valorPerc: '30.00' }] },
    });
    // On its last day it is still sent; the day after, a new charge goes without it.
    const lastDay = buildCobvBody(source, { ...settings, pontualidade, hoje: '2026-03-05' });
    expect(lastDay.ok && lastDay.body.valor.desconto).toBeTruthy();
    const after = buildCobvBody(source, { ...settings, pontualidade, hoje: '2026-03-06' });
    expect(after.ok && after.body.valor.desconto).toBeUndefined();
  });
});
