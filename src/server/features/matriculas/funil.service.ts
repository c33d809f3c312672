import { and, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  canalContatoLabels,
  type InteressadoDetalhe,
  type novoEventoInputSchema,
} from '../../../shared/funil.schemas.js';
import {
  VISITA_NO_PASSADO,
  etapaFunilLabels,
  isVisitaNoPassado,
  origensInteressado,
  type EtapaFunil,
  type Interessado,
  type ListInteressadosQuery,
  type OrigemInteressado,
  type PatchInteressadoData,
  type TipoEvento,
} from '../../../shared/matriculas.schemas.js';
import { formatDateTime } from '../../../shared/format.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { interessadoEventos, interessados, preMatriculas } from '../../db/schema/matriculas.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { clock } from '../../lib/clock.js';
import { matchesText } from '../../lib/text-search.js';
import type { Actor } from '../../lib/http.js';
import { assertVersion, lockForUpdate } from '../../lib/versioning.js';
import { recordAudit } from '../audit/index.js';

type InteressadoRow = typeof interessados.$inferSelect;

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

/** The family, locked for the rest of the transaction (its stage is about to change), or 404. */
export async function lockInteressado(tx: DbOrTx, id: string): Promise<InteressadoRow> {
  const [row] = await tx.select().from(interessados).where(eq(interessados.id, id)).for('update');
  if (!row) throw notFound('Família não encontrada.');
  return row;
}

// ————————————————————————————————————————————————————————————————————————————————————————————————
// The staff's funnel (captação part): the list, one family with its timeline, a stage change, a note
// or contact, and erasure on request.
// ————————————————————————————————————————————————————————————————————————————————————————————————

export const interessadoNaoEncontrado = () => notFound('Família interessada não encontrada.');

export function toInteressado(row: InteressadoRow): Interessado {
  return {
    id: row.id,
    tipo: row.tipo,
    responsavel_nome: row.responsavelNome,
    email: row.email,
    telefone: row.telefone,
    aluno_nome: row.alunoNome,
    aluno_nascimento: row.alunoNascimento,
    serie: row.serie,
    ano_letivo: row.anoLetivo,
    origem: (origensInteressado as readonly string[]).includes(row.origem ?? '')
      ? (row.origem as OrigemInteressado)
      : null,
    mensagem: row.mensagem,
    etapa: row.etapa,
    motivo_perda: row.motivoPerda,
    visita_em: row.visitaEm?.toISOString() ?? null,
    aluno_id: row.alunoId,
    turma_id: row.turmaId,
    etapa_em: row.etapaEm.toISOString(),
    created_at: row.createdAt.toISOString(),
    version: row.version,
  };
}

export async function listInteressados(db: DbOrTx, query: ListInteressadosQuery): Promise<Interessado[]> {
  const conditions: SQL[] = [];
  if (query.etapa) conditions.push(eq(interessados.etapa, query.etapa));
  if (query.serie) conditions.push(sql`lower(${interessados.serie}) = lower(${query.serie})`);
  if (query.ano_letivo !== undefined) conditions.push(eq(interessados.anoLetivo, query.ano_letivo));
  if (query.tipo) conditions.push(eq(interessados.tipo, query.tipo));
  if (query.busca) {
    const digits = query.busca.replace(/\D/g, '');
    conditions.push(
      or(
        matchesText(interessados.responsavelNome, query.busca),
        matchesText(interessados.alunoNome, query.busca),
        matchesText(interessados.email, query.busca),
        ...(digits.length >= 4 ? [sql`${interessados.telefone} like ${`%${digits}%`}`] : []),
      )!,
    );
  }
  const rows = await db
    .select()
    .from(interessados)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(desc(interessados.etapaEm), desc(interessados.createdAt))
    .limit(LIST_LIMIT);
  return rows.map(toInteressado);
}
/** A school's funnel for a year is hundreds of families; the board shows them all. */
const LIST_LIMIT = 2000;

export async function getInteressadoDetalhe(db: DbOrTx, id: string): Promise<InteressadoDetalhe> {
  const row = await findInteressado(db, id);
  if (!row) throw interessadoNaoEncontrado();
  const [eventos, [pre]] = await Promise.all([
    db
      .select()
      .from(interessadoEventos)
      .where(eq(interessadoEventos.interessadoId, id))
      .orderBy(desc(interessadoEventos.criadoEm), desc(interessadoEventos.id)),
    db.select().from(preMatriculas).where(eq(preMatriculas.interessadoId, id)).limit(1),
  ]);
  return {
    ...toInteressado(row),
    consentimento_em: row.consentimentoEm?.toISOString() ?? null,
    eventos: eventos.map((evento) => ({
      id: evento.id,
      tipo: evento.tipo,
      texto: evento.texto,
      autor: evento.autorNome,
      criado_em: evento.criadoEm.toISOString(),
    })),
    pre_matricula: pre
      ? {
          enviado_convite_em: pre.createdAt.toISOString(),
          expira_em: pre.expiraEm.toISOString(),
          aberto_em: pre.abertoEm?.toISOString() ?? null,
          enviado_em: pre.enviadoEm?.toISOString() ?? null,
        }
      : null,
  };
}

