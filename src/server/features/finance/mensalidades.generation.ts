/**
 * Generating a school year's tuition: the months of each class's school year, one tuition per active
 * student and month (a preview counts without writing), and cancelling a generated run.
 */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  turmaGeracaoSemContagem,
  type CancelarLoteResult,
  type GerarMensalidadesInput,
  type GerarMensalidadesPreview,
  type TurmaGeracao,
} from '../../../shared/mensalidades.schemas.js';
import { compareClasses } from '../../../shared/classes.schemas.js';
import { applyDiscount } from '../../../shared/money.js';
import type { DbOrTx } from '../../db/client.js';
import { randomUUID } from 'node:crypto';
import { clock } from '../../lib/clock.js';
import { conflict, notFound } from '../../lib/errors.js';
import { recordAudit, type Actor } from '../audit/index.js';
import { schoolYears } from '../../db/schema/calendar.js';
import { classes } from '../../db/schema/classes.js';
import { students } from '../../db/schema/students.js';
import { classTuition, mensalidades, studentDiscounts } from '../../db/schema/finance.js';
import { writeTransaction } from './finance.shared-reads.js';
import { loadSettings } from './finance-settings.service.js';

// ---------------------------------------------------------------- generation

export function lastDayOfMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export function monthKey(year: number, month: number): string {
  return `${year}-${String(month).padStart(2, '0')}`;
}

/**
 * Why a run created what it did: no student in a class with a tuition, the period asked for lies
 * outside the classes' school years, nothing due (not yet enrolled, full bolsa), or all there.
 */
export type GenerationOutcome =
  'sem_turma_com_mensalidade' | 'fora_do_ano_letivo' | 'nada_a_gerar' | 'ja_existiam' | 'geradas';

export interface GenerationResult extends GerarMensalidadesPreview {
  outcome: GenerationOutcome;
  /** The batch created (null in a preview, or when nothing was created). */
  loteId: string | null;
}

/** 'YYYY-MM' → the next month's key. */
function nextMonth(key: string): string {
  const year = Number(key.slice(0, 4));
  const month = Number(key.slice(5, 7));
  return month === 12 ? monthKey(year + 1, 1) : monthKey(year, month + 1);
}

/** The months of a class's school year: its dates in the Calendário, or January to December of its year. */
function schoolYearMonths(
  anoLetivo: string,
  calendar: { inicio: string; fim: string } | null,
): { de: string; ate: string; inicio: string } | null {
  if (calendar)
    return { de: calendar.inicio.slice(0, 7), ate: calendar.fim.slice(0, 7), inicio: calendar.inicio };
  if (!/^\d{4}$/.test(anoLetivo)) return null;
  return { de: `${anoLetivo}-01`, ate: `${anoLetivo}-12`, inicio: `${anoLetivo}-01-01` };
}

type NewMensalidade = typeof mensalidades.$inferInsert & { turmaId: string };

/**
 * Plans and (unless `dryRun`) creates the tuition of every active student enrolled in a class with a
 * monthly tuition — the preview and the creation are this one function, so the preview's counts and
 * totals are what 'Gerar' creates. A charge's month lies within the class's school year (its dates in the
 * Calendário, or January to December of the class's year when that year is not opened) and never
 * before the month of the student's data da matrícula; a student charged for that year by the payment
 * plan of the contract signed online gets none (the plan's charges are the year's: `com_plano`); `ano`/`mes`/`turma_id`/`aluno_id` only narrow it.
 * The first month falls due no earlier than the enrolment day nor the school year's first day, so
 * nobody owes multa for a day they were not yet a student. A month that already has a tuition is not
 * created twice (unique student + month); every tuition created in one run shares a batch id, so the
 * run can be undone in one step (`cancelLote`).
 */
