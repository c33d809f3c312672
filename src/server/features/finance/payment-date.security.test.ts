/**
 * Attacker's review (2026-12-07): a payment date the school types is not earlier than the 1st of January
 * of the year before the tuition's (a family may pay January's in December; nothing earlier is
 * plausible). '1900-01-01' was taken for a tuition of the year, and skewed the cash flow and the IR
 * declaration. Recording a payment and confirming a comprovante with another date both check it.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { pagamentos } from '../../db/schema/finance.js';
import { lastYear, mensalidadeOf, school, setupFinanceTest } from './finance.test-setup.js';
import { multipartFile } from '../../test/image-fixtures.js';

const { t, call } = setupFinanceTest();

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const earliest = `01/01/${String(lastYear - 1)}`;
const refusal = {
  code: 'VALIDATION',
  message: `Data do pagamento anterior a ${earliest}: confira a data.`,
  details: [{ path: 'data_pagamento', message: `Data do pagamento anterior a ${earliest}: confira a data.` }],
};

async function withTuition() {
  const s = await school();
  await call('POST', '/api/financeiro/mensalidades/gerar', s.admin, { ano: lastYear });
  const january = await mensalidadeOf(s.ana.id, `${String(lastYear)}-01`);
  return { ...s, january };
}

describe('a payment date far in the past', () => {
  it('is refused when recording a payment; the 1st of January of the year before is taken', async () => {
    const s = await withTuition();
    const url = `/api/financeiro/mensalidades/${s.january.id}/pagamento`;
    const base = { valor_pago: 85_000, forma: 'pix' };
    for (const data_pagamento of ['1900-01-01', `${String(lastYear - 2)}-12-31`]) {
      const answer = await call('POST', url, s.admin, { ...base, data_pagamento });
      expect(answer.statusCode, data_pagamento).toBe(400);
      expect(answer.json()).toMatchObject(refusal);
    }
    expect(
      await t.database.db.select().from(pagamentos).where(eq(pagamentos.mensalidadeId, s.january.id)),
    ).toEqual([]);
    const early = await call('POST', url, s.admin, {
      ...base,
      data_pagamento: `${String(lastYear - 1)}-01-01`,
    });
    expect(early.statusCode, early.body).toBe(201);
  });

  it('is refused when confirming a comprovante with another date', async () => {
    const s = await withTuition();
    const body = multipartFile(PDF, 'comprovante.pdf', 'application/octet-stream', 'arquivo');
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/financeiro/mensalidades/${s.january.id}/comprovante`,
      headers: { cookie: s.guardian, 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const url = `/api/financeiro/mensalidades/${s.january.id}/comprovante/confirmar`;
    const refused = await call('POST', url, s.admin, { data_pagamento: '1900-01-01' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject(refusal);
    const confirmed = await call('POST', url, s.admin, { data_pagamento: `${String(lastYear - 1)}-12-20` });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
  });
});
