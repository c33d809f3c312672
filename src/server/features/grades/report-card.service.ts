/**
 * Building boletins, one or many at once, and the final situations they give. Inputs are read in
 * report-card.inputs.ts and composed in report-card.presenter.ts; the conselho de classe is council.service.ts.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { finalRecoveryOf, tenthsToNumber, type Situacao } from '../../../shared/averages.js';
import type { ReportCard } from '../../../shared/report-card.schemas.js';
import type { DbOrTx } from '../../db/client.js';
import { clock } from '../../lib/clock.js';
import { yieldToEventLoop } from '../../lib/event-loop.js';
import { conflict, notFound } from '../../lib/errors.js';
import { INFANTIL_SEM_NOTAS, isInfantil } from '../../../shared/classes.schemas.js';
import { classMemberships } from '../../db/schema/attendance.js';
import { type Viewer } from '../classes/index.js';
import { classYear } from '../attendance/index.js';
import { resolveYear } from '../calendar/index.js';
import { classes, type ClassRow } from '../../db/schema/classes.js';
import { scopeOf, studentsInScope } from '../students/index.js';
import { students } from '../../db/schema/students.js';
import { rulesForYear } from '../calendar/index.js';
import { stageRulesOf } from '../../../shared/stage-rules.js';
import { groupBy } from '../../../shared/group-by.js';
import { isEnsinoMedio } from '../../../shared/ensino-medio.js';
import { classInputs, datedLessonsOf, studentInputs, yearInputs } from './report-card.inputs.js';
import { composeReportCard } from './report-card.presenter.js';

/**
 * The boletim: subjects × periods of a student's year with the period averages, the annual average,
 * absences and frequency, and the final situation (the rules', or the conselho de classe's). A
 * guardian sees only the published periods of their own children — and debt changes nothing
 * (Lei 9.870/1999 art. 6): no finance table is read here.
 */

export const studentNotFound = () => notFound('Aluno não encontrado.');

/**
 * The class of each student in that year: the last membership of a class of the year. One query for
 * the whole list.
 */
async function classesOfYear(
  db: DbOrTx,
  alunoIds: readonly string[],
  ano: number,
): Promise<Map<string, ClassRow>> {
  const rows = await db
    .select({ alunoId: classMemberships.alunoId, turma: classes })
    .from(classMemberships)
    .innerJoin(classes, eq(classes.id, classMemberships.turmaId))
    .where(and(inArray(classMemberships.alunoId, [...alunoIds]), eq(classes.anoLetivo, String(ano))))
    .orderBy(desc(classMemberships.inicio));
  const result = new Map<string, ClassRow>();
  for (const row of rows) if (!result.has(row.alunoId)) result.set(row.alunoId, row.turma);
  return result;
}

type CardStudent = Pick<ReportCard['aluno'], 'id' | 'nome' | 'matricula'> & {
  /** The day a transferred student left (null: not transferred). */
  transferidoEm: string | null;
};

/** GET /api/boletim/:id — one student's boletim (404 outside the viewer's scope). */
export async function buildReportCard(
  db: DbOrTx,
  viewer: Viewer,
  alunoId: string,
  query: { ano?: number | undefined },
): Promise<ReportCard> {
  // Without a year asked for, the year of the student's class (issue 29: a 2027 student's record
  // offered to open 2026); the scope check is buildReportCards'.
  let ano = query.ano;
  if (ano === undefined) {
    const [row] = await db
      .select({ anoLetivo: classes.anoLetivo })
      .from(students)
      .innerJoin(classes, eq(classes.id, students.turmaId))
      .where(eq(students.id, alunoId));
    ano = classYear(row?.anoLetivo ?? null);
  }
  const [card] = await buildReportCards(db, viewer, [alunoId], { ano });
  if (!card) throw studentNotFound();
  await refuseInfantil(db, alunoId);
  return card;
}

/** A child of Educação Infantil has pareceres, never a boletim (LDB art. 31): 409 with the message. */
export async function refuseInfantil(db: DbOrTx, alunoId: string): Promise<void> {
  const [row] = await db
    .select({ nivel: classes.nivel })
    .from(students)
    .innerJoin(classes, eq(classes.id, students.turmaId))
    .where(eq(students.id, alunoId));
  if (row && isInfantil(row.nivel)) throw conflict(INFANTIL_SEM_NOTAS);
}

/** Students read per batch of a class: bounded `in (…)` lists, whatever the size of the school. */
const BATCH = 200;

/**
 * The boletins of a list of students, in the list's order (those outside the viewer's scope are left
 * out). The queries run once per class of the year, not once per student: a school's 5,000 boletins
 * (closing the year, the rematrícula, the school-wide PDF) cost a few hundred queries.
 */