const visitaTexto = (when: Date) => `Visita agendada para ${formatDateTime(when)}.`;

/**
 * A stage change made by staff (`PATCH /:id`): any stage may be set by hand (a family that signed on
 * paper), `perdido` with its reason; scheduling a visit records its date (again on the same stage:
 * rescheduled). Stale `expected` version → 412.
 */
export async function patchInteressado(
  db: Db,
  id: string,
  input: PatchInteressadoData,
  expected: number | undefined,
  actor: Actor,
): Promise<Interessado> {
  await db.transaction(async (tx) => {
    const current = await lockForUpdate(tx, interessados, id, interessadoNaoEncontrado);
    assertVersion(expected, current.version);
    const visita = input.visita_em ? new Date(input.visita_em) : null;
    // A new date only: moving a family whose visit already happened keeps its date as recorded.
    if (
      input.visita_em &&
      visita?.getTime() !== current.visitaEm?.getTime() &&
      isVisitaNoPassado(input.visita_em, clock.today())
    )
      throw badRequest(VISITA_NO_PASSADO, [{ path: 'visita_em', message: VISITA_NO_PASSADO }]);
    const moved = await mudarEtapa(tx, id, input.etapa, actor, {
      motivoPerda: input.motivo_perda ?? null,
      texto:
        `Etapa: ${etapaFunilLabels[current.etapa]} → ${etapaFunilLabels[input.etapa]}.` +
        (input.etapa === 'perdido' && input.motivo_perda ? ` Motivo: ${input.motivo_perda}` : ''),
    });
    if (!moved && input.etapa === 'perdido' && input.motivo_perda !== current.motivoPerda) {
      await tx
        .update(interessados)
        .set({
          motivoPerda: input.motivo_perda ?? null,
          version: sql`${interessados.version} + 1`,
          updatedAt: sql`now()`,
        })
        .where(eq(interessados.id, id));
      await registrarEvento(tx, id, 'nota', `Motivo da perda: ${input.motivo_perda ?? ''}`, actor);
    }
    if (visita && visita.getTime() !== current.visitaEm?.getTime()) {
      await tx
        .update(interessados)
        .set({
          visitaEm: visita,
          ...(moved ? {} : { version: sql`${interessados.version} + 1` }),
          updatedAt: sql`now()`,
        })
        .where(eq(interessados.id, id));
      await registrarEvento(tx, id, 'visita', visitaTexto(visita), actor);
      if (!moved)
        await recordAudit(tx, actor, {
          action: 'mudar_etapa',
          entity: 'interessado',
          entityId: id,
          details: { etapa: input.etapa, visita_em: visita.toISOString() },
        });
    }
  });
  return toInteressado((await findInteressado(db, id))!);
}

const eventoTexto = (input: z.output<typeof novoEventoInputSchema>) =>
  input.tipo === 'contato' && input.canal
    ? `${canalContatoLabels[input.canal]}: ${input.texto}`
    : input.texto;

/** A note or a contact made, on the family's timeline (`POST /:id/eventos`). */
export async function addEvento(
  db: Db,
  id: string,
  input: z.output<typeof novoEventoInputSchema>,
  actor: Actor,
): Promise<InteressadoDetalhe> {
  await db.transaction(async (tx) => {
    await lockForUpdate(tx, interessados, id, interessadoNaoEncontrado);
    await registrarEvento(tx, id, input.tipo, eventoTexto(input), actor);
    await tx
      .update(interessados)
      .set({ updatedAt: sql`now()` })
      .where(eq(interessados.id, id));
  });
  return getInteressadoDetalhe(db, id);
}

/**
 * Erasure on the family's request (LGPD art. 18, VI): the row, its timeline and pré-matrícula go; the
 * audit keeps that a family was erased, with no name. A family already enrolled is a student: its data
 * is erased through the student's and guardian's anonymisation (Privacidade), not here.
 */
export async function deleteInteressado(db: Db, id: string, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await lockForUpdate(tx, interessados, id, interessadoNaoEncontrado);
    if (current.alunoId && current.etapa === 'matriculado')
      throw conflict(
        'Esta família já é de um aluno matriculado: os dados são apagados pela anonimização do aluno e do responsável (LGPD).',
      );
    await tx.delete(interessados).where(eq(interessados.id, id));
    await recordAudit(tx, actor, {
      action: 'excluir',
      entity: 'interessado',
      entityId: id,
      details: { etapa: current.etapa, ano_letivo: current.anoLetivo },
    });
  });
}
