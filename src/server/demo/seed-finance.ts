import { and, asc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import { addDays, daysBetween } from '../../shared/calendar.js';
import { TUITION_CATEGORY } from '../../shared/finance.schemas.js';
import { formatMesReferencia } from '../../shared/mensalidades.schemas.js';
import { computeAmountDue } from '../../shared/money.js';
import type { ClassNivel } from '../../shared/classes.schemas.js';
import type { Tx } from '../db/client.js';
import { recordAudit, systemActor } from '../features/audit/index.js';
import { classes } from '../db/schema/classes.js';
import { boletoConfig } from '../db/schema/boletos.js';
import { guardians, studentGuardians, students } from '../db/schema/students.js';
import {
  classTuition,
  financeSettings,
  mensalidades,
  pagamentos,
  studentDiscounts,
  transacoes,
} from '../db/schema/finance.js';
import { generateMensalidades } from '../features/finance/index.js';
import { payersOf } from '../features/students/index.js';

/** The demo family's children (`familyUserId`: the guardian with the published login), in record order. */
async function familyChildren(tx: Tx, familyUserId: string): Promise<string[]> {
  const family = await tx
    .select({ alunoId: studentGuardians.alunoId })
    .from(studentGuardians)
    .innerJoin(guardians, eq(guardians.id, studentGuardians.responsavelId))
    .innerJoin(students, eq(students.id, studentGuardians.alunoId))
    .where(eq(guardians.usuarioId, familyUserId))
    .orderBy(asc(students.matricula));
  return family.map((link) => link.alunoId);
}

/**
 * The demo family always has a month to pay, whatever the date: when none of her children's tuition is
 * ahead (December past its day), each one's last month stays open — overdue by days, its Pix charge
 * still live (the bank keeps it 30 days after the due date).
 */
async function lastMonthKeptOpen(
  tx: Tx,
  children: string[],
  today: string,
  year: number,
  due: { row: typeof mensalidades.$inferSelect }[],
): Promise<Set<string>> {
  if (children.length === 0) return new Set();
  const ahead = await tx
    .select({ id: mensalidades.id })
    .from(mensalidades)
    .where(
      and(
        inArray(mensalidades.alunoId, children),
        gte(mensalidades.dataVencimento, today),
        sql`${mensalidades.mesReferencia} like ${`${year}-%`}`,
      ),
    )
    .limit(1);
  if (ahead.length > 0) return new Set();
  const last = new Map<string, string>();
  for (const { row } of due)
    if (children.includes(row.alunoId) && row.dataVencimento > (last.get(row.alunoId) ?? ''))
      last.set(row.alunoId, row.dataVencimento);
  return new Set(
    due.filter(({ row }) => last.get(row.alunoId) === row.dataVencimento).map(({ row }) => row.id),
  );
}

/**
 * How the demo family pays, as a real family does: every month on time, but the younger child's April
 * paid twelve days late (with multa and juros) and the older child's latest month, fallen due in the
 * last 30 days, still open. Null: a month nobody has paid yet.
 */
function familyPayment(
  row: typeof mensalidades.$inferSelect,
  children: string[],
  latestDue: Map<string, string>,
  today: string,
  early: number,
): string | null {
  const [younger, older] = children;
  if (
    row.alunoId === older &&
    latestDue.get(older) === row.dataVencimento &&
    daysBetween(row.dataVencimento, today) <= 30
  )
    return null;
  if (row.alunoId === younger && row.mesReferencia.endsWith('-04')) {
    const late = addDays(row.dataVencimento, 12);
    return late < today ? late : null;
  }
  return addDays(row.dataVencimento, -Math.floor(early * 5));
}

/** A deterministic generator, so every demo has the same figures. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const formas = ['pix', 'pix', 'pix', 'boleto', 'boleto', 'cartao', 'transferencia', 'dinheiro'] as const;

/**
 * The year's tuition due before today paid as families pay (the demo family's as `familyPayment` says):
 * on time mostly, some late, some missing; each payment with its receita. `turmaIds` narrows it to those
 * classes' tuition. Returns how many months were due.
 */
async function payAsFamiliesDo(
  tx: Tx,
  today: string,
  familyUserId: string,
  next: () => number,
  turmaIds?: string[],
): Promise<number> {
  const year = Number(today.slice(0, 4));
  const due = await tx
    .select({ row: mensalidades, nome: students.nome })
    .from(mensalidades)
    .innerJoin(students, eq(students.id, mensalidades.alunoId))
    .where(
      and(
        lt(mensalidades.dataVencimento, today),
        sql`${mensalidades.mesReferencia} like ${`${year}-%`}`,
        turmaIds ? inArray(mensalidades.turmaId, turmaIds) : undefined,
      ),
    );
  const children = await familyChildren(tx, familyUserId);
  const keepOpen = await lastMonthKeptOpen(tx, children, today, year, due);
  const latestDue = new Map<string, string>();
  for (const { row } of due)
    if (children.includes(row.alunoId) && row.dataVencimento > (latestDue.get(row.alunoId) ?? ''))
      latestDue.set(row.alunoId, row.dataVencimento);
  const rates = { multaBp: 200, jurosMensalBp: 100 };
  const paid: {
    row: typeof mensalidades.$inferSelect;
    nome: string;
    date: string;
    amount: ReturnType<typeof computeAmountDue>;
    forma: (typeof formas)[number];
  }[] = [];
  for (const { row, nome } of due) {
    const roll = next();
    if (keepOpen.has(row.id)) continue;
    let date: string;
    if (children.includes(row.alunoId)) {
      const paidOn = familyPayment(row, children, latestDue, today, next());
      if (paidOn === null) continue;
      date = paidOn;
    } else {
      // A few families fall behind in recent months; most pay on time, some late.
      const recent = row.dataVencimento >= addDays(today, -75);
      if (roll < (recent ? 0.18 : 0.04)) continue;
      const late = roll > 0.86;
      const paidOn = late
        ? addDays(row.dataVencimento, 2 + Math.floor(next() * 25))
        : addDays(row.dataVencimento, -Math.floor(next() * 6));
      date = paidOn > today ? today : paidOn;
    }
    const amount = computeAmountDue(row.valor, row.dataVencimento, date, rates);
    paid.push({ row, nome, date, amount, forma: formas[Math.floor(next() * formas.length)] ?? 'pix' });
  }
  // Each payment's payer of record (ADR 0112): the child's responsável financeiro, as a live payment has.
  const payers = await payersOf(tx, [...new Set(paid.map(({ row }) => row.alunoId))]);
  // Written in batches (a year of a school's tuition is thousands of payments): each payment, its
  // tuition marked paid, and its receita in the cash book.
  for (let index = 0; index < paid.length; index += 500) {
    const batch = paid.slice(index, index + 500);
    const inserted = await tx
      .insert(pagamentos)
      .values(
        batch.map(({ row, date, amount, forma }) => ({
          mensalidadeId: row.id,
          valorPago: amount.total,
          principal: amount.principal,
          multa: amount.multa,
          juros: amount.juros,
          dataPagamento: date,
          forma,
          // The demo school has Pix automático and boleto registrado: those came confirmed by the bank
          // (not reversible in the portal), cash, card and transfers were typed by the secretaria.
          origem: forma === 'pix' || forma === 'boleto' ? ('banco' as const) : ('escola' as const),
          pagadorId: payers.get(row.alunoId)?.responsavelId ?? null,
        })),
      )
      .returning({ id: pagamentos.id, mensalidadeId: pagamentos.mensalidadeId });
    const paymentOf = new Map(inserted.map((payment) => [payment.mensalidadeId, payment.id]));
    const values = batch.map(
      ({ row, date, amount }) =>
        sql`(${row.id}::uuid, ${amount.principal}::int, ${amount.multa}::int, ${amount.juros}::int, ${date}::date)`,
    );
    await tx.execute(sql`
      update ${mensalidades} set principal_pago = v.principal, multa_paga = v.multa,
        juros_pagos = v.juros, data_pagamento = v.data
      from (values ${sql.join(values, sql`, `)}) as v(id, principal, multa, juros, data)
      where ${mensalidades.id} = v.id`);
    await tx.insert(transacoes).values(
      batch.map(({ row, nome, date, amount, forma }) => ({
        tipo: 'receita' as const,
        descricao: `Mensalidade ${formatMesReferencia(row.mesReferencia)} — ${nome}`,
        categoria: TUITION_CATEGORY,
        valor: amount.total,
        data: date,
        formaPagamento: forma,
        status: 'pago' as const,
        pagamentoId: paymentOf.get(row.id)!,
      })),
    );
  }

  return due.length;
}

/**
 * A year of money for the demo school: tuition per class, a few bolsas, the year's tuition — every month
 * of the school year (seedAcademics writes it, and each student's registration, first) — with on-time,
 * late and missing payments (the demo family's as `familyPayment` says; she has a month to pay at any
 * date: `lastMonthKeptOpen`), and the school's monthly expenses and other income.
 */
export async function seedFinance(tx: Tx, today: string, familyUserId: string): Promise<void> {
  const next = random(20_260_101);
  const year = Number(today.slice(0, 4));
  await tx.insert(financeSettings).values({
    id: 1,
    // The key of the school's account at the demo's simulated bank (features/pix-simulado): a family can
    // pay the fixed code there too, and the Pix reaches the school's webhook like a charge's.
    pixChave: 'pix@escola.demo',
    pixBeneficiario: 'Colegio Horizonte',
    pixCidade: 'Sao Paulo',
    multaBp: 200,
    jurosMensalBp: 100,
    diaVencimentoPadrao: 10,
  });
  // Boleto registrado (issue 36 §1): Banco do Brasil with a test agreement, so the family's 'Boleto' works.
  await tx.insert(boletoConfig).values({
    id: 1,
    ativo: true,
    banco: '001',
    agencia: '1234',
    conta: '56789',
    carteira: '17',
    convenio: '1234567',
    proximoNossoNumero: 1,
    instrucoes: 'Boleto de demonstração: não pague.',
  });
  const turmas = await tx.select({ id: classes.id, nivel: classes.nivel }).from(classes);
  if (turmas.length > 0) {
    await tx.insert(classTuition).values(
      turmas.map((turma) => ({
        turmaId: turma.id,
        valorMensalidade: turma.nivel === 'Fundamental I' ? 85_000 : 98_000,
        diaVencimento: 10,
      })),
    );
  }
  const alunos = await tx.select({ id: students.id }).from(students).where(eq(students.status, 'ativo'));
  const bolsistas = alunos.filter((_, index) => index % 17 === 3);
  if (bolsistas.length > 0) {
    await tx.insert(studentDiscounts).values(
      bolsistas.map((aluno, index) => ({
        alunoId: aluno.id,
        bolsaBp: index % 2 === 0 ? 5_000 : 2_500,
        motivo: index % 2 === 0 ? 'Bolsa social' : 'Desconto irmãos',
      })),
    );
  }
  await generateMensalidades(tx, { ano: year }, systemActor);
  const pagamentosDevidos = await payAsFamiliesDo(tx, today, familyUserId, next);

  const lastMonth = Number(today.slice(5, 7));
  const despesas: (typeof transacoes.$inferInsert)[] = [];
  for (let month = 1; month <= lastMonth; month++) {
    const prefix = `${year}-${String(month).padStart(2, '0')}`;
    const isCurrent = month === lastMonth;
    const day = (value: number) => `${prefix}-${String(value).padStart(2, '0')}`;
    const upToToday = (date: string) => (date <= today ? 'pago' : 'pendente');
    despesas.push(
      {
        tipo: 'despesa',
        descricao: `Folha de pagamento ${prefix}`,
        categoria: 'Salários',
        valor: 9_500_000 + Math.floor(next() * 200_000),
        data: day(5),
        formaPagamento: 'transferencia',
        status: upToToday(day(5)),
      },
      {
        tipo: 'despesa',
        descricao: 'Aluguel do prédio',
        categoria: 'Aluguel',
        valor: 1_850_000,
        data: day(8),
        formaPagamento: 'boleto',
        status: upToToday(day(8)),
      },
      {
        tipo: 'despesa',
        descricao: 'Conta de energia e água',
        categoria: 'Água e Luz',
        valor: 420_000 + Math.floor(next() * 120_000),
        data: day(15),
        formaPagamento: 'boleto',
        status: upToToday(day(15)),
      },
      {
        tipo: 'despesa',
        descricao: 'Material pedagógico',
        categoria: 'Material',
        valor: 150_000 + Math.floor(next() * 250_000),
        data: day(18),
        formaPagamento: 'cartao',
        status: upToToday(day(18)),
      },
    );
    if (month % 3 === 0)
      despesas.push({
        tipo: 'despesa',
        descricao: 'Manutenção predial',
        categoria: 'Manutenção',
        valor: 380_000,
        data: day(20),
        formaPagamento: 'pix',
        status: upToToday(day(20)),
      });
    if (month === 1 || month === 7)
      despesas.push({
        tipo: 'receita',
        descricao: 'Taxas de matrícula',
        categoria: 'Matrícula',
        valor: 2_400_000,
        data: day(12),
        formaPagamento: 'pix',
        status: 'pago',
      });
    if (month === 6)
      despesas.push({
        tipo: 'receita',
        descricao: 'Festa junina',
        categoria: 'Eventos',
        valor: 1_265_000,
        data: day(25),
        formaPagamento: 'dinheiro',
        status: upToToday(day(25)),
      });
    if (isCurrent)
      despesas.push({
        tipo: 'receita',
        descricao: 'Doação da associação de pais',
        categoria: 'Doações',
        valor: 500_000,
        data: day(28),
        formaPagamento: 'transferencia',
        status: 'pendente',
      });
  }
  await tx.insert(transacoes).values(despesas);
  await recordAudit(tx, systemActor, {
    action: 'criar',
    entity: 'financeiro_demo',
    details: { pagamentos: pagamentosDevidos, transacoes: despesas.length },
  });
}

/** The monthly tuition of the classes seeded after the year's money, by stage. */
const lateClassTuition: Partial<Record<ClassNivel, number>> = {
  'Educação Infantil': 82_000,
  'Ensino Médio': 118_000,
};

/**
 * The tuition of the classes seeded after the year's money (the Pré II A by seedPareceres, the 1ª série A
 * by seedMedio): their stage's own value, due on the 10th, generated for the year as the Financeiro's run
 * for a class makes it, and paid as the other families pay.
 */
export async function seedLateClassesTuition(tx: Tx, today: string, familyUserId: string): Promise<void> {
  const turmas = await tx
    .select({ id: classes.id, nivel: classes.nivel })
    .from(classes)
    .leftJoin(classTuition, eq(classTuition.turmaId, classes.id))
    .where(
      and(
        inArray(classes.nivel, Object.keys(lateClassTuition) as ClassNivel[]),
        isNull(classTuition.turmaId),
      ),
    );
  if (turmas.length === 0) return;
  await tx.insert(classTuition).values(
    turmas.map((turma) => ({
      turmaId: turma.id,
      valorMensalidade: lateClassTuition[turma.nivel]!,
      diaVencimento: 10,
    })),
  );
  const year = Number(today.slice(0, 4));
  for (const turma of turmas) await generateMensalidades(tx, { ano: year, turma_id: turma.id }, systemActor);
  await payAsFamiliesDo(
    tx,
    today,
    familyUserId,
    random(20_260_303),
    turmas.map((turma) => turma.id),
  );
}
