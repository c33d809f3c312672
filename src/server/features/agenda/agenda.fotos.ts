import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { agendaDias, agendaFotos } from '../../db/schema/agenda.js';
import { clock } from '../../lib/clock.js';
import { conflict, notFound } from '../../lib/errors.js';
import type { Actor } from '../../lib/http.js';
import { recordAudit } from '../audit/index.js';
import { storedPhotoOf } from '../media/index.js';
import { hasImageConsent } from '../privacy/index.js';
import { classOnDate, scopeOf, type Viewer } from '../students/index.js';
import { assertEditable, assertHasAgenda, childInScope, staffClass } from './agenda.scope.js';

/**
 * The photo of the day's activity, one per class and day (ADR 0037). The teacher sends it with the day
 * (the form names the children without image consent, who must not appear in it); the school and the
 * teacher see it; a family sees it only while the image consent for their child stands. Never public.
 */

const fotoNotFound = () => notFound('Foto não encontrada.');

async function savedDay(db: DbOrTx, turmaId: string, data: string) {
  const [day] = await db
    .select()
    .from(agendaDias)
    .where(and(eq(agendaDias.turmaId, turmaId), eq(agendaDias.data, data)));
  return day;
}

/** PUT /api/agenda/turmas/:id/:data/foto — replaces the day's photo; audited. */
export async function putDayPhoto(
  db: DbOrTx,
  viewer: Viewer,
  turmaId: string,
  data: string,
  bytes: Buffer,
  actor: Actor,
): Promise<void> {
  const turma = await staffClass(db, await scopeOf(db, viewer), turmaId);
  await assertHasAgenda(db, turma);
  assertEditable(data);
  const day = await savedDay(db, turma.id, data);
  if (!day) throw conflict('Salve a agenda do dia antes de enviar a foto.');
  const photo = await storedPhotoOf(bytes);
  await db.transaction(async (tx) => {
    const values = {
      ...photo,
      enviadoPor: actor.id,
      createdAt: clock.now(),
    };
    await tx
      .insert(agendaFotos)
      .values({ diaId: day.id, ...values })
      .onConflictDoUpdate({ target: agendaFotos.diaId, set: values });
    await recordAudit(tx, actor, {
      action: 'anexar_foto_agenda',
      entity: 'agenda',
      entityId: day.id,
      details: { turma_id: turma.id, data },
    });
  });
}

/** DELETE /api/agenda/turmas/:id/:data/foto — audited. */
export async function deleteDayPhoto(
  db: DbOrTx,
  viewer: Viewer,
  turmaId: string,
  data: string,
  actor: Actor,
): Promise<void> {
  const turma = await staffClass(db, await scopeOf(db, viewer), turmaId);
  assertEditable(data);
  const day = await savedDay(db, turma.id, data);
  if (!day) throw fotoNotFound();
  await db.transaction(async (tx) => {
    const removed = await tx
      .delete(agendaFotos)
      .where(eq(agendaFotos.diaId, day.id))
      .returning({ id: agendaFotos.diaId });
    if (removed.length === 0) throw fotoNotFound();
    await recordAudit(tx, actor, {
      action: 'excluir_foto_agenda',
      entity: 'agenda',
      entityId: day.id,
      details: { turma_id: turma.id, data },
    });
  });
}

async function photoOfDay(db: DbOrTx, turmaId: string, data: string) {
  const day = await savedDay(db, turmaId, data);
  if (!day) throw fotoNotFound();
  const [foto] = await db
    .select({ mimeType: agendaFotos.mimeType, bytes: agendaFotos.bytes })
    .from(agendaFotos)
    .where(eq(agendaFotos.diaId, day.id));
  if (!foto) throw fotoNotFound();
  return foto;
}

/** GET /api/agenda/turmas/:id/:data/foto — the school and the class's teacher. */
export async function readClassPhoto(db: DbOrTx, viewer: Viewer, turmaId: string, data: string) {
  const turma = await staffClass(db, await scopeOf(db, viewer), turmaId);
  return photoOfDay(db, turma.id, data);
}

/**
 * GET /api/agenda/alunos/:id/foto?data= — the photo of the day of the class the child was in that day, to
 * whoever reaches the child; 404 to a family (or student) without the image consent for that child, as if
 * there were none, and of a day before the child joined the class.
 */
export async function readChildPhoto(db: DbOrTx, viewer: Viewer, alunoId: string, data: string) {
  const scope = await childInScope(db, viewer, alunoId);
  const staff = scope.kind === 'all' || scope.kind === 'teacher';
  if (!staff && !(await hasImageConsent(db, alunoId))) throw fotoNotFound();
  // The photo of the class the child was in that day: none of a day before they joined it.
  const turmaId = await classOnDate(db, alunoId, data);
  if (!turmaId) throw fotoNotFound();
  const day = await savedDay(db, turmaId, data);
  if (day?.excecoes.some((one) => one.aluno_id === alunoId && one.ausente)) throw fotoNotFound();
  return photoOfDay(db, turmaId, data);
}
