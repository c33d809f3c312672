import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { TUITION_CATEGORY } from '../../shared/finance.schemas.js';
import { formatMesReferencia } from '../../shared/mensalidades.schemas.js';
import { computeAmountDue } from '../../shared/money.js';
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

/**
 * The demo family (`familyUserId`: the guardian with the published login) always has a month to pay,
 * whatever the date: when none of her children's tuition is ahead (December past its day), each one's last
 * month stays open — overdue by days, its Pix charge still live (the bank keeps it 30 days after the due
 * date).
 */
async function lastMonthKeptOpen(
  tx: Tx,
  familyUserId: string,
  today: string,
  year: number,
  due: { row: typeof mensalidades.$inferSelect }[],
): Promise<Set<string>> {
  const family = await tx
    .select({ alunoId: studentGuardians.alunoId })
    .from(studentGuardians)
    .innerJoin(guardians, eq(guardians.id, studentGuardians.responsavelId))
    .where(eq(guardians.usuarioId, familyUserId));
  const children = family.map((link) => link.alunoId);
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

/** A deterministic generator, so every demo has the same figures. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

function addDays(date: string, days: number): string {
  const value = new Date(`${date}T12:00:00Z`);
  value.setUTCDate(value.getUTCDate() + days);
  return value.toISOString().slice(0, 10);
}

const formas = ['pix', 'pix', 'pix', 'boleto', 'boleto', 'cartao', 'transferencia', 'dinheiro'] as const;

/**
 * A year of money for the demo school: tuition per class, a few bolsas, the year's tuition with on-time,
 * late and missing payments (the demo family has a month to pay at any date: `lastMonthKeptOpen`), and the
 * school's monthly expenses and other income.
 */
export async function seedFinance(tx: Tx, today: string, familyUserId: string): Promise<void> {
  const next = random(20_260_101);
  const year = Number(today.slice(0, 4));
  await tx.insert(financeSettings).values({
    id: 1,
    pixChave: '12345678000195',
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

  const due = await tx
    .select({ row: mensalidades, nome: students.nome })
    .from(mensalidades)
    .innerJoin(students, eq(students.id, mensalidades.alunoId))
    .where(
      and(lt(mensalidades.dataVencimento, today), sql`${mensalidades.mesReferencia} like ${`${year}-%`}`),
    );
  const keepOpen = await lastMonthKeptOpen(tx, familyUserId, today, year, due);
  const rates = { multaBp: 200, jurosMensalBp: 100 };
  for (const { row, nome } of due) {
    const roll = next();
    if (keepOpen.has(row.id)) continue;
    // A few families fall behind in recent months; most pay on time, some late.
    const recent = row.dataVencimento >= addDays(today, -75);
    if (roll < (recent ? 0.18 : 0.04)) continue;
    const late = roll > 0.86;
    const paidOn = late
      ? addDays(row.dataVencimento, 2 + Math.floor(next() * 25))
      : addDays(row.dataVencimento, -Math.floor(next() * 6));
    const date = paidOn > today ? today : paidOn;
    const amount = computeAmountDue(row.valor, row.dataVencimento, date, rates);
    const forma = formas[Math.floor(next() * formas.length)] ?? 'pix';
    const [pagamento] = await tx
      .insert(pagamentos)
      .values({
        mensalidadeId: row.id,
        valorPago: amount.total,
        principal: amount.principal,
        multa: amount.multa,
        juros: amount.juros,
        dataPagamento: date,
        forma,
      })
      .returning({ id: pagamentos.id });
    await tx
      .update(mensalidades)
      .set({
        principalPago: amount.principal,
        multaPaga: amount.multa,
        jurosPagos: amount.juros,
        dataPagamento: date,
      })
      .where(eq(mensalidades.id, row.id));
    await tx.insert(transacoes).values({
      tipo: 'receita',
      descricao: `Mensalidade ${formatMesReferencia(row.mesReferencia)} — ${nome}`,
      categoria: TUITION_CATEGORY,
      valor: amount.total,
      data: date,
      formaPagamento: forma,
      status: 'pago',
      pagamentoId: pagamento!.id,
    });
  }

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
    details: { pagamentos: due.length, transacoes: despesas.length },
  });
}
