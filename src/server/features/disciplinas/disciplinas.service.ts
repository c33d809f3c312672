import { and, asc, eq, inArray, isNotNull, max, ne, notInArray, sql } from 'drizzle-orm';
import { classNiveis, ofNivel, type ClassNivel } from '../../../shared/classes.schemas.js';
import {
  hasChosenStages,
  subjectKey,
  type CreateDisciplinaData,
  type Disciplina,
  type ListDisciplinasQuery,
  type UpdateDisciplinaData,
} from '../../../shared/disciplinas.schemas.js';
import { formatCount, formatList } from '../../../shared/format.js';
import type { DbOrTx, Db } from '../../db/client.js';
import { attendanceRolls } from '../../db/schema/attendance.js';
import { schoolYears } from '../../db/schema/calendar.js';
import { classes } from '../../db/schema/classes.js';
import { classSubjects } from '../../db/schema/curriculum.js';
import { disciplinas, type DisciplinaRow } from '../../db/schema/disciplinas.js';
import { assessments, councilDecisions, finalRecoveries, yearClosures } from '../../db/schema/grades.js';
import { teachers } from '../../db/schema/teachers.js';
import { AppError, isUniqueViolation, notFound } from '../../lib/errors.js';
import { assertVersion, lockForUpdate } from '../../lib/versioning.js';
import { recordAudit, type Actor } from '../audit/index.js';
import { toDisciplina } from './disciplinas.presenter.js';

const subjectNotFound = () => notFound('Disciplina não encontrada.');
const duplicateName = (nome: string) =>
  new AppError('CONFLICT', `Já existe uma disciplina chamada ${nome}.`, [
    { path: 'nome', message: `Já existe uma disciplina chamada ${nome}` },
  ]);

/** The catalogue in its order; only the active subjects unless `?todas=1`. */
export async function listDisciplinas(db: DbOrTx, query: ListDisciplinasQuery): Promise<Disciplina[]> {
  const all = query.todas === '1' || query.todas === 'true';
  const rows = await db
    .select()
    .from(disciplinas)
    .where(all ? undefined : eq(disciplinas.ativo, true))
    .orderBy(asc(disciplinas.ordem), asc(disciplinas.nome));
  return rows.map(toDisciplina);
}

/** Refuses a name another subject already has, case and accents aside ('robotica' is 'Robótica'). */
async function refuseDuplicateName(tx: DbOrTx, nome: string, exceptId?: string): Promise<void> {
  const rows = await tx
    .select({ nome: disciplinas.nome })
    .from(disciplinas)
    .where(exceptId ? ne(disciplinas.id, exceptId) : undefined);
  const same = rows.find((row) => subjectKey(row.nome) === subjectKey(nome));
  if (same) throw duplicateName(same.nome);
}

/** Two writes racing past the check meet the unique index: the same 409, not a 500. */
async function withDuplicateAs409<T>(nome: string | undefined, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (nome !== undefined && isUniqueViolation(error, 'disciplinas_nome_lower_unique'))
      throw duplicateName(nome);
    throw error;
  }
}

export async function createDisciplina(
  db: Db,
  input: CreateDisciplinaData,
  actor: Actor,
): Promise<Disciplina> {
  return withDuplicateAs409(input.nome, () =>
    db.transaction(async (tx) => {
      // One catalogue writer at a time: the name check and the next `ordem` stay true until commit.
      await tx.execute(sql`lock table ${disciplinas} in share row exclusive mode`);
      await refuseDuplicateName(tx, input.nome);
      const [last] = await tx.select({ ordem: max(disciplinas.ordem) }).from(disciplinas);
      const [row] = await tx
        .insert(disciplinas)
        .values({
          nome: input.nome,
          area: input.area,
          componenteBncc: input.componente_bncc ?? null,
          etapas: input.etapas ?? [...classNiveis],
          ativo: input.ativo,
          ordem: (last?.ordem ?? 0) + 1,
        })
        .returning();
      const created = toDisciplina(row!);
      await recordAudit(tx, actor, {
        action: 'criar',
        entity: 'disciplina',
        entityId: created.id,
        details: {
          nome: created.nome,
          area: created.area,
          componente_bncc: created.componente_bncc,
          etapas: created.etapas,
        },
      });
      return created;
    }),
  );
}

