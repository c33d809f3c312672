/**
 * The desconto de pontualidade end to end against the simulated bank (issue 33 §1, ADR 0046): the setting
 * saved through the API puts `desconto` modalidade 1 with its fixed date on every open charge; the bank's
 * amount of the day equals the product's on the dates around the limit; a Pix paid with the discount pays
 * the mensalidade in full (not a wrong amount in Pix a conciliar); a new setting revises the charges.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { MensalidadeDetail } from '../../../shared/mensalidades.schemas.js';
import { computeAmountDue } from '../../../shared/money.js';
import { clock } from '../../lib/clock.js';
import { setupTestApp, signedIn } from '../../test/test-app.js';
import { freePort } from '../../test/ports.js';
import { dataOf, insertClass, insertGuardian, insertStudent } from '../../test/records-fixtures.js';
import { connectSimulatedBank } from '../../test/pix-fixtures.js';
import { exampleFinanceSettings } from '../../test/finance-settings-example.js';
import { students } from '../../db/schema/students.js';
import { mensalidades, pagamentos } from '../../db/schema/finance.js';
import { pixCobrancas } from '../../db/schema/pix-cobrancas.js';
import { startSimulatedBank, type SimulatedBank } from '../banco-simulado/index.js';
import { txidOf } from './cobv-body.js';

const port = await freePort();
const t = setupTestApp({ pixTimeoutMs: 1500, publicUrl: `http://127.0.0.1:${port}` });
let bank: SimulatedBank;
const today = '2026-03-20';

beforeAll(async () => {
  clock.pin(today);
  await t.app.listen({ port, host: '127.0.0.1' });
  bank = await startSimulatedBank({ allowHttpWebhook: true, webhookRetryDelaysMs: [] });
});
afterAll(async () => {
  clock.unpin();
  await bank.close();
});

const cincoPorCento = { tipo: 'percentual', percentual: 5, valor: 0, dias_antes: 5 } as const;

/** A school with April's tuition (R$ 850,00 due 10 April), the discount set, the bank connected. */
async function school(desconto: object) {
  const admin = await signedIn(t, 'administrador');
  const turma = await insertClass(t, null, 200, { anoLetivo: '2026' });
  const guardian = await insertGuardian(t);
  await insertStudent(t, turma.id, guardian.id);
  await t.database.db.update(students).set({ dataMatricula: '2026-01-05' });
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: admin.cookie }, ...(payload ? { payload } : {}) });
  const settings = (descontoPontualidade: object) =>
    call('PUT', '/api/financeiro/configuracoes', {
      ...exampleFinanceSettings(turma.id),
      desconto_pontualidade: descontoPontualidade,
    });
  expect((await settings(desconto)).statusCode).toBe(200);
  await connectSimulatedBank(t, bank, { validadeAposVencimento: 60 });
  expect((await call('POST', '/api/financeiro/mensalidades/gerar', { ano: 2026, mes: 4 })).statusCode).toBe(
    201,
  );
  await t.app.ctx.jobs.drain();
  const [row] = await t.database.db.select().from(mensalidades);
  return { call, settings, row: row!, txid: txidOf(row!.id) };
}

const rates = {
  multaBp: 200,
  jurosMensalBp: 100,
  pontualidade: { tipo: 'percentual', bp: 500, diasAntes: 5 },
} as const;

