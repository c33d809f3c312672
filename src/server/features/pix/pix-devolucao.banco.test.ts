/**
 * 'Devolver pelo banco' (ADR 0092) against the simulated bank over HTTPS: the secretaria asks the school's
 * PSP to return a Pix a conciliar, the bank answers EM_PROCESSAMENTO and later settles it (its webhook, or
 * the daily follow-up asking for it), and the Pix leaves the list — never returned twice, never lost.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog } from '../../db/schema/audit.js';
import { pixRecebidos } from '../../db/schema/pix-recebidos.js';
import { startSimulatedBank, type SimulatedBank } from '../banco-simulado/index.js';
import { connectSimulatedBank } from '../../test/pix-fixtures.js';
import { freePort } from '../../test/ports.js';
import { school, setupFinanceTest } from '../finance/finance.test-setup.js';
import { followDevolucoes } from './pix-devolucao.service.js';
import { pixProviderOf } from './pix-provider.service.js';

const port = await freePort();
const { t, call } = setupFinanceTest({ publicUrl: `http://127.0.0.1:${port}`, pixTimeoutMs: 1500 });
const LIST = '/api/financeiro/pix/a-conciliar';
let bank: SimulatedBank;

beforeAll(async () => {
  await t.app.listen({ port, host: '127.0.0.1' });
});
beforeEach(async () => {
  bank = await startSimulatedBank({
    allowHttpWebhook: true,
    webhookWithoutTxid: true,
    webhookRetryDelaysMs: [],
    refundSettlement: 'manual',
  });
});
afterEach(() => bank.close());

interface Item {
  id: string;
  endToEndId: string;
  situacao: string;
  pode_devolver: boolean;
  devolucao: { status: string; motivo: string | null } | null;
}

/** The school connected to its bank, and a Pix of R$ 850,00 without txid waiting in the list. */
async function waiting() {
  const s = await school();
  await connectSimulatedBank(t, bank);
  const pix = await bank.receive({ valor: 85_000, pagador: { nome: 'Carla Souza' } });
  const list = async () => (await call('GET', LIST, s.admin)).json().data as Item[];
  const item = (await list()).find((row) => row.endToEndId === pix.endToEndId)!;
  expect(item).toMatchObject({ situacao: 'a_conciliar', pode_devolver: true, devolucao: null });
  const devolver = (body: object = {}) => call('POST', `${LIST}/${item.id}/devolver`, s.admin, body);
  /** The devoluções the bank holds for the Pix. */
  const atBank = async () => {
    const row = await t.database.db.select().from(pixRecebidos).where(eq(pixRecebidos.id, item.id));
    return bank.refunds(pix.endToEndId).find((item) => item.id === row[0]!.devolucaoId);
  };
  return { ...s, pix, item, list, devolver, atBank };
}

const rowOf = async (id: string) =>
  (await t.database.db.select().from(pixRecebidos).where(eq(pixRecebidos.id, id)))[0]!;

