/**
 * Who may see and who may manage a notice: the caller's access to one notice (author, administrator,
 * recipient), the 404 that hides it from anyone else, and the shared types of the notice use cases.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { comunicadoInputSchema, listComunicadosQuerySchema } from '../../../shared/comunicados.schemas.js';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { can, type Permission } from '../../../shared/permissions.js';
import { AppError, notFound } from '../../lib/errors.js';
import { classIdsTaughtBy } from '../students/index.js';
import type { UserRow } from '../../db/schema/users.js';
import {
  comunicadoCientes,
  comunicadoDestinatarios,
  comunicados,
  type ComunicadoRow,
} from '../../db/schema/comunicados.js';
import { audienceInScope } from './comunicados.audience.js';

/** The signed-in author (its `permissoes`); a background job acting for a stored author has none. */
export type Author = Pick<UserRow, 'id' | 'nivel' | 'nome'> & { permissoes?: readonly Permission[] };
export type ParsedInput = z.output<typeof comunicadoInputSchema>;
export type ListQuery = z.output<typeof listComunicadosQuerySchema>;

export const comunicadoNotFound = () => notFound('Comunicado não encontrado.');
export const isAdmin = (user: Pick<UserRow, 'nivel'>) => user.nivel === 'administrador';
/**
 * Whether the user addresses the whole school (any audience, ADR 0031): staff holding
 * `comunicados.escola`. Staff holding only `comunicados.turmas` write to classes, any of them; a teacher
 * to the classes they teach, whatever their profiles (scope is the account's kind, ADR 0025).
 */
export const reachesSchool = (user: Pick<Author, 'nivel' | 'permissoes'>) =>
  isAdmin(user) && (user.permissoes === undefined || can(user.permissoes, 'comunicados.escola'));
/** Whether the user addresses any class (ADR 0031): staff holding `comunicados.turmas` (not Financeiro). */
export const reachesClasses = (user: Pick<Author, 'nivel' | 'permissoes'>) =>
  isAdmin(user) && (user.permissoes === undefined || can(user.permissoes, 'comunicados.turmas'));
export const linkOf = (id: string) => `/dashboard/comunicados?id=${id}`;

type RecipientRow = typeof comunicadoDestinatarios.$inferSelect;

interface NoticeAccess {
  row: ComunicadoRow;
  /** An administrator, or the author while every class of the audience is still theirs. */
  manages: boolean;
  /** The caller's delivery, while the notice is not removed. */
  recipient: RecipientRow | null;
}

/**
 * Who may do what with one notice. Every action on a notice — open, edit, delete, ciente, leituras,
 * lembrete, versions, attachments — asks here, so none can drift from the others (issue 29: a teacher
 * moved to other classes still reminded and listed an old class through an old notice, because only
 * editing checked the audience). An administrator manages any notice; its author manages it only while
 * every class of its audience is still theirs, as when writing it; a recipient reads it while it is not
 * removed. Anyone else gets 404, as for a notice that does not exist.
 */
export async function noticeAccess(
  tx: DbOrTx,
  user: Author,
  id: string,
  lock?: 'update' | 'share',
): Promise<NoticeAccess> {
  const query = tx.select().from(comunicados).where(eq(comunicados.id, id));
  const [row] = lock ? await query.for(lock) : await query;
  if (!row) throw comunicadoNotFound();
  const manages =
    (isAdmin(user) || row.autorId === user.id) && (await audienceInScope(tx, user, row.publico));
  const recipient = row.removidoEm === null ? await recipientRow(tx, user.id, id) : null;
  if (!manages && !recipient) throw comunicadoNotFound();
  return { row, manages, recipient };
}

/** The notice for whoever manages it (noticeAccess); 404 for anyone else, its recipients included. */
export async function managedRow(tx: DbOrTx, user: Author, id: string, lock = false): Promise<ComunicadoRow> {
  const access = await noticeAccess(tx, user, id, lock ? 'update' : undefined);
  if (!access.manages) throw comunicadoNotFound();
  return access.row;
}

export const removedConflict = () => new AppError('CONFLICT', 'Este comunicado foi excluído.');

/** Whether any family has confirmed any version of the notice: from then on its texts are kept. */
export async function hasCiente(tx: DbOrTx, id: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: comunicadoCientes.comunicadoId })
    .from(comunicadoCientes)
    .where(eq(comunicadoCientes.comunicadoId, id))
    .limit(1);
  return row !== undefined;
}

async function recipientRow(db: DbOrTx, userId: string, id: string): Promise<RecipientRow | null> {
  const [row] = await db
    .select()
    .from(comunicadoDestinatarios)
    .where(and(eq(comunicadoDestinatarios.comunicadoId, id), eq(comunicadoDestinatarios.usuarioId, userId)));
  return row ?? null;
}

/**
 * A teacher's notices that are still theirs to manage: every class of the audience still taught by them,
 * or every chosen student still in one of their classes (the condition noticeAccess applies to one notice, here for the whole list).
 */
export function managedByTeacher(teacherId: string | null): SQL {
  if (teacherId === null) return sql`false`;
  return sql`((${comunicados.publico}->>'tipo' = 'turmas' and jsonb_array_length(${comunicados.publico}->'turmas') > 0
    and not exists (
      select 1 from jsonb_array_elements_text(${comunicados.publico}->'turmas') as turma(id)
      where turma.id::uuid not in ${classIdsTaughtBy(teacherId)}))
    or (${comunicados.publico}->>'tipo' = 'alunos' and jsonb_array_length(${comunicados.publico}->'alunos') > 0
    and not exists (
      select 1 from jsonb_array_elements_text(${comunicados.publico}->'alunos') as aluno(id)
      left join students s on s.id = aluno.id::uuid
      where s.turma_id is null or s.turma_id not in ${classIdsTaughtBy(teacherId)})))`;
}
