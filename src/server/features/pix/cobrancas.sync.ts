/**
 * `pix.sincronizar` (issue 33 §1, ADR 0041): brings the PSP's charges in line with the tuition, in
 * bounded batches on the durable job queue. Desired state, not events: whatever happened to a tuition
 * (generated, discounted, paid in part, cancelled, paid by hand), the job compares it with what the PSP
 * holds (`pix_cobrancas`) and sends only the difference — PUT for an open tuition without a charge,
 * PATCH for a new amount, due date or school setting (multa, juros, days after the due date: the whole
 * body, ADR 0048), PATCH `REMOVIDA_PELO_USUARIO_RECEBEDOR` for one cancelled or paid
 * by hand. Finance only enqueues the job by name; a PSP that is down leaves charges in `erro` (with the
 * reason) and retries them, never failing anything finance does.
 */
import { createHash } from 'node:crypto';
import { and, eq, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { parseReais } from '../../../shared/money.js';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { clock } from '../../lib/clock.js';
import { errorCodeOf } from '../../lib/log.js';
import { mensalidades } from '../../db/schema/finance.js';
import { jobSlots } from '../../db/schema/jobs.js';
import { pixCobrancas, type PixCobrancaRow } from '../../db/schema/pix-cobrancas.js';
import { guardians, studentGuardians, students } from '../../db/schema/students.js';
import { loadSettings, pontualidadeOf } from '../finance/index.js';
import { buildCobvBody, openPrincipalOf, txidOf, type CobvSettings } from './cobv-body.js';
import { PixApiError, type Cobv, type CobvBody, type CobvPatch, type PixProvider } from './pix-api.js';
import { pixProviderOf } from './pix-provider.service.js';
import { SYNC_JOB } from './sync-job.js';
import { enviarCobrancasRecorrentes, retirarCobrancasRecorrentes } from './pix-automatico.sync.js';

export { SYNC_JOB };
/** Charges handled per run; a run with more left queues the next one at once. */
export const SYNC_BATCH = 50;
/** Rows created per run for open tuition without a charge yet (cheap inserts, no PSP call). */
const MATERIALIZE_BATCH = 1000;
/** Calls in flight at once within a run (the adapter's agent caps the sockets too). */
export const SYNC_CONCURRENCY = 8;
/** How long a run holds the charges it took (another instance skips them meanwhile). */
const LEASE_MS = 2 * 60_000;
/** After a failure the PSP may fix by itself: 30 s, 1 min, 2 min… up to 15 min. */
const retryDelayMs = (tentativas: number) => Math.min(30_000 * 2 ** Math.max(0, tentativas - 1), 15 * 60_000);
/** After a refusal (missing CPF, a body the PSP rejects): once an hour, in case the data changed. */
const REFUSED_RETRY_MS = 60 * 60_000;

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

const isOpen = sql`(${mensalidades.canceladaEm} is null and ${mensalidades.principalPago} < ${mensalidades.valor})`;

/**
 * The school-wide part of every body, as one comparable value: `CobvSettings` without the key (a cobv
 * keeps its key; a revision cannot change it) and without today (which only drops a discount whose last
 * day has passed from a charge sent now), as canonical JSON hashed. Every other field is in it — multa,
 * juros, the days after the due date, the desconto de pontualidade (ADR 0046) — so what the settings
 * gain later revises the charges without a change here.
 */
export function configFingerprint(settings: CobvSettings): string {
  return createHash('sha256')
    .update(canonicalJson({ ...settings, chave: undefined, hoje: undefined }))
    .digest('base64url');
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      // Absent and null are the same setting (no discount is `pontualidade: null`).
      .filter(([, item]) => item !== undefined && item !== null)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/**
 * A charge whose row says it has work to do now (the same rule for the claim and the schedule): the
 * desired state is the whole body — the tuition's part (open principal, due date) compared column by
 * column, the settings' part by `configFingerprint`.
 */
function needsWork(now: Date, config: string): SQL {
  return sql`(
    (${pixCobrancas.status} in ('pendente', 'erro')
      and (${pixCobrancas.proximaTentativa} is null or ${pixCobrancas.proximaTentativa} <= ${at(now)}))
    or (${pixCobrancas.status} = 'ativa' and (not ${isOpen}
      or ${pixCobrancas.valorEnviado} is distinct from (${mensalidades.valor} - ${mensalidades.principalPago})
      or ${pixCobrancas.vencimentoEnviado} is distinct from ${mensalidades.dataVencimento}
      or ${pixCobrancas.configEnviada} is distinct from ${config}))
    or (${pixCobrancas.status} = 'removida' and ${isOpen})
  )`;
}

/**
 * Charges made before the fingerprint existed were sent with the settings of their day, which the
 * product then did not compare: they take today's (as if sent with it), rather than every active charge
 * being revised at once after the upgrade. Later changes revise them like any other.
 */
async function adoptUnfingerprinted(db: Db, config: string): Promise<void> {
  await db
    .update(pixCobrancas)
    .set({ configEnviada: config })
    .where(and(eq(pixCobrancas.status, 'ativa'), isNull(pixCobrancas.configEnviada)));
}

/** What every body of this run shares: the school's rates, the key, the days after the due date, the discount. */
async function cobvSettingsOf(db: Db, provider: PixProvider): Promise<CobvSettings> {
  const settings = await loadSettings(db);
  return {
    multaBp: settings.multaBp,
    jurosMensalBp: settings.jurosMensalBp,
    chave: provider.chave,
    validadeAposVencimento: provider.validadeAposVencimento,
    pontualidade: pontualidadeOf(settings),
    hoje: clock.today(),
  };
}

const withoutCharge = sql`not exists (select 1 from ${pixCobrancas} where ${pixCobrancas.mensalidadeId} = ${mensalidades.id})`;

/** Rows for open tuition that has none yet (`pendente`, txid from the id, as `txidOf` derives it). */
async function materialize(db: Db): Promise<number> {
  const inserted = await db.execute(sql`
    insert into ${pixCobrancas} (mensalidade_id, txid)
    select ${mensalidades.id}, replace(${mensalidades.id}::text, '-', '') from ${mensalidades}
    where ${isOpen} and ${withoutCharge}
    order by ${mensalidades.dataVencimento}, ${mensalidades.id}
    limit ${MATERIALIZE_BATCH}
    on conflict do nothing
    returning mensalidade_id`);
  return rowsOf(inserted).length;
}

/** Takes up to `limit` charges with work to do, holding them until `leaseEnd`. */
async function claim(db: Db, now: Date, leaseEnd: Date, limit: number, config: string): Promise<string[]> {
  const claimed = await db.execute(sql`
    update ${pixCobrancas} set reservada_ate = ${at(leaseEnd)}
    where ${pixCobrancas.mensalidadeId} in (
      select ${pixCobrancas.mensalidadeId} from ${pixCobrancas}
      join ${mensalidades} on ${mensalidades.id} = ${pixCobrancas.mensalidadeId}
      where (${pixCobrancas.reservadaAte} is null or ${pixCobrancas.reservadaAte} < ${at(now)})
        and ${needsWork(now, config)}
      order by ${pixCobrancas.proximaTentativa} nulls first, ${mensalidades.dataVencimento}
      limit ${limit}
      for update of ${pixCobrancas} skip locked)
    returning mensalidade_id`);
  return rowsOf<{ mensalidade_id: string }>(claimed).map((row) => row.mensalidade_id);
}

/** True when a run would find something to do (the schedule asks before queuing one). */
export async function hasSyncWork(db: Db, now: Date, provider: PixProvider): Promise<boolean> {
  const config = configFingerprint(await cobvSettingsOf(db, provider));
  await adoptUnfingerprinted(db, config);
  const found = await db.execute(sql`
    select 1 from ${pixCobrancas} join ${mensalidades} on ${mensalidades.id} = ${pixCobrancas.mensalidadeId}
    where ${needsWork(now, config)} and (${pixCobrancas.reservadaAte} is null or ${pixCobrancas.reservadaAte} < ${at(now)})
    union all
    select 1 from ${mensalidades} where ${isOpen} and ${withoutCharge}
    limit 1`);
  return rowsOf(found).length > 0;
}

async function loadClaimed(db: Db, ids: string[]) {
  return db
    .select({
      charge: pixCobrancas,
      mensalidade: mensalidades,
      alunoNome: students.nome,
      devedorNome: guardians.nome,
      devedorCpf: guardians.cpf,
    })
    .from(pixCobrancas)
    .innerJoin(mensalidades, eq(mensalidades.id, pixCobrancas.mensalidadeId))
    .innerJoin(students, eq(students.id, mensalidades.alunoId))
    .leftJoin(
      studentGuardians,
      and(eq(studentGuardians.alunoId, mensalidades.alunoId), eq(studentGuardians.ehPrincipal, true)),
    )
    .leftJoin(guardians, eq(guardians.id, studentGuardians.responsavelId))
    .where(inArray(pixCobrancas.mensalidadeId, ids));
}
type Claimed = Awaited<ReturnType<typeof loadClaimed>>[number];

export interface SyncResult {
  criadas: number;
  revisadas: number;
  removidas: number;
  concluidas: number;
  erros: number;
  /** True when this run left work for the next (a full batch, or the PSP failing for now). */
  restante: boolean;
  /** True when the PSP failed in a way that may pass (down, timeout): the rest waits for the retry. */
  transitorio: boolean;
}

type Outcome = keyof Omit<SyncResult, 'restante' | 'transitorio' | 'erros'> | 'nada' | 'erro' | 'transitorio';

const withoutHttps = (location: string) => location.replace(/^https?:\/\//i, '');

/**
 * One run: charges for open tuition that has none, then up to `SYNC_BATCH` charges with work, at most
 * `SYNC_CONCURRENCY` calls at once. The first transient failure (PSP down, timeout) stops taking new
 * ones: the rest wait for the retry instead of each waiting for its own timeout.
 */
export async function syncCobrancas(
  ctx: AppContext,
  options: { batch?: number; provider?: PixProvider | null } = {},
): Promise<SyncResult> {
  const batch = options.batch ?? SYNC_BATCH;
  const result: SyncResult = {
    criadas: 0,
    revisadas: 0,
    removidas: 0,
    concluidas: 0,
    erros: 0,
    restante: false,
    transitorio: false,
  };
  const provider = options.provider === undefined ? await pixProviderOf(ctx) : options.provider;
  if (!provider) return result;
  const db = ctx.db;
  const now = clock.now();
  const cobvSettings = await cobvSettingsOf(db, provider);
  const config = configFingerprint(cobvSettings);
  await adoptUnfingerprinted(db, config);
  const materialized = await materialize(db);
  const ids = await claim(db, now, new Date(now.getTime() + LEASE_MS), batch, config);
  if (ids.length === 0) {
    result.restante = materialized === MATERIALIZE_BATCH;
    return result;
  }
  const items = await loadClaimed(db, ids);
  let next = 0;
  const state = { stopped: false };
  const worker = async () => {
    while (!state.stopped && next < items.length) {
      const item = items[next++]!;
      const outcome = await syncOne(ctx, provider, cobvSettings, config, item, () => (state.stopped = true));
      if (outcome === 'transitorio' || outcome === 'erro') result.erros++;
      else if (outcome !== 'nada') result[outcome]++;
    }
  };
  await Promise.all(Array.from({ length: Math.min(SYNC_CONCURRENCY, items.length) }, worker));
  // What a stopped run did not reach goes back to the pile, untouched.
  await db
    .update(pixCobrancas)
    .set({ reservadaAte: null })
    .where(and(inArray(pixCobrancas.mensalidadeId, ids), sql`${pixCobrancas.reservadaAte} is not null`));
  result.transitorio = state.stopped;
  result.restante = state.stopped || ids.length === batch || materialized === MATERIALIZE_BATCH;
  return result;
}

async function syncOne(
  ctx: AppContext,
  provider: PixProvider,
  settings: CobvSettings,
  config: string,
  item: Claimed,
  onTransient: () => void,
): Promise<Outcome> {
  const { charge, mensalidade } = item;
  const open = mensalidade.canceladaEm === null && mensalidade.principalPago < mensalidade.valor;
  try {
    if (!open) return await closeCharge(ctx.db, provider, item);
    if (charge.status === 'concluida') return await save(ctx.db, charge, {}, 'nada');
    const built = buildCobvBody(
      {
        mensalidadeId: mensalidade.id,
        mesReferencia: mensalidade.mesReferencia,
        tipo: mensalidade.tipo,
        anuidadeAno: mensalidade.anuidadeAno,
        dataVencimento: mensalidade.dataVencimento,
        valor: mensalidade.valor,
        principalPago: mensalidade.principalPago,
        alunoNome: item.alunoNome,
        devedor: item.devedorNome === null ? null : { nome: item.devedorNome, cpf: item.devedorCpf },
      },
      settings,
    );
    if (!built.ok) return await failed(ctx, charge, built.erro, false);
    const sent = {
      valorEnviado: openPrincipalOf(mensalidade),
      vencimentoEnviado: mensalidade.dataVencimento,
      validadeAposVencimento: settings.validadeAposVencimento,
      configEnviada: config,
      descontoEnviado: built.body.valor.desconto !== undefined,
    };
    if (charge.status === 'removida' || charge.location === null) {
      // A removed charge cannot come back at the PSP: the tuition reopened gets a new txid.
      const fresh = charge.status === 'removida';
      const geracao = fresh ? charge.geracao + 1 : charge.geracao;
      const txid = fresh ? txidOf(mensalidade.id, geracao) : charge.txid;
      const cobv = await putOrAdopt(provider, txid, built.body);
      return await save(ctx.db, charge, { ...active(cobv), ...sent, txid, geracao }, 'criadas');
    }
    // A charge sent with a discount the body no longer has: `desconto: null` removes it at the PSP.
    const cobv = await provider.api.patchCobv(charge.txid, patchOf(built.body, charge.descontoEnviado));
    return await save(ctx.db, charge, { ...active(cobv), ...sent }, 'revisadas');
  } catch (error) {
    const transient = !(error instanceof PixApiError) || error.transient;
    // Told before the write below, so the other workers take nothing more from a PSP that is down.
    if (transient) onTransient();
    if (error instanceof PixApiError) return failed(ctx, charge, error.mensagem, error.transient);
    ctx.log.error(
      { code: errorCodeOf(error), job: SYNC_JOB },
      'falha inesperada ao sincronizar cobrança Pix',
    );
    return failed(
      ctx,
      charge,
      'Falha inesperada ao enviar a cobrança ao banco; nova tentativa em breve.',
      true,
    );
  }
}

/** PUT; when the PSP already has this txid (a run that died after the PUT), the charge it holds. */
async function putOrAdopt(provider: PixProvider, txid: string, body: CobvBody) {
  try {
    return await provider.api.putCobv(txid, body);
  } catch (error) {
    if (!(error instanceof PixApiError) || error.kind !== 'recusado') throw error;
    const existing = await provider.api.getCobv(txid).catch(() => null);
    if (existing?.status !== 'ATIVA') throw error;
    if (parseReais(existing.valor.original) !== parseReais(body.valor.original))
      return provider.api.patchCobv(txid, patchOf(body));
    return existing;
  }
}

/** A cancelled or paid tuition: paid through this charge → concluída; otherwise removed at the PSP. */
async function closeCharge(db: Db, provider: PixProvider, item: Claimed): Promise<Outcome> {
  const { charge, mensalidade } = item;
  if (charge.location === null || charge.status === 'removida' || charge.status === 'concluida')
    return save(db, charge, { status: charge.status === 'concluida' ? 'concluida' : 'removida' }, 'nada');
  const paid = mensalidade.canceladaEm === null;
  if (paid) {
    const current = await provider.api.getCobv(charge.txid);
    if (current.status === 'CONCLUIDA')
      return save(db, charge, { status: 'concluida', revisao: current.revisao }, 'concluidas');
    if (current.status !== 'ATIVA')
      return save(db, charge, { status: 'removida', revisao: current.revisao }, 'removidas');
  }
  try {
    const removed = await provider.api.patchCobv(charge.txid, { status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR' });
    return await save(db, charge, { status: 'removida', revisao: removed.revisao }, 'removidas');
  } catch (error) {
    // Refused: perhaps paid or removed meanwhile — the PSP's own state decides.
    if (!(error instanceof PixApiError) || error.kind !== 'recusado') throw error;
    const current = await provider.api.getCobv(charge.txid);
    if (current.status === 'ATIVA') throw error;
    const status = current.status === 'CONCLUIDA' ? 'concluida' : 'removida';
    return save(
      db,
      charge,
      { status, revisao: current.revisao },
      status === 'concluida' ? 'concluidas' : 'removidas',
    );
  }
}

/**
 * A revision: everything of the body but the key (which a cobv keeps); `semDesconto` when the charge had
 * a desconto the body no longer carries (removed with `null`, JSON merge).
 */
function patchOf(body: CobvBody, semDesconto = false): CobvPatch {
  return {
    calendario: body.calendario,
    devedor: body.devedor,
    valor: semDesconto && !body.valor.desconto ? { ...body.valor, desconto: null } : body.valor,
    ...(body.solicitacaoPagador ? { solicitacaoPagador: body.solicitacaoPagador } : {}),
  };
}

function active(cobv: Cobv): Partial<PixCobrancaRow> {
  return { status: 'ativa', location: withoutHttps(cobv.loc.location), revisao: cobv.revisao };
}

async function save(
  db: Db,
  charge: PixCobrancaRow,
  set: Partial<PixCobrancaRow>,
  outcome: Outcome,
): Promise<Outcome> {
  await db
    .update(pixCobrancas)
    .set({
      erro: null,
      tentativas: 0,
      proximaTentativa: null,
      ...set,
      reservadaAte: null,
      updatedAt: clock.now(),
    })
    .where(eq(pixCobrancas.mensalidadeId, charge.mensalidadeId));
  return outcome;
}

/** `erro` at once, with the reason; retried soon when the PSP may recover, hourly when it refused. */
async function failed(
  ctx: AppContext,
  charge: PixCobrancaRow,
  erro: string,
  transient: boolean,
): Promise<Outcome> {
  const tentativas = charge.tentativas + 1;
  const wait = transient ? retryDelayMs(tentativas) : REFUSED_RETRY_MS;
  await ctx.db
    .update(pixCobrancas)
    .set({
      status: 'erro',
      erro,
      tentativas,
      proximaTentativa: clock.ahead(wait),
      reservadaAte: null,
      updatedAt: clock.now(),
    })
    .where(eq(pixCobrancas.mensalidadeId, charge.mensalidadeId));
  return transient ? 'transitorio' : 'erro';
}

/**
 * The job, and its schedule: a slot a minute while there is work and Pix automático is on (a failed
 * charge's retry, tuition opened while nobody enqueued). A run that leaves work queues the next at once
 * (more in the batch) or when the first retry is due (the PSP failing).
 */
export function registerPixJobs(ctx: AppContext): void {
  ctx.jobs.handle(SYNC_JOB, async () => {
    const result = await syncCobrancas(ctx);
    // A month cancelled or paid by hand: its Pix Automático debit too, before the day it would be taken;
    // a month discounted or paid in part is sent again for what is left, while the window allows.
    const { retiradas } = await retirarCobrancasRecorrentes(ctx);
    if (retiradas > 0) await enviarCobrancasRecorrentes(ctx);
    if (result.restante) {
      // The PSP failing: when the first retry is due (30 s), not at once.
      const wait = result.transitorio ? retryDelayMs(1) + 1000 : 0;
      await ctx.jobs.enqueue(ctx.db, SYNC_JOB, {}, clock.ahead(wait));
    }
    // The minute slots are needed only while their minute lasts.
    await ctx.db
      .delete(jobSlots)
      .where(and(eq(jobSlots.name, SYNC_JOB), lt(jobSlots.createdAt, clock.ago(60 * 60_000))));
  });
  let lastMinute: string | null = null;
  ctx.jobs.schedule({
    name: SYNC_JOB,
    kind: SYNC_JOB,
    slotOf: async (now) => {
      const minute = now.toISOString().slice(0, 16);
      if (minute === lastMinute) return null;
      lastMinute = minute;
      const provider = await pixProviderOf(ctx);
      if (!provider) return null;
      return (await hasSyncWork(ctx.db, now, provider)) ? minute : null;
    },
  });
}
