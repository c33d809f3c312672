/**
 * Itinerários formativos of an Ensino Médio class (ADR 0027): the class's named groups of subjects, each
 * student's choice, and who a subject of an itinerário is for (Notas, Frequência, boletim).
 */
import { folded } from '../../lib/text-search.js';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type {
  CurriculumData,
  ItinerarioChoices,
  ItinerarioChoicesInput,
} from '../../../shared/curriculum.schemas.js';
import { subjectKey } from '../../../shared/disciplinas.schemas.js';
import { isEnsinoMedio } from '../../../shared/ensino-medio.js';
import { formatCount, TIME_ZONE, todayIso } from '../../../shared/format.js';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { classes, type ClassRow } from '../../db/schema/classes.js';
import {
  classItinerarios,
  classSubjects,
  previousItinerarios,
  studentItinerarios,
} from '../../db/schema/curriculum.js';
import { clock } from '../../lib/clock.js';
import { students } from '../../db/schema/students.js';
import { badRequest, conflict } from '../../lib/errors.js';
import { recordAudit, type Actor } from '../audit/index.js';
import { classNotFound, type Viewer } from '../classes/index.js';
import { classesInScope, scopeOf, studentsInScope, type RecordsScope } from '../students/index.js';
import {
  leftItinerarioOn,
  subjectSpans,
  tookSubjectOn,
  type ClassItinerarios,
  type ItinerarioMember,
} from './itinerario-spans.js';

/**
 * Writes the class's itinerários (kept by id, or by name; new ones added; missing ones removed unless a
 * student chose them) and answers each one's id by its folded name. The grid's rows were deleted first.
 */
export async function saveItinerarios(
  tx: DbOrTx,
  turma: ClassRow,
  input: CurriculumData['itinerarios'],
): Promise<Map<string, string>> {
  if (input.length > 0 && !isEnsinoMedio(turma.nivel))
    throw badRequest('Itinerários formativos só existem no Ensino Médio.', [
      { path: 'itinerarios', message: 'Só no Ensino Médio' },
    ]);
  // In the class's order: the refusal below names the first removed itinerário a student chose, the
  // same one on every run (rows read unordered come in whatever order the table's pages hold them).
  const existing = await tx
    .select()
    .from(classItinerarios)
    .where(eq(classItinerarios.turmaId, turma.id))
    .orderBy(asc(classItinerarios.ordem), asc(classItinerarios.nome));
  const byId = new Map(existing.map((row) => [row.id, row]));
  const byName = new Map(existing.map((row) => [subjectKey(row.nome), row]));
  const kept = new Set<string>();
  const idOf = new Map<string, string>();
  for (const [index, item] of input.entries()) {
    const match = item.id === undefined ? byName.get(subjectKey(item.nome)) : byId.get(item.id);
    if (item.id !== undefined && !match)
      throw badRequest('Itinerário não encontrado nesta turma', [
        { path: `itinerarios.${String(index)}.id`, message: 'Itinerário não encontrado nesta turma' },
      ]);
    if (match) kept.add(match.id);
  }
  const removed = existing.filter((row) => !kept.has(row.id));
  if (removed.length > 0) {
    const chosen = await tx
      .select({ itinerarioId: studentItinerarios.itinerarioId })
      .from(studentItinerarios)
      .where(
        inArray(
          studentItinerarios.itinerarioId,
          removed.map((row) => row.id),
        ),
      );
    const first = removed.find((row) => chosen.some((choice) => choice.itinerarioId === row.id));
    if (first) {
      const total = chosen.filter((choice) => choice.itinerarioId === first.id).length;
      throw conflict(
        `${formatCount(total, 'aluno escolheu', 'alunos escolheram')} o itinerário ${first.nome}: mude a escolha antes de removê-lo.`,
      );
    }
    // What a student studied there is part of their record (boletim, histórico): the itinerário stays.
    const studied = await tx
      .select({ itinerarioId: previousItinerarios.itinerarioId, alunoId: previousItinerarios.alunoId })
      .from(previousItinerarios)
      .where(
        inArray(
          previousItinerarios.itinerarioId,
          removed.map((row) => row.id),
        ),
      );
    const left = removed.find((row) => studied.some((item) => item.itinerarioId === row.id));
    if (left) {
      const total = new Set(
        studied.filter((item) => item.itinerarioId === left.id).map((item) => item.alunoId),
      ).size;
      throw conflict(
        `${formatCount(total, 'aluno cursou', 'alunos cursaram')} o itinerário ${left.nome} antes de mudar de escolha: as notas e a frequência de lá ficam no boletim e no histórico, e o itinerário não pode ser removido.`,
      );
    }
    await tx.delete(classItinerarios).where(
      inArray(
        classItinerarios.id,
        removed.map((row) => row.id),
      ),
    );
  }
  // Names are unique per class: free the kept rows' names before renaming them into each other's.
  for (const id of kept)
    await tx
      .update(classItinerarios)
      .set({ nome: `~${id}` })
      .where(eq(classItinerarios.id, id));
  for (const [index, item] of input.entries()) {
    const match = item.id === undefined ? byName.get(subjectKey(item.nome)) : byId.get(item.id);
    if (match) {
      await tx
        .update(classItinerarios)
        .set({ nome: item.nome, tecnico: item.tecnico, ordem: index })
        .where(eq(classItinerarios.id, match.id));
      idOf.set(subjectKey(item.nome), match.id);
    } else {
      const [row] = await tx
        .insert(classItinerarios)
        .values({ turmaId: turma.id, nome: item.nome, tecnico: item.tecnico, ordem: index })
        .returning({ id: classItinerarios.id });
      idOf.set(subjectKey(item.nome), row!.id);
    }
  }
  return idOf;
}

