import { folded } from '../../lib/text-search.js';
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  defaultConsentPurposes,
  previousDefaultWordings,
  type ClassConsents,
  type ConsentPurpose,
  type MediaTags,
  type PurposeInput,
  type StudentConsents,
} from '../../../shared/consent.schemas.js';
import type { SiteContent } from '../../../shared/content.schemas.js';
import { can, type Permission } from '../../../shared/permissions.js';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { clock } from '../../lib/clock.js';
import { AppError, notFound } from '../../lib/errors.js';
import { enforceWriteLimits, ownRows, WRITE_LIMITS } from '../../lib/write-limits.js';
import { recordAudit, systemActor, type Actor } from '../audit/index.js';
import { readSiteContent, writeSiteSection } from '../content/index.js';
import { sendsSms } from '../settings/index.js';
import { purposesNotOffered } from './consent.offered.js';
import { classes } from '../../db/schema/classes.js';
import { media } from '../../db/schema/media.js';
import { scopeOf, studentNotFound, studentsInScope, type Viewer } from '../students/index.js';
import { students } from '../../db/schema/students.js';
import { consentPurposes, consents, mediaStudents, type ConsentPurposeRow } from '../../db/schema/consent.js';

const purposeNotFound = () => notFound('Finalidade não encontrada.');

function toPurpose(row: ConsentPurposeRow): ConsentPurpose {
  return {
    id: row.id,
    chave: row.chave,
    titulo: row.titulo,
    descricao: row.descricao,
    versao: row.versao,
    ativo: row.ativo,
  };
}

/** The purposes, creating the defaults the first time (a new installation, a wiped database). */
export async function listPurposes(db: DbOrTx, onlyActive = false): Promise<ConsentPurpose[]> {
  let rows = await db
    .select()
    .from(consentPurposes)
    .orderBy(asc(consentPurposes.ordem), asc(consentPurposes.titulo));
  // A default the installation lacks (all of them the first time; one added by a later version, such as
  // 'portal_aluno') is created after the school's own, which are never touched.
  const missing = defaultConsentPurposes.filter(({ chave }) => !rows.some((row) => row.chave === chave));
  if (missing.length > 0) {
    await db
      .insert(consentPurposes)
      .values(missing.map((purpose, index) => ({ ...purpose, ordem: rows.length + index })))
      .onConflictDoNothing();
    rows = await db
      .select()
      .from(consentPurposes)
      .orderBy(asc(consentPurposes.ordem), asc(consentPurposes.titulo));
  }
  rows = await rewordDefaults(db, rows);
  return rows.filter((row) => !onlyActive || row.ativo).map(toPurpose);
}

/**
 * A default purpose still in an earlier default wording (`previousDefaultWordings`) takes the current
 * one as a new version, once; a wording the school edited is the school's and stays.
 */
async function rewordDefaults(db: DbOrTx, rows: ConsentPurposeRow[]): Promise<ConsentPurposeRow[]> {
  const stale = rows.filter(
    (row) => row.chave !== null && previousDefaultWordings[row.chave]?.includes(row.descricao) === true,
  );
  if (stale.length === 0) return rows;
  const updated = new Map<string, ConsentPurposeRow>();
  for (const row of stale) {
    const current = defaultConsentPurposes.find((purpose) => purpose.chave === row.chave)!;
    // Guarded by the old wording, so two first reads at once make one new version, not two.
    const [saved] = await db
      .update(consentPurposes)
      .set({ descricao: current.descricao, versao: row.versao + 1, updatedAt: new Date() })
      .where(and(eq(consentPurposes.id, row.id), eq(consentPurposes.descricao, row.descricao)))
      .returning();
    if (saved) {
      updated.set(saved.id, saved);
      await recordAudit(db, systemActor, {
        action: 'atualizar',
        entity: 'finalidade',
        entityId: saved.id,
        details: { nova_versao: true, texto_padrao: true },
      });
    }
  }
  return rows.map((row) => updated.get(row.id) ?? row);
}

