/**
 * What other modules do when students stop being active — transferred, made inactive, graduated at the
 * year's end: in the same transaction as the change, registered by the module that owns the consequence
 * (contas-aluno disables the student's own portal account), so the dependency stays one-way.
 */
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import type { Actor } from '../audit/index.js';

/** May answer a step to run after the commit (a cache to forget). */
export type DepartureHandler = (
  ctx: AppContext,
  tx: DbOrTx,
  alunoIds: readonly string[],
  actor: Actor,
) => Promise<(() => void) | undefined>;

const handlers: DepartureHandler[] = [];

export function onStudentsLeft(handler: DepartureHandler): void {
  if (!handlers.includes(handler)) handlers.push(handler);
}

/** Runs every registered handler in `tx`; returns the steps to run once it commits. */
export async function studentsLeft(
  ctx: AppContext,
  tx: DbOrTx,
  alunoIds: readonly string[],
  actor: Actor,
): Promise<(() => void)[]> {
  const after: (() => void)[] = [];
  if (alunoIds.length === 0) return after;
  for (const handler of handlers) {
    const step = await handler(ctx, tx, alunoIds, actor);
    if (step) after.push(step);
  }
  return after;
}
