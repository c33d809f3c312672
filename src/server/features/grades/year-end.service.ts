import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { situacoes, type Situacao } from '../../../shared/averages.js';
import type {
  DestinoTipo,
  RematriculaClass,
  RematriculaProposal,
  RematriculaStudent,
  YearClosing,
  YearEndStatus,
} from '../../../shared/grades.schemas.js';
import { periodName } from '../../../shared/calendar.schemas.js';
import { formatDate } from '../../../shared/format.js';
import { rematriculaInputSchema } from '../../../shared/grades.schemas.js';
import type { z } from 'zod';
import type { FieldError } from '../../../shared/api.js';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { clock } from '../../lib/clock.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import { classSubjects } from '../../db/schema/curriculum.js';
import type { Viewer } from '../classes/diary-access.js';
import { syncMemberships } from '../students/memberships.js';
import { recordAudit, type Actor } from '../audit/audit.service.js';
import { dropCalendarSnapshot } from '../calendar/calendar.service.js';
import { schoolPeriods, schoolYears, type SchoolYearRow } from '../../db/schema/calendar.js';
import { classes, type ClassRow } from '../../db/schema/classes.js';
import { students } from '../../db/schema/students.js';
import { teachers } from '../../db/schema/teachers.js';
import { currentAcademicValues } from '../calendar/academic-settings.service.js';
import { periodStates, yearClosures } from '../../db/schema/grades.js';
import { yearPeriodStates } from '../calendar/period-state.js';
import { situationsOf } from './report-card.service.js';
import { groupBy } from '../../../shared/group-by.js';

/**
 * Closing the year and the rematrícula. Closing marks every period closed for the whole
 * school and makes the year's grades read-only; the rematrícula then proposes next year's classes
 * (each class one série up, same shift and capacity, the grid and teachers copied to confirm) and
 * each student's destination, and applies it in ONE transaction: all or nothing, and once — a second
 * application finds the year's rematrícula recorded and changes nothing (ADR 0012).
 */

type RematriculaAdjustments = z.output<typeof rematriculaInputSchema>;

const LAST_GRADE = 9;

async function yearOf(db: DbOrTx, id: string): Promise<SchoolYearRow> {
  const [year] = await db.select().from(schoolYears).where(eq(schoolYears.id, id));
  if (!year) throw notFound('Ano letivo não encontrado.');
  return year;
}

/** The students of the year: active, in one of its classes now. */
async function studentsOfYear(db: DbOrTx, ano: number) {
  return db
    .select({ id: students.id, nome: students.nome, turmaId: classes.id })
    .from(students)
    .innerJoin(classes, eq(classes.id, students.turmaId))
    .where(and(eq(classes.anoLetivo, String(ano)), eq(students.status, 'ativo')))
    .orderBy(asc(students.nome));
}

/**
 * Why the year cannot be closed today, or null. The year closes from its last day (`fim`) on: before
 * that, closing would lock the grades and rolls of the days still to come.
 */
function closingBlock(year: SchoolYearRow, today: string): string | null {
  if (today >= year.fim) return null;
  return `O ano letivo ${String(year.ano)} vai até ${formatDate(year.fim)} e só pode ser encerrado a partir desse dia: encerrar antes fecharia as notas e as chamadas dos dias letivos que ainda faltam.`;
}

/**
 * Why the rematrícula cannot be applied today, or null. Applying it moves every student to next year's
 * class (their current class, the teacher's list, tuition and documents follow it), so a student stays in
 * this year's class until this year has ended; from the day after `fim` on, it applies, and the new
 * class's membership starts on the next year's first day. The proposal and its dry run are free before.
 */
function applyBlock(year: SchoolYearRow, today: string): string | null {
  if (today > year.fim) return null;
  return `A rematrícula muda a turma de cada aluno e só pode ser aplicada depois do último dia do ano letivo ${String(year.ano)} (${formatDate(year.fim)}): até lá, os alunos continuam nas turmas de ${String(year.ano)} (chamada, boletim e documentos). A proposta e a simulação já podem ser revistas.`;
}

/**
 * GET /api/anos-letivos/:id/encerramento — what the 'Ano letivo' screen shows before and after closing:
 * each period's state across the year's classes (one query for every state row), the closing and the
 * rematrícula recorded.
 */
