/**
 * The Banco Central's Pix API (the published OpenAPI, v2.x) — the part a school uses — as the product sees
 * it: the wire types (field names exactly as the standard spells them, amounts as the decimal strings it
 * uses, "123.45") and `PixApi`, the operations. One adapter (`pix-api.client.ts`) implements it for any PSP
 * that follows the standard (OAuth2 client credentials + mutual TLS); the built-in test bank
 * (`features/banco-simulado`) serves the same HTTP API. Issue 33. The standard's request and Pix types are
 * declared once in `lib/pix-bcb.ts` (the test bank speaks them too); what a PSP answers for a cobv and the
 * `PATCH` the product sends are the product's own view, here.
 */
import type { CobvBody, CobvStatus, Pix } from '../../lib/pix-bcb.js';

/** `^[a-zA-Z0-9]{26,35}$` for cobv (BCB). */
export const COBV_TXID = /^[a-zA-Z0-9]{26,35}$/;

export type {
  CobvBody,
  CobvStatus,
  ComponentesValor,
  Devedor,
  Devolucao,
  Modalidade,
  Pix,
  PixWebhookBody,
} from '../../lib/pix-bcb.js';

/** `PATCH /cobv/{txid}`: a new amount or due date, or removal. */
export type CobvPatch = Partial<Omit<CobvBody, 'chave' | 'valor'>> & {
  /** `desconto: null` removes a discount the charge had (JSON merge, RFC 7396). */
  valor?: Omit<CobvBody['valor'], 'desconto'> & { desconto?: CobvBody['valor']['desconto'] | null };
  status?: 'REMOVIDA_PELO_USUARIO_RECEBEDOR';
};

/** What the PSP answers for a cobv. `loc.location` is the payload URL without `https://`. */
export interface Cobv extends Omit<CobvBody, 'calendario' | 'loc'> {
  txid: string;
  revisao: number;
  status: CobvStatus;
  calendario: { criacao: string; dataDeVencimento: string; validadeAposVencimento?: number };
  loc: { id: number; location: string; tipoCob: 'cobv'; criacao?: string };
  recebedor?: { nome?: string; cnpj?: string; cpf?: string };
  pix?: Pix[];
}

/** What went wrong talking to the PSP, in words a secretaria can act on (`mensagem`, pt-BR). */
export type PixApiErrorKind =
  | 'certificado' // handshake refused or reset: certificate, key or CA
  | 'credenciais' // token refused: client id/secret, scopes
  | 'inacessivel' // DNS, connection refused, URL wrong
  | 'tempo' // no answer in time
  | 'recusado' // the PSP answered 4xx to the operation (its `detail` says why)
  | 'indisponivel'; // the PSP answered 5xx

export class PixApiError extends Error {
  constructor(
    readonly kind: PixApiErrorKind,
    /** pt-BR, shown to the secretaria (Testar conexão, `pix.erro` of a mensalidade). Never a secret. */
    readonly mensagem: string,
    readonly status?: number,
  ) {
    super(mensagem);
    this.name = 'PixApiError';
  }

  /** Worth trying again later (the job queue's retry), as opposed to a request the PSP will always refuse. */
  get transient(): boolean {
    return this.kind === 'tempo' || this.kind === 'indisponivel' || this.kind === 'inacessivel';
  }
}

/** A 404 from the PSP's API is an answer (it holds no such thing), not a failure: null; anything else throws. */
export function nullWhenNotFound(error: unknown): null {
  if (error instanceof PixApiError && error.status === 404) return null;
  throw error;
}

/**
 * The operations of the BCB Pix API the product uses. Every call gets (and caches until it expires) an
 * OAuth2 token from the provider's token URL with client credentials over mutual TLS; errors are
 * `PixApiError`. Paths are relative to the provider's `base_url` (which may carry a path).
 */
export interface PixApi {
  /** A fresh token (never the cached one) and one page of `GET /pix` for the last day (Testar conexão). */
  testConnection(): Promise<void>;
  putCobv(txid: string, body: CobvBody): Promise<Cobv>;
  getCobv(txid: string): Promise<Cobv>;
  patchCobv(txid: string, patch: CobvPatch): Promise<Cobv>;
  /** Every Pix received between two RFC 3339 instants, following every page (`paginacao.quantidadeDePaginas`). */
  listPix(inicio: string, fim: string): Promise<Pix[]>;
  /**
   * `GET /pix/{e2eid}`: one Pix as the PSP holds it, or null when it has received none with that id (404).
   * What a webhook call says is checked against it (ADR 0082): the call is a notice, this is the record.
   */
  getPix(endToEndId: string): Promise<Pix | null>;
  /** Registers `url` for the key (the PSP posts to `url + '/pix'`). */
  putWebhook(chave: string, url: string): Promise<void>;
  /**
   * Unregisters the key's webhook (`DELETE /webhook/{chave}`); nothing registered (404) is not an error.
   * Optional so that an adapter written before it still type-checks; the product's adapter has it.
   */
  deleteWebhook?(chave: string): Promise<void>;
}

/**
 * What the rest of the product needs from the school's configured provider: the API and the settings that
 * shape its charges. `null` from `pixProviderOf` when Pix automático is off or not configured.
 */
export interface PixProvider {
  api: PixApi;
  /** The school's Pix key as the DICT holds it. */
  chave: string;
  /** Days a cobv can still be paid after its due date (`calendario.validadeAposVencimento`). */
  validadeAposVencimento: number;
}
