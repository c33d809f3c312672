/**
 * The wire types of the Banco Central's Pix API (the published OpenAPI, v2.x) that a charge's request and a
 * Pix received share: field names exactly as the standard spells them, amounts as the decimal strings it
 * uses ("123.45"). Declared once, below the modules, because two sides speak them: the product's adapter
 * (`features/pix/pix-api.ts`) and the built-in test bank (`features/banco-simulado/tipos.ts`), which uses
 * nothing else of the product. What each side answers or accepts where the two differ (the `Cobv` a PSP
 * serves, a `PATCH` body) stays in each side's own file; `banco-simulado/tipos.test.ts` checks that those
 * still fit each other.
 */

export type CobvStatus = 'ATIVA' | 'CONCLUIDA' | 'REMOVIDA_PELO_USUARIO_RECEBEDOR' | 'REMOVIDA_PELO_PSP';

/** A modality and its value ("2.00"): multa 2 = percent; juros 3 = percent a month, calendar days. */
export interface Modalidade {
  modalidade: number;
  valorPerc: string;
}

export interface Devedor {
  cpf?: string;
  cnpj?: string;
  nome: string;
  logradouro?: string;
  cidade?: string;
  uf?: string;
  cep?: string;
  email?: string;
}

/** Modalidade 1 (fixed amount until a date) or 2 (percent until a date), with `descontoDataFixa`. */
export interface Desconto {
  modalidade: number;
  descontoDataFixa?: { data: string; valorPerc: string }[];
  valorPerc?: string;
}

export interface ValorCobv {
  original: string;
  multa?: Modalidade;
  juros?: Modalidade;
  abatimento?: Modalidade;
  desconto?: Desconto;
}

/** The body of `PUT /cobv/{txid}` (and, partly, of `PATCH`). */
export interface CobvBody {
  calendario: { dataDeVencimento: string; validadeAposVencimento?: number };
  devedor: Devedor;
  valor: ValorCobv;
  chave: string;
  solicitacaoPagador?: string;
  infoAdicionais?: { nome: string; valor: string }[];
  loc?: { id: number };
}

export interface Devolucao {
  id: string;
  rtrId: string;
  valor: string;
  horario: { solicitacao: string; liquidacao?: string };
  status: 'EM_PROCESSAMENTO' | 'DEVOLVIDO' | 'NAO_REALIZADO';
  natureza?: string;
  /** What the school wrote to the payer when it requested the devolução (≤ 140). */
  descricao?: string;
  /** Why it was not made (NAO_REALIZADO), in the PSP's words. */
  motivo?: string;
}

/** The parts of the amount received (`componentesValor`), each `{ valor: "1.23" }`. */
export interface ComponentesValor {
  original?: { valor: string };
  juros?: { valor: string };
  multa?: { valor: string };
  abatimento?: { valor: string };
  desconto?: { valor: string };
  saque?: { valor: string };
  troco?: { valor: string };
}

/** A Pix received (`GET /pix`, and each item of a webhook call). */
export interface Pix {
  endToEndId: string;
  txid?: string;
  valor: string;
  horario: string;
  chave?: string;
  infoPagador?: string;
  pagador?: { cpf?: string; cnpj?: string; nome?: string };
  componentesValor?: ComponentesValor;
  devolucoes?: Devolucao[];
}

/** The body the PSP posts to `<webhook url>/pix`. */
export interface PixWebhookBody {
  pix: Pix[];
}