export async function getYearEndStatus(db: DbOrTx, id: string): Promise<YearEndStatus> {
  const year = await yearOf(db, id);
  const periods = await db
    .select()
    .from(schoolPeriods)
    .where(eq(schoolPeriods.anoLetivoId, id))
    .orderBy(asc(schoolPeriods.numero));
  const { classCount, byPeriod } = await yearPeriodStates(db, year, periods);
  const [closure] = await db.select().from(yearClosures).where(eq(yearClosures.anoLetivoId, id));
  const enrolled = await studentsOfYear(db, year.ano);
  const today = clock.today();
  // Summaries recorded before 'sem_turma' existed have none.
  const stored = closure?.rematriculaResumo as
    | (Omit<NonNullable<YearEndStatus['rematricula_resumo']>, 'sem_turma'> & { sem_turma?: number })
    | null
    | undefined;
  const resumo = stored ? { ...stored, sem_turma: stored.sem_turma ?? 0 } : undefined;
  return {
    ano_letivo_id: id,
    ano: year.ano,
    inicio: year.inicio,
    fim: year.fim,
    turmas: classCount,
    alunos: enrolled.length,
    periodos: periods.map((period) => {
      const { perClass } = byPeriod.get(period.id)!;
      return {
        id: period.id,
        nome: periodName(year.tipoPeriodo, period.numero),
        data_fechamento: period.dataFechamento,
        turmas_abertas: perClass.filter((state) => !state.fechado).length,
        turmas_publicadas: perClass.filter((state) => state.publicado).length,
      };
    }),
    encerrado: closure !== undefined,
    encerrado_em: closure?.encerradoEm.toISOString() ?? null,
    encerrado_por_nome: closure?.encerradoPorNome ?? null,
    rematricula_em: closure?.rematriculaEm?.toISOString() ?? null,
    rematricula_resumo: resumo ?? null,
    encerramento_bloqueio: closure ? null : closingBlock(year, today),
    rematricula_bloqueio: closure?.rematriculaEm ? null : applyBlock(year, today),
  };
}

/** POST /api/anos-letivos/:id/encerrar */
export async function closeYear(
  ctx: AppContext,
  viewer: Viewer,
  id: string,
  actor: Actor,
): Promise<YearClosing> {
  const year = await yearOf(ctx.db, id);
  await ctx.db.transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(yearClosures)
      .where(eq(yearClosures.anoLetivoId, id))
      .for('update');
    if (existing) throw conflict(`O ano letivo ${String(year.ano)} já foi encerrado.`);
    const early = closingBlock(year, clock.today());
    if (early) throw conflict(early);
    const periods = await tx
      .select({ id: schoolPeriods.id })
      .from(schoolPeriods)
      .where(eq(schoolPeriods.anoLetivoId, id));
    for (const period of periods) {
      await tx
        .insert(periodStates)
        .values({
          periodoId: period.id,
          turmaId: null,
          fechado: true,
          alteradoPorNome: actor.nome,
          updatedAt: clock.now(),
        })
        .onConflictDoUpdate({
          target: [periodStates.periodoId, periodStates.turmaId],
          set: { fechado: true, alteradoPorNome: actor.nome, updatedAt: clock.now() },
        });
    }
    if (periods.length > 0)
      await tx
        .update(periodStates)
        .set({ fechado: null })
        .where(
          and(
            inArray(
              periodStates.periodoId,
              periods.map((period) => period.id),
            ),
            isNotNull(periodStates.turmaId),
          ),
        );
    // The rules of the day: the closed year is computed with them from now on, whatever the settings become.
    const regras = await currentAcademicValues(tx);
    await tx
      .insert(yearClosures)
      .values({ anoLetivoId: id, encerradoEm: clock.now(), encerradoPorNome: actor.nome, regras });
    await recordAudit(tx, actor, {
      action: 'encerrar_ano_letivo',
      entity: 'ano_letivo',
      entityId: id,
      details: { ano: year.ano, regras },
    });
  });
  dropCalendarSnapshot(ctx.db);
  const enrolled = await studentsOfYear(ctx.db, year.ano);
  const situations = await situationsOf(
    ctx.db,
    viewer,
    enrolled.map((row) => row.id),
    year.ano,
  );
  const counts = Object.fromEntries(situacoes.map((situation) => [situation, 0])) as Record<Situacao, number>;
  for (const situation of situations.values()) counts[situation]++;
  const [closure] = await ctx.db.select().from(yearClosures).where(eq(yearClosures.anoLetivoId, id));
  const periods = await ctx.db
    .select({ id: schoolPeriods.id })
    .from(schoolPeriods)
    .where(eq(schoolPeriods.anoLetivoId, id));
  return {
    ano: year.ano,
    encerrado_em: closure!.encerradoEm.toISOString(),
    periodos_fechados: periods.length,
    situacoes: counts,
  };
}

