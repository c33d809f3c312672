/**
 * A full backup written to a file as it is read (issue 38): every table through a cursor, a page of rows
 * at a time, the checksum and the signature computed over the same bytes as they pass. The content is the
 * format of backup-format.ts, byte for byte what `JSON.stringify(createBackup())` gives, encrypted a
 * segment at a time as it is written (backup-crypto.ts, ADR 0104): the server's memory holds one page
 * and one segment, whatever the school's size.
 */
import { createHash, createHmac } from 'node:crypto';
import { open, type FileHandle } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { PRIVATE_FILE_MODE } from '../../lib/data-dir.js';
import { yieldToEventLoop } from '../../lib/event-loop.js';
import { EncryptingWriter, backupCipherKeyOf } from './backup-crypto.js';
import { APP_VERSION, BACKUP_FORMAT, BACKUP_FORMAT_VERSION, keyIdOf } from './backup-format.js';
import { backedUpTables, ident, selectExpression, type TableInfo } from './backup-tables.service.js';

/** Rows fetched from a table's cursor at a time. */
export const BACKUP_PAGE_ROWS = 1000;
/** Bytes of content gathered before they are encrypted (a segment) and written to the file. */
const FLUSH_BYTES = 1024 * 1024;

export interface WrittenBackup {
  criado_em: string;
  tabelas: Record<string, number>;
  tamanho: number;
}

/**
 * The content and the canonical text the seals cover, written side by side (see backup-format.ts); the
 * content goes to the file encrypted.
 */
class SealedWriter {
  private pending: string[] = [];
  private pendingBytes = 0;
  private readonly hash = createHash('sha256');
  private readonly mac: ReturnType<typeof createHmac>;
  private readonly encrypted: EncryptingWriter;
  readonly keyId: string;

  constructor(handle: FileHandle, key: Buffer, criadoEm: string) {
    this.keyId = keyIdOf(key);
    this.mac = createHmac('sha256', key).update(`${this.keyId}\n`);
    this.encrypted = new EncryptingWriter(handle, backupCipherKeyOf(key), criadoEm);
  }

  get size(): number {
    return this.encrypted.size;
  }

  /** Text of the file only (the object's keys). */
  async file(text: string): Promise<void> {
    this.pending.push(text);
    this.pendingBytes += Buffer.byteLength(text);
    if (this.pendingBytes >= FLUSH_BYTES) await this.flush();
  }

  /** Text of the canonical array only. */
  canonical(text: string): void {
    this.hash.update(text);
    this.mac.update(text);
  }

  /** Text in both: the values. */
  async both(text: string): Promise<void> {
    this.canonical(text);
    await this.file(text);
  }

  private takePending(): string {
    const chunk = this.pending.join('');
    this.pending = [];
    this.pendingBytes = 0;
    return chunk;
  }

  private async flush(): Promise<void> {
    if (this.pending.length > 0) await this.encrypted.write(this.takePending());
  }

  /** The rest of the content, as the file's last segment. */
  async finish(): Promise<void> {
    await this.encrypted.finish(this.takePending());
  }

  seals() {
    return {
      checksum: `sha256:${this.hash.digest('hex')}`,
      chave_id: this.keyId,
      assinatura: `hmac-sha256:${this.mac.digest('hex')}`,
    };
  }
}

async function countRows(tx: DbOrTx, table: TableInfo): Promise<number> {
  const [row] = rowsOf<{ total: string | number }>(
    await tx.execute(sql.raw(`select count(*) as total from ${ident(table.name)}`)),
  );
  return Number(row?.total ?? 0);
}

/** A table's rows in primary-key order (as createBackup's json_agg), a page at a time. */
async function writeRows(tx: DbOrTx, table: TableInfo, out: SealedWriter): Promise<number> {
  const columns = table.columns.map(selectExpression).join(', ');
  const order =
    table.primaryKey.length > 0
      ? ` order by ${table.primaryKey.map((key) => `x.${ident(key)}`).join(', ')}`
      : '';
  await tx.execute(
    sql.raw(
      `declare backup_linhas no scroll cursor for select row_to_json(x)::text as r from (select ${columns} from ${ident(table.name)}) x${order}`,
    ),
  );
  let written = 0;
  try {
    for (;;) {
      const page = rowsOf<{ r: string }>(
        await tx.execute(sql.raw(`fetch forward ${String(BACKUP_PAGE_ROWS)} from backup_linhas`)),
      );
      for (const { r } of page) {
        // Parsed and written again, as JSON.stringify writes it (the database's JSON spaces jsonb values).
        await out.both((written > 0 ? ',' : '') + JSON.stringify(JSON.parse(r)));
        written++;
      }
      if (page.length < BACKUP_PAGE_ROWS) break;
      await yieldToEventLoop();
    }
  } finally {
    await tx.execute(sql.raw('close backup_linhas'));
  }
  return written;
}

/**
 * Writes a full backup of one consistent snapshot (a repeatable-read transaction) to `target` (created,
 * mode 0600; it must not exist), signed with `key` and encrypted under a key derived from it. Returns
 * what the audit records.
 */
export async function writeBackupFile(db: Db, key: Buffer, target: string): Promise<WrittenBackup> {
  const handle = await open(target, 'wx', PRIVATE_FILE_MODE);
  try {
    return await db.transaction(
      async (tx) => {
        const tables = await backedUpTables(tx);
        const tabelas: Record<string, number> = {};
        for (const table of tables) tabelas[table.name] = await countRows(tx, table);
        const criadoEm = new Date().toISOString();
        const out = new SealedWriter(handle, key, criadoEm);
        out.canonical('[');
        await out.file('{"formato":');
        await out.both(JSON.stringify(BACKUP_FORMAT));
        out.canonical(',');
        await out.file(',"versao_formato":');
        await out.both(JSON.stringify(BACKUP_FORMAT_VERSION));
        out.canonical(',');
        await out.file(',"versao_app":');
        await out.both(JSON.stringify(APP_VERSION));
        out.canonical(',');
        await out.file(',"criado_em":');
        await out.both(JSON.stringify(criadoEm));
        out.canonical(',');
        await out.file(',"tabelas":');
        await out.both(JSON.stringify(tabelas));
        out.canonical(',');
        await out.file(',"dados":');
        await out.both('{');
        for (const [index, table] of tables.entries()) {
          const head = `${index > 0 ? ',' : ''}${JSON.stringify(table.name)}:{"colunas":${JSON.stringify(table.columns.map((column) => column.name))},"registros":[`;
          await out.both(head);
          const written = await writeRows(tx, table, out);
          // The snapshot cannot change under the transaction: a different count is a bug, not a race.
          if (written !== tabelas[table.name])
            throw new Error(`backup: ${table.name} leu ${String(written)} de ${String(tabelas[table.name])}`);
          await out.both(']}');
        }
        await out.both('}');
        out.canonical(']');
        const seals = out.seals();
        await out.file(
          `,"checksum":${JSON.stringify(seals.checksum)},"chave_id":${JSON.stringify(seals.chave_id)},"assinatura":${JSON.stringify(seals.assinatura)}}`,
        );
        await out.finish();
        return { criado_em: criadoEm, tabelas, tamanho: out.size };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
  } finally {
    await handle.close();
  }
}
