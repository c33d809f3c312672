/**
 * 'Registrar pagamento' with an Idempotency-Key (ADR 0053): the desk's dialog clicked again after an
 * answer lost on the school's Wi-Fi must not record the payment twice.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FinanceStats } from '../../../shared/finance.schemas.js';
import { IDEMPOTENCY_HEADER } from '../../../shared/idempotency.schemas.js';
import { pagamentos } from '../../db/schema/finance.js';
import { dataOf } from '../../test/records-fixtures.js';
import { mensalidadeOf, school, setupFinanceTest, thisYear, today } from './finance.test-setup.js';

const { t, call } = setupFinanceTest();
const KEY = '5b0e8f3a-2c71-4d9e-9a61-0f4c2b7d8e13';

function pay(cookie: string, id: string, payload: object, key: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/financeiro/mensalidades/${id}/pagamento`,
    headers: { cookie, [IDEMPOTENCY_HEADER]: key },
    payload,
  });
}

describe('registrar pagamento com chave de idempotência', () => {
  it('the same partial payment sent again replays the first answer: one payment, the rest still open', async () => {
    const s = await school({ ano: thisYear });
    await call('POST', '/api/financeiro/mensalidades/gerar', s.admin, { ano: thisYear });
    const june = await mensalidadeOf(s.ana.id, `${thisYear}-06`);
    const stats = async () => dataOf<FinanceStats>(await call('GET', '/api/financeiro/stats', s.admin));
    const before = await stats();

    const partial = { valor_pago: 40_000, data_pagamento: today, forma: 'dinheiro' };
    const first = await pay(s.admin, june.id, partial, KEY);
    expect(first.statusCode).toBe(201);
    expect(first.json().message).toBe('Pagamento parcial registrado; o restante continua em aberto.');
    // The figures read just before are not served again: the payment's receita shows at once.
    expect((await stats()).receita_mes_atual).toBe(before.receita_mes_atual + 40_000);

    const retry = await pay(s.admin, june.id, partial, KEY);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    const rows = await t.database.db.select().from(pagamentos).where(eq(pagamentos.mensalidadeId, june.id));
    expect(rows).toHaveLength(1);
    const { principal_pago } = first.json().data.mensalidade;
    expect((await mensalidadeOf(s.ana.id, `${thisYear}-06`)).principalPago).toBe(principal_pago);

    // The same key with another amount is another request: refused, nothing recorded.
    const other = await pay(s.admin, june.id, { ...partial, valor_pago: 45_000 }, KEY);
    expect(other.statusCode).toBe(422);
    expect(other.json().message).toMatch(/já foi usada em outro envio/);
    // A new key is a new payment: the rest is paid.
    const due = (await call('GET', `/api/financeiro/mensalidades/${june.id}/cotacao`, s.admin)).json().data;
    const rest = await pay(s.admin, june.id, { ...partial, valor_pago: due.total }, `${KEY.slice(0, -2)}ff`);
    expect(rest.statusCode).toBe(201);
    expect(rest.json().data.mensalidade.status).toBe('pago');
  });

  it('a refused payment keeps no key: the corrected retry with the same key is recorded', async () => {
    const s = await school({ ano: thisYear });
    await call('POST', '/api/financeiro/mensalidades/gerar', s.admin, { ano: thisYear });
    const june = await mensalidadeOf(s.ana.id, `${thisYear}-06`);
    const future = await pay(
      s.admin,
      june.id,
      { valor_pago: 85_000, data_pagamento: `${thisYear}-12-01`, forma: 'pix' },
      KEY,
    );
    expect(future.statusCode).toBe(400);
    const due = (await call('GET', `/api/financeiro/mensalidades/${june.id}/cotacao`, s.admin)).json().data;
    const paid = await pay(
      s.admin,
      june.id,
      { valor_pago: due.total, data_pagamento: today, forma: 'pix' },
      KEY,
    );
    expect(paid.statusCode).toBe(201);
    expect(paid.headers['idempotent-replayed']).toBeUndefined();
    expect(paid.json().data.mensalidade.status).toBe('pago');
  });
});
