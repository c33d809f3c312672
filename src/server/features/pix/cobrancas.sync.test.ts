/**
 * The charges' sync against an in-memory PSP that keeps cobvs as the BCB API describes them (the real
 * adapter against the simulated bank is in cobrancas.banco.test.ts): desired state → PUT / PATCH /
 * removal, bounded batches, errors and retries.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { clock } from '../../lib/clock.js';
import { setupTestApp, signedIn } from '../../test/test-app.js';
import { insertClass, insertStudent, insertGuardian } from '../../test/records-fixtures.js';
import { guardians, students } from '../../db/schema/students.js';
import { mensalidades } from '../../db/schema/finance.js';
import { pixCobrancas } from '../../db/schema/pix-cobrancas.js';
import {
  PixApiError,
  type Cobv,
  type CobvBody,
  type CobvPatch,
  type PixApi,
  type PixProvider,
} from './pix-api.js';
import { configFingerprint, syncCobrancas } from './cobrancas.sync.js';
import { txidOf, type CobvSettings } from './cobv-body.js';

/** A PSP in memory: stores cobvs, counts calls, fails on demand. */
class MemoryPsp implements PixApi {
  readonly cobvs = new Map<string, Cobv>();
  readonly calls: string[] = [];
  failures: PixApiError[] = [];
  private locId = 0;

  private fail(call: string) {
    this.calls.push(call);
    const failure = this.failures.shift();
    if (failure) throw failure;
  }
  testConnection() {
    return Promise.resolve();
  }
  putCobv(txid: string, body: CobvBody): Promise<Cobv> {
    this.fail(`PUT ${txid}`);
    if (this.cobvs.has(txid)) throw new PixApiError('recusado', 'txid já usado', 400);
    this.locId++;
    const cobv: Cobv = {
      ...body,
      txid,
      revisao: 0,
      status: 'ATIVA',
      calendario: { ...body.calendario, criacao: '2026-03-20T12:00:00Z' },
      loc: { id: this.locId, location: `psp.example/qr/v2/cobv/loc${this.locId}`, tipoCob: 'cobv' },
    };
    this.cobvs.set(txid, cobv);
    return Promise.resolve(cobv);
  }
  getCobv(txid: string): Promise<Cobv> {
    this.fail(`GET ${txid}`);
    const cobv = this.cobvs.get(txid);
    if (!cobv) throw new PixApiError('recusado', 'Cobrança não encontrada', 404);
    return Promise.resolve(cobv);
  }
  patchCobv(txid: string, patch: CobvPatch): Promise<Cobv> {
    this.fail(`PATCH ${txid}${patch.status ? ' REMOVER' : ''}`);
    const cobv = this.cobvs.get(txid);
    if (cobv?.status !== 'ATIVA') throw new PixApiError('recusado', 'Cobrança não está ativa', 400);
    const revised: Cobv = {
      ...cobv,
      ...(patch.valor ? { valor: { ...patch.valor, desconto: patch.valor.desconto ?? undefined } } : {}),
      ...(patch.calendario ? { calendario: { ...cobv.calendario, ...patch.calendario } } : {}),
      ...(patch.status ? { status: patch.status } : {}),
      revisao: cobv.revisao + 1,
    };
    this.cobvs.set(txid, revised);
    return Promise.resolve(revised);
  }
  listPix() {
    return Promise.resolve([]);
  }
  getPix() {
    return Promise.resolve(null);
  }
  putWebhook() {
    return Promise.resolve();
  }
}

const t = setupTestApp();
beforeAll(() => clock.pin('2026-03-20'));
afterAll(() => clock.unpin());

async function schoolWithTuition(alunos = 3) {
  const admin = await signedIn(t, 'administrador');
  const turma = await insertClass(t, null, 30, { anoLetivo: '2026' });
  const guardian = await insertGuardian(t);
  const children = [];
  for (let index = 0; index < alunos; index++) children.push(await insertStudent(t, turma.id, guardian.id));
  await t.database.db.update(students).set({ dataMatricula: '2026-01-05' });
  const put = (url: string, payload: object) =>
    t.app.inject({ method: 'PUT', url, headers: { cookie: admin.cookie }, payload });
  const post = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: { cookie: admin.cookie }, payload });
  const settings = await put('/api/financeiro/configuracoes', {
    multa_percentual: 2,
    juros_mensal_percentual: 1,
    dia_vencimento_padrao: 10,
    turmas: [{ turma_id: turma.id, valor_mensalidade: 85_000, dia_vencimento: 10 }],
  });
  expect(settings.statusCode, settings.body).toBe(200);
  const generated = await post('/api/financeiro/mensalidades/gerar', { ano: 2026, mes: 4 });
  expect(generated.statusCode, generated.body).toBe(201);
  const rows = await t.database.db.select().from(mensalidades);
  return { admin, guardian, children, rows, post };
}

