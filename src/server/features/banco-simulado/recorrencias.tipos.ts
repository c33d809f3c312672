/**
 * Pix Automático as the simulated bank serves it (BCB Pix API v2.8+, `/rec`, `/cobr`, `/webhookrec`,
 * `/webhookcobr`): the wire types, declared here because the bank uses nothing of the product
 * (`features/pix/pix-automatico.client.ts` holds the product's copy).
 */

export type StatusRec = 'CRIADA' | 'APROVADA' | 'REJEITADA' | 'EXPIRADA' | 'CANCELADA';
export type StatusCobr = 'CRIADA' | 'ATIVA' | 'CONCLUIDA' | 'EXPIRADA' | 'REJEITADA' | 'CANCELADA';
export type Periodicidade = 'SEMANAL' | 'MENSAL' | 'TRIMESTRAL' | 'SEMESTRAL' | 'ANUAL';
export type PoliticaRetentativa = 'NAO_PERMITE' | 'PERMITE_3R_7D';

/** The body of `POST /rec` (`RecSolicitada`). */
export interface RecBody {
  vinculo: { objeto?: string; contrato: string; devedor: { cpf?: string; cnpj?: string; nome: string } };
  calendario: { dataInicial: string; dataFinal?: string; periodicidade: Periodicidade };
  valor?: { valorRec?: string; valorMinimoRecebedor?: string };
  politicaRetentativa: PoliticaRetentativa;
  loc?: number;
}

export interface Rec extends Omit<RecBody, 'loc'> {
  idRec: string;
  status: StatusRec;
  recebedor: { cnpj: string; nome: string; ispbParticipante: string };
  /** Set when the payer authorises it in their bank app. */
  pagador?: { cpf?: string; cnpj?: string; ispbParticipante: string };
  loc: { id: number; location: string; criacao: string; idRec: string };
  /** The QR (journey 2) the payer reads in their bank app to authorise the recurrence. */
  dadosQR: { jornada: 'JORNADA_2'; pixCopiaECola: string };
  atualizacao: { status: StatusRec; data: string }[];
  encerramento?: {
    rejeicao?: { codigo: string; descricao: string };
    cancelamento?: { solicitante: string; codigo: string; descricao: string };
  };
}

/** The body of `PUT /cobr/{txid}` (`CobRSolicitada`). */
export interface CobrBody {
  idRec: string;
  infoAdicional?: string;
  calendario: { dataDeVencimento: string };
  valor: { original: string };
  ajusteDiaUtil: boolean;
  devedor?: { email?: string; logradouro?: string; cidade?: string; uf?: string; cep?: string };
  recebedor: { agencia: string; conta: string; tipoConta: 'CORRENTE' | 'POUPANCA' | 'PAGAMENTO' };
}

export interface TentativaCobr {
  dataLiquidacao: string;
  tipo: 'AGND' | 'NTAG' | 'RIFL';
  status: 'SOLICITADA' | 'AGENDADA' | 'LIQUIDADA' | 'REJEITADA' | 'CANCELADA';
  endToEndId: string;
}

export interface Cobr extends Omit<CobrBody, 'calendario'> {
  txid: string;
  status: StatusCobr;
  politicaRetentativa: PoliticaRetentativa;
  calendario: { criacao: string; dataDeVencimento: string };
  atualizacao: { status: StatusCobr; data: string }[];
  tentativas: TentativaCobr[];
  encerramento?: { cancelamento?: { solicitante: string; codigo: string; descricao: string } };
}

/** What the bank posts to `<webhookrec url>/rec` and `<webhookcobr url>/cobr`. */
export interface RecWebhookBody {
  recs: Rec[];
}
export interface CobrWebhookBody {
  cobsr: Cobr[];
}
