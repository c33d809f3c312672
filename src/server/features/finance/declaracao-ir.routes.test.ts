import { readFileSync } from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pagamentos } from '../../db/schema/finance.js';
import { studentGuardians } from '../../db/schema/students.js';
import { pdfText } from '../../test/pdf-text.js';
import { lastYear, mensalidadeOf, school, setupFinanceTest, thisYear } from './finance.test-setup.js';

const { t, call } = setupFinanceTest();

/**
 * Carla pays Ana's tuition: March of last year in March, December of last year in January of this year
 * (the year of the payment is what the Receita asks). Diego pays Bruno's August; Carla is Bruno's second
 * guardian, not the one who pays.
 */
async function paidYear() {
  const s = await school();
  await t.database.db
    .insert(studentGuardians)
    .values({ alunoId: s.bruno.id, responsavelId: s.mae.id, parentesco: 'mae', ehPrincipal: false });
  expect(
    (await call('POST', '/api/financeiro/mensalidades/gerar', s.admin, { ano: lastYear })).statusCode,
  ).toBe(201);
  const pay = async (alunoId: string, mes: string, data: string) => {
    const mensalidade = await mensalidadeOf(alunoId, mes);
    const paid = await call('POST', `/api/financeiro/mensalidades/${mensalidade.id}/pagamento`, s.admin, {
      valor_pago: 85_000,
      data_pagamento: data,
      forma: 'pix',
    });
    expect(paid.statusCode, paid.body).toBe(201);
  };
  await pay(s.ana.id, `${lastYear}-03`, `${lastYear}-03-05`);
  await pay(s.ana.id, `${lastYear}-12`, `${thisYear}-01-08`);
  await pay(s.bruno.id, `${lastYear}-08`, `${lastYear}-08-05`);
  return s;
}

describe('declaração para o Imposto de Renda', () => {
  it("lists the years a guardian paid, by the payment's date, only for the children she pays", async () => {
    const s = await paidYear();
    const carla = await call('GET', '/api/financeiro/declaracao-ir', s.guardian);
    expect(carla.statusCode).toBe(200);
    expect(carla.json().data).toEqual([
      { ano: thisYear, total: 85_000, alunos: [{ id: s.ana.id, nome: 'Ana Souza', total: 85_000 }] },
      { ano: lastYear, total: 85_000, alunos: [{ id: s.ana.id, nome: 'Ana Souza', total: 85_000 }] },
    ]);
    const diego = await call('GET', '/api/financeiro/declaracao-ir', s.otherGuardian);
    expect(diego.json().data).toEqual([
      { ano: lastYear, total: 85_000, alunos: [{ id: s.bruno.id, nome: 'Bruno Lima', total: 85_000 }] },
    ]);
  });

  it('downloads the year as a PDF named for the year, with the payer, the child and the total', async () => {
    const s = await paidYear();
    const pdf = await call('GET', `/api/financeiro/declaracao-ir.pdf?ano=${String(lastYear)}`, s.guardian);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(
      `attachment; filename="declaracao-imposto-de-renda-${String(lastYear)}.pdf"`,
    );
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain(`IMPOSTO DE RENDA ${String(lastYear)}`);
    expect(text).toContain('Carla Souza');
    expect(text).toContain('Ana Souza');
    expect(text).toContain('R$ 850,00');
    expect(text).toContain(`05/03/${String(lastYear)}`);
    // December was paid in January: it belongs to this year's declaration, and Bruno to none of hers.
    expect(text).not.toContain(`08/01/${String(thisYear)}`);
    expect(text).not.toContain('Bruno Lima');
  });

  it('answers in Portuguese a year with nothing paid, a bad year, and anyone not a guardian', async () => {
    const s = await paidYear();
    const empty = await call('GET', '/api/financeiro/declaracao-ir.pdf?ano=2019', s.guardian);
    expect(empty.statusCode).toBe(404);
    expect(empty.json().message).toBe(
      'Nenhum pagamento de mensalidade em 2019 em seu nome (responsável financeiro).',
    );
    const bad = await call('GET', '/api/financeiro/declaracao-ir.pdf?ano=dois', s.guardian);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Ano inválido');
    expect((await call('GET', '/api/financeiro/declaracao-ir', s.teacher)).statusCode).toBe(403);
    expect(
      (await call('GET', `/api/financeiro/declaracao-ir.pdf?ano=${String(lastYear)}`, s.teacher)).statusCode,
    ).toBe(403);
  });
});

