import { eq, isNotNull } from 'drizzle-orm';
import { messages } from '../../../shared/api.js';
import {
  academicSettingsValuesSchema,
  defaultAcademicSettings,
  type AcademicSettings,
  type AcademicSettingsValues,
} from '../../../shared/grades.schemas.js';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { recordAudit, type Actor } from '../audit/audit.service.js';
import { settings } from '../settings/settings.table.js';
import { grades } from './grades.table.js';

/** The 'Acadêmico' settings: a document under the `academico` key of the settings table. */
const KEY = 'academico';

export async function getAcademicSettings(db: DbOrTx): Promise<AcademicSettings> {
  const [row] = await db.select().from(settings).where(eq(settings.key, KEY)).limit(1);
  if (!row) return { ...defaultAcademicSettings, version: 0, updated_at: null };
  // A stored document that no longer parses (a restored older file) falls back to the defaults.
  const parsed = academicSettingsValuesSchema.safeParse(row.value);
  const values = parsed.success ? parsed.data : defaultAcademicSettings;
  return { ...values, version: row.version, updated_at: row.updatedAt.toISOString() };
}

export async function updateAcademicSettings(
  ctx: AppContext,
  input: AcademicSettingsValues & { version?: number | undefined },
  actor: Actor,
): Promise<AcademicSettings> {
  const { version: expected, ...values } = input;
  await ctx.db.transaction(async (tx) => {
    const [current] = await tx.select().from(settings).where(eq(settings.key, KEY)).for('update');
    const currentVersion = current?.version ?? 0;
    if (expected !== undefined && expected !== currentVersion)
      throw new AppError('PRECONDITION_FAILED', messages.staleVersion);
    const before = current ? (current.value as Partial<AcademicSettingsValues>) : defaultAcademicSettings;
    if (values.escala !== (before.escala ?? defaultAcademicSettings.escala)) {
      const [given] = await tx.select({ id: grades.id }).from(grades).where(isNotNull(grades.valor)).limit(1);
      if (given)
        throw new AppError(
          'CONFLICT',
          'Já há notas lançadas: a escala não pode mudar depois disso (as notas deixariam de valer o que valiam).',
          [{ path: 'escala', message: 'Escala em uso' }],
        );
    }
    const version = currentVersion + 1;
    const now = clock.now();
    await tx
      .insert(settings)
      .values({ key: KEY, value: { ...values }, version, updatedAt: now, updatedBy: actor.id })
      .onConflictDoUpdate({
        target: settings.key,
        set: { value: { ...values }, version, updatedAt: now, updatedBy: actor.id },
      });
    const changed = (Object.keys(values) as (keyof AcademicSettingsValues)[]).filter(
      (key) => JSON.stringify(before[key]) !== JSON.stringify(values[key]),
    );
    await recordAudit(tx, actor, {
      action: 'atualizar',
      entity: 'configuracoes_academicas',
      entityId: KEY,
      details: { alteracoes: Object.fromEntries(changed.map((key) => [key, values[key]])) },
    });
  });
  return getAcademicSettings(ctx.db);
}