export async function buildReportCards(
  db: DbOrTx,
  viewer: Viewer,
  alunoIds: readonly string[],
  query: { ano?: number | undefined },
): Promise<ReportCard[]> {
  if (alunoIds.length === 0) return [];
  const scope = await scopeOf(db, viewer);
  const found: CardStudent[] = [];
  for (let index = 0; index < alunoIds.length; index += BATCH * 5)
    found.push(
      ...(await db
        .select({
          id: students.id,
          nome: students.nome,
          matricula: students.matricula,
          transferidoEm: sql<
            string | null
          >`case when ${students.status} = 'transferido' then ${students.dataSaida} end`,
        })
        .from(students)
        .where(and(inArray(students.id, alunoIds.slice(index, index + BATCH * 5)), studentsInScope(scope)))),
    );
  if (found.length === 0) return [];
  const year = await resolveYear(db, query.ano);
  const ano = year?.ano ?? query.ano ?? Number(clock.today().slice(0, 4));
  // A closed year is computed with the rules it was closed with; an open one with today's.
  const rules = await rulesForYear(db, year?.id);
  // A student's own account reads their boletim as their family does: only the published periods.
  const guardian = scope.kind === 'guardian' || scope.kind === 'student';
  const classOf = new Map<string, ClassRow>();
  for (let index = 0; index < found.length; index += BATCH * 5) {
    const part = found.slice(index, index + BATCH * 5).map((student) => student.id);
    for (const [id, turma] of await classesOfYear(db, part, ano)) classOf.set(id, turma);
  }
  const cards = new Map<string, ReportCard>();
  for (const student of found) {
    const turma = classOf.get(student.id) ?? null;
    // The year the student was transferred in: the boletim says so (its figures stop at the day).
    const transferidoEm =
      year &&
      student.transferidoEm &&
      student.transferidoEm >= year.inicio &&
      student.transferidoEm <= year.fim
        ? { transferido_em: student.transferidoEm }
        : {};
    cards.set(student.id, {
      aluno: { id: student.id, nome: student.nome, matricula: student.matricula },
      ...transferidoEm,
      turma: turma ? { id: turma.id, nome: turma.nome, serie: turma.serie } : null,
      ano,
      ano_letivo_id: year?.id ?? null,
      ano_encerrado: false,
      escala: rules.escala,
      media_aprovacao: tenthsToNumber(stageRulesOf(turma, rules).mediaAprovacao),
      media_recuperacao_final: tenthsToNumber(finalRecoveryOf(null, stageRulesOf(turma, rules)).media),
      periodos: [],
      disciplinas: [],
      frequencia: {
        aulas_dadas: 0,
        faltas: 0,
        frequencia: null,
        por_dia: false,
        minima: stageRulesOf(turma, rules).minima,
      },
      situacao: 'cursando',
      situacao_calculada: null,
      conselho: null,
      somente_publicados: guardian,
      educacao_infantil: turma ? isInfantil(turma.nivel) : false,
      ensino_medio: turma ? isEnsinoMedio(turma.nivel) : false,
      itinerario: null,
    });
  }
  if (year) {
    const yearWide = await yearInputs(db, year);
    const byClass = groupBy(
      found.map((student) => student.id),
      (id) => classOf.get(id)?.id ?? null,
    );
    for (const [turmaId, ids] of byClass) {
      const turma = turmaId === null ? null : classOf.get(ids[0]!)!;
      // Between classes, other requests get their turn (5,000 boletins on PGlite take a while).
      if (byClass.size > 1) await yieldToEventLoop();
      const classWide = await classInputs(db, viewer, yearWide, turma);
      // The class's stage's rules (Configurações → Acadêmico → Regras por etapa).
      const classRules = stageRulesOf(turma, rules);
      for (let index = 0; index < ids.length; index += BATCH) {
        const part = ids.slice(index, index + BATCH);
        const perStudent = await studentInputs(
          db,
          year,
          yearWide.periods,
          part,
          datedLessonsOf(classWide, part),
        );
        for (const id of part)
          cards.set(
            id,
            composeReportCard(
              cards.get(id)!,
              year,
              yearWide,
              classWide,
              perStudent.get(id)!,
              classRules,
              guardian,
            ),
          );
      }
    }
  }
  return alunoIds.flatMap((id) => {
    const card = cards.get(id);
    return card ? [card] : [];
  });
}

/** Students whose boletins are built and dropped at a time when only their situations are wanted. */
export const SITUATIONS_CHUNK = 1000;

/** Called after each chunk with the students done so far and the total. */
export type SituationsProgress = (feitos: number, total: number) => Promise<void> | void;

/**
 * The final situation of each student of a list (year closing, rematrícula): the boletim's. The boletins
 * are built a chunk at a time and only the situation kept (issue 38: 50,000 boletins at once were
 * hundreds of MB); give the students class by class (`turmaId`) so a chunk reads few classes.
 */
export async function situationsOf(
  db: DbOrTx,
  viewer: Viewer,
  alunos: readonly { id: string; turmaId?: string | null }[],
  ano: number,
  progress?: SituationsProgress,
): Promise<Map<string, Situacao>> {
  const ordered = [...alunos].sort((a, b) => (a.turmaId ?? '').localeCompare(b.turmaId ?? ''));
  const result = new Map<string, Situacao>();
  for (let index = 0; index < ordered.length; index += SITUATIONS_CHUNK) {
    const part = ordered.slice(index, index + SITUATIONS_CHUNK).map((student) => student.id);
    for (const card of await buildReportCards(db, viewer, part, { ano }))
      result.set(card.aluno.id, card.situacao);
    await progress?.(Math.min(index + SITUATIONS_CHUNK, ordered.length), ordered.length);
  }
  return result;
}