/** '5º ano' → 5 (null when the série has no number). */
function gradeNumber(serie: string): number | null {
  const match = /^(\d+)/.exec(serie.trim());
  return match ? Number(match[1]) : null;
}

const bump = (text: string, from: number, to: number) =>
  text.replace(new RegExp(`^${String(from)}`), String(to));

function nextClassOf(turma: ClassRow): Pick<RematriculaClass, 'nome' | 'serie' | 'nivel'> {
  const grade = gradeNumber(turma.serie);
  if (grade === null || grade >= LAST_GRADE) return { nome: null, serie: null, nivel: null };
  const next = grade + 1;
  return {
    nome:
      bump(turma.nome, grade, next) === turma.nome
        ? `${turma.nome} (${String(next)}º ano)`
        : bump(turma.nome, grade, next),
    serie: bump(turma.serie, grade, next),
    nivel: next <= 5 ? 'Fundamental I' : 'Fundamental II',
  };
}

interface Plan {
  year: SchoolYearRow;
  proposal: RematriculaProposal;
  /** Destination class key (new class name) of each student. */
  origins: ClassRow[];
}

async function buildPlan(
  db: DbOrTx,
  viewer: Viewer,
  id: string,
  adjustments: RematriculaAdjustments,
  dryRun: boolean,
): Promise<Plan> {
  const year = await yearOf(db, id);
  const [closure] = await db.select().from(yearClosures).where(eq(yearClosures.anoLetivoId, id));
  if (!closure) throw conflict(`Encerre o ano letivo ${String(year.ano)} antes de preparar a rematrícula.`);
  const next = String(year.ano + 1);
  const origins = await db
    .select()
    .from(classes)
    .where(and(eq(classes.anoLetivo, String(year.ano))))
    .orderBy(asc(classes.serie), asc(classes.nome));
  const existingNext = await db
    .select({ id: classes.id, nome: classes.nome })
    .from(classes)
    .where(eq(classes.anoLetivo, next));
  const existingByName = new Map(existingNext.map((row) => [row.nome, row.id]));
  const adjust = new Map(adjustments.turmas.map((item) => [item.origem_id, item]));
  const turmas: RematriculaClass[] = origins
    .filter((turma) => turma.status !== 'inativo')
    .map((turma) => {
      const target = nextClassOf(turma);
      const own = adjust.get(turma.id);
      const nome = target.nome === null ? null : (own?.nome ?? target.nome);
      return {
        origem_id: turma.id,
        origem_nome: turma.nome,
        origem_serie: turma.serie,
        ...target,
        nome,
        turno: own?.turno ?? turma.turno,
        capacidade_maxima: own?.capacidade_maxima ?? turma.capacidadeMaxima,
        professor_responsavel_id:
          own?.professor_responsavel_id === undefined
            ? turma.professorResponsavelId
            : own.professor_responsavel_id,
        incluir: target.nome !== null && (own?.incluir ?? true),
        existente_id: nome === null ? null : (existingByName.get(nome) ?? null),
        para_retidos: false,
        erros: { nome: null, professor_responsavel_id: null },
      };
    });

  const enrolled = await studentsOfYear(db, year.ano);
  const situations = await situationsOf(
    db,
    viewer,
    enrolled.map((row) => row.id),
    year.ano,
  );
  const override = new Map(adjustments.alunos.map((item) => [item.aluno_id, item]));
  const byOrigin = new Map(turmas.map((turma) => [turma.origem_id, turma]));
  const originById = new Map(origins.map((turma) => [turma.id, turma]));
  const alunos: RematriculaStudent[] = enrolled.map((student) => {
    const situation = situations.get(student.id) ?? 'cursando';
    const origin = originById.get(student.turmaId)!;
    const grade = gradeNumber(origin.serie);
    const failed = situation === 'reprovado_nota' || situation === 'reprovado_falta';
    let destino: DestinoTipo = failed
      ? 'mesma_serie'
      : grade !== null && grade >= LAST_GRADE
        ? 'concluido'
        : 'proxima_serie';
    destino = override.get(student.id)?.destino ?? destino;
    if (destino === 'proxima_serie' && (grade === null || grade >= LAST_GRADE)) destino = 'concluido';
    return {
      aluno_id: student.id,
      nome: student.nome,
      origem_turma_id: student.turmaId,
      origem_turma_nome: origin.nome,
      situacao: situation,
      destino,
      destino_turma_nome: null,
    };
  });
  // Retained students go to next year's class of their série: one proposed from below, else a copy of theirs.
  for (const student of alunos) {
    const origin = originById.get(student.origem_turma_id)!;
    // A class the administrator chose is placed below, after every proposed class exists.
    if (override.get(student.aluno_id)?.turma_nome !== undefined) continue;
    if (student.destino === 'proxima_serie') {
      // A class left out ('Criar turma' unchecked) leaves its students without a class, still active,
      // for the secretary to place — never inactivated by a checkbox about a class.
      const target = byOrigin.get(origin.id);
      student.destino_turma_nome = target?.incluir ? target.nome : null;
    } else if (student.destino === 'mesma_serie') {
      const candidates = turmas.filter((turma) => turma.incluir && turma.serie === origin.serie);
      let target = candidates.find((turma) => turma.turno === origin.turno) ?? candidates[0];
      if (!target) {
        target = {
          origem_id: origin.id,
          origem_nome: origin.nome,
          origem_serie: origin.serie,
          nome: origin.nome,
          serie: origin.serie,
          nivel: origin.nivel,
          turno: origin.turno,
          capacidade_maxima: origin.capacidadeMaxima,
          professor_responsavel_id: origin.professorResponsavelId,
          incluir: true,
          existente_id: existingByName.get(origin.nome) ?? null,
          para_retidos: true,
          erros: { nome: null, professor_responsavel_id: null },
        };
        turmas.push(target);
      }
      student.destino_turma_nome = target.nome;
    }
  }
  // The administrator's choice of class, among the classes the proposal creates (or finds).
  const chosenClassErrors: FieldError[] = [];
  adjustments.alunos.forEach((item, index) => {
    if (item.turma_nome === undefined) return;
    const student = alunos.find((row) => row.aluno_id === item.aluno_id);
    if (!student || (student.destino !== 'proxima_serie' && student.destino !== 'mesma_serie')) return;
    if (turmas.some((turma) => turma.incluir && turma.nome === item.turma_nome))
      student.destino_turma_nome = item.turma_nome;
    else
      chosenClassErrors.push({
        path: `alunos.${String(index)}.turma_nome`,
        message: `A turma “${item.turma_nome}” não está na proposta de ${String(year.ano + 1)}`,
      });
  });
  if (chosenClassErrors.length > 0)
    throw new AppError(
      'VALIDATION',
      'A turma escolhida para um aluno não está entre as turmas do próximo ano.',
      chosenClassErrors,
    );
  const erros = await checkProposedClasses(db, turmas, adjustments, year.ano + 1);
  const contagem = {
    proxima_serie: 0,
    mesma_serie: 0,
    concluido: 0,
    nao_rematriculado: 0,
    sem_turma: 0,
    turmas_novas: 0,
  };
  for (const student of alunos) {
    contagem[student.destino]++;
    if (isStaying(student.destino) && student.destino_turma_nome === null) contagem.sem_turma++;
  }
  contagem.turmas_novas = new Set(
    turmas.filter((turma) => turma.incluir && !turma.existente_id).map((turma) => turma.nome),
  ).size;
  return {
    year,
    origins,
    proposal: {
      ano: year.ano,
      proximo_ano: year.ano + 1,
      aplicada: closure.rematriculaEm !== null,
      dry_run: dryRun,
      turmas,
      alunos,
      contagem,
      erros,
    },
  };
}