/** The class as the viewer reaches it (404 outside their scope, so ids cannot be probed), with that scope. */
export async function classInScope(
  db: DbOrTx,
  viewer: Viewer,
  turmaId: string,
): Promise<{ turma: ClassRow; scope: RecordsScope }> {
  const scope = await scopeOf(db, viewer);
  const [turma] = await db
    .select()
    .from(classes)
    .where(and(eq(classes.id, turmaId), classesInScope(scope)));
  if (!turma) throw classNotFound();
  return { turma, scope };
}

/** The class's itinerários and its students' choices — of the students the viewer may see (a family: its own). */
async function presentChoices(db: DbOrTx, turma: ClassRow, scope: RecordsScope): Promise<ItinerarioChoices> {
  const [itinerarios, alunos, chosen] = await Promise.all([
    db
      .select()
      .from(classItinerarios)
      .where(eq(classItinerarios.turmaId, turma.id))
      .orderBy(asc(classItinerarios.ordem), asc(classItinerarios.nome)),
    db
      .select({ id: students.id, nome: students.nome, matricula: students.matricula })
      .from(students)
      .where(and(eq(students.turmaId, turma.id), eq(students.status, 'ativo'), studentsInScope(scope)))
      .orderBy(asc(folded(students.nome))),
    db.select().from(studentItinerarios).where(eq(studentItinerarios.turmaId, turma.id)),
  ]);
  const choiceOf = new Map(chosen.map((row) => [row.alunoId, row.itinerarioId]));
  return {
    turma_id: turma.id,
    turma_nome: turma.nome,
    itinerarios: itinerarios.map((row) => ({ id: row.id, nome: row.nome, tecnico: row.tecnico })),
    alunos: alunos.map((row) => ({ ...row, itinerario_id: choiceOf.get(row.id) ?? null })),
  };
}

/**
 * A student leaves their itinerário: it is kept as a previous one, until today (the change's day), so the
 * boletim and the histórico keep what they studied there. A choice changed the day it was made is a
 * correction, not a change: nothing was studied in it.
 */
async function keepPrevious(tx: DbOrTx, alunoId: string, turmaId: string): Promise<void> {
  const [current] = await tx
    .select()
    .from(studentItinerarios)
    .where(and(eq(studentItinerarios.alunoId, alunoId), eq(studentItinerarios.turmaId, turmaId)));
  const today = clock.today();
  if (!current || todayIso(current.escolhidoEm) === today) return;
  await tx.insert(previousItinerarios).values({
    alunoId,
    turmaId,
    itinerarioId: current.itinerarioId,
    escolhidoEm: todayIso(current.escolhidoEm),
    ate: today,
  });
}

/** GET /api/turmas/:id/itinerarios — the class's itinerários and each student's choice. */
export async function getItinerarioChoices(
  db: DbOrTx,
  viewer: Viewer,
  turmaId: string,
): Promise<ItinerarioChoices> {
  const { turma, scope } = await classInScope(db, viewer, turmaId);
  return presentChoices(db, turma, scope);
}

/**
 * PUT /api/turmas/:id/itinerarios — records the students' choices (null clears one). Only students of the
 * class and itinerários the class offers; audited with each change.
 */