/**
 * The classes of school years not closed: their rows follow a rename. A class whose year was closed keeps
 * the name its subjects were taught under (boletins, histórico and the diary of that year).
 */
function openClassIds(tx: DbOrTx) {
  return tx
    .select({ id: classes.id })
    .from(classes)
    .where(
      notInArray(
        classes.anoLetivo,
        tx
          .select({ ano: sql<string>`${schoolYears.ano}::text` })
          .from(schoolYears)
          .innerJoin(yearClosures, eq(yearClosures.anoLetivoId, schoolYears.id)),
      ),
    );
}

/** Renames a subject in the rows of open years and in teachers' subjects, in the caller's transaction. */
async function renameInOpenYears(tx: DbOrTx, from: string, to: string): Promise<Record<string, number>> {
  const open = openClassIds(tx);
  const grid = await tx
    .update(classSubjects)
    .set({ disciplina: to })
    .where(and(eq(classSubjects.disciplina, from), inArray(classSubjects.turmaId, open)))
    .returning({ id: classSubjects.turmaId });
  const avaliacoes = await tx
    .update(assessments)
    .set({ disciplina: to })
    .where(and(eq(assessments.disciplina, from), inArray(assessments.turmaId, open)))
    .returning({ id: assessments.id });
  const chamadas = await tx
    .update(attendanceRolls)
    .set({ disciplina: to })
    .where(
      and(
        isNotNull(attendanceRolls.disciplina),
        eq(attendanceRolls.disciplina, from),
        inArray(attendanceRolls.turmaId, open),
      ),
    )
    .returning({ id: attendanceRolls.id });
  const conselho = await tx
    .update(councilDecisions)
    .set({ disciplina: to })
    .where(
      and(
        eq(councilDecisions.disciplina, from),
        notInArray(
          councilDecisions.anoLetivoId,
          tx.select({ id: yearClosures.anoLetivoId }).from(yearClosures),
        ),
      ),
    )
    .returning({ id: councilDecisions.id });
  // The recuperação final of an open year follows its subject's name, as the council's decisions do.
  await tx
    .update(finalRecoveries)
    .set({ disciplina: to })
    .where(
      and(
        eq(finalRecoveries.disciplina, from),
        notInArray(
          finalRecoveries.anoLetivoId,
          tx.select({ id: yearClosures.anoLetivoId }).from(yearClosures),
        ),
      ),
    );
  // A teacher's subjects are what they teach now, not a record of a year: always the current name.
  const professores = await tx
    .update(teachers)
    .set({ disciplinas: sql`array_replace(${teachers.disciplinas}, ${from}, ${to})` })
    .where(sql`${from} = any(${teachers.disciplinas})`)
    .returning({ id: teachers.id });
  return {
    turmas: grid.length,
    avaliacoes: avaliacoes.length,
    chamadas: chamadas.length,
    decisoes_conselho: conselho.length,
    professores: professores.length,
  };
}

/**
 * A school's own subject taken off some stages stays in the grade of the open years' classes of those
 * stages that have it (ADR 0132): the sentence that says where, or null when it is in none.
 */
