/**
 * The BCB Pix API's wire types as the bank serves them. Declared here, not imported: the simulated bank
 * is "the bank" and uses nothing of the product (`features/pix/pix-api.ts` holds the product's copy; the
 * test `tipos.test.ts` checks at compile time that the two describe the same JSON).
 */

export type CobvStatus = 'ATIVA' | 'CONCLUIDA' | 'REMOVIDA_PELO_USUARIO_RECEBEDOR' | 'REMOVIDA_PELO_PSP';

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

export interface CobvBody {
  calendario: { dataDeVencimento: string; validadeAposVencimento?: number };
  devedor: Devedor;
  valor: ValorCobv;
  chave: string;
  solicitacaoPagador?: string;
  infoAdicionais?: { nome: string; valor: string }[];
  loc?: { id: number };
}

/** A `PATCH /cobv/{txid}` body: JSON merge (RFC 7396), so `desconto: null` removes the discount. */
export type CobvPatch = Partial<Omit<CobvBody, 'valor'>> & {
  valor?: Omit<ValorCobv, 'desconto'> & { desconto?: Desconto | null };
  status?: CobvStatus;
};

export interface Devolucao {
  id: string;
  rtrId: string;
  valor: string;
  horario: { solicitacao: string; liquidacao?: string };
  status: 'EM_PROCESSAMENTO' | 'DEVOLVIDO' | 'NAO_REALIZADO';
  natureza?: string;
  motivo?: string;
}

export interface ComponentesValor {
  original?: { valor: string };
  juros?: { valor: string };
  multa?: { valor: string };
  abatimento?: { valor: string };
  desconto?: { valor: string };
}

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

export interface Cobv extends Omit<CobvBody, 'calendario' | 'loc'> {
  txid: string;
  revisao: number;
  status: CobvStatus;
  calendario: { criacao: string; dataDeVencimento: string; validadeAposVencimento: number };
  loc: { id: number; location: string; tipoCob: 'cobv'; criacao: string };
  recebedor: { nome: string; cnpj: string; logradouro: string; cidade: string; uf: string; cep: string };
  pix?: Pix[];
}

export interface PixWebhookBody {
  pix: Pix[];
}

/** The standard's problem JSON (RFC 7807 with `violacoes`). */
export interface Problema {
  type: string;
  title: string;
  status: number;
  detail: string;
  violacoes?: { razao: string; propriedade: string; valor?: string }[];
}
