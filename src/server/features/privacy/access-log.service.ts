import { and, asc, count, desc, eq, gte, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Page } from '../../../shared/api.js';
import type { AccessEntry, AccessVia, AccessViewer } from '../../../shared/access-log.schemas.js';
import { TIME_ZONE } from '../../../shared/format.js';
import type { AppContext } from '../../context.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { clock } from '../../lib/clock.js';
import { notFound } from '../../lib/errors.js';
import type { Actor } from '../audit/index.js';
import { students } from '../../db/schema/students.js';
import { matchesText } from '../../lib/text-search.js';
import { studentAccessLog } from '../../db/schema/access-log.js';

interface PendingView {
  em: string;
  aluno_id: string;
  usuario_id: string | null;
  usuario_nome: string | null;
  nivel: 'administrador' | 'professor';
  via: AccessVia;
}

/** Views wait at most this long before they are written, in one insert for all of them. */
const FLUSH_AFTER_MS = 1000;
/** A batch this big is written at once. */
const FLUSH_AT = 200;
/** The same person reopening the same record for the same reason within this window is one view. */
const SAME_VIEW_MS = 5 * 60 * 1000;
/** If the database refuses for a long while, older views are dropped (and logged) past this many. */
const MAX_PENDING = 10_000;

/**
 * Views are recorded off the request's path: a read pushes to memory and answers; a timer (or a full
 * batch) writes them together. At most FLUSH_AFTER_MS of views live only in memory: the app flushes
 * them before it closes, and every read of the log flushes first, so this instance's readers always
 * see their own views (another instance's appear within FLUSH_AFTER_MS).
 */
class AccessRecorder {
  private pending: PendingView[] = [];
  private readonly recent = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();
  private forgetAt = 5000;

  constructor(
    private readonly db: Db,
    private readonly log: AppContext['log'],
  ) {}

  record(view: PendingView): void {
    const now = new Date(view.em).getTime();
    const key = `${view.usuario_id ?? ''}|${view.aluno_id}|${view.via}`;
    const last = this.recent.get(key);
    if (last !== undefined && now - last >= 0 && now - last < SAME_VIEW_MS) return;
    this.recent.set(key, now);
    if (this.recent.size > this.forgetAt) this.forgetOld(now);
    this.pending.push(view);
    if (this.pending.length >= FLUSH_AT) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), FLUSH_AFTER_MS).unref();
  }

  /** Writes what is pending; resolves when every view recorded before the call is in the table. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.pending;
    this.pending = [];
    this.writing = this.writing.then(() => (batch.length > 0 ? this.write(batch) : undefined));
    return this.writing;
  }

  private async write(batch: PendingView[]): Promise<void> {
    try {
      // One statement for the whole batch; a student deleted meanwhile is skipped, not an error.
      await this.db.execute(sql`
        insert into ${studentAccessLog} (em, aluno_id, usuario_id, usuario_nome, nivel, via)
        select v.em, v.aluno_id, v.usuario_id, v.usuario_nome, v.nivel, v.via
        from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as v(
          em timestamptz, aluno_id uuid, usuario_id uuid, usuario_nome text, nivel text, via text)
        where exists (select 1 from ${students} s where s.id = v.aluno_id)`);
    } catch (error) {
      // Kept for the next flush (the database may be back); never fails the read that caused it.
      this.pending = [...batch, ...this.pending].slice(-MAX_PENDING);
      this.log.error({ err: error, views: batch.length }, 'Falha ao gravar acessos a fichas de alunos');
      this.timer ??= setTimeout(() => void this.flush(), FLUSH_AFTER_MS * 5).unref();
    }
  }

  private forgetOld(now: number): void {
    for (const [key, at] of this.recent) if (now - at >= SAME_VIEW_MS) this.recent.delete(key);
    // A census file logs 50,000 children in one go, all within the window: scanning the whole map on
    // every one of them was quadratic (issue 38: two minutes before the download's first byte). The next
    // scan waits until the map has doubled.
    this.forgetAt = Math.max(5000, this.recent.size * 2);
  }
}

const recorders = new WeakMap<Db, AccessRecorder>();

function recorderOf(ctx: Pick<AppContext, 'db' | 'log'>): AccessRecorder {
  let recorder = recorders.get(ctx.db);
  if (!recorder) {
    recorder = new AccessRecorder(ctx.db, ctx.log);
    recorders.set(ctx.db, recorder);
  }
  return recorder;
}

/**
 * Notes that a member of staff opened a student's whole record. Guardians reading their own children
 * are not logged: the record is theirs. Call it only after the read succeeded (in scope, found).
 */
