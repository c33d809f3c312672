/**
 * What other modules do when students stop being active — transferred, made inactive, graduated at the
 * year's end — or when a guardian stops being one of a student's: in the same transaction as the change,
 * registered by the module that owns the consequence (contas-aluno disables the student's own portal
 * account, finance cancels the tuition due after a departure when asked, pix ends the monthly debits),
 * so the dependency stays one-way. The same for a student enrolled at the secretaria's desk (finance
 * charges the year's remaining months when the Financeiro has generated the others', ADR 0128).
 */
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import type { Actor } from '../audit/index.js';

/** How one student left, when the school said so (a transfer or an inactivation from the card). */
export interface Departure {
  /** The first day out of class. */
  data: string;
  status: 'inativo' | 'transferido';
  /** The school asked to cancel the tuition due after `data` (the route checked the permission). */
  cancelarMensalidades: boolean;
}

/** A step to run after the commit (a cache to forget, a PSP to tell) and a sentence for the answer's message. */
export interface DepartureOutcome {
  after?: () => void;
  resumo?: string;
}

export interface Consequences {
  after: (() => void)[];
  resumo: string[];
}

type Handler<A extends unknown[]> = (
  ctx: AppContext,
  tx: DbOrTx,
  ...args: A
) => Promise<DepartureOutcome | undefined>;

/** Handlers registered once each, run in order in the change's transaction; their outcomes gathered. */
function consequencesOf<A extends unknown[]>() {
  const handlers: Handler<A>[] = [];
  return {
    on: (handler: Handler<A>): void => {
      if (!handlers.includes(handler)) handlers.push(handler);
    },
    run: async (ctx: AppContext, tx: DbOrTx, ...args: A): Promise<Consequences> => {
      const result: Consequences = { after: [], resumo: [] };
      for (const handler of handlers) {
        const outcome = await handler(ctx, tx, ...args);
        if (outcome?.after) result.after.push(outcome.after);
        if (outcome?.resumo) result.resumo.push(outcome.resumo);
      }
      return result;
    },
  };
}

type LeftArgs = [alunoIds: readonly string[], actor: Actor, departure?: Departure];
export type DepartureHandler = Handler<LeftArgs>;
const departures = consequencesOf<LeftArgs>();

export const onStudentsLeft = departures.on;

/** Runs every registered handler in `tx`; answers the steps to run once it commits and their sentences. */
export function studentsLeft(
  ctx: AppContext,
  tx: DbOrTx,
  alunoIds: readonly string[],
  actor: Actor,
  departure?: Departure,
): Promise<Consequences> {
  if (alunoIds.length === 0) return Promise.resolve({ after: [], resumo: [] });
  return departures.run(ctx, tx, alunoIds, actor, departure);
}

/** A guardian no longer linked to a student (unlinked at the secretaria). */
export interface Unlink {
  alunoId: string;
  responsavelId: string;
}
type UnlinkArgs = [unlink: Unlink, actor: Actor];
export type UnlinkHandler = Handler<UnlinkArgs>;
const unlinks = consequencesOf<UnlinkArgs>();

export const onGuardianUnlinked = unlinks.on;
export const guardianUnlinked = unlinks.run;

/** A student just enrolled at the desk (Alunos → Novo aluno), in the enrolment's transaction. */
type EnrolledArgs = [alunoId: string, actor: Actor];
export type EnrolmentHandler = Handler<EnrolledArgs>;
const enrolments = consequencesOf<EnrolledArgs>();

export const onStudentEnrolledAtDesk = enrolments.on;
export const studentEnrolledAtDesk = enrolments.run;
