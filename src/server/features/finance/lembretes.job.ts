/**
 * The automatic tuition reminders (issue 33 §4, ADR 0043): a daily job that tells the family who answers
 * for a tuition — its principal guardian — the amount of the day and the Pix code, a few days before the
 * due date, the day after and a week after (as the school set it), through the notification queue.
 */
import { and, eq, inArray, isNull, notExists, sql } from 'drizzle-orm';
import type { LembreteMomento } from '../../../shared/lembretes.schemas.js';
import { addDays } from '../../../shared/calendar.js';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { clock, schoolHour } from '../../lib/clock.js';
import { errorCodeOf } from '../../lib/log.js';
import { notifyUser } from '../notificacoes/index.js';
import { readSystemValues } from '../settings/index.js';
import { entregas } from '../../db/schema/notificacoes.js';
import { guardians, studentGuardians } from '../../db/schema/students.js';
import { users } from '../../db/schema/users.js';
import { mensalidades } from '../../db/schema/finance.js';
import { mensalidadeLembretes, type LembreteTipo } from '../../db/schema/lembretes.js';
import { buildMensalidadePix } from './finance.documents.js';
import { loadSettings, ratesOf } from './finance-settings.service.js';
import { escolaContatoOf, loadLembretesConfig } from './lembretes-config.service.js';
import { lembreteAutomaticoTexto, type EscolaContato } from './lembretes.texts.js';
import { findMensalidade } from './mensalidades.service.js';
import { toMensalidade } from './mensalidades.presenters.js';

export const LEMBRETES_JOB = 'lembretes_mensalidades';

/** Reminders go out in the morning (São Paulo), with the other tuition notices. */
const LEMBRETES_HOUR = 8;
const PORTAL_LINK = '/dashboard/financeiro';

/** The daily slot: today's date from 08:00 in São Paulo, while the school has the reminders on. */
export async function lembretesSlot(ctx: AppContext, now: Date): Promise<string | null> {
  if (schoolHour(now) < LEMBRETES_HOUR) return null;
  return (await loadLembretesConfig(ctx.db)).ativo ? clock.today() : null;
}

/** Open, not awaiting a comprovante's answer, not being negotiated: a tuition a reminder may be about. */
const remindable = and(
  isNull(mensalidades.canceladaEm),
  sql`${mensalidades.principalPago} < ${mensalidades.valor}`,
  isNull(mensalidades.confirmacaoDesde),
  isNull(mensalidades.negociacaoDesde),
);

/** The due date each moment of the schedule looks for today (only the moments switched on). */
async function dueDatesOf(db: DbOrTx, today: string): Promise<Map<string, LembreteMomento>> {
  const config = await loadLembretesConfig(db);
  const dates = new Map<string, LembreteMomento>();
  if (!config.ativo) return dates;
  if (config.antesAtivo) dates.set(addDays(today, config.antesDias), 'antes');
  if (config.depoisAtivo) dates.set(addDays(today, -config.depoisDias), 'depois');
  if (config.atrasoAtivo && !dates.has(addDays(today, -config.atrasoDias)))
    dates.set(addDays(today, -config.atrasoDias), 'atraso');
  return dates;
}

export interface LembretesRun {
  enviados: number;
  falhas: number;
}

/**
 * Today's reminders. Each tuition is its own transaction: it is locked, checked again (paid, em
 * confirmação, cancelled or em negociação since the list was read: nothing), claimed for today in
 * `mensalidade_lembretes` — the key that keeps it to one a day whoever runs it, a retry or another
 * instance — and the notice written with the claim. One family's failure does not stop the others; the
 * job fails at the end so the queue retries, and what was sent is not sent again.
 */
export async function runLembretes(
  ctx: AppContext,
  log?: { warn(details: object, message: string): void },
): Promise<LembretesRun> {
  const today = clock.today();
  const dates = await dueDatesOf(ctx.db, today);
  if (dates.size === 0) return { enviados: 0, falhas: 0 };
  const candidates = await ctx.db
    .select({ id: mensalidades.id, dataVencimento: mensalidades.dataVencimento })
    .from(mensalidades)
    .where(
      and(
        inArray(mensalidades.dataVencimento, [...dates.keys()]),
        remindable,
        notExists(
          ctx.db
            .select({ one: sql`1` })
            .from(mensalidadeLembretes)
            .where(
              and(
                eq(mensalidadeLembretes.mensalidadeId, mensalidades.id),
                eq(mensalidadeLembretes.dia, today),
              ),
            ),
        ),
      ),
    )
    .orderBy(mensalidades.dataVencimento, mensalidades.id);
  const escola = await escolaContatoOf(ctx.db);
  const run: LembretesRun = { enviados: 0, falhas: 0 };
  for (const candidate of candidates) {
    const momento = dates.get(candidate.dataVencimento);
    if (!momento) continue;
    try {
      if (await sendLembreteAutomatico(ctx, candidate.id, momento, today, escola)) run.enviados++;
    } catch (error) {
      run.falhas++;
      log?.warn({ code: errorCodeOf(error) }, 'lembrete de mensalidade não enviado');
    }
  }
  return run;
}

