import { and, eq } from 'drizzle-orm';
import { agendaByDefault, defaultAgendaItens, type AgendaItens } from '../../../shared/agenda.schemas.js';
import type { DbOrTx } from '../../db/client.js';
import { agendaModelos } from '../../db/schema/agenda.js';
import { classes } from '../../db/schema/classes.js';
import { students } from '../../db/schema/students.js';
import { clock } from '../../lib/clock.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import {
  classesInScope,
  scopeOf,
  studentNotFound,
  studentsInScope,
  type RecordsScope,
  type Viewer,
} from '../students/index.js';

/** Shared rules of the agenda (ADR 0037): which classes keep one, who reaches a class, which days. */

export const turmaNotFound = () => notFound('Turma não encontrada.');
export const SEM_AGENDA = 'Esta turma não tem agenda diária: a coordenação pode ativá-la no modelo da turma.';
export const DIA_FUTURO = 'A agenda não pode ser de um dia futuro.';
export const DIA_ENCERRADO =
  'A agenda só pode ser preenchida ou alterada no próprio dia: a de dias anteriores fica como foi enviada.';

export type TurmaRow = typeof classes.$inferSelect;

export const turmaRefOf = (turma: TurmaRow) => ({
  id: turma.id,
  nome: turma.nome,
  serie: turma.serie,
  nivel: turma.nivel,
});

/** The child as `viewer` reaches them (a 404 when they do not), and the viewer's scope. */
export async function childInScope(db: DbOrTx, viewer: Viewer, alunoId: string): Promise<RecordsScope> {
  const scope = await scopeOf(db, viewer);
  const [child] = await db
    .select({ id: students.id })
    .from(students)
    .where(and(eq(students.id, alunoId), studentsInScope(scope)));
  if (!child) throw studentNotFound();
  return scope;
}

/**
 * The class as the school's staff or its teacher reaches it; a family or a student does not reach a
 * class's agenda as such (only their child's day), so it is a 404 for them, as for another teacher.
 */
export async function staffClass(db: DbOrTx, scope: RecordsScope, turmaId: string): Promise<TurmaRow> {
  if (scope.kind !== 'all' && scope.kind !== 'teacher') throw turmaNotFound();
  const [turma] = await db
    .select()
    .from(classes)
    .where(and(eq(classes.id, turmaId), classesInScope(scope)));
  if (!turma) throw turmaNotFound();
  return turma;
}

/** The class's template: the coordination's, or the default of its stage. */
export async function modeloOf(
  db: DbOrTx,
  turma: TurmaRow,
): Promise<{ ativa: boolean; itens: AgendaItens; version: number | null }> {
  const [row] = await db.select().from(agendaModelos).where(eq(agendaModelos.turmaId, turma.id));
  if (row) return { ativa: row.ativa, itens: row.itens, version: row.version };
  return { ativa: agendaByDefault(turma.nivel, turma.serie), itens: defaultAgendaItens, version: null };
}

export async function assertHasAgenda(db: DbOrTx, turma: TurmaRow): Promise<AgendaItens> {
  const modelo = await modeloOf(db, turma);
  if (!modelo.ativa) throw conflict(SEM_AGENDA);
  return modelo.itens;
}

/** A day that can be read: today or before. */
export function assertNotFuture(data: string): void {
  if (data > clock.today()) throw badRequest(DIA_FUTURO, [{ path: 'data', message: DIA_FUTURO }]);
}

/** A day that can be written: today only (ADR 0037). */
export function assertEditable(data: string): void {
  assertNotFuture(data);
  if (data !== clock.today()) throw conflict(DIA_ENCERRADO);
}
