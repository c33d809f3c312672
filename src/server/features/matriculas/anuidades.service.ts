/* eslint-disable @typescript-eslint/no-unused-vars -- a seam declared before its part is built (issue 34) */
import type { DbOrTx } from '../../db/client.js';

/** A payment plan of a série's anuidade (Lei 9.870): amounts in centavos. */
export interface PlanoPagamento {
  id: string;
  nome: string;
  parcelas: number;
  valor_parcela_centavos: number;
  taxa_matricula_centavos: number;
  /** parcelas × valor_parcela + taxa (never above the anuidade). */
  total_centavos: number;
  valor_anual_centavos: number;
}

/** The plans a family may choose for a série and year (empty when the school has set none). */
export async function planosDisponiveis(
  db: DbOrTx,
  anoLetivo: number,
  serie: string,
): Promise<PlanoPagamento[]> {
  return [];
}

export async function planoPorId(db: DbOrTx, id: string): Promise<PlanoPagamento | null> {
  return null;
}