export async function createPurpose(db: DbOrTx, input: PurposeInput, actor: Actor): Promise<ConsentPurpose> {
  return db.transaction(async (tx) => {
    const existing = await listPurposes(tx);
    const [row] = await tx
      .insert(consentPurposes)
      .values({
        titulo: input.titulo,
        descricao: input.descricao,
        ativo: input.ativo ?? true,
        ordem: existing.length,
      })
      .returning();
    await recordAudit(tx, actor, { action: 'criar', entity: 'finalidade', entityId: row!.id });
    return toPurpose(row!);
  });
}

/** A new wording is a new version: consents keep the version they were given under. */
export async function updatePurpose(
  db: DbOrTx,
  id: string,
  input: PurposeInput,
  actor: Actor,
): Promise<ConsentPurpose> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(consentPurposes).where(eq(consentPurposes.id, id)).for('update');
    if (!current) throw purposeNotFound();
    const reworded = current.titulo !== input.titulo || current.descricao !== input.descricao;
    const [row] = await tx
      .update(consentPurposes)
      .set({
        titulo: input.titulo,
        descricao: input.descricao,
        ativo: input.ativo ?? true,
        versao: reworded ? current.versao + 1 : current.versao,
        updatedAt: new Date(),
      })
      .where(eq(consentPurposes.id, id))
      .returning();
    await recordAudit(tx, actor, {
      action: 'atualizar',
      entity: 'finalidade',
      entityId: id,
      details: { nova_versao: reworded, ativo: row!.ativo },
    });
    return toPurpose(row!);
  });
}

/** The latest record per child and purpose: the current state (and the purpose's version it answered). */
export function latestConsents(db: DbOrTx, alunoIds: string[]) {
  return db
    .selectDistinctOn([consents.alunoId, consents.finalidadeId], {
      alunoId: consents.alunoId,
      finalidadeId: consents.finalidadeId,
      concedido: consents.concedido,
      versao: consents.versaoFinalidade,
    })
    .from(consents)
    .where(inArray(consents.alunoId, alunoIds))
    .orderBy(consents.alunoId, consents.finalidadeId, desc(consents.id));
}

/**
 * Whether the child's family has given, and not withdrawn, the image consent ('imagem'): the rule for
 * any photo of the child the school keeps, the gallery's and a parecer's (issue 31 §1).
 */
export async function hasImageConsent(db: DbOrTx, alunoId: string): Promise<boolean> {
  const [imagem] = await db.select().from(consentPurposes).where(eq(consentPurposes.chave, 'imagem'));
  if (!imagem) return false;
  const latest = await latestConsents(db, [alunoId]);
  return latest.find((row) => row.finalidadeId === imagem.id)?.concedido ?? false;
}

/**
 * The family's answer, now, to the purpose `chave` for the child: given or withdrawn, by whom (null: a
 * paper form the secretaria recorded) and when; null when never answered.
 */
export async function currentConsentOf(
  db: DbOrTx,
  alunoId: string,
  chave: string,
): Promise<{ concedido: boolean; responsavelId: string | null; em: Date } | null> {
  await listPurposes(db);
  const [row] = await db
    .select({
      concedido: consents.concedido,
      responsavelId: consents.responsavelId,
      em: consents.registradoEm,
    })
    .from(consents)
    .innerJoin(consentPurposes, eq(consentPurposes.id, consents.finalidadeId))
    .where(and(eq(consents.alunoId, alunoId), eq(consentPurposes.chave, chave)))
    .orderBy(desc(consents.id))
    .limit(1);
  return row ?? null;
}

/** A student the viewer reaches (admin all, teacher their classes, guardian their children), else 404. */
async function studentInScope(db: DbOrTx, viewer: Viewer, alunoId: string) {
  const scope = await scopeOf(db, viewer);
  const scoped = studentsInScope(scope);
  const [row] = await db
    .select({ id: students.id, nome: students.nome })
    .from(students)
    .where(scoped ? and(eq(students.id, alunoId), scoped) : eq(students.id, alunoId));
  if (!row) throw studentNotFound();
  return { student: row, scope };
}

