/**
 * The answers of the notice use cases: a notice as its reader sees it (counts, attachments, children
 * named, cientes), shaped from the rows.
 */
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Anexo, CienteVersao, Comunicado } from '../../../shared/comunicados.schemas.js';
import type { DbOrTx } from '../../db/client.js';
import { students } from '../../db/schema/students.js';
import {
  comunicadoAnexos,
  comunicadoCientes,
  comunicadoDestinatarios,
  type ComunicadoRow,
} from '../../db/schema/comunicados.js';
import { currentAnexos } from './comunicados.publish.js';
import { normalizePublico } from './comunicados.audience.js';
import { type Author, noticeAccess } from './comunicados.access.js';

/** The attachments of the text in force, with the address that serves them. */
async function anexosOf(db: DbOrTx, id: string): Promise<Anexo[]> {
  const rows = await currentAnexos(db, id);
  return rows.map((row) => ({ ...row, url: `/api/comunicados/${id}/anexos/${row.id}` }));
}

export async function countsOf(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return new Map<string, { destinatarios: number; lidos: number; cientes: number }>();
  const rows = await db
    .select({
      id: comunicadoDestinatarios.comunicadoId,
      destinatarios: sql<number>`count(*)::int`,
      lidos: sql<number>`count(${comunicadoDestinatarios.lidoEm})::int`,
      cientes: sql<number>`count(${comunicadoDestinatarios.cienteEm})::int`,
    })
    .from(comunicadoDestinatarios)
    .where(inArray(comunicadoDestinatarios.comunicadoId, ids))
    .groupBy(comunicadoDestinatarios.comunicadoId);
  return new Map(rows.map((row) => [row.id, row]));
}

export async function studentNames(db: DbOrTx, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: students.id, nome: students.nome })
    .from(students)
    .where(inArray(students.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row.nome]));
}

export function toBase(row: ComunicadoRow, manages: boolean) {
  const publico = normalizePublico(row.publico);
  return {
    id: row.id,
    titulo: row.titulo,
    // A family reads who the notice is for (publico_descricao), never which other children were chosen.
    publico: manages ? publico : { ...publico, alunos: [] },
    publico_descricao: row.publicoDescricao,
    exige_ciente: row.exigeCiente,
    publicar_em: row.publicarEm.toISOString(),
    publicado_em: row.publicadoEm?.toISOString() ?? null,
    expira_em: row.expiraEm?.toISOString() ?? null,
    autor: { id: row.autorId, nome: row.autorNome },
    version: row.version,
    versao_texto: row.versaoTexto,
    removido_em: row.removidoEm?.toISOString() ?? null,
    removido_por: row.removidoEm ? (row.removidoPorNome ?? null) : null,
    created_at: row.createdAt.toISOString(),
    pode_editar: manages && row.removidoEm === null,
  };
}

/** Each person's cientes on the given notices, oldest version first. */
export async function cientesOf(
  db: DbOrTx,
  ids: string[],
  usuarioId?: string,
): Promise<Map<string, CienteVersao[]>> {
  const byKey = new Map<string, CienteVersao[]>();
  if (ids.length === 0) return byKey;
  const rows = await db
    .select()
    .from(comunicadoCientes)
    .where(
      and(
        inArray(comunicadoCientes.comunicadoId, ids),
        usuarioId ? eq(comunicadoCientes.usuarioId, usuarioId) : undefined,
      ),
    )
    .orderBy(asc(comunicadoCientes.versao));
  for (const row of rows) {
    const key = `${row.comunicadoId}:${row.usuarioId}`;
    byKey.set(key, [
      ...(byKey.get(key) ?? []),
      { versao: row.versao, ciente_em: row.cienteEm.toISOString() },
    ]);
  }
  return byKey;
}

/** The notice for this caller, without recording a read (after a write, for the author). */
export async function getComunicadoFor(db: DbOrTx, user: Author, id: string): Promise<Comunicado> {
  const { row, manages, recipient } = await noticeAccess(db, user, id);
  const chosen = manages && row.publico.tipo === 'alunos' ? row.publico.alunos : [];
  const names = await studentNames(db, [...(recipient?.alunoIds ?? []), ...chosen]);
  const counts = manages ? (await countsOf(db, [id])).get(id) : undefined;
  const cientes = recipient ? await cientesOf(db, [id], user.id) : new Map<string, CienteVersao[]>();
  return {
    ...toBase(row, manages),
    corpo: row.corpo,
    anexos: await anexosOf(db, id),
    recebido: recipient
      ? {
          lido_em: recipient.lidoEm?.toISOString() ?? null,
          ciente_em: recipient.cienteEm?.toISOString() ?? null,
          cientes: cientes.get(`${id}:${user.id}`) ?? [],
          alunos: recipient.alunoIds.map((aluno) => ({ id: aluno, nome: names.get(aluno) ?? '' })),
        }
      : null,
    contagem: manages ? (counts ?? { destinatarios: 0, lidos: 0, cientes: 0 }) : null,
    alunos_escolhidos: chosen.map((aluno) => ({ id: aluno, nome: names.get(aluno) ?? 'Aluno removido' })),
  };
}

export async function anexoCounts(db: DbOrTx, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: comunicadoAnexos.comunicadoId, n: sql<number>`count(*)::int` })
    .from(comunicadoAnexos)
    .where(and(inArray(comunicadoAnexos.comunicadoId, ids), isNull(comunicadoAnexos.removidoEm)))
    .groupBy(comunicadoAnexos.comunicadoId);
  return new Map(rows.map((row) => [row.id ?? '', row.n]));
}

/** node-postgres returns text[] as an array; PGlite too, but an empty '{}' literal may come as text. */
export function parseTextArray(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value === 'string' && value.startsWith('{')) {
    const inner = value.slice(1, -1);
    return inner === '' ? [] : inner.split(',').map((part) => part.replace(/^"|"$/g, ''));
  }
  return [];
}
