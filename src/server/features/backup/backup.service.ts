import { mkdir, readdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import type {
  AuditOrigin,
  AutomaticBackup,
  BackupAdministrator,
  BackupOriginStatus,
  BackupSummary,
  RestorePlan,
} from '../../../shared/settings.schemas.js';
import type { AppContext } from '../../context.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { clock } from '../../lib/clock.js';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../../lib/data-dir.js';
import { AppError } from '../../lib/errors.js';
import { recordAudit, systemActor, type Actor } from '../audit/audit.service.js';
import {
  APP_VERSION,
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  computeChecksum,
  originOf,
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
  'jobs',
  // Cache validators (ADR 0009): restoring old values could make a cached figure look current.
  'record_versions',
] as const;
export const MERGED_TABLES = ['audit_log'] as const;

/**
 * 'Limpar Todos os Dados' empties every table EXCEPT these. `users` keeps only the administrator who
 * asked (other accounts are deleted), `sessions` keeps that administrator's sessions; tables named
 * with a prefix below (the public site's content and media) are kept whole.
 */
export const WIPE_KEEP_TABLES = ['users', 'sessions', 'audit_log', 'settings'] as const;
export const WIPE_KEEP_PREFIXES = ['content', 'media', 'site_'] as const;

interface ColumnInfo {
  name: string;
  type: string;
}

interface TableInfo {
  name: string;
  columns: ColumnInfo[];
  primaryKey: string[];
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

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
async function dependencyOrder(db: DbOrTx, names: string[]): Promise<string[]> {
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
function selectExpression(column: ColumnInfo): string {
  const name = ident(column.name);
  if (column.type === 'bytea') return `translate(encode(${name}, 'base64'), E'\\n', '') as ${name}`;
  if (column.type === 'int8' || column.type === 'numeric') return `${name}::text as ${name}`;
  return name;
}

async function dumpTable(db: DbOrTx, table: TableInfo): Promise<BackupTable> {
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
export async function createBackup(db: Db, key: Buffer): Promise<BackupFile> {
  return db.transaction(
    async (tx) => {
      const tables = (await describeTables(tx)).filter(
        (table) => !(BACKUP_EXCLUDED_TABLES as readonly string[]).includes(table.name),
      );
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

const notABackup = () => new AppError('VALIDATION', 'O arquivo não é um backup do Sistema Escolar.');

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Parses and verifies a backup: format, version, checksum and structure. Throws a clear AppError. */
export function parseBackup(content: Buffer | string): BackupFile {
  let parsed: unknown;
  try {
    parsed = JSON.parse(typeof content === 'string' ? content : content.toString('utf8'));
  } catch {
    throw notABackup();
  }
  if (!isRecord(parsed) || parsed.formato !== BACKUP_FORMAT) throw notABackup();
  if (typeof parsed.versao_formato !== 'number' || !Number.isInteger(parsed.versao_formato))
    throw notABackup();
  if (parsed.versao_formato > BACKUP_FORMAT_VERSION) {
    throw new AppError(
      'VALIDATION',
      `Este backup foi criado por uma versão mais nova do sistema (formato ${parsed.versao_formato}). Atualize o sistema antes de restaurá-lo.`,
    );
  }
  if (
    typeof parsed.versao_app !== 'string' ||
    typeof parsed.criado_em !== 'string' ||
    !isRecord(parsed.tabelas) ||
    !isRecord(parsed.dados) ||
    typeof parsed.checksum !== 'string'
  ) {
    throw notABackup();
  }
  const file = parsed as unknown as BackupFile;
  if (computeChecksum(file) !== file.checksum) {
    throw new AppError(
      'VALIDATION',
      'A soma de verificação do backup não confere: o arquivo foi alterado ou está corrompido. Nada foi restaurado.',
    );
  }
  for (const [name, table] of Object.entries(file.dados)) {
    if (
      !isRecord(table) ||
      !Array.isArray(table.colunas) ||
      !table.colunas.every((column) => typeof column === 'string') ||
      !Array.isArray(table.registros) ||
      !table.registros.every(isRecord) ||
      file.tabelas[name] !== table.registros.length
    ) {
      throw new AppError('VALIDATION', `O backup está inválido na tabela "${name}". Nada foi restaurado.`);
    }
  }
  return file;
}

/**
 * Who signed the file (ADR 0008). A file that names this installation's key but does not verify was
 * changed after it was made here: refused outright, there is no honest reason for it.
 */
export function checkOrigin(file: BackupFile, key: Buffer): BackupOriginStatus {
  const origin = originOf(file, key);
  if (origin === 'adulterado') {
    throw new AppError(
      'VALIDATION',
      'A assinatura do backup não confere: o arquivo foi alterado depois de criado por esta instalação. Nada foi restaurado.',
    );
  }
  return origin;
}

export const ORIGIN_CONFIRMATION_MESSAGE =
  'Este backup não foi assinado por esta instalação. Confira os administradores que ele traz e confirme a origem do arquivo para restaurá-lo.';

/** A file this installation did not sign restores only with `confirmar_origem: true`. */
export function requireOriginConfirmation(origin: BackupOriginStatus, confirmed: boolean): void {
  if (origin === 'esta_instalacao' || confirmed) return;
  throw new AppError('VALIDATION', ORIGIN_CONFIRMATION_MESSAGE, [
    { path: 'confirmar_origem', message: ORIGIN_CONFIRMATION_MESSAGE },
  ]);
}

/** How the audit entries a restore adds are marked. */
function importedOrigin(origin: BackupOriginStatus): AuditOrigin {
  return origin === 'esta_instalacao' ? 'backup' : 'backup_externo';
}

export function summarize(file: BackupFile): BackupSummary {
  return {
    formato: file.formato,
    versao_formato: file.versao_formato,
    versao_app: file.versao_app,
    criado_em: file.criado_em,
    tabelas: file.tabelas,
    total_registros: Object.values(file.tabelas).reduce((sum, count) => sum + count, 0),
  };
}

async function countRows(db: DbOrTx, tables: TableInfo[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const [row] = rowsOf<{ n: string | number }>(
      await db.execute(sql.raw(`select count(*) as n from ${ident(table.name)}`)),
    );
    counts[table.name] = Number(row?.n ?? 0);
  }
  return counts;
}

/** The administrator accounts the file's users table holds: all of them exist after a restore. */
async function administratorsAfter(db: DbOrTx, file: BackupFile): Promise<BackupAdministrator[]> {
  const current = new Set(
    rowsOf<{ email: string }>(
      await db.execute(sql`select lower(email) as email from users where nivel = 'administrador'`),
    ).map((row) => row.email),
  );
  return (file.dados.users?.registros ?? [])
    .filter((row) => row.nivel === 'administrador')
    .map((row) => {
      const email = typeof row.email === 'string' ? row.email : '';
      return {
        nome: typeof row.nome === 'string' ? row.nome : '',
        email,
        status: typeof row.status === 'string' ? row.status : 'ativo',
        novo: !current.has(email.toLowerCase()),
      };
    })
    .sort((a, b) => Number(b.novo) - Number(a.novo) || a.nome.localeCompare(b.nome, 'pt-BR'));
}

/** Audit entries of the file this database lacks (the ones a restore would add, marked imported). */
async function countMissingAuditEntries(db: DbOrTx, file: BackupFile): Promise<number> {
  const ids = (file.dados.audit_log?.registros ?? [])
    .map((row) => Number(row.id))
    .filter((id) => Number.isSafeInteger(id));
  if (ids.length === 0) return 0;
  const [row] = rowsOf<{ n: number | string }>(
    await db.execute(sql`
      select count(*) as n from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb) as f(id)
      where not exists (select 1 from audit_log a where a.id = f.id::bigint)`),
  );
  return Number(row?.n ?? 0);
}

/** Checks the file against the current schema and says what a restore would do. */
export async function planRestore(
  db: DbOrTx,
  file: BackupFile,
  origin: BackupOriginStatus,
): Promise<RestorePlan> {
  const tables = await describeTables(db);
  const byName = new Map(tables.map((table) => [table.name, table]));
  for (const [name, table] of Object.entries(file.dados)) {
    const current = byName.get(name);
    if (!current || (BACKUP_EXCLUDED_TABLES as readonly string[]).includes(name)) {
      throw new AppError(
        'VALIDATION',
        `O backup contém a tabela "${name}", que esta versão do sistema não conhece. Nada foi restaurado.`,
      );
    }
    const known = new Set(current.columns.map((column) => column.name));
    const unknown = table.colunas.find((column) => !known.has(column));
    if (unknown) {
      throw new AppError(
        'VALIDATION',
        `O backup contém a coluna "${name}.${unknown}", que esta versão do sistema não conhece. Nada foi restaurado.`,
      );
    }
  }
  const preserved = new Set<string>([...BACKUP_EXCLUDED_TABLES, ...MERGED_TABLES]);
  return {
    backup: summarize(file),
    atual: await countRows(db, tables),
    substituidas: tables.map((table) => table.name).filter((name) => !preserved.has(name)),
    preservadas: tables.map((table) => table.name).filter((name) => preserved.has(name)),
    origem: {
      situacao: origin,
      confirmacao_necessaria: origin !== 'esta_instalacao',
      administradores: await administratorsAfter(db, file),
    },
    auditoria_importada: await countMissingAuditEntries(db, file),
  };
}

const INSERT_CHUNK = 500;

/**
 * Inserts rows given as JSON objects; PostgreSQL converts each field to the column's type through
 * json_populate_record, bytea comes back from base64.
 */
async function insertRows(
  tx: DbOrTx,
  table: TableInfo,
  columns: string[],
  rows: Record<string, unknown>[],
  options: { onConflictDoNothing?: boolean; where?: string } = {},
): Promise<void> {
  if (rows.length === 0 || columns.length === 0) return;
  const types = new Map(table.columns.map((column) => [column.name, column.type]));
  const list = columns.map(ident).join(', ');
  const values = columns
    .map((column) =>
      types.get(column) === 'bytea' ? `decode(e->>${literal(column)}, 'base64')` : `r.${ident(column)}`,
    )
    .join(', ');
  const conflict = options.onConflictDoNothing ? ' on conflict do nothing' : '';
  const where = options.where ? ` where ${options.where}` : '';
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    const chunk = JSON.stringify(rows.slice(start, start + INSERT_CHUNK));
    const statement: SQL = sql.join([
      sql.raw(
        `insert into ${ident(table.name)} (${list}) overriding system value select ${values} from json_array_elements(`,
      ),
      sql`${chunk}`,
      sql.raw(
        `::json) e cross join lateral json_populate_record(null::${ident(table.name)}, e) r${where}${conflict}`,
      ),
    ]);
    await tx.execute(statement);
  }
}

function literal(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

/** Serial and identity columns continue after the highest restored value. */
async function resetSequences(tx: DbOrTx): Promise<void> {
  const sequences = rowsOf<{ table_name: string; column_name: string; seq: string | null }>(
    await tx.execute(sql`
      select table_name, column_name, pg_get_serial_sequence(quote_ident(table_name), column_name) as seq
      from information_schema.columns
      where table_schema = 'public' and (column_default like 'nextval(%' or is_identity = 'YES')`),
  );
  for (const { table_name, column_name, seq } of sequences) {
    if (!seq) continue;
    await tx.execute(
      sql.raw(
        `select setval(${literal(seq)}, coalesce((select max(${ident(column_name)}) from ${ident(table_name)}), 0) + 1, false)`,
      ),
    );
  }
}

/**
 * Replaces the data with the file's in ONE transaction: every replaced table is emptied, then filled
 * parent-first; any failure rolls everything back.
 */
export async function applyBackup(
  db: Db,
  file: BackupFile,
  origin: BackupOriginStatus,
  actor: Actor,
): Promise<RestorePlan> {
  return db.transaction(async (tx) => {
    const plan = await planRestore(tx, file, origin);
    const tables = await describeTables(tx);
    const byName = new Map(tables.map((table) => [table.name, table]));
    const sessionsTable = byName.get('sessions');
    const keptSessions = sessionsTable ? await dumpTable(tx, sessionsTable) : null;
    const toEmpty = tables
      .map((t) => t.name)
      .filter((name) => !(MERGED_TABLES as readonly string[]).includes(name));
    if (toEmpty.length > 0) {
      await tx.execute(sql.raw(`truncate ${toEmpty.map(ident).join(', ')} restart identity`));
    }
    for (const name of await dependencyOrder(tx, Object.keys(file.dados))) {
      const table = byName.get(name)!;
      let data = file.dados[name]!;
      if (name === 'audit_log') {
        // Whatever the file says, its entries arrive as imported history, never as native.
        const origem = importedOrigin(origin);
        data = {
          colunas: [...data.colunas.filter((column) => column !== 'origem'), 'origem'],
          registros: data.registros.map((row) => ({ ...row, origem })),
        };
      }
      try {
        await insertRows(tx, table, data.colunas, data.registros, {
          onConflictDoNothing: (MERGED_TABLES as readonly string[]).includes(name),
        });
      } catch {
        throw new AppError(
          'VALIDATION',
          `O backup não pôde ser aplicado (tabela "${name}"): os dados não são compatíveis. Nada foi alterado.`,
        );
      }
    }
    if (sessionsTable && keptSessions && byName.has('users')) {
      await insertRows(tx, sessionsTable, keptSessions.colunas, keptSessions.registros, {
        where: 'exists (select 1 from "users" u where u.id = r.user_id)',
      });
    }
    await resetSequences(tx);
    await recordAudit(tx, actor, {
      action: 'restaurar_backup',
      entity: 'backup',
      details: {
        criado_em: file.criado_em,
        versao_app: file.versao_app,
        tabelas: file.tabelas,
        origem: origin,
        auditoria_importada: plan.auditoria_importada,
        administradores: plan.origem.administradores.map((admin) => admin.email),
      },
    });
    return plan;
  });
}

/* ---------- automatic backups under DATA_DIR/backups ---------- */

export type AutomaticBackupKind = AutomaticBackup['tipo'];

export function backupsFolder(ctx: AppContext): string {
  return path.join(ctx.config.dataDir, 'backups');
}

const FILE_PATTERN =
  /^(diario|antes-restauracao|antes-limpeza)-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})(?:-(\d{3}))?Z\.json$/;

function dateOfName(name: string): Date | null {
  const match = FILE_PATTERN.exec(name);
  if (!match) return null;
  return new Date(`${match[2]}T${match[3]}:${match[4]}:${match[5]}.${match[6] ?? '000'}Z`);
}

/** Writes a backup file atomically (temporary name, then rename) and applies the retention rules. */
export async function writeAutomaticBackup(
  ctx: AppContext,
  kind: AutomaticBackupKind,
): Promise<AutomaticBackup> {
  const file = await createBackup(ctx.db, ctx.backupKey);
  const folder = backupsFolder(ctx);
  await mkdir(folder, { recursive: true, mode: PRIVATE_DIR_MODE });
  const name = `${kind}-${file.criado_em.replace(/[:.]/g, '-')}.json`;
  const target = path.join(folder, name);
  const content = JSON.stringify(file);
  await writeFile(`${target}.tmp`, content, { mode: PRIVATE_FILE_MODE });
  await rename(`${target}.tmp`, target);
  await pruneBackups(ctx);
  return { nome: name, tipo: kind, criado_em: file.criado_em, tamanho: Buffer.byteLength(content) };
}

export async function listAutomaticBackups(ctx: AppContext): Promise<AutomaticBackup[]> {
  let names: string[];
  try {
    names = await readdir(backupsFolder(ctx));
  } catch {
    return [];
  }
  const items: AutomaticBackup[] = [];
  for (const name of names) {
    const match = FILE_PATTERN.exec(name);
    const date = dateOfName(name);
    if (!match || !date) continue;
    const info = await stat(path.join(backupsFolder(ctx), name));
    items.push({
      nome: name,
      tipo: match[1] as AutomaticBackupKind,
      criado_em: date.toISOString(),
      tamanho: info.size,
    });
  }
  return items.sort((a, b) => b.criado_em.localeCompare(a.criado_em));
}

export async function readAutomaticBackup(ctx: AppContext, name: string): Promise<Buffer> {
  if (!FILE_PATTERN.test(name)) throw new AppError('NOT_FOUND', 'Backup não encontrado.');
  try {
    return await readFile(path.join(backupsFolder(ctx), name));
  } catch {
    throw new AppError('NOT_FOUND', 'Backup não encontrado.');
  }
}

const dayKey = (date: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(date);

function weekKey(date: Date): string {
  const day = new Date(`${dayKey(date)}T00:00:00Z`);
  const weekday = (day.getUTCDay() + 6) % 7;
  day.setUTCDate(day.getUTCDate() - weekday);
  return day.toISOString().slice(0, 10);
}

/**
 * Daily backups: the newest of each of the last 7 days, 4 weeks and 12 months is kept (grandfather-
 * father-son). Safety backups taken before a restore or a wipe: the newest 10 of each kind.
 */
export function backupsToDelete(items: AutomaticBackup[]): string[] {
  const keep = new Set<string>();
  const daily = items
    .filter((item) => item.tipo === 'diario')
    .sort((a, b) => b.criado_em.localeCompare(a.criado_em));
  const rules: [number, (date: Date) => string][] = [
    [7, dayKey],
    [4, weekKey],
    [12, (date) => dayKey(date).slice(0, 7)],
  ];
  for (const [limit, keyOf] of rules) {
    const seen = new Set<string>();
    for (const item of daily) {
      const key = keyOf(new Date(item.criado_em));
      if (seen.has(key)) continue;
      seen.add(key);
      if (seen.size > limit) break;
      keep.add(item.nome);
    }
  }
  for (const kind of ['antes-restauracao', 'antes-limpeza'] as const) {
    items
      .filter((item) => item.tipo === kind)
      .sort((a, b) => b.criado_em.localeCompare(a.criado_em))
      .slice(0, 10)
      .forEach((item) => keep.add(item.nome));
  }
  return items.filter((item) => !keep.has(item.nome)).map((item) => item.nome);
}

async function pruneBackups(ctx: AppContext): Promise<void> {
  for (const name of backupsToDelete(await listAutomaticBackups(ctx))) {
    await unlink(path.join(backupsFolder(ctx), name)).catch(() => undefined);
  }
}

/** Runs the daily backup when it is on and today's (São Paulo) backup does not exist yet. */
export async function runDailyBackupIfDue(ctx: AppContext, isOn: () => Promise<boolean>): Promise<boolean> {
  if (!(await isOn())) return false;
  const today = dayKey(clock.now());
  const existing = await listAutomaticBackups(ctx);
  if (existing.some((item) => item.tipo === 'diario' && dayKey(new Date(item.criado_em)) === today))
    return false;
  const written = await writeAutomaticBackup(ctx, 'diario');
  await recordAudit(ctx.db, systemActor, {
    action: 'backup_automatico',
    entity: 'backup',
    details: { arquivo: written.nome, tamanho: written.tamanho },
  });
  return true;
}

/* ---------- wipe ---------- */

export function isKeptByWipe(table: string): boolean {
  return (
    (WIPE_KEEP_TABLES as readonly string[]).includes(table) ||
    WIPE_KEEP_PREFIXES.some((prefix) => table.startsWith(prefix))
  );
}

/**
 * Removes the school's records and the other portal accounts in one transaction; keeps the
 * administrator's account and sessions, the settings, the site content and the audit log.
 */
export async function wipeSchoolData(
  db: Db,
  adminId: string,
  actor: Actor,
  safetyBackup: string,
): Promise<{ tabelas: string[]; usuarios_removidos: number }> {
  return db.transaction(async (tx) => {
    const tables = (await describeTables(tx)).map((table) => table.name);
    const wiped = tables.filter((name) => !isKeptByWipe(name));
    if (wiped.length > 0)
      await tx.execute(sql.raw(`truncate ${wiped.map(ident).join(', ')} restart identity`));
    await tx.execute(sql`delete from sessions where user_id <> ${adminId}`);
    // Kept tables (site content, media) may point at the accounts being removed: a nullable reference
    // is cleared; a required one makes the wipe fail as a whole, with nothing changed.
    const references = rowsOf<{ tbl: string; col: string; notnull: boolean }>(
      await tx.execute(sql`
        select c.relname as tbl, a.attname as col, a.attnotnull as notnull
        from pg_constraint k
        join pg_class c on c.oid = k.conrelid
        join pg_class p on p.oid = k.confrelid
        join pg_namespace n on n.oid = c.relnamespace
        cross join lateral unnest(k.conkey) as ck(attnum)
        join pg_attribute a on a.attrelid = c.oid and a.attnum = ck.attnum
        where k.contype = 'f' and n.nspname = 'public' and p.relname = 'users'`),
    );
    for (const reference of references) {
      if (reference.notnull || !isKeptByWipe(reference.tbl) || reference.tbl === 'sessions') continue;
      await tx.execute(
        sql.raw(
          `update ${ident(reference.tbl)} set ${ident(reference.col)} = null where ${ident(reference.col)} <> ${literal(adminId)}`,
        ),
      );
    }
    let removed: { id: string }[];
    try {
      removed = rowsOf<{ id: string }>(
        await tx.execute(sql`delete from users where id <> ${adminId} returning id`),
      );
    } catch {
      throw new AppError(
        'CONFLICT',
        'Não foi possível remover as outras contas: há registros mantidos que dependem delas. Nada foi alterado.',
      );
    }
    await recordAudit(tx, actor, {
      action: 'limpar_dados',
      entity: 'sistema',
      details: { tabelas: wiped, usuarios_removidos: removed.length, backup_de_seguranca: safetyBackup },
    });
    return { tabelas: wiped, usuarios_removidos: removed.length };
  });
}
