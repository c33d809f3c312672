import { DAY_MS } from '../../../shared/calendar.js';
import { and, desc, eq, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import {
  defaultRetention,
  retentionRunSchema,
  retentionValuesSchema,
  type RetentionRun,
  type RetentionSettings,
  type RetentionValues,
  type UpdateRetentionInput,
} from '../../../shared/retention.schemas.js';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { clock } from '../../lib/clock.js';
import { assertVersion } from '../../lib/versioning.js';
import { recordAudit, systemActor, type Actor } from '../audit/index.js';
import { auditLog } from '../../db/schema/audit.js';
import { loginThrottle, passwordResets, sessions } from '../../db/schema/auth.js';
import { entregas } from '../../db/schema/notificacoes.js';
import { rateLimitHits } from '../../db/schema/rate-limit.js';
import { settings } from '../../db/schema/settings.js';
import { guardianEmailChanges } from '../../db/schema/students.js';
import { anonymiseGuardian, guardiansDueForAnonymising } from './anonymise.service.js';
import { removeStaleInteressados } from './retention.matriculas.js';

const RETENTION_KEY = 'retencao';
export const RETENTION_JOB = 'retencao_lgpd';

interface StoredRetention {
  values: RetentionValues;
  version: number;
  updatedAt: Date | null;
}

async function readRetention(db: DbOrTx): Promise<StoredRetention> {
  const [row] = await db.select().from(settings).where(eq(settings.key, RETENTION_KEY)).limit(1);
  if (!row) return { values: { ...defaultRetention }, version: 0, updatedAt: null };
  // A value out of range (a restored older file) falls back to its default, one by one.
  const merged: Record<string, unknown> = { ...defaultRetention };
  for (const key of Object.keys(defaultRetention)) {
    const candidate = { ...merged, [key]: row.value[key] };
    if (retentionValuesSchema.safeParse(candidate).success) merged[key] = row.value[key];
  }
  return { values: merged as RetentionValues, version: row.version, updatedAt: row.updatedAt };
}

export async function readRetentionValues(db: DbOrTx): Promise<RetentionValues> {
  return (await readRetention(db)).values;
}

async function lastRun(db: DbOrTx): Promise<RetentionSettings['ultima_execucao']> {
  const [row] = await db
    .select({ at: auditLog.at, details: auditLog.details })
    .from(auditLog)
    .where(eq(auditLog.action, RETENTION_JOB))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(1);
  const parsed = retentionRunSchema.safeParse(row?.details);
  // Past the audit period the run's details are cleared too; then there is no summary to show.
  return row && parsed.success ? { em: row.at.toISOString(), resultado: parsed.data } : null;
}

export async function getRetentionSettings(db: DbOrTx): Promise<RetentionSettings> {
  const stored = await readRetention(db);
  return {
    ...stored.values,
    version: stored.version,
    updated_at: stored.updatedAt ? stored.updatedAt.toISOString() : null,
    ultima_execucao: await lastRun(db),
  };
}

export async function updateRetentionSettings(
  db: DbOrTx,
  input: UpdateRetentionInput,
  actor: Actor,
): Promise<RetentionSettings> {
  const { version: expected, ...given } = input;
  await db.transaction(async (tx) => {
    const current = await readRetention(tx);
    assertVersion(expected, current.version);
    const values: RetentionValues = {
      ...given,
      interessados_meses: given.interessados_meses ?? current.values.interessados_meses,
    };
    const version = current.version + 1;
    const now = clock.now();
    await tx
      .insert(settings)
      .values({ key: RETENTION_KEY, value: { ...values }, version, updatedAt: now, updatedBy: actor.id })
      .onConflictDoUpdate({
        target: settings.key,
        set: { value: { ...values }, version, updatedAt: now, updatedBy: actor.id },
      });
    await recordAudit(tx, actor, {
      action: 'atualizar',
      entity: 'configuracoes_retencao',
      entityId: RETENTION_KEY,
      details: { ...values },
    });
  });
  return getRetentionSettings(db);
}

const daysAgo = (days: number) => clock.ago(days * DAY_MS);

/**
 * One run of the retention rules: technical records past their period are deleted, the audit trail's
 * details and IPs past theirs are cleared (the row stays), and guardians with no child at the school
 * for the configured years are anonymised — each in its own transaction, so one that cannot be
 * (a child re-enrolled meanwhile) does not stop the others.
 */
export async function runRetention(ctx: AppContext): Promise<RetentionRun> {
  const { db } = ctx;
  const values = await readRetentionValues(db);
  const technical = daysAgo(values.registros_tecnicos_dias);
  const count = (rows: unknown[]) => rows.length;
  const result: RetentionRun = {
    sessoes: count(
      await db
        .delete(sessions)
        .where(or(lt(sessions.absoluteExpiresAt, technical), lt(sessions.idleExpiresAt, technical)))
        .returning({ id: sessions.id }),
    ),
    links_de_senha: count(
      await db
        .delete(passwordResets)
        .where(lt(sql`coalesce(${passwordResets.usedAt}, ${passwordResets.expiresAt})`, technical))
        .returning({ id: passwordResets.tokenHash }),
    ),
    trocas_de_email: count(
      await db
        .delete(guardianEmailChanges)
        .where(lt(guardianEmailChanges.expiresAt, technical))
        .returning({ id: guardianEmailChanges.tokenHash }),
    ),
    contadores_de_login: count(
      await db
        .delete(loginThrottle)
        .where(
          and(
            lt(loginThrottle.lastAttemptAt, technical),
            sql`(${loginThrottle.blockedUntil} is null or ${loginThrottle.blockedUntil} < ${clock.now().toISOString()}::timestamptz)`,
          ),
        )
        .returning({ id: loginThrottle.key }),
    ),
    limites_de_requisicao: count(
      await db
        .delete(rateLimitHits)
        .where(lt(rateLimitHits.resetAt, technical))
        .returning({ id: rateLimitHits.key }),
    ),
    entregas: count(
      await db
        .delete(entregas)
        .where(
          and(
            inArray(entregas.status, ['enviado', 'falhou']),
            lt(sql`coalesce(${entregas.enviadoEm}, ${entregas.updatedAt})`, technical),
          ),
        )
        .returning({ id: entregas.id }),
    ),
    auditoria: count(
      await db
        .update(auditLog)
        .set({ details: null, ip: null })
        .where(
          and(
            lt(auditLog.at, daysAgo(values.auditoria_dias)),
            or(isNotNull(auditLog.details), isNotNull(auditLog.ip)),
          ),
        )
        .returning({ id: auditLog.id }),
    ),
    responsaveis_anonimizados: 0,
    interessados_removidos: 0,
  };
  const before = new Date(clock.now());
  before.setUTCFullYear(before.getUTCFullYear() - values.responsaveis_anos);
  for (const id of await guardiansDueForAnonymising(db, before)) {
    try {
      await anonymiseGuardian(ctx, id, systemActor);
      result.responsaveis_anonimizados += 1;
    } catch (error) {
      ctx.log.warn({ err: error, responsavelId: id }, 'Responsável não anonimizado pela retenção');
    }
  }
  result.interessados_removidos = await removeStaleInteressados(ctx, values.interessados_meses);
  await recordAudit(db, systemActor, { action: RETENTION_JOB, entity: 'retencao', details: { ...result } });
  return result;
}

const dayKey = (date: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(date);

/** Daily, one runner across instances: a slot per São Paulo day on the job queue (ADR 0015). */
export function registerRetentionJob(ctx: AppContext): void {
  ctx.jobs.handle(RETENTION_JOB, async () => {
    await runRetention(ctx);
  });
  ctx.jobs.schedule({
    name: RETENTION_JOB,
    kind: RETENTION_JOB,
    slotOf: (now) => Promise.resolve(dayKey(now)),
  });
}