const isStaying = (destino: DestinoTipo) => destino === 'proxima_serie' || destino === 'mesma_serie';

/**
 * What applying would refuse or get wrong: a teacher chosen who does not exist (any more), and two
 * classes of the proposal with the same name (ignoring case) — applying matches classes by name, so
 * they would silently become one. The proposal and its dry run carry them (on each class, `erros`,
 * and as field errors, `erros` of the proposal: `turmas.N.…` when the class was adjusted, else
 * `turmas`), so the screen shows them where they are and the administrator fixes them in place;
 * applying refuses them (400 with the same details) before changing anything.
 */
async function checkProposedClasses(
  db: DbOrTx,
  turmas: RematriculaClass[],
  adjustments: RematriculaAdjustments,
  proximoAno: number,
): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  const indexOf = (origemId: string) => adjustments.turmas.findIndex((item) => item.origem_id === origemId);
  const chosen = [
    ...new Set(
      adjustments.turmas.flatMap((item) =>
        item.professor_responsavel_id ? [item.professor_responsavel_id] : [],
      ),
    ),
  ];
  const known =
    chosen.length === 0
      ? new Set<string>()
      : new Set(
          (await db.select({ id: teachers.id }).from(teachers).where(inArray(teachers.id, chosen))).map(
            (row) => row.id,
          ),
        );
  adjustments.turmas.forEach((item, index) => {
    if (!item.professor_responsavel_id || known.has(item.professor_responsavel_id)) return;
    const message = 'Professor não encontrado: escolha outro';
    errors.push({ path: `turmas.${String(index)}.professor_responsavel_id`, message });
    for (const turma of turmas)
      if (turma.origem_id === item.origem_id && !turma.para_retidos)
        turma.erros.professor_responsavel_id = message;
  });
  const byName = groupBy(
    turmas.filter((turma) => turma.incluir && turma.nome !== null),
    (turma) => turma.nome!.trim().toLocaleLowerCase('pt-BR'),
  );
  for (const same of byName.values()) {
    if (same.length < 2) continue;
    const origins = same
      .map((turma) => (turma.para_retidos ? `${turma.origem_nome}, para os retidos` : turma.origem_nome))
      .join(' e de ');
    const message = `${same.length === 2 ? 'Duas' : String(same.length)} turmas de ${String(proximoAno)} com o nome “${same[0]!.nome!}” (de ${origins}): dê um nome diferente a cada uma`;
    for (const turma of same) turma.erros.nome = message;
    const adjusted = same.map((turma) => indexOf(turma.origem_id)).filter((index) => index >= 0);
    if (adjusted.length === 0) errors.push({ path: 'turmas', message });
    for (const index of new Set(adjusted)) errors.push({ path: `turmas.${String(index)}.nome`, message });
  }
  return errors;
}

