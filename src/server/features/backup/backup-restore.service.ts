import { rowsOf } from '../../db/rows.js';
import { sql, type SQL } from 'drizzle-orm';
import type {
  AuditOrigin,
  BackupAdministrator,
  BackupOriginStatus,
  BackupSummary,
  RestorePlan,
} from '../../../shared/settings.schemas.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { recordAudit, type Actor } from '../audit/index.js';
import { snapshotMissingYearRules } from '../calendar/index.js';
import { ensureSubjectCatalogue, subjectNamesInUse } from '../disciplinas/index.js';
import { decryptBackup, ENCRYPTED_FORMAT_VERSION, TAMPERED_MESSAGE } from './backup-crypto.js';
import { BACKUP_FORMAT, computeChecksum, originOf, type BackupFile } from './backup-format.js';
import {
  BACKUP_EXCLUDED_TABLES,
  MERGED_TABLES,
  type TableInfo,
  ident,
  describeTables,
  dependencyOrder,
  dumpTable,
} from './backup-tables.service.js';

const notABackup = () => new AppError('VALIDATION', 'O arquivo não é um backup do Sistema Escolar.');

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseJson(content: Buffer | string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(typeof content === 'string' ? content : content.toString('utf8'));
  } catch {
    throw notABackup();
  }
  if (!isRecord(parsed) || parsed.formato !== BACKUP_FORMAT) throw notABackup();
  if (typeof parsed.versao_formato !== 'number' || !Number.isInteger(parsed.versao_formato))
    throw notABackup();
  if (parsed.versao_formato > ENCRYPTED_FORMAT_VERSION) {
    throw new AppError(
      'VALIDATION',
      `Este backup foi criado por uma versão mais nova do sistema (formato ${parsed.versao_formato}). Atualize o sistema antes de restaurá-lo.`,
    );
  }
  return parsed;
}

/**
 * Parses and verifies a backup: format, version, checksum and structure. A file of format 3 is decrypted
 * first under this installation's key (ADR 0104), or under `sourceKey` — the key of the installation that
 * made it, typed by the administrator: its content is then another installation's (checkOrigin says so,
 * and the restore asks for the confirmation). Without it another installation's is refused, a changed
 * one too. Files of format 1 and 2 (not encrypted) are read as before. Throws a clear AppError.
 */
export function parseBackup(content: Buffer | string, key: Buffer, sourceKey?: Buffer): BackupFile {
  let parsed = parseJson(content);
  if (parsed.versao_formato === ENCRYPTED_FORMAT_VERSION) {
    parsed = parseJson(decryptBackup(parsed, key, notABackup, sourceKey));
    // Inside the envelope, only the content's format: never another envelope.
    if (parsed.versao_formato === ENCRYPTED_FORMAT_VERSION) throw notABackup();
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
  if (origin === 'adulterado') throw new AppError('VALIDATION', TAMPERED_MESSAGE);
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

export function literal(value: string): string {
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
    // A file made before closed years kept their rules (year_closures.regras) restores them without:
    // they get the restored settings, as migration 0021 did for the years already closed.
    await snapshotMissingYearRules(tx);
    // A file made before the subject catalogue existed: the defaults and every subject its records name.
    await ensureSubjectCatalogue(tx, await subjectNamesInUse(tx));
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
