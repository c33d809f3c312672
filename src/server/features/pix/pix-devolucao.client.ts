/**
 * Devoluções the school requests from its PSP (BCB Pix API: `PUT /pix/{e2eid}/devolucao/{id}`, scope
 * `pix.write`; `GET /pix/{e2eid}/devolucao/{id}`, scope `pix.read`; ADR 0092), built on the one adapter
 * (`pix-api.client.ts`, its `request`) with a token of their own scopes: a PSP application without
 * `pix.write` still charges and reconciles with the standard's four, and only this refuses.
 */
import type { PixApiClient } from './pix-api.client.js';
import { nullWhenNotFound, type Devolucao } from './pix-api.js';

export const PIX_DEVOLUCAO_SCOPES = 'pix.write pix.read';

export interface PixDevolucaoApi {
  /** Requests the devolução `id` (the school's, `[a-zA-Z0-9]{1,35}`) of `valor` ("123.45") of the Pix. */
  putDevolucao(
    endToEndId: string,
    id: string,
    body: { valor: string; descricao?: string },
  ): Promise<Devolucao>;
  /** The devolução as the PSP holds it, or null when it has none with that id (404). */
  getDevolucao(endToEndId: string, id: string): Promise<Devolucao | null>;
}

const path = (endToEndId: string, id: string) =>
  `/pix/${encodeURIComponent(endToEndId)}/devolucao/${encodeURIComponent(id)}`;

/** The devolução operations over an adapter built with `PIX_DEVOLUCAO_SCOPES`. */
export function pixDevolucaoOf(api: Pick<PixApiClient, 'request'>): PixDevolucaoApi {
  return {
    putDevolucao: async (endToEndId, id, body) =>
      (await api.request('PUT', path(endToEndId, id), { ...body, natureza: 'ORIGINAL' })) as Devolucao,
    getDevolucao: async (endToEndId, id) =>
      ((await api.request('GET', path(endToEndId, id)).catch(nullWhenNotFound)) as Devolucao | null) ?? null,
  };
}
