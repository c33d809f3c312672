import { and, count, eq } from 'drizzle-orm';
import { PARECER_FOTOS_MAX, type Parecer } from '../../../shared/pareceres.schemas.js';
import type { DbOrTx } from '../../db/client.js';
import { parecerFotos, pareceres, type ParecerRow } from '../../db/schema/pareceres.js';
import { clock } from '../../lib/clock.js';
import { conflict, notFound } from '../../lib/errors.js';
import type { Actor } from '../../lib/http.js';
import { recordAudit } from '../audit/index.js';
import { storedPhotoOf } from '../media/index.js';
import { hasImageConsent } from '../privacy/index.js';
import { scopeOf, type Viewer } from '../students/index.js';
import { findOne, parecerNotFound, toParecer, writingTarget } from './pareceres.service.js';

/**
 * Photos of the child's work in a parecer (issue 31 §1). The class's teacher (or the school's staff,
 * as for the text) attaches up to PARECER_FOTOS_MAX images, re-encoded by the media rules (type by
 * content, size and pixel limits, metadata dropped), only while the family's image consent stands.
 * They are read through the parecer's own route, by whoever reaches the parecer (a family only once
 * published), never by a public address. Adding or removing one changes what the family reads, so a
 * reviewed or published parecer goes back to 'rascunho' (ADR 0026), and both are audited.
 */

export const NO_IMAGE_CONSENT =
  'A família não autorizou o uso de imagem desta criança: registre o consentimento de imagem antes de anexar fotos ao parecer.';
const fotoNotFound = () => notFound('Foto não encontrada.');

/** The parecer being changed, locked; a photo goes on a written parecer only. */
async function lockedParecer(tx: DbOrTx, alunoId: string, periodoId: string): Promise<ParecerRow> {
  const [row] = await tx
    .select()
    .from(pareceres)
    .where(and(eq(pareceres.alunoId, alunoId), eq(pareceres.periodoId, periodoId)))
    .for('update');
  if (!row) throw conflict('Salve o parecer antes de anexar fotos.');
  return row;
}

/** What the family reads changed: a reviewed or published parecer is a draft again (ADR 0026). */
async function touch(tx: DbOrTx, row: ParecerRow, actor: Actor) {
  const reopened = row.status !== 'rascunho';
  await tx
    .update(pareceres)
    .set({
      status: 'rascunho',
      ...(reopened
        ? { enviadoEm: null, revisorId: null, revisorNome: null, revisadoEm: null, publicadoEm: null }
        : {}),
      autorId: actor.id,
      autorNome: actor.nome,
      version: row.version + 1,
      updatedAt: clock.now(),
    })
    .where(eq(pareceres.id, row.id));
  return reopened ? { status_anterior: row.status } : {};
}

async function present(db: DbOrTx, viewer: Viewer, alunoId: string, periodoId: string): Promise<Parecer> {
  const row = await findOne(db, alunoId, periodoId, await scopeOf(db, viewer));
  if (!row) throw parecerNotFound();
  return toParecer(row);
}

/**
 * A photo added or removed: the parecer written, locked and back to draft if the family read it; the
 * change audited with the photo's id. `change` does the photo's own part and answers that id.
 */
async function changeFotos(
  db: DbOrTx,
  viewer: Viewer,
  target: { alunoId: string; periodoId: string },
  actor: Actor,
  action: 'anexar_foto' | 'excluir_foto',
  change: (tx: DbOrTx, row: ParecerRow) => Promise<string>,
): Promise<Parecer> {
  const { alunoId, periodoId } = target;
  const scope = await scopeOf(db, viewer);
  await db.transaction(async (tx) => {
    await writingTarget(tx, scope, alunoId, periodoId);
    const row = await lockedParecer(tx, alunoId, periodoId);
    const fotoId = await change(tx, row);
    const reopened = await touch(tx, row, actor);
    await recordAudit(tx, actor, {
      action,
      entity: 'parecer',
      entityId: row.id,
      details: { aluno_id: alunoId, periodo_id: periodoId, foto_id: fotoId, ...reopened },
    });
  });
  return present(db, viewer, alunoId, periodoId);
}

/** POST /api/pareceres/:aluno_id/:periodo_id/fotos */
export async function addParecerFoto(
  db: DbOrTx,
  viewer: Viewer,
  alunoId: string,
  periodoId: string,
  bytes: Buffer,
  actor: Actor,
): Promise<Parecer> {
  return changeFotos(db, viewer, { alunoId, periodoId }, actor, 'anexar_foto', async (tx, row) => {
    if (!(await hasImageConsent(tx, alunoId))) throw conflict(NO_IMAGE_CONSENT);
    const [held] = await tx
      .select({ total: count() })
      .from(parecerFotos)
      .where(eq(parecerFotos.parecerId, row.id));
    if ((held?.total ?? 0) >= PARECER_FOTOS_MAX)
      throw conflict(`Cada parecer tem no máximo ${String(PARECER_FOTOS_MAX)} fotos.`);
    const photo = await storedPhotoOf(bytes);
    const [foto] = await tx
      .insert(parecerFotos)
      .values({ parecerId: row.id, ...photo, enviadoPor: actor.id })
      .returning({ id: parecerFotos.id });
    return foto!.id;
  });
}

/** DELETE /api/pareceres/:aluno_id/:periodo_id/fotos/:foto_id — audited. */
export async function deleteParecerFoto(
  db: DbOrTx,
  viewer: Viewer,
  alunoId: string,
  periodoId: string,
  fotoId: string,
  actor: Actor,
): Promise<Parecer> {
  return changeFotos(db, viewer, { alunoId, periodoId }, actor, 'excluir_foto', async (tx, row) => {
    const [removed] = await tx
      .delete(parecerFotos)
      .where(and(eq(parecerFotos.id, fotoId), eq(parecerFotos.parecerId, row.id)))
      .returning({ id: parecerFotos.id });
    if (!removed) throw fotoNotFound();
    return fotoId;
  });
}

/**
 * GET …/fotos/:foto_id — the image, to whoever reaches the parecer (the school, the class's teacher,
 * the family once published); 404 to anyone else, and to everyone once the image consent is withdrawn.
 */
export async function readParecerFoto(
  db: DbOrTx,
  viewer: Viewer,
  alunoId: string,
  periodoId: string,
  fotoId: string,
): Promise<{ mimeType: string; bytes: Buffer }> {
  const parecer = await findOne(db, alunoId, periodoId, await scopeOf(db, viewer));
  if (!parecer) throw fotoNotFound();
  const [foto] = await db
    .select({ mimeType: parecerFotos.mimeType, bytes: parecerFotos.bytes })
    .from(parecerFotos)
    .where(and(eq(parecerFotos.id, fotoId), eq(parecerFotos.parecerId, parecer.parecer.id)));
  if (!foto || !(await hasImageConsent(db, alunoId))) throw fotoNotFound();
  return foto;
}

/** The photos' bytes of a parecer, for the PDF: none once the image consent is withdrawn. */
export async function fotosForPdf(db: DbOrTx, parecerId: string, alunoId: string): Promise<Buffer[]> {
  if (!(await hasImageConsent(db, alunoId))) return [];
  const rows = await db
    .select({ bytes: parecerFotos.bytes, mimeType: parecerFotos.mimeType })
    .from(parecerFotos)
    .where(eq(parecerFotos.parecerId, parecerId))
    .orderBy(parecerFotos.createdAt, parecerFotos.id);
  // pdfkit draws JPEG and PNG; a WebP is left out of the printed report (it stays on screen).
  return rows.filter((row) => row.mimeType !== 'image/webp').map((row) => row.bytes);
}