export async function generateMensalidades(
  db: DbOrTx,
  input: GerarMensalidadesInput,
  actor: Actor,
  options: { dryRun?: boolean } = {},
): Promise<GenerationResult> {
  const run = async (tx: DbOrTx): Promise<GenerationResult> => {
    const settings = await loadSettings(tx);
    const filters: SQL[] = [eq(students.status, 'ativo')];
    if (input.aluno_id) filters.push(eq(students.id, input.aluno_id));
    if (input.turma_id) filters.push(eq(students.turmaId, input.turma_id));
    const classYear = sql`case when ${classes.anoLetivo} ~ '^[0-9]{4}$' then ${classes.anoLetivo}::int end`;
    const rows = await tx
      .select({
        alunoId: students.id,
        turmaId: classes.id,
        turmaNome: classes.nome,
        turmaSerie: classes.serie,
        anoLetivo: classes.anoLetivo,
        inicio: schoolYears.inicio,
        fim: schoolYears.fim,
        dataMatricula: students.dataMatricula,
        valor: classTuition.valorMensalidade,
        dia: classTuition.diaVencimento,
        bolsaBp: studentDiscounts.bolsaBp,
        // Charged for this class's year by the payment plan of the contract signed online: the plan's
        // charges are that year's (Lei 9.870: the contracted anuidade), not the class's monthly tuition.
        porPlano: sql<boolean>`exists (
          select 1 from ${mensalidades} plano
          where plano.aluno_id = ${students.id} and plano.anuidade_ano = ${classYear} and not plano.desfeita)`,
      })
      .from(students)
      .innerJoin(classes, eq(classes.id, students.turmaId))
      .innerJoin(classTuition, eq(classTuition.turmaId, students.turmaId))
      .leftJoin(schoolYears, eq(schoolYears.ano, classYear))
      .leftJoin(studentDiscounts, eq(studentDiscounts.alunoId, students.id))
      .where(and(...filters));
    // Each year's classes in school order (Pré II, 1º Ano … 9º Ano, 1ª série), as the preview lists them.
    rows.sort(
      (a, b) =>
        a.anoLetivo.localeCompare(b.anoLetivo) ||
        compareClasses(
          { serie: a.turmaSerie, nome: a.turmaNome },
          { serie: b.turmaSerie, nome: b.turmaNome },
        ) ||
        a.turmaId.localeCompare(b.turmaId),
    );
    if (input.aluno_id && rows.length === 0) {
      const [exists] = await tx
        .select({ id: students.id })
        .from(students)
        .where(eq(students.id, input.aluno_id));
      if (!exists) throw notFound('Aluno não encontrado.');
    }
    const wanted = (key: string) =>
      (input.ano === undefined || key.startsWith(`${input.ano}-`)) &&
      (input.mes === undefined || Number(key.slice(5, 7)) === input.mes);

    const turmas = new Map<string, TurmaGeracao>();
    const candidates: NewMensalidade[] = [];
    let anyInYear = false;
    for (const row of rows) {
      const year = schoolYearMonths(
        row.anoLetivo,
        row.inicio && row.fim ? { inicio: row.inicio, fim: row.fim } : null,
      );
      if (!turmas.has(row.turmaId))
        turmas.set(row.turmaId, {
          turma_id: row.turmaId,
          turma_nome: row.turmaNome,
          ano_letivo: row.anoLetivo,
          ano_letivo_de: year?.de ?? null,
          ano_letivo_ate: year?.ate ?? null,
          ...turmaGeracaoSemContagem,
        });
      if (!year) continue;
      const valor = applyDiscount(row.valor, row.bolsaBp ?? 0);
      const enrolledMonth = row.dataMatricula.slice(0, 7);
      const notBefore = row.dataMatricula > year.inicio ? row.dataMatricula : year.inicio;
      let byPlan = false;
      for (let key = year.de; key <= year.ate; key = nextMonth(key)) {
        if (!wanted(key)) continue;
        anyInYear = true;
        if (row.porPlano) {
          byPlan = true;
          continue;
        }
        if (key < enrolledMonth || valor <= 0) continue;
        const ano = Number(key.slice(0, 4));
        const month = Number(key.slice(5, 7));
        const day = Math.min(row.dia ?? settings.diaVencimentoPadrao, lastDayOfMonth(ano, month));
        const dueDay = `${key}-${String(day).padStart(2, '0')}`;
        candidates.push({
          alunoId: row.alunoId,
          turmaId: row.turmaId,
          mesReferencia: key,
          dataVencimento: dueDay < notBefore ? notBefore : dueDay,
          valorOriginal: row.valor,
          valor,
          motivoDesconto: row.bolsaBp ? `Bolsa de ${row.bolsaBp / 100}%` : null,
        });
      }
      if (byPlan) turmas.get(row.turmaId)!.com_plano += 1;
    }

    // The months that already have a tuition (an undone batch's do not count: they can be generated again).
    const existing = new Set<string>();
    if (candidates.length > 0) {
      const months = candidates.map((candidate) => candidate.mesReferencia).sort();
      const held = await tx
        .select({ alunoId: mensalidades.alunoId, mes: mensalidades.mesReferencia })
        .from(mensalidades)
        .innerJoin(students, eq(students.id, mensalidades.alunoId))
        .where(
          and(
            ...filters,
            sql`not ${mensalidades.desfeita}`,
            sql`${mensalidades.mesReferencia} between ${months[0]} and ${months.at(-1)}`,
          ),
        );
      for (const row of held) existing.add(`${row.alunoId}:${row.mes}`);
    }
    const fresh = candidates.filter((candidate) => {
      if (!existing.has(`${candidate.alunoId}:${candidate.mesReferencia}`)) return true;
      turmas.get(candidate.turmaId)!.ja_existiam += 1;
      return false;
    });

    const loteId = options.dryRun || fresh.length === 0 ? null : randomUUID();
    let created: NewMensalidade[] = fresh;
    if (loteId) {
      created = [];
      for (let start = 0; start < fresh.length; start += 1000) {
        const inserted = await tx
          .insert(mensalidades)
          .values(fresh.slice(start, start + 1000).map((value) => ({ ...value, loteId })))
          .onConflictDoNothing({
            target: [mensalidades.alunoId, mensalidades.mesReferencia],
            where: sql`not ${mensalidades.desfeita}`,
          })
          .returning({
            alunoId: mensalidades.alunoId,
            turmaId: mensalidades.turmaId,
            mesReferencia: mensalidades.mesReferencia,
            dataVencimento: mensalidades.dataVencimento,
            valorOriginal: mensalidades.valorOriginal,
            valor: mensalidades.valor,
          });
        created.push(...(inserted as NewMensalidade[]));
      }
    }
    const summary = summarizeGeneration(turmas, created);
    if (!options.dryRun) {
      await recordAudit(tx, actor, {
        action: 'gerar_mensalidades',
        entity: 'mensalidade',
        entityId: created.length > 0 ? loteId : null,
        details: {
          ano: input.ano ?? null,
          mes: input.mes ?? null,
          turma_id: input.turma_id ?? null,
          aluno_id: input.aluno_id ?? null,
          criadas: created.length,
          valor_total: summary.valor_total,
          lote_id: created.length > 0 ? loteId : null,
        },
      });
    }
    const outcome: GenerationOutcome =
      rows.length === 0
        ? 'sem_turma_com_mensalidade'
        : !anyInYear
          ? 'fora_do_ano_letivo'
          : candidates.length === 0
            ? 'nada_a_gerar'
            : created.length === 0
              ? 'ja_existiam'
              : 'geradas';
    return { ...summary, outcome, loteId: created.length > 0 ? loteId : null };
  };
  return options.dryRun ? run(db) : writeTransaction(db, run);
}