/**
 * ADR 0112: Carla pays Ana's March and April of last year; in the middle of the year Diego becomes Ana's
 * responsável financeiro (a divorce: he takes over the tuition) and pays August and September.
 */
async function payerChangesMidYear() {
  const s = await school();
  await t.database.db
    .insert(studentGuardians)
    .values({ alunoId: s.ana.id, responsavelId: s.pai.id, parentesco: 'pai', ehPrincipal: false });
  expect(
    (await call('POST', '/api/financeiro/mensalidades/gerar', s.admin, { ano: lastYear })).statusCode,
  ).toBe(201);
  const pay = async (mes: string, data: string, valor = 85_000) => {
    const mensalidade = await mensalidadeOf(s.ana.id, mes);
    const paid = await call('POST', `/api/financeiro/mensalidades/${mensalidade.id}/pagamento`, s.admin, {
      valor_pago: valor,
      data_pagamento: data,
      forma: 'pix',
    });
    expect(paid.statusCode, paid.body).toBe(201);
    return paid.json().data.pagamento as { id: string; pagador?: { nome: string } | null };
  };
  const march = await pay(`${lastYear}-03`, `${lastYear}-03-05`);
  await pay(`${lastYear}-04`, `${lastYear}-04-05`);
  // October: half paid by Carla before the change, the rest by Diego after it.
  await pay(`${lastYear}-10`, `${lastYear}-06-20`, 40_000);
  const db = t.database.db;
  await db
    .update(studentGuardians)
    .set({ ehPrincipal: false })
    .where(and(eq(studentGuardians.alunoId, s.ana.id), eq(studentGuardians.responsavelId, s.mae.id)));
  await db
    .update(studentGuardians)
    .set({ ehPrincipal: true })
    .where(and(eq(studentGuardians.alunoId, s.ana.id), eq(studentGuardians.responsavelId, s.pai.id)));
  await pay(`${lastYear}-08`, `${lastYear}-08-05`);
  await pay(`${lastYear}-09`, `${lastYear}-09-05`);
  await pay(`${lastYear}-10`, `${lastYear}-10-05`, 45_000);
  return { ...s, march };
}

const anaOnly = (total: number) => [
  { ano: lastYear, total, alunos: [{ id: expect.any(String), nome: 'Ana Souza', total }] },
];

