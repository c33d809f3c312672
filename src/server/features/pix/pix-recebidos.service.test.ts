/**
 * The once-only record of the Pix received (issue 33 §2, ADR 0042): a Pix for a mensalidade's charge
 * with the amount of the day pays it, once, whoever reports it and however often; anything else waits in
 * Pix a conciliar with its reason.
 */
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog } from '../../db/schema/audit.js';
import { pagamentos } from '../../db/schema/finance.js';
import { notificacoes } from '../../db/schema/notificacoes.js';
import { pixRecebidos } from '../../db/schema/pix-recebidos.js';
import { otherInstance } from '../../test/test-app.js';
import { pixOf, registerCharges, txidOf } from '../../test/pix-recebidos-fixtures.js';
import {
  lastYear,
  mensalidadeOf,
  school,
  setupFinanceTest,
  thisYear,
} from '../finance/finance.test-setup.js';
import { schoolWithPixCharges } from './pix.test-setup.js';
import { receivePix } from './pix-recebidos.service.js';

const harness = setupFinanceTest();
const { t, call } = harness;

const rows = () => t.database.db.select().from(pixRecebidos);
const paymentsOf = (id: string) =>
  t.database.db.select().from(pagamentos).where(eq(pagamentos.mensalidadeId, id));

/** Ana's September, paid in cash at the desk before any Pix arrives for it. */
async function septemberPaidAtTheDesk(s: Awaited<ReturnType<typeof schoolWithPixCharges>>) {
  const september = await mensalidadeOf(s.ana.id, `${thisYear}-09`);
  await call('POST', `/api/financeiro/mensalidades/${september.id}/pagamento`, s.admin, {
    valor_pago: 85_000,
    data_pagamento: '2026-06-15',
    forma: 'dinheiro',
  });
  return september;
}

