import { describe, expect, it } from 'vitest';
import type { Page } from '../../shared/api.js';
import { daysBetween } from '../../shared/calendar.js';
import type { Mensalidade } from '../../shared/mensalidades.schemas.js';
import type { DeclaracaoIrAno } from '../../shared/declaracao-ir.schemas.js';
import type { SchoolYear } from '../../shared/calendar.schemas.js';
import { loginAs } from '../test/test-app.js';
import { setupDemoSchool } from '../test/demo-fixtures.js';
import { dataOf } from '../test/records-fixtures.js';
import { and, eq } from 'drizzle-orm';
import { mensalidades, pagamentos } from '../db/schema/finance.js';
import { classes } from '../db/schema/classes.js';
import { studentGuardians } from '../db/schema/students.js';
import { demoAccounts } from './seed-demo.js';

// Built on 20 December: the year's last tuition fell due on the 10th, nothing is ahead of anyone.
const today = '2026-12-20';
const t = setupDemoSchool({ today });

describe('the demo family after the year’s last due date', () => {
  it('still has a month to pay for each child, overdue by days, within the Pix charge’s 30 days', async () => {
    const mother = demoAccounts.find((account) => account.email === 'responsavel@demo.escola')!;
    const cookie = await loginAs(t.app, mother.email, mother.senha);
    const open = (status: string) =>
      t.app
        .inject({
          method: 'GET',
          url: `/api/financeiro/mensalidades?status=${status}&pageSize=50`,
          headers: { cookie },
        })
        .then((response) => dataOf<Page<Mensalidade>>(response).items);
    expect(await open('pendente')).toEqual([]);
    const overdue = await open('vencido');
    const children = new Set(overdue.map((row) => row.aluno_id));
    expect(children.size).toBe(2);
    for (const child of children) {
      const newest = overdue
        .filter((row) => row.aluno_id === child)
        .map((row) => row.data_vencimento)
        .sort()
        .at(-1)!;
      expect(newest.slice(0, 7)).toBe('2026-12');
      expect(daysBetween(newest, today)).toBeLessThanOrEqual(30);
    }
  });

  it('billed every month of the school year for each child, paid as a family pays; the IR statement adds them up', async () => {
    const mother = demoAccounts.find((account) => account.email === 'responsavel@demo.escola')!;
    const cookie = await loginAs(t.app, mother.email, mother.senha);
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
    const rows = dataOf<Page<Mensalidade>>(
      await get('/api/financeiro/mensalidades?status=todos&pageSize=100'),
    ).items;
    const admin = demoAccounts[0];
    const year = dataOf<SchoolYear[]>(
      await t.app.inject({
        method: 'GET',
        url: '/api/anos-letivos',
        headers: { cookie: await loginAs(t.app, admin.email, admin.senha) },
      }),
    ).find((item) => item.ano === 2026)!;
    // From the school year's first month to its last (February to December), no month missing.
    const months: string[] = [];
    for (let month = Number(year.inicio.slice(5, 7)); month <= Number(year.fim.slice(5, 7)); month++)
      months.push(`2026-${String(month).padStart(2, '0')}`);
    expect(months[0]).toBe('2026-02');
    const children = [...new Set(rows.map((row) => row.aluno_id))];
    expect(children).toHaveLength(2);
    for (const child of children)
      expect(
        rows
          .filter((row) => row.aluno_id === child)
          .map((row) => row.mes_referencia)
          .sort(),
      ).toEqual(months);
    // Mostly on time: one month paid late with multa and juros; December open (the last due date passed).
    const paid = rows.filter((row) => row.status === 'pago');
    expect(paid).toHaveLength(2 * (months.length - 1));
    const late = paid.filter((row) => row.data_pagamento! > row.data_vencimento);
    expect(late).toHaveLength(1);
    expect(late[0]!.multa).toBeGreaterThan(0);
    expect(late[0]!.juros).toBeGreaterThan(0);
    // The IR statement of the year is the money paid: each child's ten months, the late one's charges.
    const ir = dataOf<DeclaracaoIrAno[]>(await get('/api/financeiro/declaracao-ir')).find(
      (item) => item.ano === 2026,
    )!;
    expect(ir.total).toBe(paid.reduce((sum, row) => sum + row.valor_pago, 0));
    for (const child of children) {
      const monthly = rows.find((row) => row.aluno_id === child)!.valor;
      expect(ir.alunos.find((aluno) => aluno.id === child)!.total).toBeGreaterThanOrEqual(
        (months.length - 1) * monthly,
      );
    }
  });
});

describe('the demo school’s payments', () => {
  it('came by the bank when paid by Pix or boleto, and were typed by the school otherwise', async () => {
    const rows = await t.database.db
      .select({ forma: pagamentos.forma, origem: pagamentos.origem })
      .from(pagamentos);
    expect(rows.length).toBeGreaterThan(100);
    for (const row of rows)
      expect([row.forma, row.origem]).toEqual([
        row.forma,
        row.forma === 'pix' || row.forma === 'boleto' ? 'banco' : 'escola',
      ]);
    expect(new Set(rows.map((row) => row.origem))).toEqual(new Set(['banco', 'escola']));
  });

  it("name each child's responsável financeiro as who paid (ADR 0112)", async () => {
    const rows = await t.database.db
      .select({ pagador: pagamentos.pagadorId, principal: studentGuardians.responsavelId })
      .from(pagamentos)
      .innerJoin(mensalidades, eq(mensalidades.id, pagamentos.mensalidadeId))
      .leftJoin(
        studentGuardians,
        and(eq(studentGuardians.alunoId, mensalidades.alunoId), eq(studentGuardians.ehPrincipal, true)),
      );
    expect(rows.length).toBeGreaterThan(100);
    expect(rows.filter((row) => row.pagador === null)).toEqual([]);
    expect(rows.filter((row) => row.pagador !== row.principal)).toEqual([]);
  });
});

/** A class's months of the year, its value and what was paid of each. */
const monthsOf = (turma: string) =>
  t.database.db
    .select({ mes: mensalidades.mesReferencia, valor: mensalidades.valor, pago: mensalidades.principalPago })
    .from(mensalidades)
    .innerJoin(classes, eq(classes.id, mensalidades.turmaId))
    .where(eq(classes.nome, turma));

describe('the classes seeded after the year’s money have their tuition', () => {
  // February to December (the school year), each stage's own value, paid by each child's responsável.
  it.each([
    ['the Educação Infantil’s Pré II A', 'Pré II A', 12, 82_000],
    ['the Ensino Médio’s 1ª série A', '1ª série A', 10, 118_000],
  ])('%s: every month of the year, paid as the other families pay', async (_, turma, alunos, valor) => {
    const rows = await monthsOf(turma);
    expect(rows).toHaveLength(alunos * 11);
    expect(new Set(rows.map((row) => row.valor))).toEqual(new Set([valor]));
    const due = rows.filter((row) => row.mes < '2026-12');
    expect(due.filter((row) => row.pago === row.valor).length).toBeGreaterThan(due.length * 0.8);
  });
});
