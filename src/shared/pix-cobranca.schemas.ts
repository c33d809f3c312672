/**
 * A mensalidade's Pix charge with a due date (`cobv`, issue 33 §1, ADR 0041) as the API shows it:
 * `pix: { status, txid, erro? }` on `GET /api/financeiro/mensalidades/:id`, null while Pix automático is off.
 */
import { z } from 'zod';

export const pixCobrancaStatuses = ['pendente', 'ativa', 'erro', 'concluida', 'removida'] as const;
export type PixCobrancaStatus = (typeof pixCobrancaStatuses)[number];

export const pixCobrancaStatusLabels: Record<PixCobrancaStatus, string> = {
  pendente: 'Pix: aguardando o banco',
  ativa: 'Pix: cobrança ativa',
  erro: 'Pix: erro',
  concluida: 'Pix: paga',
  removida: 'Pix: cobrança removida',
};

export const pixCobrancaSchema = z.object({
  status: z.enum(pixCobrancaStatuses),
  /** The charge's txid at the PSP (26–35 letters and digits). */
  txid: z.string(),
  /** Why the last attempt failed, in Portuguese (only with `erro`). */
  erro: z.string().optional(),
  /**
   * An `ativa` charge past its validity after the due date: the last day the bank accepted it. The family
   * now pays by the school's fixed Pix code, which does not confirm itself.
   */
  expirou_em: z.string().optional(),
});
export type PixCobranca = z.infer<typeof pixCobrancaSchema>;
