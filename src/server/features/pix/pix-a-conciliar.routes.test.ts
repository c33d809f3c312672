/**
 * Pix a conciliar (issue 33 §2): the list the secretaria works through, and each of its actions — pay a
 * mensalidade with the Pix, record it as a receita, mark it refunded — done once and audited.
 */
import { describe, expect, it } from 'vitest';
import type { PixRecebidoWire } from '../../../shared/pix-recebidos.schemas.js';
import { and, eq } from 'drizzle-orm';
import { auditLog } from '../../db/schema/audit.js';
import { pagamentos } from '../../db/schema/finance.js';
import { pixOf, txidOf } from '../../test/pix-recebidos-fixtures.js';
import { mensalidadeOf, school, setupFinanceTest, thisYear } from '../finance/finance.test-setup.js';
import { schoolWithPixCharges } from './pix.test-setup.js';
import { receivePix } from './pix-recebidos.service.js';

const harness = setupFinanceTest();
const { t, call } = harness;

const LIST = '/api/financeiro/pix/a-conciliar';

/**
 * Pix as the PSP reports them (its webhook, once confirmed, or a reconciliation): what the list is built
 * from. How they arrive is the webhook's and reconciliation's tests'.
 */
const arrive = (pix: PixRecebidoWire[]) => receivePix(t.app.ctx, pix, 'webhook');

/** This year's tuition and three Pix that could not pay by themselves. */
async function withWaitingPix() {
  const s = await schoolWithPixCharges(harness);
  const semTxid = pixOf({ valor: 85_000, horario: '2026-06-14T21:30:00-03:00' });
  const aMenos = pixOf({ valor: 42_500, txid: txidOf(s.july.id), horario: '2026-06-15T08:05:10.123Z' });
  const doacao = pixOf({ valor: 20_000, txid: 'CAMPANHADOACAO2026000000000001' });
  expect((await arrive([semTxid, aMenos, doacao])).novos).toBe(3);
  const list = (await call('GET', LIST, s.admin)).json().data as { id: string; endToEndId: string }[];
  const idOf = (e2e: string) => list.find((item) => item.endToEndId === e2e)!.id;
  return { ...s, semTxid, aMenos, doacao, idOf };
}

async function auditOf(action: string, entityId: string) {
  return t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, entityId)));
}