export function recordStudentView(
  ctx: Pick<AppContext, 'db' | 'log'>,
  actor: Actor,
  alunoId: string,
  via: AccessVia,
): void {
  if (actor.nivel !== 'administrador' && actor.nivel !== 'professor') return;
  recorderOf(ctx).record({
    em: clock.now().toISOString(),
    aluno_id: alunoId,
    usuario_id: actor.id,
    usuario_nome: actor.nome,
    nivel: actor.nivel,
    via,
  });
}

/** Writes the pending views now (before reading the log, and when the app closes). */
export function flushStudentViews(ctx: Pick<AppContext, 'db' | 'log'>): Promise<void> {
  return recorders.get(ctx.db)?.flush() ?? Promise.resolve();
}

export interface AccessFilters {
  aluno_id?: string | undefined;
  q?: string | undefined;
  usuario_id?: string | undefined;
  de?: string | undefined;
  ate?: string | undefined;
}

function whereOf(filters: AccessFilters): SQL | undefined {
  const parts: SQL[] = [];
  if (filters.aluno_id) parts.push(eq(studentAccessLog.alunoId, filters.aluno_id));
  if (filters.usuario_id) parts.push(eq(studentAccessLog.usuarioId, filters.usuario_id));
  if (filters.q) parts.push(matchesText(students.nome, filters.q));
  // Calendar days are the school's: `ate` includes the whole day.
  if (filters.de)
    parts.push(gte(studentAccessLog.em, sql`(${filters.de}::date)::timestamp at time zone ${TIME_ZONE}`));
  if (filters.ate)
    parts.push(lt(studentAccessLog.em, sql`(${filters.ate}::date + 1)::timestamp at time zone ${TIME_ZONE}`));
  return parts.length > 0 ? and(...parts) : undefined;
}

/** The views, newest first, with the student's current name. */
export async function listStudentViews(
  ctx: Pick<AppContext, 'db' | 'log'>,
  filters: AccessFilters,
  page: number,
  pageSize: number,
): Promise<Page<AccessEntry>> {
  await flushStudentViews(ctx);
  const where = whereOf(filters);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({ row: studentAccessLog, alunoNome: students.nome })
      .from(studentAccessLog)
      .innerJoin(students, eq(students.id, studentAccessLog.alunoId))
      .where(where)
      .orderBy(desc(studentAccessLog.em), desc(studentAccessLog.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    ctx.db
      .select({ total: count() })
      .from(studentAccessLog)
      .innerJoin(students, eq(students.id, studentAccessLog.alunoId))
      .where(where),
  ]);
  return {
    items: rows.map(({ row, alunoNome }) => ({
      id: row.id,
      em: row.em.toISOString(),
      aluno_id: row.alunoId,
      aluno_nome: alunoNome,
      usuario_id: row.usuarioId,
      usuario_nome: row.usuarioNome,
      nivel: row.nivel,
      via: row.via,
    })),
    total: total?.total ?? 0,
    page,
    pageSize,
  };
}

/** One student's views; an unknown student is a 404. */
export async function listViewsOfStudent(
  ctx: Pick<AppContext, 'db' | 'log'>,
  alunoId: string,
  page: number,
  pageSize: number,
): Promise<Page<AccessEntry>> {
  await assertStudentExists(ctx.db, alunoId);
  return listStudentViews(ctx, { aluno_id: alunoId }, page, pageSize);
}

async function assertStudentExists(db: DbOrTx, alunoId: string): Promise<void> {
  const [found] = await db.select({ id: students.id }).from(students).where(eq(students.id, alunoId));
  if (!found) throw notFound('Aluno não encontrado.');
}

/** Everyone who viewed a record, by name, for the Auditoria filter. */
export async function listViewers(ctx: Pick<AppContext, 'db' | 'log'>): Promise<AccessViewer[]> {
  await flushStudentViews(ctx);
  const rows = await ctx.db
    .selectDistinct({ id: studentAccessLog.usuarioId, nome: studentAccessLog.usuarioNome })
    .from(studentAccessLog)
    .where(isNotNull(studentAccessLog.usuarioId))
    .orderBy(asc(studentAccessLog.usuarioNome));
  return rows.map((row) => ({ id: row.id!, nome: row.nome ?? '—' }));
}
