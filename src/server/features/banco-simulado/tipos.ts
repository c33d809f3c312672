/**
 * The BCB Pix API's wire types as the bank serves them. The standard's request and Pix types come from
 * `lib/pix-bcb.ts`, below every module (the simulated bank is "the bank" and uses nothing of the product's
 * modules); what the bank itself answers and accepts where a PSP may differ (`Cobv`, `CobvPatch`) is declared
 * here, and `features/pix/pix-api.ts` holds the product's view of those (the test `tipos.test.ts` checks at
 * compile time that the two describe the same JSON).
 */
import type { CobvBody, CobvStatus, Desconto, Pix, ValorCobv } from '../../lib/pix-bcb.js';

export type {
  CobvBody,
  CobvStatus,
  ComponentesValor,
  Desconto,
  Devedor,
  Devolucao,
  Modalidade,
  Pix,
  PixWebhookBody,
  ValorCobv,
} from '../../lib/pix-bcb.js';

/** A `PATCH /cobv/{txid}` body: JSON merge (RFC 7396), so `desconto: null` removes the discount. */
export type CobvPatch = Partial<Omit<CobvBody, 'valor'>> & {
  valor?: Omit<ValorCobv, 'desconto'> & { desconto?: Desconto | null };
  status?: CobvStatus;
};

export interface Cobv extends Omit<CobvBody, 'calendario' | 'loc'> {
  txid: string;
  revisao: number;
  status: CobvStatus;
  calendario: { criacao: string; dataDeVencimento: string; validadeAposVencimento: number };
  loc: { id: number; location: string; tipoCob: 'cobv'; criacao: string };
  recebedor: { nome: string; cnpj: string; logradouro: string; cidade: string; uf: string; cep: string };
  pix?: Pix[];
}

/** The standard's problem JSON (RFC 7807 with `violacoes`). */
export interface Problema {
  type: string;
  title: string;
  status: number;
  detail: string;
  violacoes?: { razao: string; propriedade: string; valor?: string }[];
}