describe('Pix a conciliar', () => {
  it('lists each with endToEndId, txid, valor in centavos, horario as sent and motivo; staff only', async () => {
    const s = await withWaitingPix();
    const answer = await call('GET', LIST, s.admin);
    expect(answer.statusCode).toBe(200);
    const byE2e = new Map(
      (answer.json().data as { endToEndId: string }[]).map((item) => [item.endToEndId, item]),
    );
    expect(byE2e.get(s.aMenos.endToEndId)).toMatchObject({
      txid: txidOf(s.july.id),
      valor: 42_500,
      horario: '2026-06-15T08:05:10.123Z',
      motivo: 'valor_diferente',
      tipo: 'pix',
      pagador_nome: 'Carla Souza',
      mensalidade: { id: s.july.id, aluno_nome: 'Ana Souza', mes_referencia: `${thisYear}-07` },
    });
    expect(byE2e.get(s.semTxid.endToEndId)).toMatchObject({
      txid: null,
      valor: 85_000,
      horario: '2026-06-14T21:30:00-03:00',
      motivo: 'sem_txid',
      mensalidade: null,
    });
    expect(byE2e.get(s.doacao.endToEndId)).toMatchObject({ motivo: 'txid_desconhecido', valor: 20_000 });
    expect((await call('GET', LIST, s.guardian)).statusCode).toBe(403);
    expect((await call('GET', LIST, s.teacher)).statusCode).toBe(403);
  });

  it('linking a Pix pays the mensalidade chosen (a smaller one partly), once, audited by the person', async () => {
    const s = await withWaitingPix();
    const id = s.idOf(s.semTxid.endToEndId);
    const august = await mensalidadeOf(s.ana.id, `${thisYear}-08`);
    const linked = await call('POST', `${LIST}/${id}/vincular`, s.admin, { mensalidade_id: august.id });
    expect(linked.statusCode).toBe(200);
    expect(linked.json().data).toMatchObject({ situacao: 'vinculado', mensalidade_id: august.id });
    const detail = (await call('GET', `/api/financeiro/mensalidades/${august.id}`, s.admin)).json().data;
    // Paid on the Pix's day (14/06 in São Paulo), by Pix.
    expect(detail).toMatchObject({ status: 'pago', valor_pago: 85_000, data_pagamento: '2026-06-14' });
    expect(detail.pagamentos).toEqual([expect.objectContaining({ forma: 'pix' })]);
    expect(await auditOf('vincular_pix', id)).toHaveLength(1);

    const twice = await call('POST', `${LIST}/${id}/vincular`, s.admin, { mensalidade_id: august.id });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('Este Pix já foi conciliado.');

    const partial = s.idOf(s.aMenos.endToEndId);
    await call('POST', `${LIST}/${partial}/vincular`, s.admin, { mensalidade_id: s.july.id });
    const july = (await call('GET', `/api/financeiro/mensalidades/${s.july.id}`, s.admin)).json().data;
    expect(july).toMatchObject({ status: 'pendente', valor_pago: 42_500 });

    const left = (await call('GET', LIST, s.admin)).json().data as { endToEndId: string }[];
    expect(left.map((item) => item.endToEndId)).toEqual([s.doacao.endToEndId]);
  });

  it('a Pix linked by hand to the wrong month is reversed back to the list; one that paid its own charge is the bank’s', async () => {
    const s = await withWaitingPix();
    const id = s.idOf(s.semTxid.endToEndId);
    const august = await mensalidadeOf(s.ana.id, `${thisYear}-08`);
    await call('POST', `${LIST}/${id}/vincular`, s.admin, { mensalidade_id: august.id });
    const [pagamento] = (await call('GET', `/api/financeiro/mensalidades/${august.id}`, s.admin)).json().data
      .pagamentos as { id: string; origem: string }[];
    expect(pagamento!.origem).toBe('escola');

    const estorno = await call(
      'POST',
      `/api/financeiro/mensalidades/${august.id}/pagamentos/${pagamento!.id}/estorno`,
      s.admin,
      { motivo: 'Era a mensalidade de setembro' },
    );
    expect(estorno.statusCode).toBe(200);
    expect(estorno.json().data.pix_a_conciliar).toBe(true);
    expect(estorno.json().message).toContain('O Pix voltou para “Pix a conciliar”');
    expect(estorno.json().data.mensalidade).toMatchObject({ status: 'pendente', valor_pago: 0 });
    const back = (await call('GET', LIST, s.admin)).json().data as { id: string; observacao: string }[];
    expect(back.map((item) => item.id)).toContain(id);
    // Linked again, to the right month: paid once.
    const september = await mensalidadeOf(s.ana.id, `${thisYear}-09`);
    const relinked = await call('POST', `${LIST}/${id}/vincular`, s.admin, { mensalidade_id: september.id });
    expect(relinked.statusCode).toBe(200);
    expect(await t.database.db.select().from(pagamentos)).toEqual([
      expect.objectContaining({ mensalidadeId: september.id, valorPago: 85_000 }),
    ]);

    // A Pix that paid its charge by itself: the bank's word, which only the bank undoes (a devolução).
    await arrive([pixOf({ valor: 85_000, txid: txidOf(s.july.id) })]);
    const [own] = (await call('GET', `/api/financeiro/mensalidades/${s.july.id}`, s.admin)).json().data
      .pagamentos as { id: string; origem: string }[];
    expect(own!.origem).toBe('banco');
    const refused = await call(
      'POST',
      `/api/financeiro/mensalidades/${s.july.id}/pagamentos/${own!.id}/estorno`,
      s.admin,
      { motivo: 'Tentativa' },
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/^Este pagamento foi confirmado pelo banco \(Pix\)/);
    const july = (await call('GET', `/api/financeiro/mensalidades/${s.july.id}`, s.admin)).json().data;
    expect(july).toMatchObject({ status: 'pago', valor_pago: 85_000 });
  });

  it('linking refuses a cancelled mensalidade, one owing less than the Pix or an unknown one, and changes nothing', async () => {
    const s = await withWaitingPix();
    const id = s.idOf(s.semTxid.endToEndId);
    const august = await mensalidadeOf(s.ana.id, `${thisYear}-08`);
    await call('POST', `/api/financeiro/mensalidades/${august.id}/cancelar`, s.admin, { motivo: 'Saiu' });
    const cancelled = await call('POST', `${LIST}/${id}/vincular`, s.admin, { mensalidade_id: august.id });
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().message).toBe('Esta mensalidade foi cancelada.');

    const september = await mensalidadeOf(s.ana.id, `${thisYear}-09`);
    await call('POST', `/api/financeiro/mensalidades/${september.id}/desconto`, s.admin, {
      desconto: 10_000,
      motivo: 'Irmãos',
    });
    const over = await call('POST', `${LIST}/${id}/vincular`, s.admin, { mensalidade_id: september.id });
    expect(over.statusCode).toBe(409);
    const unknown = await call('POST', `${LIST}/${id}/vincular`, s.admin, {
      mensalidade_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);
    const payments = await t.database.db.select().from(pagamentos);
    expect(payments).toEqual([]);
    expect((await call('GET', LIST, s.admin)).json().data).toHaveLength(3);
  });

  it('recording as receita writes a Pix receita on its day; marking refunded leaves nothing owed; both audited', async () => {
    const s = await withWaitingPix();
    const doacao = s.idOf(s.doacao.endToEndId);
    const receita = await call('POST', `${LIST}/${doacao}/receita`, s.admin, {
      descricao: 'Doação para a festa junina',
      categoria: 'Doações',
    });
    expect(receita.statusCode).toBe(200);
    const transacaoId = receita.json().data.transacao_id as string;
    const receitas = (await call('GET', '/api/financeiro/transacoes?tipo=receita', s.admin)).json().data
      .items;
    expect(receitas).toEqual([
      expect.objectContaining({
        id: transacaoId,
        valor: 20_000,
        categoria: 'Doações',
        forma_pagamento: 'pix',
        status: 'pago',
        data: '2026-06-15',
      }),
    ]);
    expect(await auditOf('lancar_pix_receita', doacao)).toHaveLength(1);

    const semTxid = s.idOf(s.semTxid.endToEndId);
    const refunded = await call('POST', `${LIST}/${semTxid}/devolvido`, s.admin, {
      observacao: 'Pago por engano, devolvido pelo banco',
    });
    expect(refunded.statusCode).toBe(200);
    expect(refunded.json().data.situacao).toBe('devolvido');
    expect(await auditOf('marcar_pix_devolvido', semTxid)).toHaveLength(1);
    expect(
      (await call('POST', `${LIST}/${semTxid}/receita`, s.admin, { descricao: 'x', categoria: 'Outros' }))
        .statusCode,
    ).toBe(409);

    const left = (await call('GET', LIST, s.admin)).json().data as { endToEndId: string }[];
    expect(left.map((item) => item.endToEndId)).toEqual([s.aMenos.endToEndId]);
  });

  it('a devolução can only be marked refunded', async () => {
    const s = await withWaitingPix();
    const paid = pixOf({
      valor: 85_000,
      txid: txidOf((await mensalidadeOf(s.bruno.id, `${thisYear}-07`)).id),
    });
    await arrive([paid]);
    await arrive([
      {
        ...paid,
        devolucoes: [
          {
            id: 'DEV1',
            rtrId: 'D18236120202606151600ZXCVBNMASDF',
            valor: '850.00',
            horario: { solicitacao: '2026-06-15T16:00:00-03:00', liquidacao: '2026-06-15T16:00:02-03:00' },
            status: 'DEVOLVIDO',
          },
        ],
      },
    ]);
    const list = (await call('GET', LIST, s.admin)).json().data as { id: string; tipo: string }[];
    const devolucao = list.find((item) => item.tipo === 'devolucao')!;
    expect(devolucao).toMatchObject({ motivo: 'devolucao', valor: 85_000, endToEndId: paid.endToEndId });
    const link = await call('POST', `${LIST}/${devolucao.id}/vincular`, s.admin, {
      mensalidade_id: s.july.id,
    });
    expect(link.statusCode).toBe(409);
    const done = await call('POST', `${LIST}/${devolucao.id}/devolvido`, s.admin, {});
    expect(done.statusCode).toBe(200);
  });
});

describe('reconciliation on demand', () => {
  it('takes RFC 3339 date-times, start before end; without Pix automático configured it says so', async () => {
    const s = await school({ ano: thisYear });
    const bad = [
      { inicio: '2026-06-14', fim: '2026-06-15' },
      { inicio: '2026-06-15T00:00:00-03:00', fim: '2026-06-14T00:00:00-03:00' },
      { inicio: '2026-06-14T00:00:00-03:00' },
    ];
    for (const body of bad)
      expect((await call('POST', '/api/financeiro/pix/conciliar', s.admin, body)).statusCode).toBe(400);
    const off = await call('POST', '/api/financeiro/pix/conciliar', s.admin, {
      inicio: '2026-06-14T00:00:00-03:00',
      fim: '2026-06-15T00:00:00-03:00',
    });
    expect(off.statusCode).toBe(409);
    expect(off.json().message).toContain('Pix automático não está configurado');
    expect((await call('GET', '/api/financeiro/pix/conciliar', s.admin)).json().data).toEqual({
      ultima: null,
    });
  });
});
