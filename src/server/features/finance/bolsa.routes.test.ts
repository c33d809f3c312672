/**
 * A bolsa saved after the year's tuition was generated (ADR 0130): the open, untouched months not yet
 * overdue follow it; what was due at the old price, paid, or priced by someone else stays as it was.
 */
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog } from '../../db/schema/audit.js';
import { boletos } from '../../db/schema/boletos.js';
import { mensalidades } from '../../db/schema/finance.js';
import { jobs } from '../../db/schema/jobs.js';
import { pixProvedor } from '../../db/schema/pix-provedor.js';
import { mensalidadeOf, school, setupFinanceTest, thisYear } from './finance.test-setup.js';

const { t, call } = setupFinanceTest();
const mes = (month: number) => `${thisYear}-${String(month).padStart(2, '0')}`;

/** Ana's year generated on 15 June: January to June overdue, July to December ahead. */
async function generatedYear() {
  const s = await school({ ano: thisYear });
  const run = await call('POST', '/api/financeiro/mensalidades/gerar', s.admin, { ano: thisYear });
  expect(run.statusCode).toBe(201);
  return s;
}

async function valoresOf(alunoId: string) {
  const rows = [];
  for (let month = 1; month <= 12; month++) {
    const row = await mensalidadeOf(alunoId, mes(month));
    rows.push({
      mes: month,
      valor: row.valor,
      motivo: row.motivoDesconto,
      cancelada: row.canceladaEm !== null,
    });
  }
  return rows;
}

