import { and, asc, eq, sql } from 'drizzle-orm';
import type { PriorYear, PriorYearInput } from '../../../shared/documents.schemas.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { assertVersion, lockForUpdate } from '../../lib/versioning.js';
import { recordAudit, type Actor } from '../audit/index.js';
import { studentNotFound } from '../students/index.js';
import { students } from '../../db/schema/students.js';
import { priorSchoolYears, type PriorSchoolYearRow } from '../../db/schema/documents.js';

/**
 * Years a student studied elsewhere, typed in once from the previous school's papers: the histórico
 * escolar prints them before this school's own years. Administrators only (route access).
 */

const priorYearNotFound = () => notFound('Ano escolar anterior não encontrado.');

function toPriorYear(row: PriorSchoolYearRow): PriorYear {
  return {
    id: row.id,
    aluno_id: row.alunoId,
    ano: row.ano,
    serie: row.serie,
    escola: row.escola,
    cidade: row.cidade,
    uf: row.uf,
    resultado: row.resultado,
    frequencia: row.frequencia === null ? null : Number(row.frequencia),
    observacoes: row.observacoes,
    disciplinas: row.disciplinas.map((subject) => ({
      disciplina: subject.disciplina,
      nota: subject.nota,
      resultado: subject.resultado,
      carga_horaria: subject.carga_horaria ?? null,
    })),
    version: row.version,
  };
}

function valuesOf(input: PriorYearInput) {
  return {
    ano: input.ano,
    serie: input.serie,
    escola: input.escola,
    cidade: input.cidade,
    uf: input.uf,
    resultado: input.resultado,
    frequencia: input.frequencia === null || input.frequencia === undefined ? null : String(input.frequencia),
    observacoes: input.observacoes ?? null,
    disciplinas: input.disciplinas.map((subject) => ({
      disciplina: subject.disciplina,
      nota: subject.nota,
      resultado: subject.resultado,
      carga_horaria: subject.carga_horaria ?? null,
    })),
  };
}

async function assertStudent(db: DbOrTx, alunoId: string) {
  const [row] = await db.select({ id: students.id }).from(students).where(eq(students.id, alunoId));
  if (!row) throw studentNotFound();
}

export async function listPriorYears(db: DbOrTx, alunoId: string): Promise<PriorYear[]> {
  await assertStudent(db, alunoId);
  const rows = await db
    .select()
    .from(priorSchoolYears)
    .where(eq(priorSchoolYears.alunoId, alunoId))
    .orderBy(asc(priorSchoolYears.ano), asc(priorSchoolYears.createdAt));
  return rows.map(toPriorYear);
}

export async function createPriorYear(
  db: Db,
  actor: Actor,
  alunoId: string,
  input: PriorYearInput,
): Promise<PriorYear> {
  return db.transaction(async (tx) => {
    await assertStudent(tx, alunoId);
    const [row] = await tx
      .insert(priorSchoolYears)
      .values({ alunoId, ...valuesOf(input) })
      .returning();
    await recordAudit(tx, actor, {
      action: 'criar',
      entity: 'ano_anterior',
      entityId: row!.id,
      details: { aluno_id: alunoId, ano: input.ano, escola: input.escola },
    });
    return toPriorYear(row!);
  });
}

async function lockOwn(tx: DbOrTx, alunoId: string, id: string) {
  const row = await lockForUpdate(tx, priorSchoolYears, id, priorYearNotFound);
  if (row.alunoId !== alunoId) throw priorYearNotFound();
  return row;
}

export async function updatePriorYear(
  db: Db,
  actor: Actor,
  alunoId: string,
  id: string,
  input: PriorYearInput,
  expectedVersion: number | undefined,
): Promise<PriorYear> {
  return db.transaction(async (tx) => {
    const current = await lockOwn(tx, alunoId, id);
    assertVersion(expectedVersion, current.version);
    const [row] = await tx
      .update(priorSchoolYears)
      .set({ ...valuesOf(input), version: sql`${priorSchoolYears.version} + 1`, updatedAt: new Date() })
      .where(and(eq(priorSchoolYears.id, id), eq(priorSchoolYears.alunoId, alunoId)))
      .returning();
    await recordAudit(tx, actor, {
      action: 'editar',
      entity: 'ano_anterior',
      entityId: id,
      details: { aluno_id: alunoId, ano: input.ano, escola: input.escola },
    });
    return toPriorYear(row!);
  });
}

export async function deletePriorYear(db: Db, actor: Actor, alunoId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await lockOwn(tx, alunoId, id);
    await tx.delete(priorSchoolYears).where(eq(priorSchoolYears.id, id));
    await recordAudit(tx, actor, {
      action: 'excluir',
      entity: 'ano_anterior',
      entityId: id,
      details: { aluno_id: alunoId, ano: current.ano, escola: current.escola },
    });
  });
}