/** The per-class counts and totals of what a run creates (or, in a preview, would create). */
function summarizeGeneration(
  turmas: Map<string, TurmaGeracao>,
  created: readonly NewMensalidade[],
): GerarMensalidadesPreview {
  const alunos = new Map<string, Set<string>>();
  const today = clock.today();
  for (const row of created) {
    const turma = turmas.get(row.turmaId);
    if (!turma) continue;
    turma.mensalidades += 1;
    turma.valor += row.valor;
    // Due before today: the family owes it, with multa and juros, the moment it exists.
    if (row.dataVencimento < today) turma.vencidas += 1;
    if (!turma.primeiro_mes || row.mesReferencia < turma.primeiro_mes) turma.primeiro_mes = row.mesReferencia;
    if (!turma.ultimo_mes || row.mesReferencia > turma.ultimo_mes) turma.ultimo_mes = row.mesReferencia;
    const set = alunos.get(row.turmaId) ?? new Set<string>();
    set.add(row.alunoId);
    alunos.set(row.turmaId, set);
  }
  const list = [...turmas.values()].map((turma) => ({
    ...turma,
    alunos: alunos.get(turma.turma_id)?.size ?? 0,
  }));
  return {
    mensalidades: list.reduce((sum, turma) => sum + turma.mensalidades, 0),
    valor_total: list.reduce((sum, turma) => sum + turma.valor, 0),
    turmas: list,
  };
}

/**
 * Undoes a 'Gerar mensalidades' run: cancels, in one transaction and with one reason, the batch's
 * tuition that has no payment; tuition with a payment registered, or a comprovante awaiting an answer, is
 * left as it is (it is money received: a discount, not a cancellation, is its remedy) and counted in the answer. The cancelled rows stop
 * holding their months, so the run can be made again (after fixing a value, say).
 */
export async function cancelLote(
  db: DbOrTx,
  loteId: string,
  motivo: string,
  actor: Actor,
): Promise<CancelarLoteResult> {
  return writeTransaction(db, async (tx) => {
    const rows = await tx
      .select({
        id: mensalidades.id,
        canceladaEm: mensalidades.canceladaEm,
        principalPago: mensalidades.principalPago,
        confirmacaoDesde: mensalidades.confirmacaoDesde,
      })
      .from(mensalidades)
      .where(eq(mensalidades.loteId, loteId))
      .for('update');
    if (rows.length === 0) throw notFound('Lote de mensalidades não encontrado.');
    const live = rows.filter((row) => row.canceladaEm === null);
    // A month whose family sent a comprovante awaiting an answer is kept, as one with a payment (ADR 0135).
    const toCancel = live
      .filter((row) => row.principalPago === 0 && row.confirmacaoDesde === null)
      .map((row) => row.id);
    const mantidas = live.length - toCancel.length;
    if (toCancel.length === 0)
      throw conflict(
        mantidas > 0
          ? 'Todas as mensalidades ainda ativas deste lote têm pagamento registrado: nada foi cancelado.'
          : 'Este lote já foi desfeito.',
      );
    await tx
      .update(mensalidades)
      .set({
        canceladaEm: clock.now(),
        motivoCancelamento: motivo,
        desfeita: true,
        version: sql`${mensalidades.version} + 1`,
      })
      .where(inArray(mensalidades.id, toCancel));
    await recordAudit(tx, actor, {
      action: 'desfazer_lote',
      entity: 'mensalidade',
      entityId: loteId,
      details: { motivo, canceladas: toCancel.length, mantidas },
    });
    return { canceladas: toCancel.length, mantidas };
  });
}
