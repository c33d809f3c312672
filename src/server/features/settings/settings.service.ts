import { cacheBusOf } from '../../db/cache-bus.js';
import { dropCalendarSnapshot } from '../calendar/index.js';
import { asc, eq } from 'drizzle-orm';
import {
  builtInPerfilNames,
  builtInPerfilNivel,
  builtInPerfilPermissions,
  builtInPerfis,
  currentPermissions,
  permissionLabels,
  tipoByNivel,
} from '../../../shared/permissions.js';
import { perfis } from '../../db/schema/perfis.js';
import {
  defaultSystemSettings,
  SMS_UNAVAILABLE_MESSAGE,
  systemSettingsValuesSchema,
  type PublicSystemSettings,
  type RoleMatrixEntry,
  type SchoolSettings,
  type SystemSettings,
  type SystemSettingsValues,
  type UpdateSchoolSettingsData,
  type UpdateSystemSettingsInput,
} from '../../../shared/settings.schemas.js';
import type { AppContext } from '../../context.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { recordAudit, type Actor } from '../audit/index.js';
import { getSchoolIdentity, saveSchoolIdentity, type StoredSchoolIdentity } from './school-identity.js';
import { settings } from '../../db/schema/settings.js';
import { assertVersion, staleVersion } from '../../lib/versioning.js';

const SYSTEM_KEY = 'sistema';

function toSchoolSettings(identity: StoredSchoolIdentity): SchoolSettings {
  const { updatedAt, ...rest } = identity;
  return { ...rest, updated_at: updatedAt ? updatedAt.toISOString() : null };
}

export async function getSchoolSettings(db: DbOrTx): Promise<SchoolSettings> {
  return toSchoolSettings(await getSchoolIdentity(db, { own: true }));
}

export async function updateSchoolSettings(
  ctx: AppContext,
  input: UpdateSchoolSettingsData,
  actor: Actor,
): Promise<SchoolSettings> {
  const { version, ...changes } = input;
  const saved = await ctx.db.transaction(async (tx) => {
    const before = await getSchoolIdentity(tx, { own: true });
    const result = await saveSchoolIdentity(tx, changes, { actor, expectedVersion: version });
    if (!result) throw staleVersion();
    const campos = Object.keys(changes).filter(
      (key) => before[key as keyof typeof before] !== result[key as keyof typeof result],
    );
    await recordAudit(tx, actor, {
      action: 'atualizar',
      entity: 'configuracoes_escola',
      entityId: 'escola',
      details: { campos },
    });
    return result;
  });
  await invalidateSettingsCache(ctx);
  return toSchoolSettings(saved);
}

interface StoredSystem {
  values: SystemSettingsValues;
  version: number;
  updatedAt: Date | null;
}

/** The system settings' values as stored (or defaulted), read inside the caller's transaction. */
export async function readSystemValues(db: DbOrTx): Promise<SystemSettingsValues> {
  return (await readSystem(db)).values;
}

/**
 * Whether the school sends SMS now: a provider configured (SMS_URL) and 'Notificações por SMS' on in
 * Configurações. While it does not, nothing reaches a phone by SMS, whatever a person chose.
 */
export async function sendsSms(ctx: AppContext): Promise<boolean> {
  return Boolean(ctx.config.smsUrl) && (await readSystemValues(ctx.db)).notificacoes_sms;
}

async function readSystem(db: DbOrTx): Promise<StoredSystem> {
  const [row] = await db.select().from(settings).where(eq(settings.key, SYSTEM_KEY)).limit(1);
  if (!row) return { values: { ...defaultSystemSettings }, version: 0, updatedAt: null };
  // Unknown or invalid stored values fall back to the defaults one by one (a restored older file).
  const merged: Record<string, unknown> = { ...defaultSystemSettings };
  for (const key of Object.keys(defaultSystemSettings)) {
    const candidate = { ...merged, [key]: row.value[key] };
    if (systemSettingsValuesSchema.safeParse(candidate).success) merged[key] = row.value[key];
  }
  return { values: merged as SystemSettingsValues, version: row.version, updatedAt: row.updatedAt };
}

function toSystemSettings(ctx: AppContext, stored: StoredSystem): SystemSettings {
  return {
    ...stored.values,
    version: stored.version,
    updated_at: stored.updatedAt ? stored.updatedAt.toISOString() : null,
    sms_disponivel: Boolean(ctx.config.smsUrl),
  };
}

export async function getSystemSettings(ctx: AppContext): Promise<SystemSettings> {
  return toSystemSettings(ctx, await readSystem(ctx.db));
}

