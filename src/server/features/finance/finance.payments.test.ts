/**
 * Finance: payments.
 */
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog } from '../../db/schema/audit.js';
import { mensalidades } from '../../db/schema/finance.js';
import { lastYear, mensalidadeOf, school, setupFinanceTest, thisYear, today } from './finance.test-setup.js';

const { t, call } = setupFinanceTest();

describe('payments', () => {
  it('a payment 10 days late carries multa R$ 17,00 and juros R$ 2,83; paying twice is 409', async () => {
    const s = await school();
    await call('POST', '/api/financeiro/mensalidades/gerar', s.admin, { ano: lastYear });
    const march = await mensalidadeOf(s.ana.id, `${lastYear}-03`);
    const quote = await call(
      'GET',
      `/api/financeiro/mensalidades/${march.id}/cotacao?data=${lastYear}-03-20`,
      s.admin,
    );
    expect(quote.json().data).toEqual({
      principal: 85_000,
      multa: 1_700,
      juros: 283,
      total: 86_983,
      dias_atraso: 10,
    });

    const paid = await call('POST', `/api/financeiro/mensalidades/${march.id}/pagamento`, s.admin, {
      valor_pago: 86_983,
      data_pagamento: `${lastYear}-03-20`,
      forma: 'pix',
    });
    expect(paid.statusCode).toBe(201);
    expect(paid.json().data.mensalidade).toMatchObject({
      status: 'pago',
      multa: 1_700,
      juros: 283,
      valor_pago: 86_983,
      valor_atualizado: 0,
      data_pagamento: `${lastYear}-03-20`,
    });
    const twice = await call('POST', `/api/financeiro/mensalidades/${march.id}/pagamento`, s.admin, {
      valor_pago: 86_983,
      data_pagamento: `${lastYear}-03-20`,
      forma: 'pix',
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('Esta mensalidade já está paga.');

    // The payment is a receita of its own, read-only in the transactions screen.
    const receitas = await call('GET', '/api/financeiro/transacoes?tipo=receita', s.admin);
    const [receita] = receitas.json().data.items;
    expect(receita).toMatchObject({
      valor: 86_983,
      categoria: 'Mensalidade',
      automatica: true,
      status: 'pago',
    });
    expect((await call('DELETE', `/api/financeiro/transacoes/${receita.id}`, s.admin)).statusCode).toBe(409);

    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'registrar_pagamento'), eq(auditLog.entityId, march.id)));
    expect(audit).toHaveLength(1);
  });

  it('records a partial payment and leaves the rest open', async () => {
    const s = await school();
    await call('POST', '/api/financeiro/mensalidades/gerar', s.admin, { ano: lastYear });
    const march = await mensalidadeOf(s.ana.id, `${lastYear}-03`);
    const partial = await call('POST', `/api/financeiro/mensalidades/${march.id}/pagamento`, s.admin, {
      valor_pago: 40_000,
      data_pagamento: `${lastYear}-03-05`,
      forma: 'dinheiro',
    });
    expect(partial.statusCode).toBe(201);
    expect(partial.json().data.mensalidade).toMatchObject({ status: 'vencido', principal_pago: 40_000 });
    expect(partial.json().message).toMatch(/parcial/);
    const detail = await call('GET', `/api/financeiro/mensalidades/${march.id}`, s.admin);
    expect(detail.json().data.pagamentos).toHaveLength(1);
    // The remaining R$ 450,00 is overdue today and carries charges on it only.
    expect(detail.json().data.multa).toBe(900);
    const rest = detail.json().data.valor_atualizado as number;
    const settle = await call('POST', `/api/financeiro/mensalidades/${march.id}/pagamento`, s.admin, {
      valor_pago: rest,
      data_pagamento: today,
      forma: 'pix',
    });
    expect(settle.json().data.mensalidade.status).toBe('pago');
  });

  it('refuses a non-positive amount, a future date, more than is due and an unknown method', async () => {
    const s = await school();
    await call('POST', '/api/financeiro/mensalidades/gerar', s.admin, { ano: lastYear });
    const march = await mensalidadeOf(s.ana.id, `${lastYear}-03`);
    const url = `/api/financeiro/mensalidades/${march.id}/pagamento`;
    const base = { valor_pago: 85_000, data_pagamento: `${lastYear}-03-05`, forma: 'pix' };
    expect((await call('POST', url, s.admin, { ...base, valor_pago: 0 })).statusCode).toBe(400);
    expect((await call('POST', url, s.admin, { ...base, valor_pago: -100 })).statusCode).toBe(400);
    const future = await call('POST', url, s.admin, { ...base, data_pagamento: `${thisYear + 1}-01-01` });
    expect(future.statusCode).toBe(400);
    expect(future.json().message).toBe('A data do pagamento não pode estar no futuro.');
    expect((await call('POST', url, s.admin, { ...base, valor_pago: 85_001 })).statusCode).toBe(400);
    expect((await call('POST', url, s.admin, { ...base, forma: 'cheque' })).statusCode).toBe(400);
  });

  it('cancels and discounts with a reason, both audited', async () => {
    const s = await school();
    await call('POST', '/api/financeiro/mensalidades/gerar', s.admin, { ano: lastYear });
    const april = await mensalidadeOf(s.ana.id, `${lastYear}-04`);
    const may = await mensalidadeOf(s.ana.id, `${lastYear}-05`);
    const noReason = await call('POST', `/api/financeiro/mensalidades/${april.id}/cancelar`, s.admin, {
      motivo: '',
    });
    expect(noReason.statusCode).toBe(400);
    const cancelled = await call('POST', `/api/financeiro/mensalidades/${april.id}/cancelar`, s.admin, {
      motivo: 'Aluno em intercâmbio',
    });
    expect(cancelled.json().data.status).toBe('cancelado');
    const payCancelled = await call('POST', `/api/financeiro/mensalidades/${april.id}/pagamento`, s.admin, {
      valor_pago: 100,
      data_pagamento: today,
      forma: 'pix',
    });
    expect(payCancelled.statusCode).toBe(409);
    const discounted = await call('POST', `/api/financeiro/mensalidades/${may.id}/desconto`, s.admin, {
      desconto: 10_000,
      motivo: 'Acordo com a família',
    });
    expect(discounted.json().data).toMatchObject({ valor: 75_000, valor_original: 85_000 });
    const actions = (await t.database.db.select().from(auditLog)).map((row) => row.action);
    expect(actions).toEqual(expect.arrayContaining(['cancelar', 'conceder_desconto']));
  });

  it('the audit names the payer of record of a payment and of its estorno, and a fee as a fee (ADR 0108, 0112)', async () => {
    const s = await school();
    await call('POST', '/api/financeiro/mensalidades/gerar', s.admin, { ano: lastYear });
    const march = await mensalidadeOf(s.ana.id, `${lastYear}-03`);
    const fee = await mensalidadeOf(s.ana.id, `${lastYear}-04`);
    await t.database.db
      .update(mensalidades)
      .set({ tipo: 'taxa_matricula', anuidadeAno: thisYear })
      .where(eq(mensalidades.id, fee.id));
    const paid = await call('POST', `/api/financeiro/mensalidades/${march.id}/pagamento`, s.admin, {
      valor_pago: 85_000,
      data_pagamento: `${lastYear}-03-05`,
      forma: 'dinheiro',
    });
    await call('POST', `/api/financeiro/mensalidades/${fee.id}/pagamento`, s.admin, {
      valor_pago: 85_000,
      data_pagamento: `${lastYear}-04-05`,
      forma: 'pix',
    });
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'registrar_pagamento'), eq(auditLog.entityId, march.id)));
    expect(entry!.details).toMatchObject({ pagador_id: s.mae.id });
    await call(
      'POST',
      `/api/financeiro/mensalidades/${march.id}/pagamentos/${paid.json().data.pagamento.id as string}/estorno`,
      s.admin,
      { motivo: 'Lançado no mês errado' },
    );
    const trail = await call('GET', '/api/auditoria?entidade=mensalidade', s.admin);
    expect(
      trail
        .json()
        .data.items.map((item: { descricao: string }) => item.descricao)
        .slice(0, 3),
    ).toEqual([
      `Estornou o pagamento de R$ 850,00 da mensalidade de março de ${lastYear} de Ana Souza, pago por Carla Souza. Motivo: Lançado no mês errado`,
      `Registrou o pagamento de R$ 850,00 da taxa de matrícula ${thisYear} de Ana Souza (Pix), pago por Carla Souza`,
      `Registrou o pagamento de R$ 850,00 da mensalidade de março de ${lastYear} de Ana Souza (Dinheiro), pago por Carla Souza`,
    ]);
  });
});