export async function getStudentConsents(
  ctx: AppContext,
  viewer: Viewer,
  alunoId: string,
): Promise<StudentConsents> {
  const { db } = ctx;
  const { student } = await studentInScope(db, viewer, alunoId);
  const [purposes, history, sms] = await Promise.all([
    listPurposes(db),
    db.select().from(consents).where(eq(consents.alunoId, alunoId)).orderBy(desc(consents.id)),
    sendsSms(ctx),
  ]);
  // A purpose not offered for this child (the Portal do Aluno below its série) shows only once answered.
  const notOffered = await purposesNotOffered(db, alunoId, purposes);
  const answered = (purpose: ConsentPurpose) => history.some((entry) => entry.finalidadeId === purpose.id);
  return {
    aluno: student,
    sms_disponivel: sms,
    finalidades: purposes
      .filter((purpose) => answered(purpose) || (purpose.ativo && !notOffered.has(purpose.id)))
      .map((purpose) => {
        const entries = history.filter((entry) => entry.finalidadeId === purpose.id);
        return {
          finalidade: purpose,
          concedido: entries[0]?.concedido ?? null,
          historico: entries.map((entry) => ({
            id: entry.id,
            concedido: entry.concedido,
            versao_finalidade: entry.versaoFinalidade,
            registrado_em: entry.registradoEm.toISOString(),
            registrado_por: entry.responsavelId ? ('responsavel' as const) : ('secretaria' as const),
          })),
        };
      }),
  };
}

/**
 * What another module does, in the withdrawal's own transaction, when a family withdraws the consent
 * `chave` for a child (the account that rested on it is disabled: contas-aluno). It may answer a step to
 * run after the commit (a cache to forget). Registered by the module that owns the consequence, so the
 * dependency stays one-way (that module reads consents through this one).
 */
export type ConsentWithdrawalHandler = (
  ctx: AppContext,
  tx: DbOrTx,
  alunoId: string,
  actor: Actor,
) => Promise<(() => void) | undefined>;

const withdrawalHandlers = new Map<string, ConsentWithdrawalHandler[]>();

export function onConsentWithdrawn(chave: string, handler: ConsentWithdrawalHandler): void {
  const handlers = withdrawalHandlers.get(chave) ?? [];
  if (!handlers.includes(handler)) withdrawalHandlers.set(chave, [...handlers, handler]);
}

/**
 * A guardian gives or withdraws a consent for their child (the secretaria may record a paper form).
 * Withdrawing image consent unpublishes the child's tagged photos in the same transaction; withdrawing
 * any other runs what the modules registered for it (`onConsentWithdrawn`) in that transaction too.
 */
export async function recordConsent(
  ctx: AppContext,
  viewer: Viewer & { permissoes: readonly Permission[] },
  alunoId: string,
  input: { finalidade_id: string; concedido: boolean },
  actor: Actor,
): Promise<StudentConsents> {
  const { scope } = await studentInScope(ctx.db, viewer, alunoId);
  // Teachers read consents (a trip needs them) but only families and the secretaria decide.
  if (scope.kind === 'teacher') throw studentNotFound();
  // On the school's side, who records a family's paper form keeps the students' records (the secretaria)
  // or manages consents (LGPD): a profile that only reads students (Financeiro, Coordenação) neither
  // publishes a child's photos nor withdraws a consent for the family.
  if (viewer.nivel === 'administrador' && !can(viewer.permissoes, ['students.write', 'privacy.manage']))
    throw new AppError(
      'FORBIDDEN',
      'Registrar o consentimento de uma família pede a permissão de editar alunos ou de gerenciar consentimentos.',
    );
  const afterCommit: (() => void)[] = [];
  const unpublished = await ctx.db.transaction(async (tx) => {
    // The history only grows (a trigger refuses changes): one account adds so many a day (ADR 0018).
    await enforceWriteLimits(tx, viewer, 'consentimentos', [
      {
        limit: WRITE_LIMITS.consentimentos,
        source: ownRows(consents, consents.registradoEm, consents.usuarioId, viewer.id),
      },
    ]);
    const [purpose] = await tx
      .select()
      .from(consentPurposes)
      .where(eq(consentPurposes.id, input.finalidade_id));
    if (!purpose) throw purposeNotFound();
    if (!purpose.ativo && input.concedido)
      throw new AppError(
        'CONFLICT',
        'Esta finalidade não está mais em uso: só é possível retirar o consentimento.',
      );
    await tx.insert(consents).values({
      alunoId,
      finalidadeId: purpose.id,
      concedido: input.concedido,
      versaoFinalidade: purpose.versao,
      responsavelId: scope.kind === 'guardian' ? scope.guardianId : null,
      usuarioId: viewer.id,
      registradoEm: clock.now(),
      ip: actor.ip,
    });
    await recordAudit(tx, actor, {
      action: input.concedido ? 'conceder_consentimento' : 'retirar_consentimento',
      entity: 'aluno',
      entityId: alunoId,
      details: { finalidade_id: purpose.id, versao: purpose.versao },
    });
    if (!input.concedido && purpose.chave)
      for (const handler of withdrawalHandlers.get(purpose.chave) ?? []) {
        const after = await handler(ctx, tx, alunoId, actor);
        if (after) afterCommit.push(after);
      }
    return purpose.chave === 'imagem' && !input.concedido ? unpublishBlockedPhotos(tx, actor) : 0;
  });
  for (const step of afterCommit) step();
  if (unpublished > 0) await ctx.content.refresh();
  return getStudentConsents(ctx, viewer, alunoId);
}