describe('a bolsa saved after the year was generated', () => {
  it('re-prices the open untouched months ahead, asks first, and leaves overdue, paid and hand-discounted ones', async () => {
    const s = await generatedYear();
    // March paid, July paid in part, August discounted by hand: none of them follows the bolsa.
    const pay = async (month: number, valor: number) =>
      call(
        'POST',
        `/api/financeiro/mensalidades/${(await mensalidadeOf(s.ana.id, mes(month))).id}/pagamento`,
        s.admin,
        {
          valor_pago: valor,
          data_pagamento: '2026-06-15',
          forma: 'dinheiro',
        },
      );
    expect((await pay(3, 86_700 + 1_133)).statusCode).toBe(201);
    expect((await pay(7, 10_000)).statusCode).toBe(201);
    const august = await mensalidadeOf(s.ana.id, mes(8));
    const discount = await call('POST', `/api/financeiro/mensalidades/${august.id}/desconto`, s.admin, {
      desconto: 5_000,
      motivo: 'Acordo com a família',
    });
    expect(discount.statusCode).toBe(200);

    const body = { percentual: 20, motivo: 'Bolsa social' };
    const expected =
      '4 mensalidades em aberto (09/2026 a 12/2026) passam a R$ 680,00; as vencidas, as pagas e as com desconto dado à mão ficam como estavam.';
    // The screen's question: nothing written yet.
    const preview = await call('POST', `/api/financeiro/bolsas/${s.ana.id}/simular`, s.admin, body);
    expect(preview.statusCode).toBe(200);
    expect(preview.json().data).toEqual({ alteradas: 4, canceladas: 0, mensagem: expected });
    expect((await mensalidadeOf(s.ana.id, mes(9))).valor).toBe(85_000);

    const saved = await call('PUT', `/api/financeiro/bolsas/${s.ana.id}`, s.admin, body);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().message).toBe(`Bolsa salva. ${expected}`);
    const rows = await valoresOf(s.ana.id);
    // January to June were due at the old price (June's 10th has passed): they stay.
    for (const row of rows.slice(0, 6)) expect(row.valor).toBe(85_000);
    expect(rows[6]).toMatchObject({ valor: 85_000, motivo: null });
    expect(rows[7]).toMatchObject({ valor: 80_000, motivo: 'Acordo com a família' });
    for (const row of rows.slice(8)) expect(row).toMatchObject({ valor: 68_000, motivo: 'Bolsa de 20%' });
    // Bruno, without a bolsa, keeps every month.
    expect((await mensalidadeOf(s.bruno.id, mes(9))).valor).toBe(85_000);
    // Each month's change is in its own history, with both prices.
    const september = await mensalidadeOf(s.ana.id, mes(9));
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'aplicar_bolsa'), eq(auditLog.entityId, september.id)));
    expect(audit?.details).toEqual({ bolsa_bp: 2_000, valor_anterior: 85_000, valor: 68_000 });

    // Changed again, then removed: the months priced by the bolsa follow each time.
    const more = await call('PUT', `/api/financeiro/bolsas/${s.ana.id}`, s.admin, { percentual: 50 });
    expect(more.json().message).toMatch(
      /^Bolsa salva\. 4 mensalidades em aberto \(09\/2026 a 12\/2026\) passam a R\$ 425,00;/,
    );
    const removed = await call('PUT', `/api/financeiro/bolsas/${s.ana.id}`, s.admin, { percentual: 0 });
    expect(removed.json().message).toMatch(
      /^Bolsa removida\. 4 mensalidades em aberto \(09\/2026 a 12\/2026\) passam a R\$ 850,00;/,
    );
    for (const row of (await valoresOf(s.ana.id)).slice(8))
      expect(row).toMatchObject({ valor: 85_000, motivo: null });
  });

  it('a 100 % bolsa cancels the open months ahead and frees them: a smaller bolsa later generates them again', async () => {
    const s = await generatedYear();
    const full = await call('PUT', `/api/financeiro/bolsas/${s.ana.id}`, s.admin, { percentual: 100 });
    expect(full.json().message).toBe(
      'Bolsa salva. 6 mensalidades em aberto (07/2026 a 12/2026) são canceladas (bolsa de 100 %); as vencidas ficam como estavam.',
    );
    const july = await mensalidadeOf(s.ana.id, mes(7));
    expect(july).toMatchObject({ motivoCancelamento: 'Bolsa de 100%', desfeita: true });
    expect(july.canceladaEm).not.toBeNull();
    expect((await mensalidadeOf(s.ana.id, mes(6))).canceladaEm).toBeNull();

    const half = await call('PUT', `/api/financeiro/bolsas/${s.ana.id}`, s.admin, { percentual: 50 });
    expect(half.json().message).toBe(
      'Bolsa salva. Nenhuma mensalidade já gerada muda: as vencidas ficam como estavam.',
    );
    const again = await call('POST', '/api/financeiro/mensalidades/gerar', s.admin, {
      ano: thisYear,
      aluno_id: s.ana.id,
    });
    expect(again.statusCode).toBe(201);
    const julys = await t.database.db
      .select({ valor: mensalidades.valor, desfeita: mensalidades.desfeita })
      .from(mensalidades)
      .where(and(eq(mensalidades.alunoId, s.ana.id), eq(mensalidades.mesReferencia, mes(7))))
      .orderBy(mensalidades.desfeita);
    expect(julys).toEqual([
      { valor: 42_500, desfeita: false },
      { valor: 85_000, desfeita: true },
    ]);
  });

  it('a month whose boleto went to the bank keeps that amount; one never sent is removed, to be issued again; the Pix sync is woken', async () => {
    const s = await generatedYear();
    await t.database.db.insert(pixProvedor).values({ id: 1, ativo: true, webhookSegredoCifrado: 'teste' });
    const october = await mensalidadeOf(s.ana.id, mes(10));
    await t.database.db.insert(boletos).values({
      mensalidadeId: october.id,
      banco: '001',
      convenio: '1234567',
      carteira: '17',
      nossoNumero: '12345670000000001',
      vencimento: october.dataVencimento,
      valor: 85_000,
      codigoBarras: '0'.repeat(44),
      linhaDigitavel: '0'.repeat(47),
      situacao: 'registrado',
      movimentoPendente: null,
    });
    const november = await mensalidadeOf(s.ana.id, mes(11));
    await t.database.db.insert(boletos).values({
      mensalidadeId: november.id,
      banco: '001',
      convenio: '1234567',
      carteira: '17',
      nossoNumero: '12345670000000002',
      vencimento: november.dataVencimento,
      valor: 85_000,
      codigoBarras: '1'.repeat(44),
      linhaDigitavel: '1'.repeat(47),
    });
    const saved = await call('PUT', `/api/financeiro/bolsas/${s.ana.id}`, s.admin, { percentual: 10 });
    expect(saved.json().message).toBe(
      'Bolsa salva. 5 mensalidades em aberto (07/2026 a 12/2026) passam a R$ 765,00; as vencidas e as com boleto já enviado ao banco ficam como estavam.',
    );
    expect((await mensalidadeOf(s.ana.id, mes(10))).valor).toBe(85_000);
    expect((await mensalidadeOf(s.ana.id, mes(11))).valor).toBe(76_500);
    const left = await t.database.db.select({ id: boletos.mensalidadeId }).from(boletos);
    expect(left).toEqual([{ id: october.id }]);
    const syncs = await t.database.db.select().from(jobs).where(eq(jobs.kind, 'pix.sincronizar'));
    expect(syncs.length).toBeGreaterThan(0);
  });

  it('before any month exists says the bolsa counts from the next generation; an unknown student is 404', async () => {
    const s = await school({ ano: thisYear });
    const saved = await call('PUT', `/api/financeiro/bolsas/${s.ana.id}`, s.admin, { percentual: 30 });
    expect(saved.json().message).toBe('Bolsa salva. Vale para as mensalidades geradas daqui em diante.');
    const missing = await call(
      'POST',
      '/api/financeiro/bolsas/00000000-0000-4000-8000-000000000000/simular',
      s.admin,
      {
        percentual: 30,
      },
    );
    expect(missing.statusCode).toBe(404);
  });
});
