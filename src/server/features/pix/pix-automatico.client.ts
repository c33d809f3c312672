/**
 * Pix Automático (BCB Pix API v2.8+, issue 33 §3, ADR 0044): the wire types of `/rec`, `/cobr` and their
 * webhooks as the product sees them, and `PixAutomaticoApi`, the operations, built on the one adapter
 * (`pix-api.client.ts`, its `request`) with a token of Pix Automático's own scopes. A PSP without Pix
 * Automático answers 404 on `/rec`: `semPixAutomatico(error)` says so.
 */
import type { PixApiClient } from './pix-api.client.js';
import { PixApiError } from './pix-api.js';

export const PIX_AUTOMATICO_SCOPES =
  'rec.write rec.read cobr.write cobr.read webhookrec.write webhookcobr.write';

export type StatusRec = 'CRIADA' | 'APROVADA' | 'REJEITADA' | 'EXPIRADA' | 'CANCELADA';
export type StatusCobr = 'CRIADA' | 'ATIVA' | 'CONCLUIDA' | 'EXPIRADA' | 'REJEITADA' | 'CANCELADA';

export interface RecBody {
  vinculo: { objeto?: string; contrato: string; devedor: { cpf?: string; cnpj?: string; nome: string } };
  calendario: { dataInicial: string; dataFinal?: string; periodicidade: 'MENSAL' };
  valor: { valorRec: string } | { valorMinimoRecebedor: string };
  politicaRetentativa: 'NAO_PERMITE' | 'PERMITE_3R_7D';
}

export interface Rec {
  idRec: string;
  status: StatusRec;
  loc?: { id?: number; location?: string };
  dadosQR?: { pixCopiaECola?: string };
  encerramento?: {
    rejeicao?: { codigo?: string; descricao?: string };
    cancelamento?: { solicitante?: string; codigo?: string; descricao?: string };
  };
}

export interface CobrBody {
  idRec: string;
  infoAdicional?: string;
  calendario: { dataDeVencimento: string };
  valor: { original: string };
  ajusteDiaUtil: boolean;
  recebedor: { agencia: string; conta: string; tipoConta: 'CORRENTE' | 'POUPANCA' | 'PAGAMENTO' };
}

export interface Cobr {
  txid: string;
  idRec: string;
  status: StatusCobr;
  valor: { original: string };
  calendario: { dataDeVencimento: string };
  tentativas?: { dataLiquidacao?: string; status?: string; endToEndId?: string }[];
  encerramento?: { cancelamento?: { solicitante?: string } };
}

export interface RecWebhookBody {
  recs: Rec[];
}
export interface CobrWebhookBody {
  cobsr: Cobr[];
}

export interface PixAutomaticoApi {
  postRec(body: RecBody): Promise<Rec>;
  getRec(idRec: string): Promise<Rec>;
  cancelRec(idRec: string): Promise<Rec>;
  putCobr(txid: string, body: CobrBody): Promise<Cobr>;
  getCobr(txid: string): Promise<Cobr>;
  /** The school withdraws a month's charge (`PATCH /cobr/{txid}`, until 22h of the eve of its date). */
  cancelCobr(txid: string): Promise<Cobr>;
  /** Registers `url` for both webhooks (the PSP posts to `url + '/rec'` and `url + '/cobr'`). */
  putWebhooks(url: string): Promise<void>;
}

/** The PSP has no Pix Automático (it answered 404 where `/rec` should be). */
export function semPixAutomatico(error: unknown): boolean {
  return error instanceof PixApiError && error.status === 404;
}

/** Pix Automático's operations over an adapter built with `PIX_AUTOMATICO_SCOPES`. */
export function pixAutomaticoOf(api: Pick<PixApiClient, 'request'>): PixAutomaticoApi {
  const id = encodeURIComponent;
  return {
    postRec: async (body) => (await api.request('POST', '/rec', body)) as Rec,
    getRec: async (idRec) => (await api.request('GET', `/rec/${id(idRec)}`)) as Rec,
    cancelRec: async (idRec) =>
      (await api.request('PATCH', `/rec/${id(idRec)}`, { status: 'CANCELADA' })) as Rec,
    putCobr: async (txid, body) => (await api.request('PUT', `/cobr/${id(txid)}`, body)) as Cobr,
    getCobr: async (txid) => (await api.request('GET', `/cobr/${id(txid)}`)) as Cobr,
    cancelCobr: async (txid) =>
      (await api.request('PATCH', `/cobr/${id(txid)}`, { status: 'CANCELADA' })) as Cobr,
    async putWebhooks(url) {
      await api.request('PUT', '/webhookrec', { webhookUrl: url });
      await api.request('PUT', '/webhookcobr', { webhookUrl: url });
    },
  };
}
