/**
 * Editing and deleting a notice: a change after a family's ciente is a new version (the texts already
 * confirmed are kept); a deletion after a ciente only marks it removed.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import type { Comunicado } from '../../../shared/comunicados.schemas.js';
import type { AppContext } from '../../context.js';
import { clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { assertVersion } from '../../lib/versioning.js';
import { auditRows, enforceWriteLimits, WRITE_LIMITS } from '../../lib/write-limits.js';
import { recordAudit, type Actor } from '../audit/index.js';
import { comunicadoAnexos, comunicados } from '../../db/schema/comunicados.js';
import {
  type Author,
  type ParsedInput,
  hasCiente,
  linkOf,
  managedRow,
  removedConflict,
} from './comunicados.access.js';
import { checkAudience, normalizePublico } from './comunicados.audience.js';
import { queueFanOut } from './comunicados.fanout.js';
import {
  checkSchedule,
  contentColumns,
  currentAnexos,
  publish,
  recordVersion,
} from './comunicados.publish.js';
import { attachAnexos } from './comunicados.attachments.js';
import { countsOf, getComunicadoFor } from './comunicados.presenters.js';

/** The fields of a notice's text as the audit shows them: before and after, only those that changed. */
interface TextFields {
  titulo: string;
  corpo: string;
  exige_ciente: boolean;
  anexos: string[];
  expira_em: string | null;
  publicar_em: string;
}

