/**
 * A month whose family sent a comprovante ('Já paguei', ADR 0035) is not cancelled out from under it
 * (ADR 0135): the money may be in the school's account, and the comprovante would leave the queue unanswered.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { comprovantesPagamento } from '../../db/schema/finance.js';
import { multipartFile } from '../../test/image-fixtures.js';
import { lastYear, mensalidadeOf, school, setupFinanceTest } from './finance.test-setup.js';

const { t, call } = setupFinanceTest();

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

function send(id: string, cookie: string) {
  const body = multipartFile(PDF, 'comprovante.pdf', 'application/octet-stream', 'arquivo');
  return t.app.inject({
    method: 'POST',
    url: `/api/financeiro/mensalidades/${id}/comprovante`,
    headers: { cookie, 'content-type': body.contentType },
    payload: body.payload,
  });
}

describe('cancelling a month awaiting its comprovante', () => {
  it('is refused one by one, and the undo of its batch keeps it, as a month with a payment', async () => {
    const s = await school();
    const gerar = await call('POST', '/api/financeiro/mensalidades/gerar', s.admin, { ano: lastYear });
    const march = await mensalidadeOf(s.ana.id, `${lastYear}-03`);
    expect((await send(march.id, s.guardian)).statusCode).toBe(201);

    const refused = await call('POST', `/api/financeiro/mensalidades/${march.id}/cancelar`, s.admin, {
      motivo: 'Lançada por engano',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'A família enviou um comprovante de pagamento desta mensalidade, que aguarda resposta: confirme ou recuse o comprovante antes de cancelar.',
    );

    const undo = await call(
      'POST',
      `/api/financeiro/mensalidades/lotes/${gerar.json().data.lote_id}/cancelar`,
      s.admin,
      {
        motivo: 'Valor errado',
      },
    );
    expect(undo.statusCode).toBe(200);
    expect(undo.json().data.mantidas).toBe(1);
    expect((await mensalidadeOf(s.ana.id, `${lastYear}-03`)).canceladaEm).toBeNull();
    const queue = (await call('GET', '/api/financeiro/comprovantes', s.admin)).json().data;
    expect(queue).toHaveLength(1);
    const [comprovante] = await t.database.db
      .select({ situacao: comprovantesPagamento.situacao })
      .from(comprovantesPagamento)
      .where(eq(comprovantesPagamento.mensalidadeId, march.id));
    expect(comprovante?.situacao).toBe('aguardando');
  });
});