describe('devolver pelo banco', () => {
  it('asks the bank, waits for it, and the webhook settles it: out of the list, audited', async () => {
    const s = await waiting();
    const asked = await s.devolver({ descricao: 'Pagamento em duplicidade' });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toMatchObject({
      data: { situacao: 'devolucao_solicitada' },
      message: 'Devolução pedida ao banco: o Pix sai da lista quando o banco confirmar.',
    });
    expect(await s.atBank()).toMatchObject({
      valor: '850.00',
      status: 'EM_PROCESSAMENTO',
      descricao: 'Pagamento em duplicidade',
    });
    // While the bank works, nobody else resolves it.
    expect((await s.list())[0]).toMatchObject({
      situacao: 'devolucao_solicitada',
      devolucao: { status: 'EM_PROCESSAMENTO', motivo: null },
    });
    const receita = await call('POST', `${LIST}/${s.item.id}/receita`, s.admin, {
      descricao: 'x',
      categoria: 'Outros',
    });
    expect([receita.statusCode, receita.json().message]).toEqual([
      409,
      'A devolução deste Pix foi pedida ao banco: aguarde a resposta dele.',
    ]);

    const { devolucaoId } = await rowOf(s.item.id);
    await bank.settleRefund(s.pix.endToEndId, devolucaoId!);
    await expect.poll(async () => (await rowOf(s.item.id)).situacao).toBe('devolvido');
    expect(await s.list()).toEqual([]);
    // Asked again from a list not yet refreshed: it says it is done.
    const done = await s.devolver();
    expect([done.statusCode, done.json().message]).toEqual([200, 'Pix devolvido ao pagador pelo banco.']);
    const audit = await t.database.db
      .select({ action: auditLog.action, details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'pix_recebido'), eq(auditLog.entityId, s.item.id)));
    expect(audit.map((row) => row.action)).toEqual(
      expect.arrayContaining(['solicitar_devolucao_pix', 'resposta_devolucao_pix']),
    );
    expect(audit.find((row) => row.action === 'resposta_devolucao_pix')?.details).toMatchObject({
      status: 'DEVOLVIDO',
      valor: 85_000,
    });
  });

  it('asked twice, the bank returns it once', async () => {
    const s = await waiting();
    await s.devolver();
    const again = await s.devolver();
    expect(again.statusCode).toBe(200);
    expect(again.json().data.situacao).toBe('devolucao_solicitada');
    const held = await call('GET', LIST, s.admin);
    expect(held.json().data).toHaveLength(1);
    expect(bank.refunds(s.pix.endToEndId)).toHaveLength(1);
    expect(bank.stats.requests['PUT /pix/{e2eid}/devolucao/{id}']).toBe(1);
  });

  it('NAO_REALIZADO puts it back with the bank’s reason; asking again uses a new id', async () => {
    const s = await waiting();
    await s.devolver();
    const first = (await rowOf(s.item.id)).devolucaoId!;
    await bank.settleRefund(s.pix.endToEndId, first, {
      status: 'NAO_REALIZADO',
      motivo: 'Conta do pagador encerrada',
    });
    await expect
      .poll(async () => (await s.list())[0]?.devolucao)
      .toMatchObject({ status: 'NAO_REALIZADO', motivo: 'Conta do pagador encerrada' });
    expect((await s.list())[0]!.situacao).toBe('a_conciliar');
    // Asked where it stands from a list not yet refreshed: the bank's answer, and no new devolução.
    const asked = await call('POST', `${LIST}/${s.item.id}/consultar-devolucao`, s.admin, {});
    expect([asked.statusCode, asked.json().message]).toEqual([
      200,
      'O banco não realizou a devolução: veja o motivo no Pix.',
    ]);
    expect(bank.refunds(s.pix.endToEndId)).toHaveLength(1);
    // Linking it is possible again; here the secretaria asks the bank once more.
    expect((await s.devolver()).statusCode).toBe(200);
    const second = (await rowOf(s.item.id)).devolucaoId!;
    expect(second).not.toBe(first);
    // The bank settles the second: the Pix is returned, and the first (not made) is nothing to reconcile.
    await bank.settleRefund(s.pix.endToEndId, second);
    await expect.poll(async () => (await rowOf(s.item.id)).situacao).toBe('devolvido');
    expect(await s.list()).toEqual([]);
    expect(bank.refunds(s.pix.endToEndId).map((item) => [item.id, item.status])).toEqual([
      [first, 'NAO_REALIZADO'],
      [second, 'DEVOLVIDO'],
    ]);
  });

  it('an answer lost on the way: still requested, and the daily follow-up sends it with the same id', async () => {
    const s = await waiting();
    bank.failNext('erro500');
    const lost = await s.devolver();
    expect(lost.statusCode).toBe(503);
    expect(lost.json().message).toContain('A devolução ficou como solicitada');
    const { devolucaoId } = await rowOf(s.item.id);
    expect((await s.list())[0]).toMatchObject({ situacao: 'devolucao_solicitada' });
    expect(bank.refunds(s.pix.endToEndId).find((item) => item.id === devolucaoId)).toBeUndefined();

    await followDevolucoes(t.app.ctx);
    expect(bank.refunds(s.pix.endToEndId).find((item) => item.id === devolucaoId)?.status).toBe(
      'EM_PROCESSAMENTO',
    );
    // No webhook this time (a Pix without txid is not always notified): the follow-up reads the outcome.
    await (await pixProviderOf(t.app.ctx))!.api.putWebhook(bank.chave, 'http://127.0.0.1:9/fora-do-ar');
    await bank.settleRefund(s.pix.endToEndId, devolucaoId!);
    expect((await rowOf(s.item.id)).situacao).toBe('devolucao_solicitada');
    await followDevolucoes(t.app.ctx);
    expect((await rowOf(s.item.id)).situacao).toBe('devolvido');
    // The failure met the first call (the token); the request reached the bank once, from the follow-up.
    expect(bank.stats.requests['PUT /pix/{e2eid}/devolucao/{id}']).toBe(1);
  });

  it('a bank that refuses (no pix.write for the school): the Pix waits again, with the bank’s words', async () => {
    await bank.close();
    bank = await startSimulatedBank({
      allowHttpWebhook: true,
      webhookWithoutTxid: true,
      scopes: ['cobv.write', 'cobv.read', 'pix.read', 'webhook.write', 'webhook.read'],
    });
    const s = await school();
    await connectSimulatedBank(t, bank);
    await bank.receive({ valor: 1_000 });
    const [item] = (await call('GET', LIST, s.admin)).json().data as Item[];
    const refused = await call('POST', `${LIST}/${item!.id}/devolver`, s.admin, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/^O banco recusou a devolução: .*pix\.write/);
    expect(await rowOf(item!.id)).toMatchObject({ situacao: 'a_conciliar', devolucaoId: null });
  });

  it('without the bank configured it says how; a devolução row cannot be returned; staff only', async () => {
    const s = await waiting();
    await connectSimulatedBank(t, bank, { ativo: false });
    expect((await s.list())[0]!.pode_devolver).toBe(false);
    const off = await s.devolver();
    expect(off.statusCode).toBe(409);
    expect(off.json().message).toContain('configure o Pix automático');
    expect((await call('POST', `${LIST}/${s.item.id}/devolver`, s.guardian, {})).statusCode).toBe(403);
    const long = await call('POST', `${LIST}/${s.item.id}/devolver`, s.admin, { descricao: 'x'.repeat(141) });
    expect(long.statusCode).toBe(400);
  });
});