describe('declaração para o Imposto de Renda: who paid, not who pays today (ADR 0112)', () => {
  it('splits the year between the guardian who paid before the change and the one after it', async () => {
    const s = await payerChangesMidYear();
    expect(s.march.pagador).toEqual({ id: s.mae.id, nome: 'Carla Souza' });
    const carla = await call('GET', '/api/financeiro/declaracao-ir', s.guardian);
    expect(carla.json().data).toEqual(anaOnly(85_000 + 85_000 + 40_000));
    const diego = await call('GET', '/api/financeiro/declaracao-ir', s.otherGuardian);
    expect(diego.json().data).toEqual(anaOnly(85_000 + 85_000 + 45_000));

    const url = `/api/financeiro/declaracao-ir.pdf?ano=${String(lastYear)}`;
    const hers = pdfText((await call('GET', url, s.guardian)).rawPayload);
    expect(hers).toContain('recebemos de Carla Souza');
    expect(hers).toContain(`05/03/${String(lastYear)}`);
    expect(hers).toContain(`20/06/${String(lastYear)}`);
    expect(hers).not.toContain(`05/08/${String(lastYear)}`);
    expect(hers).toContain('R$ 2.100,00');
    const his = pdfText((await call('GET', url, s.otherGuardian)).rawPayload);
    expect(his).toContain('recebemos de Diego Lima');
    expect(his).toContain(`05/08/${String(lastYear)}`);
    expect(his).toContain(`05/10/${String(lastYear)}`);
    expect(his).not.toContain(`05/03/${String(lastYear)}`);
    expect(his).toContain('R$ 2.150,00');
  });

  it("counts a payment with no payer of record (older data) for the child's principal today", async () => {
    const s = await payerChangesMidYear();
    await t.database.db.update(pagamentos).set({ pagadorId: null }).where(eq(pagamentos.id, s.march.id));
    expect((await call('GET', '/api/financeiro/declaracao-ir', s.guardian)).json().data).toEqual(
      anaOnly(85_000 + 40_000),
    );
    expect((await call('GET', '/api/financeiro/declaracao-ir', s.otherGuardian)).json().data).toEqual(
      anaOnly(85_000 + 85_000 + 85_000 + 45_000),
    );
  });

  it('keeps an anonymised payer as the payer: their payments never move to the principal today', async () => {
    const s = await payerChangesMidYear();
    await t.database.db
      .delete(studentGuardians)
      .where(and(eq(studentGuardians.alunoId, s.ana.id), eq(studentGuardians.responsavelId, s.mae.id)));
    const erased = await call('POST', `/api/responsaveis/${s.mae.id}/anonimizar`, s.admin);
    expect(erased.statusCode, erased.body).toBe(200);
    const [march] = await t.database.db.select().from(pagamentos).where(eq(pagamentos.id, s.march.id));
    expect(march!.pagadorId).toBe(s.mae.id);
    expect((await call('GET', '/api/financeiro/declaracao-ir', s.otherGuardian)).json().data).toEqual(
      anaOnly(85_000 + 85_000 + 45_000),
    );
    const detail = await call('GET', `/api/financeiro/mensalidades/${march!.mensalidadeId}`, s.admin);
    expect(detail.json().data.pagamentos[0].pagador).toEqual({
      id: s.mae.id,
      nome: 'Responsável anonimizado',
    });
  });

  it('shows the staff who paid each payment, and the receipt names each payer when they differ', async () => {
    const s = await payerChangesMidYear();
    const october = await mensalidadeOf(s.ana.id, `${lastYear}-10`);
    const detail = await call('GET', `/api/financeiro/mensalidades/${october.id}`, s.admin);
    expect(detail.json().data.pagamentos.map((item: { pagador: unknown }) => item.pagador)).toEqual([
      { id: s.mae.id, nome: 'Carla Souza' },
      { id: s.pai.id, nome: 'Diego Lima' },
    ]);
    const recibo = pdfText(
      (await call('GET', `/api/financeiro/mensalidades/${october.id}/recibo`, s.admin)).rawPayload,
    );
    expect(recibo).toContain('pago por Carla Souza');
    expect(recibo).toContain('pago por Diego Lima');
    const march = await mensalidadeOf(s.ana.id, `${lastYear}-03`);
    const marchRecibo = pdfText(
      (await call('GET', `/api/financeiro/mensalidades/${march.id}/recibo`, s.admin)).rawPayload,
    );
    expect(marchRecibo).toMatch(/Responsável financeiro:\s*Carla Souza/);
    expect(marchRecibo).not.toContain('pago por');
  });

  it("migration 0071 backfills older payments with the child's principal today, and only those", async () => {
    const s = await payerChangesMidYear();
    const db = t.database.db;
    const august = await mensalidadeOf(s.ana.id, `${lastYear}-08`);
    const [augustPayment] = await db.select().from(pagamentos).where(eq(pagamentos.mensalidadeId, august.id));
    // Before the column: no payer anywhere. Bruno has no principal guardian.
    await db
      .update(studentGuardians)
      .set({ ehPrincipal: false })
      .where(eq(studentGuardians.alunoId, s.bruno.id));
    const bruno = await mensalidadeOf(s.bruno.id, `${lastYear}-08`);
    const paid = await call('POST', `/api/financeiro/mensalidades/${bruno.id}/pagamento`, s.admin, {
      valor_pago: 85_000,
      data_pagamento: `${lastYear}-08-05`,
      forma: 'pix',
    });
    expect(paid.json().data.pagamento.pagador).toBeNull();
    await db.update(pagamentos).set({ pagadorId: null }).where(eq(pagamentos.id, s.march.id));
    const migration = readFileSync(
      new URL('../../db/migrations/0071_pagamento-pagador.sql', import.meta.url),
      'utf8',
    );
    const backfill = migration
      .split('--> statement-breakpoint')
      .filter((part) => /^UPDATE "pagamentos"/m.test(part));
    expect(backfill).toHaveLength(1);
    await db.execute(sql.raw(backfill[0]!));
    const payerOf = async (id: string) =>
      (await db.select().from(pagamentos).where(eq(pagamentos.id, id)))[0]!.pagadorId;
    expect(await payerOf(s.march.id)).toBe(s.pai.id);
    expect(await payerOf(augustPayment!.id)).toBe(s.pai.id);
    expect(await payerOf(paid.json().data.pagamento.id)).toBeNull();
    // A payer already recorded is kept: Carla's October half stays hers.
    const october = await mensalidadeOf(s.ana.id, `${lastYear}-10`);
    const octoberPayers = await db
      .select({ pagadorId: pagamentos.pagadorId })
      .from(pagamentos)
      .where(eq(pagamentos.mensalidadeId, october.id));
    expect(octoberPayers.map((row) => row.pagadorId).sort()).toEqual([s.mae.id, s.pai.id].sort());
  });
});
