/**
 * Whether a consent purpose is asked of a child's family at all, as the module that owns its
 * consequence says: the Portal do Aluno's own account is offered from a série on (contas-aluno), so the
 * family of a four-year-old is not asked to authorise it. Registered by that module, so the dependency
 * stays one-way, as `onConsentWithdrawn` does. A purpose without a rule is asked of every family.
 */
import type { DbOrTx } from '../../db/client.js';

export type ConsentOffered = (db: DbOrTx, alunoId: string) => Promise<boolean>;

const rules = new Map<string, ConsentOffered>();

export function offerConsentWhen(chave: string, rule: ConsentOffered): void {
  rules.set(chave, rule);
}

/** The ids of the purposes not offered for this child (their module's rule says no). */
export async function purposesNotOffered(
  db: DbOrTx,
  alunoId: string,
  purposes: readonly { id: string; chave: string | null }[],
): Promise<Set<string>> {
  const hidden = new Set<string>();
  for (const purpose of purposes) {
    const rule = purpose.chave === null ? undefined : rules.get(purpose.chave);
    if (rule && !(await rule(db, alunoId))) hidden.add(purpose.id);
  }
  return hidden;
}