/** GET /api/anos-letivos/:id/rematricula — the proposal, without changing anything. */
export async function proposeRematricula(
  db: DbOrTx,
  viewer: Viewer,
  id: string,
): Promise<RematriculaProposal> {
  return (await buildPlan(db, viewer, id, { turmas: [], alunos: [] }, true)).proposal;
}

function isForeignKeyViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current !== null && typeof current === 'object'; depth++) {
    if ((current as { code?: unknown }).code === '23503') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * POST /api/anos-letivos/:id/rematricula — the proposal with the administrator's adjustments; with
 * `dryRun` only the counts. Applied once: afterwards it answers the recorded result, changing nothing.
 */
export async function applyRematricula(
  ctx: AppContext,
  viewer: Viewer,
  id: string,
  adjustments: RematriculaAdjustments,
  dryRun: boolean,
  actor: Actor,
): Promise<RematriculaProposal> {
  const plan = await buildPlan(ctx.db, viewer, id, adjustments, dryRun);
  if (dryRun || plan.proposal.aplicada) return plan.proposal;
  const { year, proposal } = plan;
  if (proposal.erros.length > 0)
    throw new AppError(
      'VALIDATION',
      proposal.erros.length === 1
        ? proposal.erros[0]!.message
        : `${String(proposal.erros.length)} problemas nas turmas propostas: corrija os campos indicados.`,
      proposal.erros,
    );
  const early = applyBlock(year, clock.today());
  if (early) throw conflict(early);
  const next = String(year.ano + 1);
  const [nextYear] = await ctx.db
    .select()
    .from(schoolYears)
    .where(eq(schoolYears.ano, year.ano + 1));
  const start = nextYear?.inicio ?? `${next}-01-01`;
  try {
    await ctx.db.transaction(async (tx) => {
      // Under the lock of the closure row: two applications at once run one after the other.
      const [closure] = await tx
        .select()
        .from(yearClosures)
        .where(eq(yearClosures.anoLetivoId, id))
        .for('update');
      if (!closure || closure.rematriculaEm !== null) return;
      const created = new Map<string, string>();
      for (const turma of proposal.turmas) {
        if (!turma.incluir || turma.nome === null || created.has(turma.nome)) continue;
        const [existing] = await tx
          .select({ id: classes.id })
          .from(classes)
          .where(and(eq(classes.anoLetivo, next), eq(classes.nome, turma.nome)));
        if (existing) {
          created.set(turma.nome, existing.id);
          continue;
        }
        const origin = plan.origins.find((row) => row.id === turma.origem_id)!;
        const [row] = await tx
          .insert(classes)
          .values({
            nome: turma.nome,
            nivel: (turma.nivel ?? origin.nivel) as ClassRow['nivel'],
            serie: turma.serie ?? origin.serie,
            turno: turma.turno,
            anoLetivo: next,
            capacidadeMaxima: turma.capacidade_maxima,
            professorResponsavelId: turma.professor_responsavel_id,
            frequenciaModo: origin.frequenciaModo,
          })
          .returning({ id: classes.id });
        created.set(turma.nome, row!.id);
        // The grid and its teachers carry over, to confirm on the class screen.
        const grid = await tx.select().from(classSubjects).where(eq(classSubjects.turmaId, origin.id));
        if (grid.length > 0)
          await tx.insert(classSubjects).values(grid.map((item) => ({ ...item, turmaId: row!.id })));
      }
      // Every student's destination, grouped: one statement per destination class or status.
      const leaving = { formado: [] as string[], inativo: [] as string[] };
      const moves: { alunoId: string; turmaId: string | null }[] = [];
      const withoutClass: string[] = [];
      for (const student of proposal.alunos) {
        if (isStaying(student.destino)) {
          const turmaId = student.destino_turma_nome ? created.get(student.destino_turma_nome) : undefined;
          // No class next year (its class left out): still active, with no class, for the secretary.
          if (!turmaId) withoutClass.push(student.aluno_id);
          moves.push({ alunoId: student.aluno_id, turmaId: turmaId ?? null });
        } else {
          leaving[student.destino === 'concluido' ? 'formado' : 'inativo'].push(student.aluno_id);
          moves.push({ alunoId: student.aluno_id, turmaId: null });
        }
      }
      const bumped = { version: sql`${students.version} + 1`, updatedAt: clock.now() };
      const staying = groupBy(
        moves.filter((move) => move.turmaId !== null),
        (move) => move.turmaId!,
      );
      for (const [turmaId, group] of staying)
        await tx
          .update(students)
          .set({ turmaId, dataEnturmacao: start, ...bumped })
          .where(
            inArray(
              students.id,
              group.map((move) => move.alunoId),
            ),
          );
      if (withoutClass.length > 0)
        await tx
          .update(students)
          .set({ turmaId: null, dataEnturmacao: null, ...bumped })
          .where(inArray(students.id, withoutClass));
      for (const [status, ids] of Object.entries(leaving) as ['formado' | 'inativo', string[]][])
        if (ids.length > 0)
          await tx
            .update(students)
            .set({ status, ...bumped })
            .where(inArray(students.id, ids));
      await syncMemberships(tx, moves, start);
      await tx
        .update(classes)
        .set({ status: 'concluido', version: sql`${classes.version} + 1`, updatedAt: clock.now() })
        .where(eq(classes.anoLetivo, String(year.ano)));
      const resumo = { ...proposal.contagem, turmas_criadas: [...created.keys()] };
      await tx
        .update(yearClosures)
        .set({ rematriculaEm: clock.now(), rematriculaResumo: resumo })
        .where(eq(yearClosures.anoLetivoId, id));
      await recordAudit(tx, actor, {
        action: 'aplicar_rematricula',
        entity: 'ano_letivo',
        entityId: id,
        details: resumo,
      });
    });
  } catch (error) {
    if (isForeignKeyViolation(error))
      throw new AppError(
        'VALIDATION',
        'Um professor indicado na proposta não existe mais. Nada foi alterado; revise a proposta.',
        [{ path: 'turmas', message: 'Professor não encontrado' }],
      );
    throw error;
  }
  return { ...proposal, aplicada: true, dry_run: false };
}