describe('desconto de pontualidade at the bank', () => {
  it('the charge carries desconto modalidade 1 until its date; the amount of the day agrees', async () => {
    const { call, row, txid } = await school(cincoPorCento);
    expect(bank.charge(txid)?.valor).toEqual({
      original: '850.00',
      multa: { modalidade: 2, valorPerc: '2.00' },
      juros: { modalidade: 3, valorPerc: '1.00' },
      desconto: { modalidade: 1, descontoDataFixa: [{ data: '2026-04-05', valorPerc: '42.50' }] },
    });
    const expected = {
      '2026-03-20': 80_750,
      '2026-04-05': 80_750,
      '2026-04-06': 85_000,
      '2026-04-10': 85_000,
      '2026-04-11': 86_728,
    };
    for (const [day, total] of Object.entries(expected)) {
      expect(bank.amountDue(txid, day)?.final, day).toBe(total);
      expect(computeAmountDue(85_000, row.dataVencimento, day, rates).total, day).toBe(total);
      clock.pin(day);
      try {
        const shown = dataOf<MensalidadeDetail>(await call('GET', `/api/financeiro/mensalidades/${row.id}`));
        expect(shown.valor_atualizado, day).toBe(total);
        expect(shown.desconto_pontualidade ?? null, day).toEqual(
          day <= '2026-04-05' ? { valor: 4_250, ate: '2026-04-05' } : null,
        );
      } finally {
        clock.pin(today);
      }
    }
  });

  it('a Pix paid with the discount pays the mensalidade in full, with the split recorded', async () => {
    const { call, row, txid } = await school(cincoPorCento);
    clock.pin('2026-04-03');
    try {
      const pix = await bank.pay(txid);
      expect(pix.valor).toBe('807.50');
      expect(pix.componentesValor?.desconto).toEqual({ valor: '42.50' });
      const paid = dataOf<MensalidadeDetail>(await call('GET', `/api/financeiro/mensalidades/${row.id}`));
      expect(paid).toMatchObject({
        status: 'pago',
        valor_pago: 80_750,
        principal_pago: 85_000,
        desconto_concedido: 4_250,
      });
      expect(paid.pagamentos).toEqual([
        expect.objectContaining({ valor_pago: 80_750, principal: 85_000, desconto: 4_250, multa: 0 }),
      ]);
      const aConciliar = dataOf<unknown[]>(await call('GET', '/api/financeiro/pix/a-conciliar'));
      expect(aConciliar).toEqual([]);
      const [charge] = await t.database.db
        .select()
        .from(pixCobrancas)
        .where(eq(pixCobrancas.mensalidadeId, row.id));
      expect(charge?.status).not.toBe('erro');
    } finally {
      clock.pin(today);
    }
  });

  it('the day after the discount, the discounted amount is a wrong amount: left open for the secretaria', async () => {
    const { call, row, txid } = await school(cincoPorCento);
    clock.pin('2026-04-06');
    try {
      await bank.pay(txid, { valor: 80_750 });
      const open = dataOf<MensalidadeDetail>(await call('GET', `/api/financeiro/mensalidades/${row.id}`));
      expect(open.status).toBe('pendente');
      expect(
        await t.database.db.select().from(pagamentos).where(eq(pagamentos.mensalidadeId, row.id)),
      ).toEqual([]);
    } finally {
      clock.pin(today);
    }
  });

  it('a new setting revises the open charges; turned off, the desconto leaves them', async () => {
    const { settings, txid } = await school({ tipo: 'nenhum' });
    expect(bank.charge(txid)?.valor.desconto).toBeUndefined();
    expect((await settings({ tipo: 'valor', valor: 5_000, dias_antes: 0 })).statusCode).toBe(200);
    await t.app.ctx.jobs.drain();
    expect(bank.charge(txid)).toMatchObject({
      revisao: 1,
      valor: { desconto: { modalidade: 1, descontoDataFixa: [{ data: '2026-04-10', valorPerc: '50.00' }] } },
    });
    expect(bank.amountDue(txid, '2026-04-10')?.final).toBe(80_000);
    // Saving again with the same discount changes nothing at the bank.
    expect((await settings({ tipo: 'valor', valor: 5_000, dias_antes: 0 })).statusCode).toBe(200);
    await t.app.ctx.jobs.drain();
    expect(bank.charge(txid)?.revisao).toBe(1);
    expect((await settings({ tipo: 'nenhum' })).statusCode).toBe(200);
    await t.app.ctx.jobs.drain();
    expect(bank.charge(txid)?.revisao).toBe(2);
    expect(bank.charge(txid)?.valor.desconto).toBeUndefined();
    expect(bank.amountDue(txid, '2026-04-10')?.final).toBe(85_000);
  });
});