export async function saveItinerarioChoices(
  ctx: AppContext,
  viewer: Viewer,
  turmaId: string,
  input: ItinerarioChoicesInput,
  actor: Actor,
): Promise<ItinerarioChoices> {
  const { turma, scope } = await classInScope(ctx.db, viewer, turmaId);
  if (!isEnsinoMedio(turma.nivel)) throw badRequest('Itinerários formativos só existem no Ensino Médio.');
  await ctx.db.transaction(async (tx) => {
    const current = await presentChoices(tx, turma, scope);
    if (current.itinerarios.length === 0)
      throw conflict('A turma ainda não oferece itinerários formativos: cadastre-os na grade curricular.');
    const offered = new Map(current.itinerarios.map((item) => [item.id, item.nome]));
    const members = new Map(current.alunos.map((aluno) => [aluno.id, aluno]));
    const changes: { aluno: string; antes: string | null; depois: string | null }[] = [];
    for (const [index, choice] of input.escolhas.entries()) {
      const aluno = members.get(choice.aluno_id);
      if (!aluno)
        throw badRequest('Aluno não encontrado nesta turma', [
          { path: `escolhas.${String(index)}.aluno_id`, message: 'Aluno não encontrado nesta turma' },
        ]);
      if (choice.itinerario_id !== null && !offered.has(choice.itinerario_id))
        throw badRequest('Itinerário não oferecido por esta turma', [
          {
            path: `escolhas.${String(index)}.itinerario_id`,
            message: 'Itinerário não oferecido por esta turma',
          },
        ]);
      if (aluno.itinerario_id === choice.itinerario_id) continue;
      if (aluno.itinerario_id !== null) await keepPrevious(tx, aluno.id, turma.id);
      await tx
        .delete(studentItinerarios)
        .where(and(eq(studentItinerarios.alunoId, aluno.id), eq(studentItinerarios.turmaId, turma.id)));
      if (choice.itinerario_id !== null)
        await tx.insert(studentItinerarios).values({
          alunoId: aluno.id,
          turmaId: turma.id,
          itinerarioId: choice.itinerario_id,
          escolhidoEm: clock.now(),
        });
      changes.push({
        aluno: aluno.id,
        antes: aluno.itinerario_id === null ? null : (offered.get(aluno.itinerario_id) ?? null),
        depois: choice.itinerario_id === null ? null : (offered.get(choice.itinerario_id) ?? null),
      });
    }
    if (changes.length > 0)
      await recordAudit(tx, actor, {
        action: 'escolher_itinerario',
        entity: 'turma',
        entityId: turma.id,
        details: { escolhas: changes },
      });
  });
  return presentChoices(ctx.db, turma, scope);
}

/** Whether a subject of the class is of an itinerário (one read: most rolls and grids are not). */
async function isItinerarioSubject(db: DbOrTx, turmaId: string, disciplina: string): Promise<boolean> {
  const [subject] = await db
    .select({ itinerarioId: classSubjects.itinerarioId })
    .from(classSubjects)
    .where(and(eq(classSubjects.turmaId, turmaId), eq(classSubjects.disciplina, disciplina)));
  return Boolean(subject?.itinerarioId);
}

/**
 * Who a lesson of a subject of the class on a day is for (its roll): null when the subject is of the
 * formação geral básica (every student), else the students whose itinerário it was that day
 * (`tookSubjectOn`: one who left it afterwards is on its rolls of before the change).
 */
export async function itinerarioStudentsOf(
  db: DbOrTx,
  turmaId: string,
  disciplina: string | null,
  data: string,
): Promise<Set<string> | null> {
  if (disciplina === null || !(await isItinerarioSubject(db, turmaId, disciplina))) return null;
  const itinerarios = await itinerariosOfClass(db, turmaId);
  const alunos = [...new Set([...itinerarios.choiceOf.keys(), ...itinerarios.previousOf.keys()])];
  return new Set(alunos.filter((alunoId) => tookSubjectOn(itinerarios, alunoId, disciplina, data)));
}

/**
 * Who a subject of the class is for over some days (a period's Notas): null for the formação geral
 * básica, else each student whose itinerário it was on one of those days, with the spans it was theirs
 * (only what is dated inside them is theirs: one who left it, came back, or joined it during the year)
 * and the day they left it when it is no longer their choice.
 */
