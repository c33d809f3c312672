import { and, asc, count, desc, eq, gte, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Page } from '../../../shared/api.js';
import {
  auditOriginLabels,
  type AuditEntry,
  type AuditFacets,
  type auditSortColumns,
} from '../../../shared/settings.schemas.js';
import type { SortOrder } from '../../../shared/validators.js';
import { TIME_ZONE } from '../../../shared/format.js';
import type { DbOrTx } from '../../db/client.js';
import { orderByOf } from '../../lib/sort.js';
import { toCsv, type ExportColumn } from '../../lib/spreadsheet.js';
import { describeAuditRows } from './audit-describe.js';
import { auditLog } from '../../db/schema/audit.js';

type AuditRow = typeof auditLog.$inferSelect;

function detailsText(details: unknown): string | null {
  if (details === null || details === undefined) return null;
  return typeof details === 'string' ? details : JSON.stringify(details);
}

export interface AuditFilters {
  usuario_id?: string | undefined;
  acao?: string | undefined;
  entidade?: string | undefined;
  de?: string | undefined;
  ate?: string | undefined;
}

/** Calendar days are the school's (America/Sao_Paulo): `ate` includes the whole day. */
function whereOf(filters: AuditFilters): SQL | undefined {
  const parts: SQL[] = [];
  if (filters.usuario_id) parts.push(eq(auditLog.actorId, filters.usuario_id));
  if (filters.acao) parts.push(eq(auditLog.action, filters.acao));
  if (filters.entidade) parts.push(eq(auditLog.entity, filters.entidade));
  if (filters.de)
    parts.push(gte(auditLog.at, sql`(${filters.de}::date)::timestamp at time zone ${TIME_ZONE}`));
  if (filters.ate)
    parts.push(lt(auditLog.at, sql`(${filters.ate}::date + 1)::timestamp at time zone ${TIME_ZONE}`));
  return parts.length > 0 ? and(...parts) : undefined;
}

function toEntry(row: typeof auditLog.$inferSelect, descricao: string): AuditEntry {
  return {
    descricao,
    id: row.id,
    origem: row.origem,
    em: row.at.toISOString(),
    usuario_id: row.actorId,
    usuario_nome: row.actorNome,
    acao: row.action,
    entidade: row.entity,
    entidade_id: row.entityId,
    ip: row.ip,
    detalhes: row.details ?? null,
  };
}

export interface AuditSort {
  sort?: (typeof auditSortColumns)[number] | undefined;
  order?: SortOrder | undefined;
}

export async function listAudit(
  db: DbOrTx,
  filters: AuditFilters,
  page: number,
  pageSize: number,
  { sort, order }: AuditSort = {},
): Promise<Page<AuditEntry>> {
  const where = whereOf(filters);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(
        ...orderByOf(
          sort,
          order,
          {
            em: auditLog.at,
            usuario: sql`lower(${auditLog.actorNome})`,
            acao: auditLog.action,
            entidade: auditLog.entity,
          },
          [desc(auditLog.at), desc(auditLog.id)],
        ),
      )
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(auditLog).where(where),
  ]);
  const descriptions = await describeAuditRows(db, rows);
  return {
    items: rows.map((row, index) => toEntry(row, descriptions[index]!)),
    total: total?.total ?? 0,
    page,
    pageSize,
  };
}

/** Values for the filter selects. */
export async function auditFacets(db: DbOrTx): Promise<AuditFacets> {
  const [acoes, entidades, usuarios] = await Promise.all([
    db.selectDistinct({ value: auditLog.action }).from(auditLog).orderBy(asc(auditLog.action)),
    db.selectDistinct({ value: auditLog.entity }).from(auditLog).orderBy(asc(auditLog.entity)),
    db
      .selectDistinct({ id: auditLog.actorId, nome: auditLog.actorNome })
      .from(auditLog)
      .where(isNotNull(auditLog.actorId))
      .orderBy(asc(auditLog.actorNome)),
  ]);
  return {
    acoes: acoes.map((row) => row.value),
    entidades: entidades.map((row) => row.value),
    usuarios: usuarios.map((row) => ({ id: row.id!, nome: row.nome ?? '—' })),
  };
}

const CSV_LIMIT = 100_000;

/** CSV in the Brazilian spreadsheet dialect: `;` separators, UTF-8 with BOM, local date and time. */
export async function exportAuditCsv(db: DbOrTx, filters: AuditFilters): Promise<string> {
  const rows = await db
    .select()
    .from(auditLog)
    .where(whereOf(filters))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(CSV_LIMIT);
  const when = new Intl.DateTimeFormat('pt-BR', {
    timeZone: TIME_ZONE,
    dateStyle: 'short',
    timeStyle: 'medium',
  });
  const descriptions = new Map<number, string>();
  // Described in pages, so each page's names are read with a handful of queries.
  for (let start = 0; start < rows.length; start += 500) {
    const page = rows.slice(start, start + 500);
    const described = await describeAuditRows(db, page);
    page.forEach((row, index) => descriptions.set(row.id, described[index]!));
  }
  const columns: ExportColumn<AuditRow>[] = [
    { header: 'id', value: (row) => row.id },
    { header: 'data_hora', value: (row) => when.format(row.at).replace(',', '') },
    { header: 'usuario_id', value: (row) => row.actorId },
    { header: 'usuario', value: (row) => row.actorNome },
    { header: 'descricao', value: (row) => descriptions.get(row.id) ?? '' },
    { header: 'acao', value: (row) => row.action },
    { header: 'entidade', value: (row) => row.entity },
    { header: 'registro', value: (row) => row.entityId },
    { header: 'ip', value: (row) => row.ip },
    { header: 'detalhes', value: (row) => detailsText(row.details) },
    // Entries a restore brought in are someone else's history: the export says so on every line.
    { header: 'origem', value: (row) => auditOriginLabels[row.origem] },
  ];
  return toCsv(columns, rows);
}
