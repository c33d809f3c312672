/**
 * Reading justifications (ADR 0034): the school's queue, the family's list, one justification, its
 * atestado. Each applies the records scope: a family reaches only its children's; the school all.
 */
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type {
  Justificativa,
  JustificativaPage,
  JustificativasQuery,
} from '../../../shared/justificativas.schemas.js';
import { can } from '../../../shared/permissions.js';
import type { DbOrTx } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import type { SignedInUser } from '../../lib/http.js';
import { scopeOf, studentsInScope } from '../students/index.js';
import { classes } from '../../db/schema/classes.js';
import { students } from '../../db/schema/students.js';
import { absenceJustifications, attendanceAbsences, attendanceRolls } from '../../db/schema/attendance.js';

const j = absenceJustifications;

const columns = {
  id: j.id,
  alunoId: j.alunoId,
  alunoNome: students.nome,
  turmaNome: classes.nome,
  data: j.data,
  motivo: j.motivo,
  arquivoNome: j.arquivoNome,
  arquivoTipo: j.arquivoTipo,
  arquivoTamanho: j.arquivoTamanho,
  situacao: j.situacao,
  resposta: j.resposta,
  enviadaPorNome: j.enviadaPorNome,
  createdAt: j.createdAt,
  respondidaPorNome: j.respondidaPorNome,
  respondidaEm: j.respondidaEm,
  faltas:
    sql<number>`(select count(*) from ${attendanceAbsences} f join ${attendanceRolls} c on c.id = f.chamada_id where f.aluno_id = ${j.alunoId} and c.data = ${j.data})`.mapWith(
      Number,
    ),
};

function select(db: DbOrTx) {
  return db
    .select(columns)
    .from(j)
    .innerJoin(students, eq(students.id, j.alunoId))
    .leftJoin(classes, eq(classes.id, students.turmaId));
}

type Row = Awaited<ReturnType<typeof select>>[number];

function toJustificativa(row: Row): Justificativa {
  return {
    id: row.id,
    aluno: { id: row.alunoId, nome: row.alunoNome },
    turma_nome: row.turmaNome,
    data: row.data,
    faltas: row.faltas,
    motivo: row.motivo,
    arquivo:
      row.arquivoNome && row.arquivoTipo
        ? {
            nome: row.arquivoNome,
            tipo: row.arquivoTipo,
            tamanho: row.arquivoTamanho ?? 0,
            url: `/api/frequencia/justificativas/${row.id}/arquivo`,
          }
        : null,
    situacao: row.situacao,
    resposta: row.resposta,
    enviada_por_nome: row.enviadaPorNome,
    enviada_em: row.createdAt.toISOString(),
    respondida_por_nome: row.respondidaPorNome,
    respondida_em: row.respondidaEm?.toISOString() ?? null,
  };
}

/** One justification as written (after a send or an answer). */
export async function getJustificativa(db: DbOrTx, id: string): Promise<Justificativa> {
  const [row] = await select(db).where(eq(j.id, id));
  if (!row) throw notFound('Justificativa não encontrada.');
  return toJustificativa(row);
}

/** GET /api/frequencia/justificativas — the school's queue: pending ones oldest first, by default. */
export async function listJustificativas(
  db: DbOrTx,
  user: SignedInUser,
  query: { situacao: string; turma_id?: string | undefined; aluno_id?: string | undefined } & {
    page: number;
    pageSize: number;
  },
): Promise<JustificativaPage> {
  const scope = await scopeOf(db, user);
  const where = and(
    studentsInScope(scope),
    query.situacao === 'todas' ? undefined : eq(j.situacao, query.situacao as 'enviada'),
    query.turma_id ? eq(students.turmaId, query.turma_id) : undefined,
    query.aluno_id ? eq(j.alunoId, query.aluno_id) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    select(db)
      .where(where)
      .orderBy(query.situacao === 'enviada' ? asc(j.createdAt) : desc(j.createdAt))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(j).innerJoin(students, eq(students.id, j.alunoId)).where(where),
  ]);
  return {
    items: rows.map((row) => toJustificativa(row)),
    total: total?.n ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}
export type { JustificativasQuery };

/**
 * GET /api/frequencia/justificativas/minhas — a family's: their children's (one with `aluno_id`), newest
 * first. Only families (and a student's own account, for the student) have any.
 */
export async function listOwnJustificativas(
  db: DbOrTx,
  user: SignedInUser,
  alunoId: string | undefined,
): Promise<Justificativa[]> {
  const scope = await scopeOf(db, user);
  if (scope.kind !== 'guardian' && scope.kind !== 'student') return [];
  const rows = await select(db)
    .where(and(studentsInScope(scope), alunoId ? eq(j.alunoId, alunoId) : undefined))
    .orderBy(desc(j.data), desc(j.createdAt))
    .limit(200);
  return rows.map((row) => toJustificativa(row));
}

/**
 * GET /api/frequencia/justificativas/:id/arquivo — the atestado, for the child's family and for the staff
 * who answer justifications; anyone else (a teacher, the secretaria without the permission): 404.
 */
export async function readAtestado(db: DbOrTx, user: SignedInUser, id: string) {
  const scope = await scopeOf(db, user);
  const family = scope.kind === 'guardian' || scope.kind === 'student';
  const reach = family || can(user.permissoes, 'academics.manage') ? studentsInScope(scope) : sql`false`;
  const [row] = await db
    .select({ nome: j.arquivoNome, tipo: j.arquivoTipo, bytes: j.arquivo })
    .from(j)
    .innerJoin(students, eq(students.id, j.alunoId))
    .where(and(eq(j.id, id), reach));
  if (!row?.bytes || !row.nome || !row.tipo) throw notFound('Atestado não encontrado.');
  return { nome: row.nome, tipo: row.tipo, bytes: row.bytes };
}

/** The latest justification of each (child, day) among `alunoIds` (for the feed). */
export function latestJustificativas(db: DbOrTx, alunoIds: string[]) {
  return db
    .selectDistinctOn([j.alunoId, j.data], {
      id: j.id,
      alunoId: j.alunoId,
      data: j.data,
      situacao: j.situacao,
      resposta: j.resposta,
      createdAt: j.createdAt,
      respondidaEm: j.respondidaEm,
    })
    .from(j)
    .where(inArray(j.alunoId, alunoIds))
    .orderBy(j.alunoId, j.data, desc(j.createdAt));
}