function providerOf(psp: MemoryPsp): PixProvider {
  return { api: psp, chave: 'financeiro@escola.com.br', validadeAposVencimento: 30 };
}

const chargeOf = async (id: string) =>
  (await t.database.db.select().from(pixCobrancas).where(eq(pixCobrancas.mensalidadeId, id)))[0];

describe('pix.sincronizar', () => {
  it('creates a charge per open tuition in bounded batches, with the exact body and a derived txid', async () => {
    const { rows, guardian } = await schoolWithTuition(3);
    const psp = new MemoryPsp();
    const first = await syncCobrancas(t.app.ctx, { provider: providerOf(psp), batch: 2 });
    expect(first).toMatchObject({ criadas: 2, restante: true });
    const second = await syncCobrancas(t.app.ctx, { provider: providerOf(psp), batch: 2 });
    expect(second).toMatchObject({ criadas: 1, restante: false });
    expect(psp.calls.filter((call) => call.startsWith('PUT'))).toHaveLength(3);
    const row = rows[0]!;
    const txid = txidOf(row.id);
    expect(psp.cobvs.get(txid)).toMatchObject({
      calendario: { dataDeVencimento: '2026-04-10', validadeAposVencimento: 30 },
      devedor: { cpf: guardian.cpf, nome: guardian.nome },
      valor: {
        original: '850.00',
        multa: { modalidade: 2, valorPerc: '2.00' },
        juros: { modalidade: 3, valorPerc: '1.00' },
      },
      chave: 'financeiro@escola.com.br',
    });
    expect(await chargeOf(row.id)).toMatchObject({
      txid,
      status: 'ativa',
      erro: null,
      location: expect.stringMatching(/^psp\.example\/qr\/v2\/cobv\/loc\d$/) as string,
      revisao: 0,
      valorEnviado: 85_000,
      vencimentoEnviado: '2026-04-10',
    });
    // Nothing changed: a third run sends nothing.
    expect(await syncCobrancas(t.app.ctx, { provider: providerOf(psp) })).toMatchObject({
      criadas: 0,
      revisadas: 0,
    });
    expect(psp.calls).toHaveLength(3);
  });

  it('revises the amount after a discount, removes a cancelled one and one paid by hand', async () => {
    const { rows, post } = await schoolWithTuition(3);
    const psp = new MemoryPsp();
    await syncCobrancas(t.app.ctx, { provider: providerOf(psp) });
    const [discounted, cancelled, paid] = rows;
    expect(
      (
        await post(`/api/financeiro/mensalidades/${discounted!.id}/desconto`, {
          desconto: 5_000,
          motivo: 'Irmãos',
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await post(`/api/financeiro/mensalidades/${cancelled!.id}/cancelar`, { motivo: 'Saiu da escola' }))
        .statusCode,
    ).toBe(200);
    const payment = await post(`/api/financeiro/mensalidades/${paid!.id}/pagamento`, {
      valor_pago: 85_000,
      data_pagamento: '2026-03-20',
      forma: 'dinheiro',
    });
    expect(payment.statusCode, payment.body).toBe(201);
    expect(await syncCobrancas(t.app.ctx, { provider: providerOf(psp) })).toMatchObject({
      revisadas: 1,
      removidas: 2,
    });
    expect(psp.cobvs.get(txidOf(discounted!.id))).toMatchObject({
      revisao: 1,
      valor: { original: '800.00' },
    });
    expect(await chargeOf(discounted!.id)).toMatchObject({
      status: 'ativa',
      revisao: 1,
      valorEnviado: 80_000,
    });
    expect(psp.cobvs.get(txidOf(cancelled!.id))?.status).toBe('REMOVIDA_PELO_USUARIO_RECEBEDOR');
    expect(await chargeOf(cancelled!.id)).toMatchObject({ status: 'removida' });
    expect(await chargeOf(paid!.id)).toMatchObject({ status: 'removida' });
  });

  it('marks concluída a tuition the PSP says was paid through its charge', async () => {
    const { rows, post } = await schoolWithTuition(1);
    const psp = new MemoryPsp();
    await syncCobrancas(t.app.ctx, { provider: providerOf(psp) });
    const txid = txidOf(rows[0]!.id);
    psp.cobvs.set(txid, { ...psp.cobvs.get(txid)!, status: 'CONCLUIDA' });
    await post(`/api/financeiro/mensalidades/${rows[0]!.id}/pagamento`, {
      valor_pago: 85_000,
      data_pagamento: '2026-03-20',
      forma: 'pix',
    });
    expect(await syncCobrancas(t.app.ctx, { provider: providerOf(psp) })).toMatchObject({ concluidas: 1 });
    expect(await chargeOf(rows[0]!.id)).toMatchObject({ status: 'concluida' });
    expect(psp.calls.some((call) => call.includes('REMOVER'))).toBe(false);
  });

  it('a PSP that fails leaves pix: erro with the reason at once, stops the batch and retries within a minute', async () => {
    const { rows } = await schoolWithTuition(12);
    const psp = new MemoryPsp();
    psp.failures = [
      new PixApiError(
        'indisponivel',
        'O banco está fora do ar (erro 500). Nova tentativa em instantes.',
        500,
      ),
    ];
    const failed = await syncCobrancas(t.app.ctx, { provider: providerOf(psp) });
    expect(failed).toMatchObject({ erros: 1, transitorio: true, restante: true });
    // The calls already in flight finish; nothing new is taken from a PSP that is down.
    expect(psp.calls.length).toBeLessThanOrEqual(8);
    expect(failed.criadas).toBe(psp.calls.length - 1);
    const charges = await t.database.db.select().from(pixCobrancas);
    const errored = charges.filter((charge) => charge.status === 'erro');
    expect(errored).toHaveLength(1);
    expect(errored[0]).toMatchObject({
      erro: 'O banco está fora do ar (erro 500). Nova tentativa em instantes.',
      tentativas: 1,
    });
    expect(errored[0]!.proximaTentativa!.getTime() - clock.now().getTime()).toBeLessThanOrEqual(60_000);
    // Before the retry is due the failed one waits; once due, everything goes through.
    clock.pin(new Date(clock.now().getTime() + 61_000));
    try {
      expect(await syncCobrancas(t.app.ctx, { provider: providerOf(psp) })).toMatchObject({ erros: 0 });
      const after = await t.database.db.select().from(pixCobrancas);
      expect(after.map((charge) => charge.status)).toEqual(rows.map(() => 'ativa'));
      expect(after.every((charge) => charge.erro === null && charge.tentativas === 0)).toBe(true);
    } finally {
      clock.pin('2026-03-20');
    }
  });

  it('a family without CPF gets no charge: erro in Portuguese, no call to the PSP', async () => {
    const { rows, guardian } = await schoolWithTuition(1);
    await t.database.db.update(guardians).set({ cpf: null }).where(eq(guardians.id, guardian.id));
    const psp = new MemoryPsp();
    expect(await syncCobrancas(t.app.ctx, { provider: providerOf(psp) })).toMatchObject({
      erros: 1,
      transitorio: false,
    });
    expect(psp.calls).toEqual([]);
    expect((await chargeOf(rows[0]!.id))?.erro).toMatch(/não tem CPF válido no cadastro/);
  });

  it('does nothing while Pix automático is off', async () => {
    await schoolWithTuition(1);
    expect(await syncCobrancas(t.app.ctx, { provider: null })).toMatchObject({ criadas: 0, restante: false });
    expect(await t.database.db.select().from(pixCobrancas)).toEqual([]);
  });
});

describe('configFingerprint', () => {
  const base = { multaBp: 200, jurosMensalBp: 100, chave: 'chave-a', validadeAposVencimento: 30 };
  it('changes with every revisable setting, also one the settings gain later; not with the key', () => {
    const print = configFingerprint(base);
    expect(configFingerprint({ ...base, chave: 'chave-b' })).toBe(print);
    expect(configFingerprint({ ...base, multaBp: 150 })).not.toBe(print);
    expect(configFingerprint({ ...base, jurosMensalBp: 33 })).not.toBe(print);
    expect(configFingerprint({ ...base, validadeAposVencimento: 45 })).not.toBe(print);
    const later = { ...base, desconto: { percentualBp: 500, dia: 5 } } as CobvSettings;
    expect(configFingerprint(later)).not.toBe(print);
    // The desconto de pontualidade (ADR 0046) is in it; today is not (it only trims a lapsed discount).
    const pontualidade = { tipo: 'percentual', bp: 500, diasAntes: 5 } as const;
    const withDiscount = configFingerprint({ ...base, pontualidade, hoje: '2026-03-01' });
    expect(withDiscount).not.toBe(print);
    expect(configFingerprint({ ...base, pontualidade: { ...pontualidade, diasAntes: 3 } })).not.toBe(
      withDiscount,
    );
    expect(configFingerprint({ ...base, pontualidade, hoje: '2026-03-02' })).toBe(withDiscount);
    expect(configFingerprint({ ...base, pontualidade: null })).toBe(print);
    // The order in which the fields were written does not matter.
    const { multaBp, ...rest } = base;
    expect(configFingerprint({ ...rest, multaBp })).toBe(print);
  });
});