async function keptOffStage(
  tx: DbOrTx,
  nome: string,
  removed: readonly ClassNivel[],
): Promise<string | null> {
  if (removed.length === 0) return null;
  const rows = await tx
    .selectDistinct({ id: classes.id, nivel: classes.nivel })
    .from(classSubjects)
    .innerJoin(classes, eq(classes.id, classSubjects.turmaId))
    .where(
      and(
        eq(classSubjects.disciplina, nome),
        inArray(classes.nivel, [...removed]),
        inArray(classes.id, openClassIds(tx)),
      ),
    );
  if (rows.length === 0) return null;
  const niveis = classNiveis.filter((nivel) => rows.some((row) => row.nivel === nivel));
  const where = formatList(niveis.map(ofNivel));
  return `${nome} continua na grade de ${formatCount(rows.length, 'turma', 'turmas')} ${where}, onde já estava; as outras turmas ${niveis.length === 1 ? 'dessa etapa' : 'dessas etapas'} não a oferecem mais.`;
}

/** The subject as saved and, when taken off stages where classes have it, the sentence that says so. */
export interface UpdatedDisciplina {
  disciplina: Disciplina;
  aviso: string | null;
}

export async function updateDisciplina(
  db: Db,
  id: string,
  input: UpdateDisciplinaData,
  expectedVersion: number | undefined,
  actor: Actor,
): Promise<UpdatedDisciplina> {
  return withDuplicateAs409(input.nome, () =>
    db.transaction(async (tx) => {
      await tx.execute(sql`lock table ${disciplinas} in share row exclusive mode`);
      const current: DisciplinaRow = await lockForUpdate(tx, disciplinas, id, subjectNotFound);
      assertVersion(expectedVersion, current.version);
      const nome = input.nome ?? current.nome;
      const renamed = nome !== current.nome;
      if (renamed) await refuseDuplicateName(tx, nome, id);
      const [row] = await tx
        .update(disciplinas)
        .set({
          nome,
          area: input.area ?? current.area,
          componenteBncc:
            input.componente_bncc === undefined ? current.componenteBncc : input.componente_bncc,
          etapas: input.etapas ?? current.etapas,
          ativo: input.ativo ?? current.ativo,
          ordem: input.ordem ?? current.ordem,
          version: current.version + 1,
          updatedAt: new Date(),
        })
        .where(eq(disciplinas.id, id))
        .returning();
      const updated = toDisciplina(row!);
      const renomeados = renamed ? await renameInOpenYears(tx, current.nome, nome) : null;
      const before = toDisciplina(current);
      const changed = (['nome', 'area', 'componente_bncc', 'etapas', 'ativo', 'ordem'] as const).filter(
        (field) => String(before[field]) !== String(updated[field]),
      );
      // Only a school's own subject is offered by its stages: a BNCC component's follow the BNCC.
      const aviso = hasChosenStages(updated)
        ? await keptOffStage(
            tx,
            updated.nome,
            before.etapas.filter((etapa) => !updated.etapas.includes(etapa)),
          )
        : null;
      if (changed.length > 0)
        await recordAudit(tx, actor, {
          action: 'atualizar',
          entity: 'disciplina',
          entityId: id,
          details: {
            nome: updated.nome,
            antes: Object.fromEntries(changed.map((field) => [field, before[field]])),
            depois: Object.fromEntries(changed.map((field) => [field, updated[field]])),
            ...(renomeados ? { renomeados } : {}),
          },
        });
      return { disciplina: updated, aviso };
    }),
  );
}

/** Every subject name the school's records use (for a catalogue rebuilt after a restore). */
export async function subjectNamesInUse(db: DbOrTx): Promise<string[]> {
  const [grid, rolls, marks] = await Promise.all([
    db.selectDistinct({ nome: classSubjects.disciplina }).from(classSubjects),
    db
      .selectDistinct({ nome: attendanceRolls.disciplina })
      .from(attendanceRolls)
      .where(isNotNull(attendanceRolls.disciplina)),
    db.selectDistinct({ nome: assessments.disciplina }).from(assessments),
  ]);
  const taught = await db
    .selectDistinct({ nome: sql<string>`unnest(${teachers.disciplinas})` })
    .from(teachers);
  return [...grid, ...rolls, ...marks, ...taught]
    .map((row) => row.nome)
    .filter((nome): nome is string => !!nome);
}
