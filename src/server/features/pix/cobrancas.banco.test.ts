/**
 * The real path of issue 33 §1: tuition generated → `pix.sincronizar` on the job queue → the adapter over
 * mutual TLS → the simulated bank; revisions, removals, a bank that fails, the family's dynamic code, and
 * the bank's amount of the day equal to the product's own computation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { computeAmountDue } from '../../../shared/money.js';
import type { MensalidadeDetail, PixCode } from '../../../shared/mensalidades.schemas.js';
import { clock } from '../../lib/clock.js';
import { connectSimulatedBank, pixSchool } from '../../test/pix-fixtures.js';
import { setupTestApp } from '../../test/test-app.js';
import { dataOf } from '../../test/records-fixtures.js';
import { mensalidades } from '../../db/schema/finance.js';
import { pixCobrancas } from '../../db/schema/pix-cobrancas.js';
import { startSimulatedBank, type SimulatedBank } from '../banco-simulado/index.js';
import { hasValidCrc, parseTlv } from '../finance/pix.js';
import { SYNC_BATCH, SYNC_JOB } from './cobrancas.sync.js';
import { txidOf } from './cobv-body.js';

const t = setupTestApp({ pixTimeoutMs: 1500 });
let bank: SimulatedBank;
const today = '2026-03-20';

beforeAll(async () => {
  clock.pin(today);
  bank = await startSimulatedBank({ allowHttpWebhook: true, webhookRetryDelaysMs: [] });
});
afterAll(async () => {
  clock.unpin();
  await bank.close();
});

async function school(options: { alunos: number; meses: number[]; validade?: number; connect?: boolean }) {
  const { admin, call, gerar } = await pixSchool(t, { alunos: options.alunos });
  if (options.connect !== false)
    await connectSimulatedBank(t, bank, { validadeAposVencimento: options.validade ?? 30 });
  for (const mes of options.meses) await gerar(mes);
  const rows = await t.database.db.select().from(mensalidades).orderBy(mensalidades.dataVencimento);
  return { admin, call, rows };
}

const detailOf = async (call: Awaited<ReturnType<typeof school>>['call'], id: string) =>
  dataOf<MensalidadeDetail>(await call('GET', `/api/financeiro/mensalidades/${id}`));

describe('Pix charges against the simulated bank', () => {
  it('generation queues the charges; the job creates them in bounded batches over few connections', async () => {
    const { call, rows } = await school({ alunos: SYNC_BATCH + 5, meses: [4] });
    expect(rows).toHaveLength(SYNC_BATCH + 5);
    // Generation itself called no bank: its charges are pending until the job runs.
    expect(bank.stats.requests['PUT /cobv/{txid}'] ?? 0).toBe(0);
    expect((await detailOf(call, rows[0]!.id)).pix).toEqual({
      status: 'pendente',
      txid: txidOf(rows[0]!.id),
    });
    await t.app.ctx.jobs.drain();
    expect(bank.stats.requests['PUT /cobv/{txid}']).toBe(SYNC_BATCH + 5);
    expect(bank.stats.peakConnections).toBeLessThanOrEqual(4);
    const charges = await t.database.db.select().from(pixCobrancas);
    expect(charges.map((charge) => charge.status)).toEqual(rows.map(() => 'ativa'));
    const txid = txidOf(rows[0]!.id);
    expect((await detailOf(call, rows[0]!.id)).pix).toEqual({ status: 'ativa', txid });
    const stored = bank.charge(txid)!;
    expect(stored).toMatchObject({
      status: 'ATIVA',
      chave: bank.chave,
      calendario: { dataDeVencimento: '2026-04-10', validadeAposVencimento: 30 },
      valor: { original: '850.00', multa: { modalidade: 2, valorPerc: '2.00' }, juros: { modalidade: 3 } },
    });

    // The family's code is the charge's dynamic one: the location, no key, no amount, txid ***.
    const pix = dataOf<PixCode>(await call('GET', `/api/financeiro/mensalidades/${rows[0]!.id}/pix`));
    expect(pix).toMatchObject({ txid, dinamico: true, valor: 85_000 });
    expect(hasValidCrc(pix.copia_e_cola)).toBe(true);
    const fields = parseTlv(pix.copia_e_cola);
    const account = parseTlv(fields.get('26')!);
    expect(account.get('25')).toBe(stored.loc.location.replace(/^https:\/\//, ''));
    expect(account.has('01')).toBe(false);
    expect(fields.has('54')).toBe(false);
    expect(parseTlv(fields.get('62')!).get('05')).toBe('***');

    // Thirty days after the due date the bank refuses the charge: the staff are told so, and the family
    // gets the school's fixed code (which does not confirm itself), not the 'ativa' charge's.
    clock.pin('2026-05-10');
    try {
      expect((await detailOf(call, rows[0]!.id)).pix).toEqual({ status: 'ativa', txid });
      clock.pin('2026-05-11');
      expect((await detailOf(call, rows[0]!.id)).pix).toEqual({
        status: 'ativa',
        txid,
        expirou_em: '2026-05-10',
      });
      const fixed = dataOf<PixCode>(await call('GET', `/api/financeiro/mensalidades/${rows[0]!.id}/pix`));
      expect(fixed.dinamico).toBe(false);
    } finally {
      clock.pin(today);
    }
  });

  it('revises a discounted charge, removes a cancelled one and one paid by hand', async () => {
    const { call, rows } = await school({ alunos: 3, meses: [4] });
    await t.app.ctx.jobs.drain();
    const [discounted, cancelled, paid] = rows;
    expect(
      (
        await call('POST', `/api/financeiro/mensalidades/${discounted!.id}/desconto`, {
          desconto: 5_000,
          motivo: 'Irmãos',
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await call('POST', `/api/financeiro/mensalidades/${cancelled!.id}/cancelar`, { motivo: 'Saiu' }))
        .statusCode,
    ).toBe(200);
    const payment = await call('POST', `/api/financeiro/mensalidades/${paid!.id}/pagamento`, {
      valor_pago: 85_000,
      data_pagamento: today,
      forma: 'dinheiro',
    });
    expect(payment.statusCode, payment.body).toBe(201);
    await t.app.ctx.jobs.drain();
    expect(bank.charge(txidOf(discounted!.id))).toMatchObject({ revisao: 1, valor: { original: '800.00' } });
    expect((await detailOf(call, discounted!.id)).pix).toMatchObject({ status: 'ativa' });
    expect(bank.charge(txidOf(cancelled!.id))?.status).toBe('REMOVIDA_PELO_USUARIO_RECEBEDOR');
    expect((await detailOf(call, cancelled!.id)).pix).toMatchObject({ status: 'removida' });
    expect(bank.charge(txidOf(paid!.id))?.status).toBe('REMOVIDA_PELO_USUARIO_RECEBEDOR');
    expect((await detailOf(call, paid!.id)).pix).toMatchObject({ status: 'removida' });
  });

  for (const kind of ['erro500', 'tempo'] as const) {
    it(`a bank that fails (${kind}) leaves pix: erro with the reason, and the retry within a minute succeeds`, async () => {
      const { call, rows } = await school({ alunos: 1, meses: [4] });
      bank.failNext(kind, 1);
      await t.app.ctx.jobs.drain();
      const detail = await detailOf(call, rows[0]!.id);
      expect(detail.pix?.status).toBe('erro');
      expect(detail.pix?.erro).toMatch(/\w/);
      expect(detail.status).toBe('pendente');
      // The family still has a way to pay: the static code.
      const fallback = dataOf<PixCode>(await call('GET', `/api/financeiro/mensalidades/${rows[0]!.id}/pix`));
      expect(fallback.dinamico).toBe(false);
      clock.pin(new Date(clock.now().getTime() + 60_000));
      try {
        await t.app.ctx.jobs.drain();
        expect((await detailOf(call, rows[0]!.id)).pix).toEqual({
          status: 'ativa',
          txid: txidOf(rows[0]!.id),
        });
      } finally {
        clock.pin(today);
      }
    });
  }

  it("the bank's amount of the day is the product's computeAmountDue, day by day", async () => {
    const { rows } = await school({ alunos: 1, meses: [1, 2, 3], validade: 365 });
    await t.app.ctx.jobs.drain();
    const rates = { multaBp: 200, jurosMensalBp: 100 };
    const days = ['2026-03-20', '2026-04-07', '2026-05-31'];
    for (const [index, row] of rows.entries()) {
      const day = days[index]!;
      clock.pin(day);
      try {
        const paid = await bank.pay(txidOf(row.id));
        const due = computeAmountDue(85_000, row.dataVencimento, day, rates);
        expect(due.days).toBeGreaterThan(0);
        expect(Math.round(Number(paid.valor) * 100)).toBe(due.total);
      } finally {
        clock.pin(today);
      }
    }
  });

  it("a change of the school's multa, juros or days after the due date revises the open tuition's charges", async () => {
    const { call, rows } = await school({ alunos: 2, meses: [4] });
    await t.app.ctx.jobs.drain();
    const [open, paid] = rows.map((row) => txidOf(row.id));
    const payment = await call('POST', `/api/financeiro/mensalidades/${rows[1]!.id}/pagamento`, {
      valor_pago: 85_000,
      data_pagamento: today,
      forma: 'dinheiro',
    });
    expect(payment.statusCode, payment.body).toBe(201);
    await t.app.ctx.jobs.drain();
    const patches = () => bank.stats.requests['PATCH /cobv/{txid}'] ?? 0;
    const before = patches();
    const current = dataOf<{ version: number }>(await call('GET', '/api/financeiro/configuracoes'));
    const settings = await call('PUT', '/api/financeiro/configuracoes', {
      pix_chave: 'financeiro@escola.com.br',
      pix_beneficiario: 'Escola Girassol',
      pix_cidade: 'São Paulo',
      multa_percentual: 1.5,
      juros_mensal_percentual: 0.33,
      dia_vencimento_padrao: 10,
      version: current.version,
    });
    expect(settings.statusCode, settings.body).toBe(200);
    await t.app.ctx.jobs.drain();
    expect(bank.charge(open!)).toMatchObject({
      status: 'ATIVA',
      revisao: 1,
      valor: {
        original: '850.00',
        multa: { modalidade: 2, valorPerc: '1.50' },
        juros: { modalidade: 3, valorPerc: '0.33' },
      },
    });
    // The removed one is left alone; one PATCH per open charge.
    expect(bank.charge(paid!)?.status).toBe('REMOVIDA_PELO_USUARIO_RECEBEDOR');
    expect(patches()).toBe(before + 1);

    await connectSimulatedBank(t, bank, { validadeAposVencimento: 45 });
    await t.app.ctx.jobs.drain();
    expect(bank.charge(open!)).toMatchObject({
      revisao: 2,
      calendario: { dataDeVencimento: '2026-04-10', validadeAposVencimento: 45 },
    });
    // Nothing changed since: nothing sent, by the job nor by the minute schedule (a minute of its own:
    // the schedule asks once per minute per instance).
    clock.pin(new Date(clock.now().getTime() + 5 * 60_000));
    try {
      await t.app.ctx.jobs.tick();
      await t.app.ctx.jobs.drain();
    } finally {
      clock.pin(today);
    }
    expect(patches()).toBe(before + 2);
  });

  it('a charge sent before the settings were compared takes them as sent (no revision after the upgrade)', async () => {
    const { rows } = await school({ alunos: 1, meses: [4] });
    await t.app.ctx.jobs.drain();
    await t.database.db.update(pixCobrancas).set({ configEnviada: null });
    const patches = bank.stats.requests['PATCH /cobv/{txid}'] ?? 0;
    await t.app.ctx.jobs.enqueue(t.app.ctx.db, SYNC_JOB, {});
    await t.app.ctx.jobs.drain();
    expect(bank.stats.requests['PATCH /cobv/{txid}'] ?? 0).toBe(patches);
    const [charge] = await t.database.db.select().from(pixCobrancas);
    expect(charge?.configEnviada).toMatch(/\w{20,}/);
    expect(bank.charge(txidOf(rows[0]!.id))?.revisao).toBe(0);
  });

  it('a change nobody enqueued is caught by the minute schedule', async () => {
    const { rows } = await school({ alunos: 1, meses: [4] });
    await t.app.ctx.jobs.drain();
    // A write that does not go through finance's routes (so nothing wakes the job).
    await t.database.db.update(mensalidades).set({ valor: 80_000 }).where(eq(mensalidades.id, rows[0]!.id));
    await t.app.ctx.jobs.drain();
    expect(bank.charge(txidOf(rows[0]!.id))?.revisao).toBe(0);
    clock.pin(new Date(clock.now().getTime() + 60_000));
    try {
      await t.app.ctx.jobs.tick();
      await t.app.ctx.jobs.drain();
    } finally {
      clock.pin(today);
    }
    expect(bank.charge(txidOf(rows[0]!.id))).toMatchObject({ revisao: 1, valor: { original: '800.00' } });
  });

  it('switched off: the webhook leaves the bank, the charges stay live there, the family sees the static code; on again, the job resumes', async () => {
    const { call, rows } = await school({ alunos: 1, meses: [4] });
    await t.app.ctx.jobs.drain();
    const txid = txidOf(rows[0]!.id);
    expect(bank.webhookUrl(bank.chave)).toBeDefined();
    const deletes = () => bank.stats.requests['DELETE /webhook/{chave}'] ?? 0;
    const before = deletes();
    const off = await connectSimulatedBank(t, bank, { ativo: false });
    expect(off).toMatchObject({ ativo: false, webhook: { status: 'nao_registrado', erro: null } });
    expect(off.mensagem).toMatch(/^Pix automático desligado e webhook removido do banco\. /);
    expect(off.mensagem).toMatch(/seguem válidas no banco/);
    expect(deletes()).toBe(before + 1);
    expect(bank.webhookUrl(bank.chave)).toBeUndefined();
    // Left live at the bank (a family may hold its QR), but the product shows the static code.
    expect(bank.charge(txid)?.status).toBe('ATIVA');
    expect((await detailOf(call, rows[0]!.id)).pix).toBeNull();
    const code = dataOf<PixCode>(await call('GET', `/api/financeiro/mensalidades/${rows[0]!.id}/pix`));
    expect(code.dinamico).toBe(false);
    // A change while off is not sent…
    const discount = await call('POST', `/api/financeiro/mensalidades/${rows[0]!.id}/desconto`, {
      desconto: 5_000,
      motivo: 'Irmãos',
    });
    expect(discount.statusCode, discount.body).toBe(200);
    await t.app.ctx.jobs.drain();
    expect(bank.charge(txid)?.revisao).toBe(0);
    // …and is, once on again (the webhook registered again too).
    const on = await connectSimulatedBank(t, bank);
    expect(on.webhook.status).toBe('registrado');
    await t.app.ctx.jobs.drain();
    expect(bank.charge(txid)).toMatchObject({ status: 'ATIVA', revisao: 1, valor: { original: '800.00' } });
    expect(
      dataOf<PixCode>(await call('GET', `/api/financeiro/mensalidades/${rows[0]!.id}/pix`)).dinamico,
    ).toBe(true);
  });

  it('Pix automático off: no pix state, the static code, nothing sent', async () => {
    const { call, rows } = await school({ alunos: 1, meses: [4], connect: false });
    await t.app.ctx.jobs.drain();
    expect((await detailOf(call, rows[0]!.id)).pix).toBeNull();
    expect(
      dataOf<PixCode>(await call('GET', `/api/financeiro/mensalidades/${rows[0]!.id}/pix`)).dinamico,
    ).toBe(false);
    expect(
      await t.database.db.select().from(pixCobrancas).where(eq(pixCobrancas.mensalidadeId, rows[0]!.id)),
    ).toEqual([]);
  });
});
