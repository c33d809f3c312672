/**
 * The real path against the simulated bank (issue 33 §2): the app listening over HTTP, the provider
 * settings saved through the API (which registers the webhook), a charge at the bank, the payer paying
 * it → the bank posts the real webhook → paid. And a Pix whose webhook never came: reconciliation (on
 * demand and the daily run) finds it and pays it, once.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { CobvBody } from './pix-api.js';
import { pagamentos } from '../../db/schema/finance.js';
import { startSimulatedBank, type SimulatedBank } from '../banco-simulado/index.js';
import { connectSimulatedBank } from '../../test/pix-fixtures.js';
import { freePort } from '../../test/ports.js';
import { registerCharges, txidOf } from '../../test/pix-recebidos-fixtures.js';
import { mensalidadeOf, school, setupFinanceTest, thisYear } from '../finance/finance.test-setup.js';
import { pixProviderOf } from './pix-provider.service.js';

const port = await freePort();
const { t, call } = setupFinanceTest({ publicUrl: `http://127.0.0.1:${port}` });
let bank: SimulatedBank;

beforeAll(async () => {
  await t.app.listen({ port, host: '127.0.0.1' });
});
// A bank of its own per test: what one test's payer paid is not in the next one's statement.
beforeEach(async () => {
  // One try per webhook: a refused delivery stays refused (the "webhook that never came").
  bank = await startSimulatedBank({ allowHttpWebhook: true, webhookRetryDelaysMs: [] });
});
afterEach(() => bank.close());

/** This year's tuition, the school connected to the bank (webhook registered), July's charge at the bank. */
async function connected() {
  const s = await school({ ano: thisYear });
  await call('POST', '/api/financeiro/mensalidades/gerar', s.admin, { ano: thisYear });
  await registerCharges(t);
  await connectSimulatedBank(t, bank);
  const provider = (await pixProviderOf(t.app.ctx))!;
  const charge = async (id: string) => {
    const body: CobvBody = {
      calendario: { dataDeVencimento: `${thisYear}-07-10`, validadeAposVencimento: 30 },
      devedor: { cpf: '12345678909', nome: 'Carla Souza' },
      valor: {
        original: '850.00',
        multa: { modalidade: 2, valorPerc: '2.00' },
        juros: { modalidade: 3, valorPerc: '1.00' },
      },
      chave: bank.chave,
    };
    await provider.api.putCobv(txidOf(id), body);
  };
  const july = await mensalidadeOf(s.ana.id, `${thisYear}-07`);
  await charge(july.id);
  return { ...s, july, provider, charge };
}

const statusOf = async (id: string, cookie: string) =>
  (await call('GET', `/api/financeiro/mensalidades/${id}`, cookie)).json().data.status as string;

describe('with the simulated bank', () => {
  it('bank.pay → the real webhook → the mensalidade is paid, once', async () => {
    const s = await connected();
    expect(bank.webhookUrl(bank.chave)).toContain(`http://127.0.0.1:${port}/api/pix/webhook/`);
    const pix = await bank.pay(txidOf(s.july.id));
    expect(await statusOf(s.july.id, s.admin)).toBe('pago');
    // The same Pix again, from reconciliation: nothing more.
    const run = await call('POST', '/api/financeiro/pix/conciliar', s.admin, {
      inicio: '2026-06-15T00:00:00-03:00',
      fim: '2026-06-16T00:00:00-03:00',
    });
    expect(run.json().data).toEqual({ encontrados: 1, registrados: 0, a_conciliar: 0 });
    const payments = await t.database.db
      .select()
      .from(pagamentos)
      .where(eq(pagamentos.mensalidadeId, s.july.id));
    expect(payments).toEqual([expect.objectContaining({ valorPago: 85_000, forma: 'pix' })]);
    expect(pix.endToEndId).toMatch(/^E\w{31}$/);
  });

  it('reconciliation pays a Pix whose webhook never came, and lists what it cannot pay', async () => {
    const s = await connected();
    // The webhook goes nowhere (the school's server was down that day).
    await s.provider.api.putWebhook(bank.chave, 'http://127.0.0.1:9/fora-do-ar');
    await bank.pay(txidOf(s.july.id));
    await bank.receive({ valor: 12_345 });
    expect(await statusOf(s.july.id, s.admin)).toBe('pendente');

    const periodo = { inicio: '2026-06-15T00:00:00-03:00', fim: '2026-06-16T00:00:00-03:00' };
    const run = await call('POST', '/api/financeiro/pix/conciliar', s.admin, periodo);
    expect(run.statusCode).toBe(200);
    expect(run.json().data).toEqual({ encontrados: 2, registrados: 2, a_conciliar: 1 });
    expect(await statusOf(s.july.id, s.admin)).toBe('pago');
    const again = await call('POST', '/api/financeiro/pix/conciliar', s.admin, periodo);
    expect(again.json().data).toEqual({ encontrados: 2, registrados: 0, a_conciliar: 1 });
    const last = (await call('GET', '/api/financeiro/pix/conciliar', s.admin)).json().data.ultima;
    expect(last).toMatchObject({ ...periodo, origem: 'manual', encontrados: 2, registrados: 0, erro: null });
    const list = (await call('GET', '/api/financeiro/pix/a-conciliar', s.admin)).json().data;
    expect(list).toEqual([expect.objectContaining({ valor: 12_345, motivo: 'sem_txid', txid: null })]);
  });

  it('the daily run reconciles the day before', async () => {
    const s = await connected();
    await s.provider.api.putWebhook(bank.chave, 'http://127.0.0.1:9/fora-do-ar');
    await bank.pay(txidOf(s.july.id), { horario: '2026-06-14T16:20:00-03:00' });
    expect(await statusOf(s.july.id, s.admin)).toBe('pendente');
    await t.app.ctx.jobs.tick();
    await t.app.ctx.jobs.drain();
    expect(await statusOf(s.july.id, s.admin)).toBe('pago');
    const last = (await call('GET', '/api/financeiro/pix/conciliar', s.admin)).json().data.ultima;
    expect(last).toMatchObject({
      origem: 'diaria',
      inicio: '2026-06-14T00:00:00-03:00',
      fim: '2026-06-15T00:00:00-03:00',
      registrados: 1,
    });
  });
});
