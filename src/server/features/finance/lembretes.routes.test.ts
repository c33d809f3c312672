import { beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { clock } from '../../lib/clock.js';
import { auditLog } from '../../db/schema/audit.js';
import { mensalidades } from '../../db/schema/finance.js';
import { school, setupFinanceTest, today } from './finance.test-setup.js';
import { insertTuition } from '../../test/records-fixtures.js';

const { t, call } = setupFinanceTest();
let s: Awaited<ReturnType<typeof school>>;

beforeEach(async () => {
  clock.pin(today); // 2026-06-15
  s = await school();
});

const valid = {
  ativo: true,
  antes: { ativo: true, dias: 3 },
  depois: { ativo: true, dias: 1 },
  atraso: { ativo: true, dias: 7 },
};

const tuition = (alunoId: string, mes: string, vencimento: string) =>
  insertTuition(t, alunoId, mes, vencimento);

describe('Configurações financeiras → Lembretes automáticos', () => {
  it('starts off with 3 days before, the day after and 7 days after, and previews the three texts', async () => {
    const response = await call('GET', '/api/financeiro/lembretes', s.admin);
    expect(response.statusCode).toBe(200);
    const config = response.json().data;
    expect(config).toMatchObject({
      ativo: false,
      antes: { ativo: true, dias: 3 },
      depois: { ativo: true, dias: 1 },
      atraso: { ativo: true, dias: 7 },
      version: 0,
    });
    // Next month's tuition (July 2026, due on the 10th), at the school's rates.
    expect(config.previa.antes.assunto).toBe('Mensalidade de julho de 2026');
    expect(config.previa.antes.email).toContain('vence em 10/07/2026');
    expect(config.previa.antes.email).toContain('Valor: R$ 850,00.');
    expect(config.previa.depois.email).toContain(
      'Valor para pagamento hoje (11/07/2026), com multa e juros: R$ 867,28.',
    );
    expect(config.previa.atraso.email).toContain('(17/07/2026), com multa e juros: R$ 868,98.');
    for (const momento of ['antes', 'depois', 'atraso'] as const) {
      const texto = config.previa[momento];
      // CDC art. 42: what a third party may read says no more than the month.
      expect(texto.assunto).toBe('Mensalidade de julho de 2026');
      expect(texto.sms).toMatch(/^.+: Mensalidade de julho de 2026\. Veja no portal:$/);
      expect(texto.email).toContain('Secretaria — ');
      expect(texto.email).toContain('Se já pagou, por favor desconsidere esta mensagem.');
    }
  });

  it('previews a due date on a business day: the 10th on a Sunday becomes the Monday, so the day after reads with its charges', async () => {
    clock.pin('2026-12-15'); // next month's 10th, 10/01/2027, is a Sunday
    const config = (await call('GET', '/api/financeiro/lembretes', s.admin)).json().data;
    expect(config.previa.antes.email).toContain('vence em 11/01/2027');
    expect(config.previa.depois.email).toContain(
      'Valor para pagamento hoje (12/01/2027), com multa e juros: R$ 867,28.',
    );
  });

  it('saves the schedule (audited, versioned) and refuses what makes no sense in Portuguese', async () => {
    const bad = await call('PUT', '/api/financeiro/lembretes', s.admin, {
      ...valid,
      antes: { ativo: true, dias: 0 },
      atraso: { ativo: true, dias: 1 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual(
      expect.arrayContaining([
        { path: 'antes.dias', message: 'No mínimo 1 dia' },
        { path: 'atraso.dias', message: 'O último lembrete deve sair depois do primeiro após o vencimento' },
      ]),
    );
    const tooFar = await call('PUT', '/api/financeiro/lembretes', s.admin, {
      ...valid,
      antes: { ativo: true, dias: 40 },
    });
    expect(tooFar.statusCode).toBe(400);
    expect(tooFar.json().details).toEqual([{ path: 'antes.dias', message: 'No máximo 15 dias' }]);
    const extra = await call('PUT', '/api/financeiro/lembretes', s.admin, { ...valid, sms: true });
    expect(extra.statusCode).toBe(400);

    const saved = await call('PUT', '/api/financeiro/lembretes', s.admin, {
      ...valid,
      antes: { ativo: false, dias: 5 },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ ativo: true, antes: { ativo: false, dias: 5 }, version: 1 });
    expect(saved.json().message).toBe('Lembretes automáticos ligados.');
    const stale = await call('PUT', '/api/financeiro/lembretes', s.admin, { ...valid, version: 7 });
    expect(stale.statusCode).toBe(412);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity, 'lembretes_automaticos'));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.details).toMatchObject({ ativo: true, antes: { ativo: false, dias: 5 } });

    expect((await call('GET', '/api/financeiro/lembretes', s.guardian)).statusCode).toBe(403);
    expect((await call('PUT', '/api/financeiro/lembretes', s.teacher, valid)).statusCode).toBe(403);
  });
});

describe('Em negociação', () => {
  it('is set and cleared with a reason, audited, shown to the school and not to the family', async () => {
    const june = await tuition(s.ana.id, '2026-06', '2026-06-10');
    const url = `/api/financeiro/mensalidades/${june.id}/negociacao`;
    expect((await call('POST', url, s.admin, {})).json().details).toEqual([
      { path: 'motivo', message: 'Informe o motivo' },
    ]);
    const marked = await call('POST', url, s.admin, { motivo: 'Parcelamento em 3 vezes' });
    expect(marked.statusCode).toBe(200);
    expect(marked.json().data.negociacao).toMatchObject({ motivo: 'Parcelamento em 3 vezes' });
    expect((await call('POST', url, s.admin, { motivo: 'De novo' })).statusCode).toBe(409);

    const list = (await call('GET', '/api/financeiro/mensalidades?mes=2026-06', s.admin)).json().data.items;
    expect(list.find((item: { id: string }) => item.id === june.id).negociacao.motivo).toBe(
      'Parcelamento em 3 vezes',
    );
    const family = (await call('GET', `/api/financeiro/mensalidades/${june.id}`, s.guardian)).json().data;
    expect(family.status).toBe('vencido');
    expect(family.negociacao).toBeNull();
    expect((await call('POST', url, s.guardian, { motivo: 'Quero negociar' })).statusCode).toBe(403);
    // The secretaria's reminder leaves it alone too: the family is not chased for what it agreed to pay.
    const reminder = await call('POST', `/api/financeiro/responsaveis/${s.mae.id}/lembrete`, s.admin);
    expect([reminder.statusCode, reminder.json().message]).toEqual([
      409,
      'As mensalidades vencidas deste responsável estão em negociação: os lembretes param até o acordo terminar.',
    ]);

    const cleared = await call('POST', `${url}/encerrar`, s.admin, { motivo: 'Acordo cumprido em parte' });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().data.negociacao).toBeNull();
    expect((await call('POST', `${url}/encerrar`, s.admin, { motivo: 'De novo' })).statusCode).toBe(409);
    const audit = await t.database.db
      .select({ action: auditLog.action, details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'mensalidade'), eq(auditLog.entityId, june.id)));
    expect(audit.map((row) => row.action).sort()).toEqual(['encerrar_negociacao', 'marcar_negociacao']);
  });

  it("marks a family's open tuition at once (not the paid ones, not another family's)", async () => {
    const june = await tuition(s.ana.id, '2026-06', '2026-06-10');
    const july = await tuition(s.ana.id, '2026-07', '2026-07-10');
    await t.database.db
      .update(mensalidades)
      .set({ principalPago: 85_000 })
      .where(eq(mensalidades.id, july.id));
    const bruno = await tuition(s.bruno.id, '2026-06', '2026-06-10');
    const url = `/api/financeiro/responsaveis/${s.mae.id}/negociacao`;
    const marked = await call('POST', url, s.admin, { motivo: 'Renegociação da família' });
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toMatchObject({
      data: { mensalidades: 1, taxas_matricula: 0 },
      message: '1 mensalidade em negociação.',
    });
    const rows = await t.database.db.select().from(mensalidades);
    const byId = new Map(rows.map((row) => [row.id, row.negociacaoDesde !== null]));
    expect([byId.get(june.id), byId.get(july.id), byId.get(bruno.id)]).toEqual([true, false, false]);
    expect((await call('POST', url, s.admin, { motivo: 'De novo' })).statusCode).toBe(409);
    expect((await call('POST', `${url}/encerrar`, s.admin, { motivo: 'Acordo feito' })).json().data).toEqual({
      mensalidades: 1,
      taxas_matricula: 0,
    });
    expect(
      (
        await call(
          'POST',
          '/api/financeiro/responsaveis/7d1e9a3c-0b1f-4c55-9d39-5d2f3f0a1b2c/negociacao',
          s.admin,
          {
            motivo: 'Ninguém',
          },
        )
      ).statusCode,
    ).toBe(404);
  });

  it('names an enrolment fee as the fee: marked alone, marked with the family, and when no reminder can go', async () => {
    const fee = await tuition(s.ana.id, '2026-05', '2026-06-05');
    await t.database.db
      .update(mensalidades)
      .set({ tipo: 'taxa_matricula', anuidadeAno: 2026 })
      .where(eq(mensalidades.id, fee.id));
    const one = await call('POST', `/api/financeiro/mensalidades/${fee.id}/negociacao`, s.admin, {
      motivo: 'Taxa em duas vezes',
    });
    expect([one.statusCode, one.json().message]).toEqual([
      200,
      'Taxa de matrícula marcada em negociação: os lembretes param, os automáticos e os da secretaria.',
    ]);
    const again = await call('POST', `/api/financeiro/mensalidades/${fee.id}/negociacao`, s.admin, {
      motivo: 'De novo',
    });
    expect(again.json().message).toBe('Esta taxa de matrícula já está em negociação.');
    const reminder = await call('POST', `/api/financeiro/responsaveis/${s.mae.id}/lembrete`, s.admin);
    expect([reminder.statusCode, reminder.json().message]).toEqual([
      409,
      'A taxa de matrícula vencida deste responsável está em negociação: os lembretes param até o acordo terminar.',
    ]);

    await tuition(s.ana.id, '2026-06', '2026-06-10');
    const family = await call(
      'POST',
      `/api/financeiro/responsaveis/${s.mae.id}/negociacao/encerrar`,
      s.admin,
      {
        motivo: 'Acordo desfeito',
      },
    );
    expect(family.json()).toMatchObject({
      data: { mensalidades: 0, taxas_matricula: 1 },
      message: 'Negociação encerrada: 1 taxa de matrícula.',
    });
    const both = await call('POST', `/api/financeiro/responsaveis/${s.mae.id}/negociacao`, s.admin, {
      motivo: 'Renegociação da família',
    });
    expect(both.json()).toMatchObject({
      data: { mensalidades: 1, taxas_matricula: 1 },
      message: '1 mensalidade e 1 taxa de matrícula em negociação.',
    });
    const none = await call('POST', `/api/financeiro/responsaveis/${s.mae.id}/lembrete`, s.admin);
    expect(none.json().message).toBe(
      'As mensalidades e a taxa de matrícula vencidas deste responsável estão em negociação: os lembretes param até o acordo terminar.',
    );
  });
});
