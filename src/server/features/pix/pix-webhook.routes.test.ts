/**
 * The PSP's webhook (issue 33 §2): `POST /api/pix/webhook/{segredo}/pix` with the standard's
 * `{"pix": [...]}`. Pays once however often and wherever it arrives; what it cannot use is a 4xx with
 * nothing recorded, or parked in Pix a conciliar — never a 5xx for a Pix. Each Pix posted is read back
 * from the PSP (the simulated bank, over mutual TLS) and only the PSP's record counts (ADR 0082).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { pagamentos } from '../../db/schema/finance.js';
import { pixRecebidos } from '../../db/schema/pix-recebidos.js';
import { startSimulatedBank, type ReceiveOptions, type SimulatedBank } from '../banco-simulado/index.js';
import { connectSimulatedBank } from '../../test/pix-fixtures.js';
import { createTestApp, MemoryLog, otherInstance } from '../../test/test-app.js';
import { pixOf, postWebhook, setWebhookSecret, txidOf } from '../../test/pix-recebidos-fixtures.js';
import { mensalidadeOf, setupFinanceTest, thisYear } from '../finance/finance.test-setup.js';
import { schoolWithPixCharges } from './pix.test-setup.js';

const harness = setupFinanceTest();
const { t, call } = harness;
// The school's PSP. It refuses the tests' http:// webhook URL, so it never posts by itself: each test
// posts what the PSP would, and the app asks the PSP about it.
let bank: SimulatedBank;
beforeAll(async () => {
  bank = await startSimulatedBank({ webhookRetryDelaysMs: [] });
});
afterAll(() => bank.close());

/** `schoolWithPixCharges`, connected to the PSP, and the installation's webhook secret. */
async function withTuition() {
  const s = await schoolWithPixCharges(harness);
  await connectSimulatedBank(t, bank);
  const segredo = await setWebhookSecret(t);
  return { ...s, segredo };
}

/** A Pix the payer's bank sent to the school's key: now held by the PSP, as it would post it. */
const received = (options: ReceiveOptions) =>
  bank.receive({ pagador: { cpf: '12345678909', nome: 'Carla Souza' }, ...options });

const rows = () => t.database.db.select().from(pixRecebidos);
const paymentsOf = (id: string) =>
  t.database.db.select().from(pagamentos).where(eq(pagamentos.mensalidadeId, id));