/** The secretaria's table: each active student of a class and their current consent per purpose. */
export async function getClassConsents(db: DbOrTx, turmaId: string): Promise<ClassConsents> {
  const [turma] = await db.select({ id: classes.id }).from(classes).where(eq(classes.id, turmaId));
  if (!turma) throw notFound('Turma não encontrada.');
  const purposes = await listPurposes(db, true);
  const rows = await db
    .select({ id: students.id, nome: students.nome })
    .from(students)
    .where(and(eq(students.turmaId, turmaId), eq(students.status, 'ativo')))
    .orderBy(folded(students.nome));
  const latest =
    rows.length > 0
      ? await latestConsents(
          db,
          rows.map((row) => row.id),
        )
      : [];
  return {
    finalidades: purposes,
    alunos: rows.map((row) => ({
      ...row,
      consentimentos: Object.fromEntries(
        purposes.map((purpose) => [
          purpose.id,
          latest.find((entry) => entry.alunoId === row.id && entry.finalidadeId === purpose.id)?.concedido ??
            null,
        ]),
      ),
    })),
  };
}

/* ---------- the public gallery enforces image consent ---------- */

const MEDIA_URL = /^\/media\/([0-9a-f-]{36})$/i;

/** On a `photo_students` row: the child has no current image consent (never given, or withdrawn). */
const withoutImageConsent = sql`not coalesce((
  select ${consents.concedido} from ${consents}
  join ${consentPurposes} on ${consentPurposes.id} = ${consents.finalidadeId} and ${consentPurposes.chave} = 'imagem'
  where ${consents.alunoId} = ${mediaStudents.alunoId}
  order by ${consents.id} desc limit 1
), false)`;

/** Media ids that show at least one child without current image consent. */
async function blockedMediaIds(db: DbOrTx, mediaIds: string[]): Promise<Set<string>> {
  if (mediaIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ mediaId: mediaStudents.mediaId })
    .from(mediaStudents)
    .where(and(inArray(mediaStudents.mediaId, mediaIds), withoutImageConsent));
  return new Set(rows.map((row) => row.mediaId));
}

/**
 * For a query on `media`: whether the image shows a child without current image consent. Such an image
 * is out of the gallery and not served to the public (`GET /media/:id`); an administrator still sees it.
 */