/** The Pix code for the amount of the day (the dynamic one when a charge is active); null without Pix. */
async function pixCodeOf(ctx: AppContext, id: string, today: string): Promise<string | null> {
  try {
    return (await buildMensalidadePix(ctx.db, id, { kind: 'escola' }, today)).copia_e_cola;
  } catch {
    // No Pix key configured (or the charge unreadable right now): the reminder points to the portal.
    return null;
  }
}

async function sendLembreteAutomatico(
  ctx: AppContext,
  id: string,
  momento: LembreteMomento,
  today: string,
  escola: EscolaContato,
): Promise<boolean> {
  // Read before the transaction: a dynamic charge may need the PSP, never while a row is locked.
  const pix = await pixCodeOf(ctx, id, today);
  return ctx.db.transaction(async (tx) => {
    const found = await findMensalidade(tx, id, { kind: 'escola' }, true);
    const [stillRemindable] = await tx
      .select({ id: mensalidades.id })
      .from(mensalidades)
      .where(and(eq(mensalidades.id, id), remindable));
    if (!stillRemindable) return false;
    const [guardian] = await tx
      .select({
        nome: guardians.nome,
        email: guardians.email,
        anonimizadoEm: guardians.anonimizadoEm,
        usuarioId: users.id,
      })
      .from(studentGuardians)
      .innerJoin(guardians, eq(guardians.id, studentGuardians.responsavelId))
      .leftJoin(users, and(eq(users.id, guardians.usuarioId), eq(users.status, 'ativo')))
      .where(and(eq(studentGuardians.alunoId, found.row.alunoId), eq(studentGuardians.ehPrincipal, true)));
    if (!guardian || guardian.anonimizadoEm) return false;
    const switches = await readSystemValues(tx);
    if (!guardian.usuarioId && !(guardian.email && switches.notificacoes_email)) return false;

    const mensalidade = toMensalidade(found.row, found, ratesOf(await loadSettings(tx)), today);
    if (!(await claimDay(tx, id, today, momento, mensalidade.valor_atualizado))) return false;
    const texts = lembreteAutomaticoTexto({
      momento,
      mesReferencia: mensalidade.mes_referencia,
      tipo: mensalidade.tipo,
      anuidadeAno: mensalidade.anuidade_ano,
      alunoNome: mensalidade.aluno_nome,
      dataVencimento: mensalidade.data_vencimento,
      valor: mensalidade.valor_atualizado,
      desconto: mensalidade.desconto_pontualidade,
      hoje: today,
      pix,
      escola,
    });
    await deliverLembrete(ctx, tx, guardian, { ...texts, titulo: texts.assunto });
    return true;
  });
}

/** A reminder's words on each channel: the bell's title and text, the e-mail's subject and body, the SMS. */
export interface LembreteMensagem {
  titulo: string;
  texto: string;
  assunto: string;
  email: string;
  sms: string;
}

/**
 * Delivers a tuition reminder to a guardian, the daily job's and the secretaria's alike: through the
 * portal (the bell, and e-mail and SMS as the school's switches and their preferences allow) when they
 * have an active account; otherwise an e-mail to the address on file, if there is one. The caller has
 * checked the school's e-mail switch for a guardian without an account.
 */
export async function deliverLembrete(
  ctx: AppContext,
  tx: DbOrTx,
  guardian: { nome: string; email: string | null; usuarioId: string | null },
  mensagem: LembreteMensagem,
): Promise<void> {
  if (guardian.usuarioId) {
    await notifyUser(ctx, tx, guardian.usuarioId, {
      tipo: 'mensalidade',
      titulo: mensagem.titulo,
      texto: mensagem.texto,
      link: PORTAL_LINK,
      email: { assunto: mensagem.assunto, texto: mensagem.email },
      sms: mensagem.sms,
    });
  } else if (guardian.email) {
    await tx.insert(entregas).values({
      canal: 'email',
      destino: guardian.email,
      assunto: mensagem.assunto,
      texto: `Olá, ${guardian.nome}.\n\n${mensagem.email}\n\nEsta é uma mensagem automática; não responda a este e-mail.`,
      proximaTentativa: clock.now(),
    });
  }
}

/**
 * Claims today's reminder of a tuition: true when this caller is the one to send it. The primary key
 * (tuition, day) makes a second claim — a retry, another instance, the secretaria's reminder — a no-op,
 * and a concurrent one waits for the first to commit and then finds it.
 */
export async function claimDay(
  tx: DbOrTx,
  mensalidadeId: string,
  dia: string,
  tipo: LembreteTipo,
  valor: number,
): Promise<boolean> {
  const claimed = await tx
    .insert(mensalidadeLembretes)
    .values({ mensalidadeId, dia, tipo, valor })
    .onConflictDoNothing()
    .returning({ id: mensalidadeLembretes.mensalidadeId });
  return claimed.length > 0;
}

/** Registers the daily job: a slot a day, claimed by one instance on the queue's poll (ADR 0015). */
export function registerLembretesJob(
  ctx: AppContext,
  log: { warn(details: object, message: string): void },
): void {
  ctx.jobs.handle(LEMBRETES_JOB, async () => {
    const run = await runLembretes(ctx, log);
    if (run.falhas > 0) throw new Error(`${run.falhas} lembretes de mensalidade não enviados`);
  });
  ctx.jobs.schedule({ name: LEMBRETES_JOB, kind: LEMBRETES_JOB, slotOf: (now) => lembretesSlot(ctx, now) });
}