export async function updateSystemSettings(
  ctx: AppContext,
  input: UpdateSystemSettingsInput,
  actor: Actor,
): Promise<SystemSettings> {
  const { version: expectedVersion, ...values } = input;
  if (values.notificacoes_sms && !ctx.config.smsUrl) {
    throw new AppError('VALIDATION', SMS_UNAVAILABLE_MESSAGE, [
      { path: 'notificacoes_sms', message: SMS_UNAVAILABLE_MESSAGE },
    ]);
  }
  const saved = await ctx.db.transaction(async (tx) => {
    const current = await readSystem(tx);
    assertVersion(expectedVersion, current.version);
    const version = current.version + 1;
    const now = new Date();
    await tx
      .insert(settings)
      .values({ key: SYSTEM_KEY, value: { ...values }, version, updatedAt: now, updatedBy: actor.id })
      .onConflictDoUpdate({
        target: settings.key,
        set: { value: { ...values }, version, updatedAt: now, updatedBy: actor.id },
      });
    const changed = (Object.keys(values) as (keyof SystemSettingsValues)[]).filter(
      (key) => current.values[key] !== values[key],
    );
    await recordAudit(tx, actor, {
      action: changed.includes('manutencao')
        ? values.manutencao
          ? 'ativar_manutencao'
          : 'desativar_manutencao'
        : 'atualizar',
      entity: 'configuracoes_sistema',
      entityId: 'sistema',
      details: { alteracoes: Object.fromEntries(changed.map((key) => [key, values[key]])) },
    });
    return { values, version, updatedAt: now };
  });
  await invalidateSettingsCache(ctx);
  return toSystemSettings(ctx, saved);
}

/**
 * The settings every request may need (maintenance flag, theme, school name) are cached per database
 * in memory. Any change to `settings` or the site's content, from any instance, is notified on the
 * cache bus and drops the entry everywhere (ADR 0015); the short life is only a safety net, and nothing
 * is kept while the bus may be missing notifications.
 */
const CACHE_TTL_MS = 5_000;
interface CachedPublic {
  value: PublicSystemSettings;
  at: number;
}
const publicCache = new WeakMap<Db, CachedPublic>();
/** Bumped by every drop, so a read that started before it cannot store what it read. */
const generations = new WeakMap<Db, number>();

/** Drops the cached public settings of this process (the cache bus calls it). */
export function dropSettingsCache(db: Db): void {
  publicCache.delete(db);
  generations.set(db, (generations.get(db) ?? 0) + 1);
}

/** Call after a change commits (never inside a transaction): settings, restore, wipe. */
export async function invalidateSettingsCache(ctx: AppContext): Promise<void> {
  dropSettingsCache(ctx.db);
  // A restore or wipe replaces the calendar too.
  dropCalendarSnapshot(ctx.db);
  await ctx.content.refresh();
}

export async function getPublicSettings(db: Db): Promise<PublicSystemSettings> {
  const cached = publicCache.get(db);
  if (cached && Date.now() - cached.at < CACHE_TTL_MS) return cached.value;
  const generation = generations.get(db) ?? 0;
  const [system, school] = await Promise.all([readSystem(db), getSchoolIdentity(db)]);
  const value: PublicSystemSettings = {
    manutencao: system.values.manutencao,
    tema: system.values.tema,
    idioma: system.values.idioma,
    fuso_horario: system.values.fuso_horario,
    moeda: system.values.moeda,
    nome_escola: school.nome,
    consulta_cep: system.values.consulta_cep,
  };
  const current = (generations.get(db) ?? 0) === generation;
  if (current && cacheBusOf(db)?.isLive() !== false) publicCache.set(db, { value, at: Date.now() });
  return value;
}

export async function isMaintenanceOn(db: Db): Promise<boolean> {
  return (await getPublicSettings(db)).manutencao;
}

export async function isAutomaticBackupOn(db: DbOrTx): Promise<boolean> {
  return (await readSystem(db)).values.backup_automatico;
}

/**
 * The profile → permission matrix, in Portuguese: every access profile of the school (ADR 0025), the
 * built-in ones first, with each permission and whether the profile holds it.
 */
export async function getRoleMatrix(db: Db): Promise<RoleMatrixEntry[]> {
  // Read here rather than through the perfis module, which depends on this one (sessions, maintenance).
  // The built-in profiles come from the code (their rows may not exist yet after a wipe).
  const rows = await db.select().from(perfis).orderBy(asc(perfis.nome));
  const matrix = (held: readonly string[]) =>
    Object.entries(permissionLabels).map(([chave, descricao]) => ({
      chave,
      descricao,
      permitido: held.includes(chave),
    }));
  const builtIn = builtInPerfis.map((chave) => {
    const nivel = builtInPerfilNivel[chave];
    return {
      id: rows.find((row) => row.chave === chave)?.id ?? chave,
      nivel,
      tipo: tipoByNivel[nivel],
      nome: builtInPerfilNames[chave],
      padrao: true,
      permissoes: matrix(builtInPerfilPermissions[chave]),
    };
  });
  const custom = rows
    .filter((row) => row.chave === null)
    .map((row) => ({
      id: row.id,
      nivel: null,
      tipo: null,
      nome: row.nome,
      padrao: false,
      permissoes: matrix(currentPermissions(row.permissoes)),
    }));
  return [...builtIn, ...custom];
}