export function mediaBlockedSql(): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${mediaStudents} where ${mediaStudents.mediaId} = ${media.id} and ${withoutImageConsent})`;
}

function mediaIdOf(url: string): string | null {
  return MEDIA_URL.exec(url)?.[1]?.toLowerCase() ?? null;
}

/**
 * Refuses a gallery with a photo that shows a child without image consent (called by every save of
 * the gallery: the editor, an import, a restored version).
 */
export async function assertGalleryPublishable(db: DbOrTx, galeria: SiteContent['galeria']): Promise<void> {
  const ids = galeria.fotos.map((photo) => mediaIdOf(photo.url)).filter((id): id is string => id !== null);
  const blocked = await blockedMediaIds(db, ids);
  const photo = galeria.fotos.find((item) => {
    const id = mediaIdOf(item.url);
    return id !== null && blocked.has(id);
  });
  if (photo)
    throw new AppError(
      'CONFLICT',
      `A foto "${photo.titulo}" mostra aluno sem consentimento de uso de imagem e não pode ser publicada. Retire a foto ou peça o consentimento ao responsável.`,
    );
}

/** Takes out of the gallery every photo that shows a child without image consent; answers how many. */
export async function unpublishBlockedPhotos(tx: DbOrTx, actor: Actor): Promise<number> {
  const state = await readSiteContent(tx);
  const galeria = state.content.galeria;
  const ids = galeria.fotos.map((photo) => mediaIdOf(photo.url)).filter((id): id is string => id !== null);
  const blocked = await blockedMediaIds(tx, ids);
  const kept = galeria.fotos.filter((photo) => {
    const id = mediaIdOf(photo.url);
    return id === null || !blocked.has(id);
  });
  const removed = galeria.fotos.length - kept.length;
  if (removed > 0)
    await writeSiteSection(
      tx,
      'galeria',
      { ...galeria, fotos: kept },
      undefined,
      actor,
      'despublicar_fotos_sem_consentimento',
    );
  return removed;
}

export async function getMediaTags(db: DbOrTx, mediaId: string): Promise<MediaTags> {
  const [found] = await db.select({ id: media.id }).from(media).where(eq(media.id, mediaId));
  if (!found) throw notFound('Imagem não encontrada.');
  const tagged = await db
    .select({ id: students.id, nome: students.nome })
    .from(mediaStudents)
    .innerJoin(students, eq(students.id, mediaStudents.alunoId))
    .where(eq(mediaStudents.mediaId, mediaId))
    .orderBy(folded(students.nome));
  const [imagem] = await db.select().from(consentPurposes).where(eq(consentPurposes.chave, 'imagem'));
  const latest =
    tagged.length > 0 && imagem
      ? (
          await latestConsents(
            db,
            tagged.map((row) => row.id),
          )
        ).filter((row) => row.finalidadeId === imagem.id)
      : [];
  const alunos = tagged.map((row) => ({
    ...row,
    consentimento_imagem: latest.find((entry) => entry.alunoId === row.id)?.concedido ?? false,
  }));
  return { media_id: mediaId, alunos, publicavel: alunos.every((aluno) => aluno.consentimento_imagem) };
}

/** Who appears in a photo; a published photo that now shows a child without consent leaves the gallery. */
export async function tagMedia(
  ctx: AppContext,
  mediaId: string,
  alunoIds: string[],
  actor: Actor,
): Promise<MediaTags> {
  await listPurposes(ctx.db);
  const unpublished = await ctx.db.transaction(async (tx) => {
    const [found] = await tx.select({ id: media.id }).from(media).where(eq(media.id, mediaId));
    if (!found) throw notFound('Imagem não encontrada.');
    const unique = [...new Set(alunoIds)];
    if (unique.length > 0) {
      const existing = await tx
        .select({ id: students.id })
        .from(students)
        .where(inArray(students.id, unique));
      if (existing.length !== unique.length) throw studentNotFound();
    }
    await tx.delete(mediaStudents).where(eq(mediaStudents.mediaId, mediaId));
    if (unique.length > 0)
      await tx.insert(mediaStudents).values(unique.map((alunoId) => ({ mediaId, alunoId })));
    await recordAudit(tx, actor, {
      action: 'marcar_alunos_foto',
      entity: 'midia',
      entityId: mediaId,
      details: { alunos: unique.length },
    });
    return unpublishBlockedPhotos(tx, actor);
  });
  if (unpublished > 0) await ctx.content.refresh();
  return getMediaTags(ctx.db, mediaId);
}