function changedFields(before: TextFields, after: TextFields) {
  const keys = (Object.keys(before) as (keyof TextFields)[]).filter(
    (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
  );
  return {
    keys,
    antes: Object.fromEntries(keys.map((key) => [key, before[key]])),
    depois: Object.fromEntries(keys.map((key) => [key, after[key]])),
  };
}

/** What a family confirms: any change to these after a ciente is a new version that asks for a new one. */
const TEXT_KEYS: readonly (keyof TextFields)[] = ['titulo', 'corpo', 'exige_ciente', 'anexos'];

export async function updateComunicado(
  ctx: AppContext,
  user: Author,
  id: string,
  input: ParsedInput,
  expected: number | undefined,
  actor: Actor,
): Promise<Comunicado> {
  const now = clock.now();
  const publico = normalizePublico(input.publico);
  await ctx.db.transaction(async (tx) => {
    await enforceWriteLimits(tx, user, 'comunicado-edicoes', [
      { limit: WRITE_LIMITS.comunicadoEdicoes, source: auditRows(user.id, 'comunicado', ['atualizar']) },
    ]);
    const row = await managedRow(tx, user, id, true);
    if (row.removidoEm) throw removedConflict();
    assertVersion(expected, row.version);
    const published = row.publicadoEm !== null;
    if (published && JSON.stringify(publico) !== JSON.stringify(normalizePublico(row.publico)))
      throw new AppError(
        'CONFLICT',
        'O público de um comunicado já publicado não muda. Use “Reenviar lembrete” ou crie outro comunicado.',
      );
    await checkAudience(tx, user, publico);
    const publicarEm = published
      ? row.publicarEm
      : input.publicar_em && new Date(input.publicar_em) > now
        ? new Date(input.publicar_em)
        : now;
    if (!published) checkSchedule(publicarEm, now);
    const expiraEm = input.expira_em ? new Date(input.expira_em) : null;
    if (expiraEm && expiraEm <= publicarEm)
      throw new AppError('VALIDATION', 'A expiração deve ser depois da publicação.', [
        { path: 'expira_em', message: 'A expiração deve ser depois da publicação' },
      ]);
    const current = await currentAnexos(tx, id);
    // Once a family confirmed a version, every text stays on record: a change makes a new version and the
    // cientes given no longer count for it (each family is asked again); attachments taken out are kept.
    const confirmed = published && (await hasCiente(tx, id));
    const keep = new Set(input.anexos);
    const drop = current.filter((item) => !keep.has(item.id)).map((item) => item.id);
    if (drop.length > 0) {
      if (confirmed)
        await tx.update(comunicadoAnexos).set({ removidoEm: now }).where(inArray(comunicadoAnexos.id, drop));
      else await tx.delete(comunicadoAnexos).where(inArray(comunicadoAnexos.id, drop));
    }
    const currentIds = new Set(current.map((item) => item.id));
    await attachAnexos(
      tx,
      user,
      id,
      input.anexos.filter((anexo) => !currentIds.has(anexo)),
    );
    const before: TextFields = {
      titulo: row.titulo,
      corpo: row.corpo,
      exige_ciente: row.exigeCiente,
      anexos: current.map((item) => item.nome),
      expira_em: row.expiraEm?.toISOString() ?? null,
      publicar_em: row.publicarEm.toISOString(),
    };
    const after: TextFields = {
      titulo: input.titulo,
      corpo: input.corpo,
      exige_ciente: input.exige_ciente,
      anexos: (await currentAnexos(tx, id)).map((item) => item.nome),
      expira_em: expiraEm?.toISOString() ?? null,
      publicar_em: publicarEm.toISOString(),
    };
    const changes = changedFields(before, after);
    const anexosChanged = drop.length > 0 || input.anexos.some((anexo) => !currentIds.has(anexo));
    const textChanged = anexosChanged || changes.keys.some((key) => TEXT_KEYS.includes(key));
    const newVersion = confirmed && textChanged;
    const [updated] = await tx
      .update(comunicados)
      .set({
        ...(await contentColumns(tx, input, publico)),
        publicarEm,
        expiraEm,
        version: row.version + 1,
        versaoTexto: newVersion ? row.versaoTexto + 1 : row.versaoTexto,
        updatedAt: now,
      })
      .where(eq(comunicados.id, id))
      .returning();
    let novoCiente = 0;
    if (published && textChanged && (newVersion || !confirmed))
      await recordVersion(tx, updated!, now, { id: user.id, nome: user.nome });
    if (newVersion) {
      // The families whose ciente was on the old text: pending again, told what changed.
      novoCiente = await queueFanOut(
        ctx,
        tx,
        id,
        'alterado',
        sql`update comunicado_destinatarios set ciente_em = null
        where comunicado_id = ${id}::uuid and ciente_em is not null
        returning usuario_id`,
      );
    }
    if (!published && publicarEm <= now) await publish(ctx, tx, updated!, now);
    await recordAudit(tx, actor, {
      action: 'atualizar',
      entity: 'comunicado',
      entityId: id,
      details: {
        titulo: input.titulo,
        antes: changes.antes,
        depois: changes.depois,
        ...(published ? { versao_texto: updated!.versaoTexto } : {}),
        ...(newVersion ? { nova_versao: true, cientes_pedidos_de_novo: novoCiente } : {}),
      },
    });
  });
  ctx.jobs.wake();
  return getComunicadoFor(ctx.db, user, id);
}

/**
 * Deletes a notice; once a family confirmed it, only marks it removed (who, when): families no longer see
 * it, the school keeps its versions, reads and cientes (the 'enviados' list and the audit show it).
 */
export async function deleteComunicado(
  ctx: AppContext,
  user: Author,
  id: string,
  actor: Actor,
): Promise<{ mantido: boolean }> {
  return ctx.db.transaction(async (tx) => {
    const row = await managedRow(tx, user, id, true);
    if (row.removidoEm) throw removedConflict();
    const keep = await hasCiente(tx, id);
    const now = clock.now();
    if (keep)
      await tx
        .update(comunicados)
        .set({ removidoEm: now, removidoPor: user.id, removidoPorNome: user.nome, updatedAt: now })
        .where(eq(comunicados.id, id));
    else await tx.delete(comunicados).where(eq(comunicados.id, id));
    // The bell's entries pointing at it would lead nowhere.
    await tx.execute(sql`delete from notificacoes where link = ${linkOf(id)}`);
    const [counts] = keep ? [(await countsOf(tx, [id])).get(id)] : [];
    await recordAudit(tx, actor, {
      action: 'excluir',
      entity: 'comunicado',
      entityId: id,
      details: {
        titulo: row.titulo,
        ...(keep ? { mantido: true, versao_texto: row.versaoTexto, cientes: counts?.cientes ?? 0 } : {}),
      },
    });
    return { mantido: keep };
  });
}