describe('the Pix webhook', () => {
  it('a Pix posted by the PSP pays its mensalidade; replayed and received on two instances, once', async () => {
    const s = await withTuition();
    const body = { pix: [await received({ valor: 85_000, txid: txidOf(s.july.id) })] };
    const first = await postWebhook(t.app, body);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ success: true, data: { recebidos: 1, novos: 1, nao_confirmados: 0 } });
    const again = await postWebhook(t.app, body);
    expect(again.json().data).toEqual({ recebidos: 1, novos: 0, nao_confirmados: 0 });

    const second = await withTuitionFor(s.bruno.id);
    // A cluster's instances share the installation's key (BACKUP_KEY), which seals the webhook secret.
    const other = await otherInstance(t, { backupKey: t.app.ctx.backupKey.toString('hex') });
    try {
      const both = { pix: [await received({ valor: 85_000, txid: txidOf(second.id) })] };
      const answers = await Promise.all([
        postWebhook(t.app, both),
        postWebhook(other, both),
        postWebhook(other, both),
      ]);
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
      expect(answers.map((answer) => answer.json().data.novos as number).sort()).toEqual([0, 0, 1]);
    } finally {
      await other.close();
    }
    expect(await paymentsOf(s.july.id)).toHaveLength(1);
    expect(await paymentsOf(second.id)).toHaveLength(1);
    const detail = (await call('GET', `/api/financeiro/mensalidades/${second.id}`, s.admin)).json().data;
    expect(detail).toMatchObject({ status: 'pago', valor_pago: 85_000 });
  });

  it('several Pix in one call: what cannot pay lands in Pix a conciliar (unknown txid, wrong amount, devolução)', async () => {
    const s = await withTuition();
    const paid = await received({ valor: 85_000, txid: txidOf(s.july.id) });
    await postWebhook(t.app, { pix: [paid] });
    const august = await mensalidadeOf(s.ana.id, `${thisYear}-08`);
    const devolucao = await bank.refund(paid.endToEndId, 85_000);
    const lista = [
      await received({ valor: 85_000, txid: 'COBRANCADEOUTROSISTEMA000000001' }),
      await received({ valor: 84_999, txid: txidOf(august.id) }),
      { ...paid, devolucoes: [devolucao] },
    ];
    const answer = await postWebhook(t.app, { pix: lista });
    expect(answer.json().data).toEqual({ recebidos: 3, novos: 3, nao_confirmados: 0 });
    const waiting = (await rows()).filter((row) => row.situacao === 'a_conciliar');
    expect(waiting.map((row) => row.motivo).sort()).toEqual([
      'devolucao',
      'txid_desconhecido',
      'valor_diferente',
    ]);
    const aug = (await call('GET', `/api/financeiro/mensalidades/${august.id}`, s.admin)).json().data;
    expect(aug.status).toBe('pendente');
  });

  it('invalid JSON or a body not of the standard shape is a 400 with the envelope, and nothing is recorded', async () => {
    await withTuition();
    const bad: unknown[] = [
      '{"pix": [',
      {},
      [],
      { pix: {} },
      { pix: [{ endToEndId: 'E1', valor: 850, horario: '2026-06-15T10:00:00Z' }] },
      { pix: [{ endToEndId: 'E1', valor: '850,00', horario: '2026-06-15T10:00:00Z' }] },
      { pix: [{ valor: '850.00', horario: '2026-06-15T10:00:00Z' }] },
      { pix: [{ endToEndId: 'E1', valor: '850.00', horario: 'ontem' }] },
      { pix: [{ endToEndId: 'E1', txid: 'com espaço', valor: '850.00', horario: '2026-06-15T10:00:00Z' }] },
    ];
    for (const body of bad) {
      const answer = await postWebhook(t.app, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json()).toMatchObject({ success: false, code: 'VALIDATION' });
    }
    expect(await rows()).toEqual([]);
  });

  it('a body over 1 MB is a 413; a wrong or an old secret, or another path, is a 404', async () => {
    const s = await withTuition();
    const big = {
      pix: [await received({ valor: 100, infoPagador: 'x'.repeat(140) })],
      filler: 'x'.repeat(1_000_100),
    };
    const tooLarge = await postWebhook(t.app, big);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE' });

    const body = { pix: [await received({ valor: 85_000, txid: txidOf(s.july.id) })] };
    const wrong = await postWebhook(
      t.app,
      body,
      `${s.segredo.slice(0, -1)}${s.segredo.endsWith('X') ? 'Y' : 'X'}`,
    );
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect((await postWebhook(t.app, '{"pix": [', 'errado')).statusCode).toBe(404);
    const withoutPix = await t.app.inject({
      method: 'POST',
      url: `/api/pix/webhook/${s.segredo}`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    expect(withoutPix.statusCode).toBe(404);
    const get = await t.app.inject({ method: 'GET', url: `/api/pix/webhook/${s.segredo}/pix` });
    expect(get.statusCode).toBe(404);
    expect(await rows()).toEqual([]);

    await t.reset();
    // Another installation (here: this one's secret made anew), with its PSP, does not take the old secret.
    await connectSimulatedBank(t, bank);
    const renewed = await setWebhookSecret(t);
    expect((await postWebhook(t.app, body, s.segredo)).statusCode).toBe(404);
    expect((await postWebhook(t.app, body, renewed)).statusCode).toBe(200);
  });

  it("a PSP's burst of dozens of calls at once is never refused", async () => {
    await withTuition();
    const lista = await Promise.all(Array.from({ length: 60 }, () => received({ valor: 1_000 })));
    const answers = await Promise.all(lista.map((pix) => postWebhook(t.app, { pix: [pix] })));
    expect(answers.filter((answer) => answer.statusCode !== 200)).toEqual([]);
    expect(await rows()).toHaveLength(60);
  });

  it('a Pix whose processing fails is parked in Pix a conciliar, never a 5xx', async () => {
    const s = await withTuition();
    const db = t.database.db;
    // The database refuses the payment (a stand-in for anything unexpected while paying).
    await db.execute(sql`create function recusa_pagamento() returns trigger language plpgsql as $$
      begin raise exception 'pagamento recusado no teste'; end $$`);
    await db.execute(
      sql`create trigger recusa_pagamento before insert on pagamentos for each row execute function recusa_pagamento()`,
    );
    try {
      const pix = await received({ valor: 85_000, txid: txidOf(s.july.id) });
      const answer = await postWebhook(t.app, { pix: [pix] });
      expect(answer.statusCode).toBe(200);
      expect(await rows()).toEqual([
        expect.objectContaining({ endToEndId: pix.endToEndId, situacao: 'a_conciliar', motivo: 'erro' }),
      ]);
      expect(await paymentsOf(s.july.id)).toEqual([]);
    } finally {
      await db.execute(sql`drop trigger recusa_pagamento on pagamentos`);
      await db.execute(sql`drop function recusa_pagamento()`);
    }
  });

  it('a Pix the PSP does not hold pays nothing; the amount and txid recorded are the PSP’s, not the call’s', async () => {
    const s = await withTuition();
    // Whoever learnt the secret posts a Pix of their own making for July.
    const forged = pixOf({ valor: 85_000, txid: txidOf(s.july.id) });
    const answer = await postWebhook(t.app, { pix: [forged] });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toEqual({ recebidos: 1, novos: 0, nao_confirmados: 1 });
    expect(await rows()).toEqual([]);

    // A real R$ 1,00 Pix to July's txid, posted as if it were the whole month.
    const real = await received({ valor: 100, txid: txidOf(s.july.id) });
    const inflated = await postWebhook(t.app, {
      pix: [{ ...real, valor: '850.00', txid: txidOf(s.july.id) }],
    });
    expect(inflated.json().data).toEqual({ recebidos: 1, novos: 1, nao_confirmados: 0 });
    expect(await rows()).toEqual([
      expect.objectContaining({ endToEndId: real.endToEndId, valor: 100, situacao: 'a_conciliar' }),
    ]);
    expect(await paymentsOf(s.july.id)).toEqual([]);
    const july = (await call('GET', `/api/financeiro/mensalidades/${s.july.id}`, s.admin)).json().data;
    expect(july.status).not.toBe('pago');
  });

  it('the PSP out of reach is a 503 with nothing recorded, and the PSP’s next delivery pays', async () => {
    const s = await withTuition();
    const pix = await received({ valor: 85_000, txid: txidOf(s.july.id) });
    bank.failNext('erro500');
    const down = await postWebhook(t.app, { pix: [pix] });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ success: false, code: 'UNAVAILABLE' });
    expect(await rows()).toEqual([]);
    const retry = await postWebhook(t.app, { pix: [pix] });
    expect(retry.json().data).toEqual({ recebidos: 1, novos: 1, nao_confirmados: 0 });
    expect(await paymentsOf(s.july.id)).toHaveLength(1);
  });

  it('with no PSP configured (nobody was given the URL), the right secret is a 404 too', async () => {
    const s = await schoolWithPixCharges(harness);
    const segredo = await setWebhookSecret(t);
    const answer = await postWebhook(
      t.app,
      { pix: [pixOf({ valor: 85_000, txid: txidOf(s.july.id) })] },
      segredo,
    );
    expect(answer.statusCode).toBe(404);
    expect(await rows()).toEqual([]);
  });

  it('never writes the secret to the log', async () => {
    const log = new MemoryLog();
    const logged = await createTestApp({ logLevel: 'info' }, { logStream: log });
    try {
      const segredo = await setWebhookSecret(logged);
      await postWebhook(logged.app, { pix: [] });
      await postWebhook(logged.app, { pix: [] }, 'um-segredo-errado-qualquer');
      expect(log.text()).toContain('/api/pix/webhook/');
      expect(log.text()).not.toContain(segredo);
      expect(log.text()).not.toContain('um-segredo-errado-qualquer');
    } finally {
      await logged.close();
    }
  });
});

/** Bruno's July, for a second Pix in the same test. */
async function withTuitionFor(alunoId: string) {
  return mensalidadeOf(alunoId, `${thisYear}-07`);
}
