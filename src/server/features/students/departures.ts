/**
 * What other modules do when students stop being active — transferred, made inactive, graduated at the
 * year's end: in the same transaction as the change, registered by the module that owns the consequence
 * (contas-aluno disables the student's own portal account, finance cancels the tuition due after a
 * departure when asked), so the dependency stays one-way.
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

/** A step to run after the commit (a cache to forget) and a sentence for the answer's message. */
export interface DepartureOutcome {
  after?: () => void;
  resumo?: string;
}

export type DepartureHandler = (
  ctx: AppContext,
  tx: DbOrTx,
  alunoIds: readonly string[],
  actor: Actor,
  departure?: Departure,
) => Promise<DepartureOutcome | undefined>;

const handlers: DepartureHandler[] = [];

export function onStudentsLeft(handler: DepartureHandler): void {
  if (!handlers.includes(handler)) handlers.push(handler);
}

/** Runs every registered handler in `tx`; answers the steps to run once it commits and their sentences. */
export async function studentsLeft(
  ctx: AppContext,
  tx: DbOrTx,
  alunoIds: readonly string[],
  actor: Actor,
  departure?: Departure,
): Promise<{ after: (() => void)[]; resumo: string[] }> {
  const result = { after: [] as (() => void)[], resumo: [] as string[] };
  if (alunoIds.length === 0) return result;
  for (const handler of handlers) {
    const outcome = await handler(ctx, tx, alunoIds, actor, departure);
    if (outcome?.after) result.after.push(outcome.after);
    if (outcome?.resumo) result.resumo.push(outcome.resumo);
  }
  return result;
}
