import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { clock } from '../../lib/clock.js';
import {
  APP_VERSION,
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  sealBackup,
  type BackupFile,
  type BackupTable,
} from './backup-format.js';

/**
 * Tables are discovered from the database (every table of the `public` schema), so tables added by
 * later features are backed up, restored and wiped without touching this file.
 *
 * - Not in a backup: live credentials that are useless on restore (session and reset-token hashes,
 *   login throttling, known devices) and the queue of pending jobs. Sessions of users that still exist
 *   survive a restore.
 * - `audit_log` is append-only: a restore adds the backup's entries that are missing and never deletes;
 *   the entries it adds are marked as imported (`origem`), never passed off as native (ADR 0008).
 */
export const BACKUP_EXCLUDED_TABLES = [
  'sessions',
  'password_resets',
  'login_throttle',
  'known_devices',
  // Sign-in fingerprints for the new-device notice: like known devices, local to this installation.
  'sign_in_fingerprints',
  'jobs',
  // Report files built in the background: copies of data the backup already holds, purged after a day.
  'report_exports',
  // Census files built in the background (issue 38): copies of data the backup holds, purged after a day.
  'censo_arquivo_tarefas',
  'censo_arquivo_partes',
  // The e-mail/SMS outbox: a restore must not send old messages again.
  'entregas',
  // A notice's fan-out still to be done: its job is not in the backup either (ADR 0061).
  'comunicado_envios',
  // Pending e-mail confirmations carry single-use tokens, like password resets.
  'guardian_email_changes',
  // Cache validators (ADR 0009): restoring old values could make a cached figure look current.
  'record_versions',
] as const;
export const MERGED_TABLES = ['audit_log'] as const;
/**
 * Columns left out of a backup (issue 34): the hashes of the links a family or a signer opens without a
 * password, and of the one-time signing codes. Credentials like password resets: a backup file never
 * carries anything that opens a family's form or signs a contract. On restore the columns take their
 * default (a random value), so those links stop working and the school sends them again.
 */
export const BACKUP_EXCLUDED_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  pre_matriculas: ['token_hash'],
  contrato_assinaturas: ['token_hash', 'codigo_hash'],
};

interface ColumnInfo {
  name: string;
  type: string;
}

export interface TableInfo {
  name: string;
  columns: ColumnInfo[];
  primaryKey: string[];
}

export const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