describe('a Pix received', () => {
  it('for a charge with the amount of the day pays it, by Pix, receipted, the family told, audited as the system', async () => {
    const s = await schoolWithPixCharges(harness);
    const pix = pixOf({ valor: 85_000, txid: txidOf(s.july.id) });
    const result = await receivePix(t.app.ctx, [pix], 'webhook');
    expect(result).toMatchObject({ recebidos: 1, novos: 1 });

    const detail = (await call('GET', `/api/financeiro/mensalidades/${s.july.id}`, s.admin)).json().data;
    expect(detail).toMatchObject({ status: 'pago', valor_pago: 85_000, data_pagamento: '2026-06-15' });
    expect(detail.pagamentos).toEqual([expect.objectContaining({ forma: 'pix', valor_pago: 85_000 })]);
    const recibo = await call('GET', `/api/financeiro/mensalidades/${s.july.id}/recibo`, s.guardian);
    expect(recibo.statusCode).toBe(200);
    expect(recibo.headers['content-type']).toBe('application/pdf');

    const bell = await t.database.db.select().from(notificacoes);
    expect(bell.map((row) => row.titulo)).toContain('Pagamento confirmado');
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'registrar_pagamento'), eq(auditLog.entityId, s.july.id)));
    expect(audit).toEqual([expect.objectContaining({ actorId: null, actorNome: 'Sistema' })]);
    const [row] = await rows();
    expect(row).toMatchObject({ situacao: 'pago', mensalidadeId: s.july.id, motivo: null, valor: 85_000 });
  });

  it('reported twice at the same moment (a replay, webhook and reconciliation) pays once', async () => {
    const s = await schoolWithPixCharges(harness);
    const pix = pixOf({ valor: 85_000, txid: txidOf(s.july.id) });
    const results = await Promise.all([
      receivePix(t.app.ctx, [pix], 'webhook'),
      receivePix(t.app.ctx, [pix], 'conciliacao'),
      receivePix(t.app.ctx, [pix], 'webhook'),
    ]);
    expect(results.map((result) => result.novos).sort()).toEqual([0, 0, 1]);
    expect(await paymentsOf(s.july.id)).toHaveLength(1);
    expect(await rows()).toHaveLength(1);
  });

  it('reported to two instances at the same moment pays once', async () => {
    const s = await schoolWithPixCharges(harness);
    const other = await otherInstance(t);
    try {
      const pix = pixOf({ valor: 85_000, txid: txidOf(s.july.id) });
      await Promise.all([
        receivePix(t.app.ctx, [pix], 'webhook'),
        receivePix(other.ctx, [pix], 'webhook'),
        receivePix(other.ctx, [pix], 'conciliacao'),
      ]);
      expect(await paymentsOf(s.july.id)).toHaveLength(1);
      const detail = (await call('GET', `/api/financeiro/mensalidades/${s.july.id}`, s.admin)).json().data;
      expect(detail).toMatchObject({ status: 'pago', valor_pago: 85_000 });
    } finally {
      await other.close();
    }
  });

  it('late, with multa and juros split as componentesValor says', async () => {
    const s = await school();
    await call('POST', '/api/financeiro/mensalidades/gerar', s.admin, { ano: lastYear });
    await registerCharges(t);
    const march = await mensalidadeOf(s.ana.id, `${lastYear}-03`);
    // Due 10/03, paid 20/03: R$ 850,00 + multa R$ 17,00 + juros R$ 2,83 (the product's own figures).
    const pix = pixOf({
      valor: 86_983,
      txid: txidOf(march.id),
      horario: `${lastYear}-03-20T09:00:00-03:00`,
      extra: {
        componentesValor: {
          original: { valor: '850.00' },
          multa: { valor: '17.00' },
          juros: { valor: '2.83' },
        },
      },
    });
    await receivePix(t.app.ctx, [pix], 'webhook');
    const [payment] = await paymentsOf(march.id);
    expect(payment).toMatchObject({
      valorPago: 86_983,
      principal: 85_000,
      multa: 1_700,
      juros: 283,
      dataPagamento: `${lastYear}-03-20`,
      forma: 'pix',
    });
  });

  it('that cannot pay by itself waits in Pix a conciliar with its reason, and the mensalidade stays open', async () => {
    const s = await schoolWithPixCharges(harness);
    const august = await mensalidadeOf(s.ana.id, `${thisYear}-08`);
    await call('POST', `/api/financeiro/mensalidades/${august.id}/cancelar`, s.admin, {
      motivo: 'Transferido',
    });
    const september = await septemberPaidAtTheDesk(s);
    const lista = [
      pixOf({ valor: 80_000, txid: txidOf(s.july.id) }),
      pixOf({ valor: 85_000, txid: 'TXIDQUENINGUEMCONHECE0123456789' }),
      pixOf({ valor: 12_345 }),
      pixOf({ valor: 85_000, txid: txidOf(august.id) }),
      pixOf({ valor: 85_000, txid: txidOf(september.id) }),
    ];
    await receivePix(t.app.ctx, lista, 'webhook');
    const byE2e = new Map((await rows()).map((row) => [row.endToEndId, row]));
    expect(lista.map((pix) => byE2e.get(pix.endToEndId)?.motivo)).toEqual([
      'valor_diferente',
      'txid_desconhecido',
      'sem_txid',
      'mensalidade_cancelada',
      'mensalidade_paga',
    ]);
    expect([...byE2e.values()].every((row) => row.situacao === 'a_conciliar')).toBe(true);
    const july = (await call('GET', `/api/financeiro/mensalidades/${s.july.id}`, s.admin)).json().data;
    expect(july).toMatchObject({ status: 'pendente', valor_pago: 0 });
    expect(await paymentsOf(september.id)).toHaveLength(1);
  });

  it('for a tuition of theirs that it did not pay (another amount, already paid): the family is told it arrived and waits for the school, once', async () => {
    const s = await schoolWithPixCharges(harness);
    const september = await septemberPaidAtTheDesk(s);
    const lista = [
      pixOf({ valor: 80_000, txid: txidOf(s.july.id) }),
      pixOf({ valor: 85_000, txid: txidOf(september.id) }),
      pixOf({ valor: 12_345 }),
    ];
    await receivePix(t.app.ctx, lista, 'webhook');
    await receivePix(t.app.ctx, lista, 'conciliacao');
    const bell = (await t.database.db.select().from(notificacoes)).filter(
      (row) => row.titulo === 'Pix recebido, em conferência',
    );
    expect(bell.map((row) => row.texto).sort()).toEqual([
      `Recebemos um Pix de R$ 800,00 para a mensalidade de julho de ${thisYear} de Ana Souza, num valor diferente do devido no dia. A escola vai conferir e lançar o valor; não pague de novo antes da resposta da escola.`,
      `Recebemos um Pix de R$ 850,00 para a mensalidade de setembro de ${thisYear} de Ana Souza, que já estava paga. A escola vai conferir e devolver o valor ou combinar com você.`,
    ]);
  });

  it('a devolução reported with its Pix is recorded once, in Pix a conciliar', async () => {
    const s = await schoolWithPixCharges(harness);
    const pix = pixOf({ valor: 85_000, txid: txidOf(s.july.id) });
    await receivePix(t.app.ctx, [pix], 'webhook');
    const refunded = {
      ...pix,
      devolucoes: [
        {
          id: 'D0001',
          rtrId: 'D18236120202606161000ABCDEFGHIJK',
          valor: '85.00',
          horario: { solicitacao: '2026-06-16T10:00:00-03:00', liquidacao: '2026-06-16T10:00:05-03:00' },
          status: 'DEVOLVIDO' as const,
        },
      ],
    };
    const again = await receivePix(t.app.ctx, [refunded], 'webhook');
    expect(again.novos).toBe(1);
    await receivePix(t.app.ctx, [refunded], 'conciliacao');
    const devolucoes = (await rows()).filter((row) => row.tipo === 'devolucao');
    expect(devolucoes).toEqual([
      expect.objectContaining({
        situacao: 'a_conciliar',
        motivo: 'devolucao',
        valor: 8_500,
        endToEndId: pix.endToEndId,
        horario: '2026-06-16T10:00:05-03:00',
      }),
    ]);
    expect(await paymentsOf(s.july.id)).toHaveLength(1);
  });
});
