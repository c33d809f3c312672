import { eq, sql } from 'drizzle-orm';
import type { EtapaFunil, TipoEvento } from '../../../shared/matriculas.schemas.js';
import type { DbOrTx } from '../../db/client.js';
import { interessadoEventos, interessados } from '../../db/schema/matriculas.js';
import type { Actor } from '../../lib/http.js';
import { recordAudit } from '../audit/index.js';

/**
 * The funnel's two writes every part of matrícula online shares: a line on a family's timeline, and a
 * stage change (timeline + audit). Callers run them inside their own transaction.
 */

export async function registrarEvento(
  db: DbOrTx,
  interessadoId: string,
  tipo: TipoEvento,
  texto: string,
  actor: Actor | null,
): Promise<void> {
  await db.insert(interessadoEventos).values({
    interessadoId,
    tipo,
    texto,
    autorId: actor?.id ?? null,
    autorNome: actor?.nome ?? null,
  });
}

/** Moves a family to `etapa` (no-op when already there), with its timeline line and audit entry. */
export async function mudarEtapa(
  db: DbOrTx,
  interessadoId: string,
  etapa: EtapaFunil,
  actor: Actor,
  options: { motivoPerda?: string | null; texto: string },
): Promise<boolean> {
  const changed = await db
    .update(interessados)
    .set({
      etapa,
      etapaEm: sql`now()`,
      motivoPerda: etapa === 'perdido' ? (options.motivoPerda ?? null) : null,
      version: sql`${interessados.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(sql`${interessados.id} = ${interessadoId} and ${interessados.etapa} <> ${etapa}`)
    .returning({ id: interessados.id });
  if (changed.length === 0) return false;
  await registrarEvento(db, interessadoId, 'etapa', options.texto, actor.id ? actor : null);
  await recordAudit(db, actor, {
    action: 'mudar_etapa',
    entity: 'interessado',
    entityId: interessadoId,
    details: { etapa, ...(options.motivoPerda ? { motivo: options.motivoPerda } : {}) },
  });
  return true;
}

export async function findInteressado(db: DbOrTx, id: string) {
  const [row] = await db.select().from(interessados).where(eq(interessados.id, id)).limit(1);
  return row ?? null;
}
