/**
 * Desconto de pontualidade (issue 33 §1, ADR 0046): the setting (validation in Portuguese, audit, off by
 * default, kept when a save does not mention it) and the amount of the day wherever finance shows or
 * takes one — the family's tuition, the static Pix code, the secretaria's quote and payment, the receipt,
 * the reminder's text. Today is 15 June; July's tuition (R$ 850,00) is due on 10 July.
 */
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog } from '../../db/schema/audit.js';
import { EXAMPLE_FINANCE_SETTINGS } from '../../test/finance-settings-example.js';
import { lembreteAutomaticoTexto } from './lembretes.texts.js';
import { mensalidadeOf, school, setupFinanceTest, thisYear } from './finance.test-setup.js';

const { t, call } = setupFinanceTest();

const base = EXAMPLE_FINANCE_SETTINGS;

/** This year's tuition for Ana and Bruno, with the school's discount set to `desconto`. */
async function withDiscount(desconto: object) {
  const s = await school({ ano: thisYear });
  const saved = await call('PUT', '/api/financeiro/configuracoes', s.admin, {
    ...base,
    desconto_pontualidade: desconto,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  expect(
    (await call('POST', '/api/financeiro/mensalidades/gerar', s.admin, { ano: thisYear })).statusCode,
  ).toBe(201);
  const july = await mensalidadeOf(s.ana.id, `${thisYear}-07`);
  const june = await mensalidadeOf(s.ana.id, `${thisYear}-06`);
  return { ...s, july, june };
}

describe('the setting', () => {
  it('is off by default, validated in Portuguese, audited, and kept by a save that does not mention it', async () => {
    const s = await school();
    const initial = await call('GET', '/api/financeiro/configuracoes', s.admin);
    expect(initial.json().data.desconto_pontualidade).toEqual({
      tipo: 'nenhum',
      percentual: 0,
      valor: 0,
      dias_antes: 0,
    });
    const refused = async (desconto: object, message: string) => {
      const response = await call('PUT', '/api/financeiro/configuracoes', s.admin, {
        ...base,
        desconto_pontualidade: desconto,
      });
      expect(response.statusCode, JSON.stringify(desconto)).toBe(400);
      expect(response.body).toContain(message);
    };
    await refused({ tipo: 'percentual', percentual: 60, dias_antes: 0 }, 'não pode passar de 50%');
    await refused({ tipo: 'percentual', percentual: 0, dias_antes: 0 }, 'Informe o percentual do desconto');
    await refused({ tipo: 'valor', valor: 0, dias_antes: 0 }, 'Informe o valor do desconto');
    await refused({ tipo: 'percentual', percentual: 5, dias_antes: 40 }, 'No máximo 28 dias');
    await refused({ tipo: 'percentual', percentual: 5.555, dias_antes: 0 }, 'duas casas decimais');
    await refused({ tipo: 'talvez' }, 'Escolha sem desconto, percentual ou valor fixo');

    const saved = await call('PUT', '/api/financeiro/configuracoes', s.admin, {
      ...base,
      desconto_pontualidade: { tipo: 'percentual', percentual: 5, valor: 999, dias_antes: 5 },
    });
    expect(saved.statusCode).toBe(200);
    // Only the field of its kind is kept.
    expect(saved.json().data.desconto_pontualidade).toEqual({
      tipo: 'percentual',
      percentual: 5,
      valor: 0,
      dias_antes: 5,
    });
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity, 'configuracoes_financeiras'));
    expect(entries.map((entry) => entry.details)).toContainEqual(
      expect.objectContaining({
        desconto_pontualidade: expect.objectContaining({ tipo: 'percentual', bp: 500, dias_antes: 5 }),
      }),
    );
    const again = await call('PUT', '/api/financeiro/configuracoes', s.admin, {
      ...base,
      multa_percentual: 1,
      version: saved.json().data.version,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.desconto_pontualidade.tipo).toBe('percentual');
  });
});

describe('the amount of the day', () => {
  it('the family sees the discounted amount and its last day; the static Pix code asks for it', async () => {
    const s = await withDiscount({ tipo: 'percentual', percentual: 5, dias_antes: 5 });
    const july = (await call('GET', `/api/financeiro/mensalidades/${s.july.id}`, s.guardian)).json().data;
    expect(july).toMatchObject({
      status: 'pendente',
      valor: 85_000,
      valor_atualizado: 80_750,
      desconto_pontualidade: { valor: 4_250, ate: `${thisYear}-07-05` },
    });
    const pix = (await call('GET', `/api/financeiro/mensalidades/${s.july.id}/pix`, s.guardian)).json().data;
    expect(pix.valor).toBe(80_750);
    expect(pix.copia_e_cola).toContain('5406807.50');
    // June is overdue: no discount, multa and juros instead.
    const june = (await call('GET', `/api/financeiro/mensalidades/${s.june.id}`, s.guardian)).json().data;
    expect(june).toMatchObject({ status: 'vencido', desconto_pontualidade: null, multa: 1_700 });
  });

  it('the secretaria is quoted the discounted amount, and paying it settles the tuition', async () => {
    const s = await withDiscount({ tipo: 'valor', valor: 5_000, dias_antes: 0 });
    const quote = await call(
      'GET',
      `/api/financeiro/mensalidades/${s.july.id}/cotacao?data=${thisYear}-06-15`,
      s.admin,
    );
    expect(quote.json().data).toEqual({
      principal: 85_000,
      desconto: 5_000,
      desconto_ate: `${thisYear}-07-10`,
      multa: 0,
      juros: 0,
      total: 80_000,
      dias_atraso: 0,
    });
    const tooMuch = await call('POST', `/api/financeiro/mensalidades/${s.july.id}/pagamento`, s.admin, {
      valor_pago: 85_000,
      data_pagamento: `${thisYear}-06-15`,
      forma: 'dinheiro',
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.body).toContain('R$ 800,00');
    const paid = await call('POST', `/api/financeiro/mensalidades/${s.july.id}/pagamento`, s.admin, {
      valor_pago: 80_000,
      data_pagamento: `${thisYear}-06-15`,
      forma: 'dinheiro',
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json().data.mensalidade).toMatchObject({
      status: 'pago',
      valor_pago: 80_000,
      principal_pago: 85_000,
      desconto_concedido: 5_000,
    });
    expect(paid.json().data.pagamento).toMatchObject({
      principal: 85_000,
      desconto: 5_000,
      valor_pago: 80_000,
    });
    const recibo = await call('GET', `/api/financeiro/mensalidades/${s.july.id}/recibo`, s.guardian);
    expect(recibo.statusCode).toBe(200);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, s.july.id), eq(auditLog.action, 'registrar_pagamento')));
    expect(audit?.details).toMatchObject({ desconto_pontualidade: 5_000, quitada: true });
  });

  it('a partial payment in time earns no discount: it settles as much principal as it pays', async () => {
    const s = await withDiscount({ tipo: 'percentual', percentual: 10, dias_antes: 0 });
    const partial = await call('POST', `/api/financeiro/mensalidades/${s.july.id}/pagamento`, s.admin, {
      valor_pago: 40_000,
      data_pagamento: `${thisYear}-06-15`,
      forma: 'pix',
    });
    expect(partial.statusCode).toBe(201);
    const after = partial.json().data.mensalidade;
    // 10 % of the R$ 450,00 still open.
    expect(after).toMatchObject({
      principal_pago: 40_000,
      valor_atualizado: 40_500,
      desconto_pontualidade: { valor: 4_500 },
    });
  });

  it('on the amount after bolsa, never below one centavo', async () => {
    const s = await school({ ano: thisYear });
    await call('PUT', `/api/financeiro/bolsas/${s.ana.id}`, s.admin, {
      percentual: 99,
      motivo: 'Quase integral',
    });
    await call('PUT', '/api/financeiro/configuracoes', s.admin, {
      ...base,
      desconto_pontualidade: { tipo: 'valor', valor: 5_000, dias_antes: 0 },
    });
    await call('POST', '/api/financeiro/mensalidades/gerar', s.admin, { ano: thisYear });
    const july = await mensalidadeOf(s.ana.id, `${thisYear}-07`);
    const shown = (await call('GET', `/api/financeiro/mensalidades/${july.id}`, s.admin)).json().data;
    // R$ 8,50 after the bolsa; the R$ 50,00 discount stops at R$ 8,49.
    expect(shown).toMatchObject({
      valor: 850,
      status: 'pendente',
      valor_atualizado: 1,
      desconto_pontualidade: { valor: 849, ate: `${thisYear}-07-10` },
    });
  });
});

describe('the reminder before the due date', () => {
  it('says the discounted amount until its day and the full one after', () => {
    const texts = lembreteAutomaticoTexto({
      momento: 'antes',
      mesReferencia: '2026-07',
      alunoNome: 'Ana',
      dataVencimento: '2026-07-10',
      valor: 80_750,
      desconto: { valor: 4_250, ate: '2026-07-05' },
      hoje: '2026-07-02',
      pix: null,
      escola: { nome: 'Escola Girassol', telefone: null, whatsapp: null, email: null },
    });
    expect(texts.texto).toContain(
      'Valor: R$ 807,50 até 05/07/2026 (desconto de pontualidade); depois, R$ 850,00.',
    );
    expect(texts.email).toContain('R$ 807,50 até 05/07/2026');
  });
});