export async function describeTables(db: DbOrTx): Promise<TableInfo[]> {
  const columns = rowsOf<{ table_name: string; column_name: string; udt_name: string }>(
    await db.execute(sql`
      select c.table_name, c.column_name, c.udt_name
      from information_schema.columns c
      join pg_tables t on t.schemaname = c.table_schema and t.tablename = c.table_name
      where c.table_schema = 'public' and c.is_generated <> 'ALWAYS'
      order by c.table_name, c.ordinal_position`),
  );
  const keys = rowsOf<{ table_name: string; column_name: string }>(
    await db.execute(sql`
      select tc.table_name, kcu.column_name
      from information_schema.table_constraints tc
      join information_schema.key_column_usage kcu
        on kcu.constraint_name = tc.constraint_name and kcu.table_schema = tc.table_schema
       and kcu.table_name = tc.table_name
      where tc.table_schema = 'public' and tc.constraint_type = 'PRIMARY KEY'
      order by tc.table_name, kcu.ordinal_position`),
  );
  const tables = new Map<string, TableInfo>();
  for (const column of columns) {
    let table = tables.get(column.table_name);
    if (!table) {
      table = { name: column.table_name, columns: [], primaryKey: [] };
      tables.set(column.table_name, table);
    }
    table.columns.push({ name: column.column_name, type: column.udt_name });
  }
  for (const key of keys) tables.get(key.table_name)?.primaryKey.push(key.column_name);
  return [...tables.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** Parents before children, following the foreign keys between public tables. */
export async function dependencyOrder(db: DbOrTx, names: string[]): Promise<string[]> {
  const edges = rowsOf<{ child: string; parent: string }>(
    await db.execute(sql`
      select c.relname as child, p.relname as parent
      from pg_constraint k
      join pg_class c on c.oid = k.conrelid
      join pg_class p on p.oid = k.confrelid
      join pg_namespace n on n.oid = c.relnamespace
      where k.contype = 'f' and n.nspname = 'public'`),
  );
  const pending = new Set(names);
  const parents = new Map<string, Set<string>>(names.map((name) => [name, new Set<string>()]));
  for (const edge of edges) {
    if (edge.child !== edge.parent && pending.has(edge.parent)) parents.get(edge.child)?.add(edge.parent);
  }
  const order: string[] = [];
  while (pending.size > 0) {
    const ready = [...pending].filter((name) => [...parents.get(name)!].every((p) => !pending.has(p)));
    // A cycle of foreign keys: take the rest as they come (the insert reports it if it fails).
    const batch = ready.length > 0 ? ready.sort() : [...pending].sort();
    for (const name of batch) {
      order.push(name);
      pending.delete(name);
    }
  }
  return order;
}

/** bytea as base64, bigint and numeric as text (JSON numbers would lose digits). */
export function selectExpression(column: ColumnInfo): string {
  const name = ident(column.name);
  if (column.type === 'bytea') return `translate(encode(${name}, 'base64'), E'\\n', '') as ${name}`;
  if (column.type === 'int8' || column.type === 'numeric') return `${name}::text as ${name}`;
  return name;
}

export async function dumpTable(db: DbOrTx, table: TableInfo): Promise<BackupTable> {
  const columns = table.columns.map(selectExpression).join(', ');
  const order =
    table.primaryKey.length > 0
      ? ` order by ${table.primaryKey.map((key) => `x.${ident(key)}`).join(', ')}`
      : '';
  const [row] = rowsOf<{ data: string }>(
    await db.execute(
      sql.raw(
        `select coalesce(json_agg(x${order})::text, '[]') as data from (select ${columns} from ${ident(table.name)}) x`,
      ),
    ),
  );
  return {
    colunas: table.columns.map((column) => column.name),
    registros: JSON.parse(row?.data ?? '[]') as Record<string, unknown>[],
  };
}

/** One consistent snapshot: every table read in one repeatable-read transaction, signed with `key`. */
/** The tables and columns a backup carries (BACKUP_EXCLUDED_TABLES and _COLUMNS left out). */
export async function backedUpTables(db: DbOrTx): Promise<TableInfo[]> {
  return (await describeTables(db))
    .filter((table) => !(BACKUP_EXCLUDED_TABLES as readonly string[]).includes(table.name))
    .map((table) => {
      const excluded = BACKUP_EXCLUDED_COLUMNS[table.name] ?? [];
      return { ...table, columns: table.columns.filter((column) => !excluded.includes(column.name)) };
    });
}

/**
 * The whole backup in memory (tests compare the streamed file with it; the routes and the automatic
 * backup write backup-stream.ts's file, whose memory does not grow with the school).
 */
export async function createBackup(db: Db, key: Buffer): Promise<BackupFile> {
  return db.transaction(
    async (tx) => {
      const tables = await backedUpTables(tx);
      const dados: Record<string, BackupTable> = {};
      const tabelas: Record<string, number> = {};
      for (const table of tables) {
        const dump = await dumpTable(tx, table);
        dados[table.name] = dump;
        tabelas[table.name] = dump.registros.length;
      }
      return sealBackup(
        {
          formato: BACKUP_FORMAT,
          versao_formato: BACKUP_FORMAT_VERSION,
          versao_app: APP_VERSION,
          criado_em: new Date().toISOString(),
          tabelas,
          dados,
        },
        key,
      );
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

export function backupFileName(date = clock.now()): string {
  return `backup-${new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(date)}.json`;
}
