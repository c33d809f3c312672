/**
 * Reconciliation (issue 33 §2, ADR 0042): the PSP's own list of the Pix received in a period (`GET /pix`,
 * every page) through the same once-only path as the webhook, so whatever the webhook missed — it was
 * down for a day, the PSP gave up retrying — is recorded and pays its mensalidade, and what the webhook
 * already brought is left alone. Daily for the previous day, and on demand; the last run is kept for the
 * screen.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  pixRecebidoWireSchema,
  ultimaConciliacaoSchema,
  type ConciliarInput,
  type ConciliarResult,
  type PixRecebidoWire,
  type UltimaConciliacao,
} from '../../../shared/pix-recebidos.schemas.js';
import { formatCount, todayIso } from '../../../shared/format.js';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { pixRecebidos } from '../../db/schema/pix-recebidos.js';
import { settings } from '../../db/schema/settings.js';
import { clock, schoolHour } from '../../lib/clock.js';
import { AppError, conflict } from '../../lib/errors.js';
import { recordAudit, systemActor, type Actor } from '../audit/index.js';
import { PixApiError } from './pix-api.js';
import { pixProviderOf } from './pix-provider.service.js';
import { followDevolucoes } from './pix-devolucao.service.js';
import { receivePix } from './pix-recebidos.service.js';

export const DAILY_RECONCILIATION_JOB = 'pix.conciliar';
const LAST_RUN_KEY = 'pix_conciliacao';
/** The daily run waits for the morning (São Paulo): the PSP's list of the day before is complete by then. */
const DAILY_FROM_HOUR = 6;

export async function lastReconciliation(db: DbOrTx): Promise<UltimaConciliacao | null> {
  const [row] = await db.select().from(settings).where(eq(settings.key, LAST_RUN_KEY));
  const parsed = ultimaConciliacaoSchema.safeParse(row?.value);
  return parsed.success ? parsed.data : null;
}

async function saveLastRun(db: DbOrTx, run: UltimaConciliacao): Promise<void> {
  await db
    .insert(settings)
    .values({ key: LAST_RUN_KEY, value: run })
    .onConflictDoUpdate({
      target: settings.key,
      set: { value: run, updatedAt: clock.now(), version: sql`${settings.version} + 1` },
    });
}

/** Of the Pix found, those (and their devoluções) still waiting for a person. */
async function countWaiting(db: DbOrTx, endToEndIds: string[]): Promise<number> {
  if (endToEndIds.length === 0) return 0;
  const [row] = await db
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(pixRecebidos)
    .where(and(inArray(pixRecebidos.endToEndId, endToEndIds), eq(pixRecebidos.situacao, 'a_conciliar')));
  return row?.total ?? 0;
}

export async function reconcilePix(
  ctx: AppContext,
  input: ConciliarInput,
  origem: UltimaConciliacao['origem'],
  actor: Actor,
): Promise<ConciliarResult> {
  const provider = await pixProviderOf(ctx);
  if (!provider)
    throw conflict('O Pix automático não está configurado. Configure-o em Configurações → Financeiro.');
  const run = { inicio: input.inicio, fim: input.fim, origem, executada_em: clock.now().toISOString() };
  let lista;
  try {
    lista = await provider.api.listPix(input.inicio, input.fim);
  } catch (error) {
    if (!(error instanceof PixApiError)) throw error;
    await saveLastRun(ctx.db, {
      ...run,
      encontrados: 0,
      registrados: 0,
      a_conciliar: 0,
      erro: error.mensagem,
    });
    throw new AppError('UNAVAILABLE', `Não foi possível ler os Pix recebidos no banco: ${error.mensagem}`);
  }
  const valid: PixRecebidoWire[] = [];
  for (const item of lista) {
    const parsed = pixRecebidoWireSchema.safeParse(item);
    if (parsed.success) valid.push(parsed.data);
  }
  if (valid.length < lista.length)
    ctx.log.warn({ ignorados: lista.length - valid.length }, 'Pix da conciliação fora do padrão');
  const { pixNovos } = await receivePix(ctx, valid, 'conciliacao');
  const result: ConciliarResult = {
    encontrados: lista.length,
    registrados: pixNovos.length,
    a_conciliar: await countWaiting(
      ctx.db,
      valid.map((pix) => pix.endToEndId),
    ),
  };
  await saveLastRun(ctx.db, { ...run, ...result, erro: null });
  await recordAudit(ctx.db, actor, {
    action: 'conciliar_pix',
    entity: 'pix_recebido',
    details: { ...result, inicio: input.inicio, fim: input.fim, origem },
  });
  return result;
}

export function reconciliationMessage(result: ConciliarResult): string {
  return `Conciliação feita: ${formatCount(result.encontrados, 'Pix encontrado', 'Pix encontrados')}, ${formatCount(result.registrados, 'registrado agora', 'registrados agora')}, ${result.a_conciliar.toLocaleString('pt-BR')} a conciliar.`;
}

/** The São Paulo day before `day` (YYYY-MM-DD). */
function dayBefore(day: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}

/** The whole São Paulo day before `now`, as RFC 3339 (Brazil has kept UTC−3 all year since 2019). */
export function previousDay(now: Date): ConciliarInput {
  const today = todayIso(now);
  return { inicio: `${dayBefore(today)}T00:00:00-03:00`, fim: `${today}T00:00:00-03:00` };
}

/** Daily, one runner across instances (a slot per São Paulo day, from the morning on; ADR 0015). */
export function registerDailyReconciliation(ctx: AppContext): void {
  ctx.jobs.handle(DAILY_RECONCILIATION_JOB, async () => {
    // Off or not configured: nothing to ask anyone.
    if (!(await pixProviderOf(ctx))) return;
    await reconcilePix(ctx, previousDay(clock.now()), 'diaria', systemActor);
    await followDevolucoes(ctx);
  });
  ctx.jobs.schedule({
    name: DAILY_RECONCILIATION_JOB,
    kind: DAILY_RECONCILIATION_JOB,
    slotOf: (now) => Promise.resolve(schoolHour(now) >= DAILY_FROM_HOUR ? todayIso(now) : null),
  });
}