export async function itinerarioStudentsDuring(
  db: DbOrTx,
  turmaId: string,
  disciplina: string | null,
  de: string,
  ate: string,
): Promise<Map<string, ItinerarioMember> | null> {
  if (disciplina === null || !(await isItinerarioSubject(db, turmaId, disciplina))) return null;
  const itinerarios = await itinerariosOfClass(db, turmaId);
  const result = new Map<string, ItinerarioMember>();
  for (const alunoId of new Set([...itinerarios.choiceOf.keys(), ...itinerarios.previousOf.keys()])) {
    const spans = subjectSpans(itinerarios, alunoId, disciplina);
    const during = spans.some(
      (span) => (span.desde === null || span.desde <= ate) && (span.ate === null || span.ate > de),
    );
    if (!during) continue;
    const whole = spans.length === 1 && spans[0]!.desde === null && spans[0]!.ate === null;
    result.set(alunoId, {
      trocouEm: leftItinerarioOn(itinerarios, alunoId, disciplina),
      spans: whole ? null : spans,
    });
  }
  return result;
}

export async function itinerariosOfClass(db: DbOrTx, turmaId: string): Promise<ClassItinerarios> {
  return (await itinerariosOfClasses(db, [turmaId])).get(turmaId)!;
}

/** The itinerários of some classes, in two reads whatever their number (the family's home reads several). */
export async function itinerariosOfClasses(
  db: DbOrTx,
  turmaIds: readonly string[],
): Promise<Map<string, ClassItinerarios>> {
  const unique = [...new Set(turmaIds)];
  const result = new Map<string, ClassItinerarios>(
    unique.map((id) => [id, { subjectItinerario: new Map(), choiceOf: new Map(), previousOf: new Map() }]),
  );
  if (unique.length === 0) return result;
  const [subjects, choices] = await Promise.all([
    db
      .select({
        turmaId: classSubjects.turmaId,
        disciplina: classSubjects.disciplina,
        id: classItinerarios.id,
        nome: classItinerarios.nome,
        tecnico: classItinerarios.tecnico,
      })
      .from(classSubjects)
      .innerJoin(classItinerarios, eq(classItinerarios.id, classSubjects.itinerarioId))
      .where(inArray(classSubjects.turmaId, unique)),
    // The current choices and the ones left during the year in one read (`ate` null: the current one).
    db
      .select({
        turmaId: studentItinerarios.turmaId,
        alunoId: studentItinerarios.alunoId,
        ate: sql<string | null>`null::text`,
        // The school's date of the choice (the day a change happened is the school's too).
        escolhidoEm: sql<
          string | null
        >`(${studentItinerarios.escolhidoEm} at time zone ${TIME_ZONE})::date::text`,
        id: classItinerarios.id,
        nome: classItinerarios.nome,
        tecnico: classItinerarios.tecnico,
      })
      .from(studentItinerarios)
      .innerJoin(classItinerarios, eq(classItinerarios.id, studentItinerarios.itinerarioId))
      .where(inArray(studentItinerarios.turmaId, unique))
      .unionAll(
        db
          .select({
            turmaId: previousItinerarios.turmaId,
            alunoId: previousItinerarios.alunoId,
            ate: sql<string | null>`${previousItinerarios.ate}::text`,
            escolhidoEm: sql<string | null>`${previousItinerarios.escolhidoEm}::text`,
            id: classItinerarios.id,
            nome: classItinerarios.nome,
            tecnico: classItinerarios.tecnico,
          })
          .from(previousItinerarios)
          .innerJoin(classItinerarios, eq(classItinerarios.id, previousItinerarios.itinerarioId))
          .where(inArray(previousItinerarios.turmaId, unique)),
      ),
  ]);
  for (const { turmaId, disciplina, id, nome, tecnico } of subjects)
    result.get(turmaId)!.subjectItinerario.set(disciplina, { id, nome, tecnico });
  // A student leaves an itinerário at most once a day (a change the day it was made is a correction).
  const byDay = (a: { ate: string | null }, b: { ate: string | null }) =>
    (a.ate ?? '').localeCompare(b.ate ?? '');
  for (const { turmaId, alunoId, ate, escolhidoEm, id, nome, tecnico } of choices.sort(byDay)) {
    const itinerarios = result.get(turmaId)!;
    if (ate === null) itinerarios.choiceOf.set(alunoId, { id, nome, tecnico, escolhidoEm: escolhidoEm! });
    else
      itinerarios.previousOf.set(alunoId, [
        ...(itinerarios.previousOf.get(alunoId) ?? []),
        { id, nome, tecnico, ate, escolhidoEm },
      ]);
  }
  return result;
}
