import { asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { messages } from '../../../shared/api.js';
import type { AveragingRules } from '../../../shared/averages.js';
import {
  academicSettingsValuesSchema,
  defaultAcademicSettings,
  rulesOf,
  type AcademicSettings,
  type AcademicSettingsValues,
} from '../../../shared/academic-settings.schemas.js';
import { scaleMaxTenths } from '../../../shared/averages.js';
import {
  etapas,
  mergeStageRules,
  stageRuleIssues,
  stageRulesOf,
  type ClassRules,
  type StageRulesInput,
} from '../../../shared/stage-rules.js';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { clock } from '../../lib/clock.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { recordAudit, type Actor } from '../audit/index.js';
import { schoolPeriods, schoolYears } from '../../db/schema/calendar.js';
import { settings } from '../../db/schema/settings.js';
import { assessments, grades, yearClosures } from '../../db/schema/grades.js';

/** The 'Acadêmico' settings: a document under the `academico` key of the settings table. */
const KEY = 'academico';

async function readAcademicSettings(db: DbOrTx) {
  const [row] = await db.select().from(settings).where(eq(settings.key, KEY)).limit(1);
  if (!row) return { values: defaultAcademicSettings, row: null };
  // A stored document that no longer parses (a restored older file) falls back to the defaults.
  const parsed = academicSettingsValuesSchema.safeParse(row.value);
  if (!parsed.success) return { values: defaultAcademicSettings, row };
  // A document saved when the failing by absence could still be switched off follows the law now (LDB
  // art. 24, VI); only a closed year's snapshot keeps what it was closed with.
  return { values: { ...parsed.data, frequencia_minima: true }, row };
}

export async function getAcademicSettings(db: DbOrTx): Promise<AcademicSettings> {
  const { values, row } = await readAcademicSettings(db);
  if (!row) return { ...values, version: 0, updated_at: null };
  return { ...values, version: row.version, updated_at: row.updatedAt.toISOString() };
}

/** The values of the settings (without version), as a closed year's snapshot stores them. */
export async function currentAcademicValues(db: DbOrTx): Promise<AcademicSettingsValues> {
  return (await readAcademicSettings(db)).values;
}

/**
 * The rules a school year is computed with. A closed year keeps the rules it was closed with (its
 * `year_closures.regras`, ADR 0012): its boletins, final situations and documents are legal records, and
 * a later change in Configurações → Acadêmico must not rewrite them. A year not closed (or no year)
 * follows the current settings.
 */
export async function rulesForYear(
  db: DbOrTx,
  anoLetivoId: string | null | undefined,
): Promise<AveragingRules> {
  if (anoLetivoId) {
    const [closure] = await db
      .select({ regras: yearClosures.regras })
      .from(yearClosures)
      .where(eq(yearClosures.anoLetivoId, anoLetivoId));
    const snapshot = closure ? academicSettingsValuesSchema.safeParse(closure.regras) : null;
    if (snapshot?.success) return rulesOf(snapshot.data);
  }
  return rulesOf(await currentAcademicValues(db));
}

/**
 * A class's rules in its year (`ano_letivo`): its stage's minimum attendance, Conselho Tutelar line,
 * passing average and recuperação (`stageRulesOf`), from the rules of that year (see rulesForYear).
 */
export async function rulesForClass(
  db: DbOrTx,
  turma: { nivel: string; serie: string; anoLetivo: string },
): Promise<ClassRules> {
  const [year] = /^\d{4}$/.test(turma.anoLetivo)
    ? await db
        .select({ id: schoolYears.id })
        .from(schoolYears)
        .where(eq(schoolYears.ano, Number(turma.anoLetivo)))
    : [];
  return stageRulesOf(turma, await rulesForYear(db, year?.id));
}

/** The rules of the year a period belongs to (see rulesForYear). */
export async function rulesForPeriod(db: DbOrTx, periodoId: string): Promise<AveragingRules> {
  const [period] = await db
    .select({ anoLetivoId: schoolPeriods.anoLetivoId })
    .from(schoolPeriods)
    .where(eq(schoolPeriods.id, periodoId));
  return rulesForYear(db, period?.anoLetivoId);
}

/** The rules of the year of an avaliação's period (see rulesForYear). */
export async function rulesForAssessment(db: DbOrTx, avaliacaoId: string): Promise<AveragingRules> {
  const [column] = await db
    .select({ anoLetivoId: schoolPeriods.anoLetivoId })
    .from(assessments)
    .innerJoin(schoolPeriods, eq(schoolPeriods.id, assessments.periodoId))
    .where(eq(assessments.id, avaliacaoId));
  return rulesForYear(db, column?.anoLetivoId);
}

/**
 * Closed years without a snapshot (rows restored from a backup made before `regras` existed) get the
 * settings now in force — the restored ones —, as migration 0021 did for the years closed before it.
 */
export async function snapshotMissingYearRules(db: DbOrTx): Promise<void> {
  const values = await currentAcademicValues(db);
  await db.update(yearClosures).set({ regras: values }).where(isNull(yearClosures.regras));
}

/**
 * With weights per period, one weight for each period of every year still open (not closed): 2 weights
 * for 4 bimestres would give the others weight 1 without anyone choosing it. The weights are the
 * school's, not a year's, so years with different numbers of periods cannot share them.
 */
async function checkPeriodWeights(db: DbOrTx, values: AcademicSettingsValues): Promise<void> {
  if (values.media_anual !== 'pesos') return;
  const open = await openYearPeriods(db);
  const given = values.pesos_periodos.length;
  const mismatch = weightsMismatch(open, given);
  if (!mismatch) return;
  const { tipo, periodos } = open[0]!;
  const message =
    mismatch === 'mixed'
      ? `Os anos letivos em aberto têm números de períodos diferentes (${describeYears(
          open,
        )}): um peso por período não serve a todos. Use a média dos períodos ou encerre o ano anterior.`
      : `Informe um peso para cada um dos ${String(periodos)} ${tipo}s de ${open.map((year) => String(year.ano)).join(' e ')}: ${
          given === 1 ? 'foi informado 1' : `foram informados ${String(given)}`
        }.`;
  throw badRequest(message, [{ path: 'pesos_periodos', message }]);
}

interface OpenYearPeriods {
  ano: number;
  tipo: string;
  periodos: number;
}

/** The years not closed, with how many periods each has (those without periods left out). */
async function openYearPeriods(db: DbOrTx): Promise<OpenYearPeriods[]> {
  const years = await db
    .select({
      ano: schoolYears.ano,
      tipo: schoolYears.tipoPeriodo,
      periodos:
        sql<number>`(select count(*) from ${schoolPeriods} where ${schoolPeriods.anoLetivoId} = ${schoolYears.id})`.mapWith(
          Number,
        ),
    })
    .from(schoolYears)
    .leftJoin(yearClosures, eq(yearClosures.anoLetivoId, schoolYears.id))
    .where(isNull(yearClosures.anoLetivoId))
    .orderBy(asc(schoolYears.ano));
  return years.filter((year) => year.periodos > 0);
}

/**
 * How `weights` weights fail the open years: their numbers of periods differ ('mixed') or differ from
 * the weights ('count'); null when they fit (or no year is open).
 */
function weightsMismatch(open: readonly OpenYearPeriods[], weights: number): 'mixed' | 'count' | null {
  if (open.length === 0) return null;
  if (new Set(open.map((year) => year.periodos)).size > 1) return 'mixed';
  return open[0]!.periodos === weights ? null : 'count';
}

const describeYears = (years: readonly OpenYearPeriods[]) =>
  years.map((year) => `${String(year.ano)}: ${String(year.periodos)} ${year.tipo}s`).join('; ');

/**
 * The calendar's side of the same rule (called in the transaction that creates or edits a school year,
 * after the write): with the annual average weighted per period, every open year must keep one weight
 * per period. A change of bimestres to trimestres (or a new year with another division) that the
 * saved weights no longer fit is refused (409 on `tipo_periodo`) rather than adjusted: which weight each
 * new period gets is the school's decision, taken in Configurações → Acadêmico. The settings row is
 * locked (share) so a settings change cannot slip in between.
 */
export async function assertPeriodWeightsFit(tx: DbOrTx): Promise<void> {
  const [row] = await tx.select().from(settings).where(eq(settings.key, KEY)).for('share');
  const parsed = row ? academicSettingsValuesSchema.safeParse(row.value) : null;
  if (!parsed?.success || parsed.data.media_anual !== 'pesos') return;
  const weights = parsed.data.pesos_periodos;
  const open = await openYearPeriods(tx);
  const mismatch = weightsMismatch(open, weights.length);
  if (!mismatch) return;
  const { tipo, periodos } = open[0]!;
  const list = weights.join('; ');
  const advice =
    'Para mudar a divisão, escolha antes "Média aritmética dos períodos" em Configurações → Acadêmico, salve o ano letivo e então informe lá um peso para cada período.';
  const message =
    mismatch === 'mixed'
      ? `A média anual usa um peso por período (Configurações → Acadêmico: ${list}), e os anos letivos em aberto ficariam com números de períodos diferentes (${describeYears(
          open,
        )}): os mesmos pesos não servem a todos. Mantenha a divisão dos outros anos em aberto. ${advice}`
      : `A média anual usa um peso por período (Configurações → Acadêmico: ${list}, ${
          weights.length === 1 ? '1 peso' : `${String(weights.length)} pesos`
        }), e o ano letivo ficaria com ${String(periodos)} ${tipo}s: os pesos deixariam de corresponder aos períodos. ${advice}`;
  throw new AppError('CONFLICT', message, [{ path: 'tipo_periodo', message }]);
}

/** A stage's passing average kept from before must still fit a scale changed now (0–100 → 0–10). */
function checkStagesAgainstScale(values: AcademicSettingsValues): void {
  const max = scaleMaxTenths(values.escala) / 10;
  const issues = etapas.flatMap((etapa) => stageRuleIssues(etapa, values.etapas[etapa], max));
  if (issues.length > 0)
    throw badRequest(
      issues[0]!.message,
      issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
    );
}

export async function updateAcademicSettings(
  ctx: AppContext,
  input: Omit<AcademicSettingsValues, 'etapas'> & {
    etapas?: StageRulesInput | undefined;
    version?: number | undefined;
  },
  actor: Actor,
): Promise<AcademicSettings> {
  const { version: expected, etapas: givenStages, ...general } = input;
  await ctx.db.transaction(async (tx) => {
    const [current] = await tx.select().from(settings).where(eq(settings.key, KEY)).for('update');
    // The rules per stage: what the PUT leaves out keeps its saved value (a client of before them
    // changes nothing there).
    const saved = current ? academicSettingsValuesSchema.safeParse(current.value) : null;
    const values: AcademicSettingsValues = {
      ...general,
      etapas: mergeStageRules(
        saved?.success ? saved.data.etapas : defaultAcademicSettings.etapas,
        givenStages,
      ),
    };
    checkStagesAgainstScale(values);
    // Under the lock: a school year edited meanwhile waits for it (assertPeriodWeightsFit).
    await checkPeriodWeights(tx, values);
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
