import type { AppContext } from '../../context.js';

/**
 * Enrols the family's student when everything the school requires is done: the contract signed by
 * every signer and (when the school sets it) the fee or first instalment paid. Student and guardians
 * created or updated (matched by CPF), placed in the class (capacity respected, waiting list
 * otherwise), guardians' portal accounts, the year's mensalidades by the plan. Idempotent: called after
 * the last signature and after a payment. (pré-matrícula helper builds it.)
 */
export async function matricularSePronto(
  ctx: AppContext,
  interessadoId: string,
): Promise<{ matriculado: boolean; alunoId: string | null; motivo?: string }> {
  return { matriculado: false, alunoId: null, motivo: `${interessadoId}: a construir (issue 34)` };
}
