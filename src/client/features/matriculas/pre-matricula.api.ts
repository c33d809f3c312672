/** The family's pré-matrícula form through its link (no session: the token is the key). */
import { useQuery } from '@tanstack/react-query';
import { messages, type ApiFailure } from '../../../shared/api';
import {
  conviteResultSchema,
  matricularResultSchema,
  preMatriculaResumoSchema,
  matriculaOnlineViewSchema,
  preMatriculaDocumentoSchema,
  type MatriculaOnlineView,
  type PagamentoTaxaInput,
  type PreMatriculaDocumento,
} from '../../../shared/pre-matricula.schemas';
import type { FormaPagamento } from '../../../shared/mensalidades.schemas';
import { cepAddressSchema, type CepAddress } from '../../../shared/settings.schemas';
import { api, apiWithMessage, ApiError } from '../../lib/api-client';

const base = (token: string) => `/api/matricula-online/${encodeURIComponent(token)}`;

export const preMatriculaKeys = {
  form: (token: string) => ['matricula-online', token] as const,
};

/** The form; a bad link is a 404 the page shows as its own state (no global toast). */
export function usePreMatricula(token: string) {
  return useQuery({
    queryKey: preMatriculaKeys.form(token),
    queryFn: () => api(base(token), { schema: matriculaOnlineViewSchema, globalErrors: false }),
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
    staleTime: Infinity,
  });
}

export type DadosForm = MatriculaOnlineView['dados'];

export function salvarRascunho(token: string, dados: DadosForm): Promise<MatriculaOnlineView> {
  return api(base(token), {
    method: 'PUT',
    body: dados,
    schema: matriculaOnlineViewSchema,
    globalErrors: false,
  });
}

export function enviarPreMatricula(token: string) {
  return apiWithMessage(`${base(token)}/enviar`, {
    method: 'POST',
    body: {},
    schema: matriculaOnlineViewSchema,
    globalErrors: false,
  });
}

export function removerDocumento(token: string, docId: string) {
  return api(`${base(token)}/documentos/${encodeURIComponent(docId)}`, {
    method: 'DELETE',
    globalErrors: false,
  });
}

export function buscarCep(token: string, cep: string): Promise<CepAddress> {
  return api(`${base(token)}/cep/${cep.replace(/\D/g, '')}`, {
    schema: cepAddressSchema,
    globalErrors: false,
  });
}

/**
 * Sends one document with its progress (fetch reports none): `onProgress` gets 0–1. Rejects with an
 * ApiError carrying the server's message (415 type, 413 size, 404 link).
 */
export function enviarDocumento(
  token: string,
  tipo: string,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<PreMatriculaDocumento> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${base(token)}/documentos?tipo=${encodeURIComponent(tipo)}`);
    request.setRequestHeader('accept', 'application/json');
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    });
    request.addEventListener('load', () => {
      let payload: Partial<ApiFailure> & { data?: unknown } = {};
      try {
        payload = JSON.parse(request.responseText) as typeof payload;
      } catch {
        payload = {};
      }
      if (request.status >= 200 && request.status < 300) {
        const parsed = preMatriculaDocumentoSchema.safeParse(payload.data);
        if (parsed.success) resolve(parsed.data);
        else reject(new ApiError(500, 'INTERNAL', messages.internal));
        return;
      }
      reject(
        new ApiError(
          request.status,
          payload.code ?? (request.status >= 500 ? 'INTERNAL' : 'VALIDATION'),
          payload.message ?? (request.status === 413 ? 'Arquivo grande demais.' : messages.internal),
          payload.details ?? [],
        ),
      );
    });
    request.addEventListener('error', () => reject(new ApiError(0, 'NETWORK', messages.network)));
    request.addEventListener('timeout', () => reject(new ApiError(0, 'TIMEOUT', messages.timeout)));
    request.timeout = 120_000;
    const form = new FormData();
    form.append('arquivo', file);
    request.send(form);
  });
}

// ----------------------------------------------------------------- the staff's side (the funnel)

const familia = (id: string) => `/api/matriculas/interessados/${encodeURIComponent(id)}`;

export const preMatriculaStaffKeys = {
  resumo: (id: string) => ['matriculas', 'interessados', id, 'pre-matricula'] as const,
};

/** A family's pré-matrícula as the staff see it; null when no link was sent yet. */
export function usePreMatriculaResumo(interessadoId: string) {
  return useQuery({
    queryKey: preMatriculaStaffKeys.resumo(interessadoId),
    queryFn: async () => {
      try {
        return await api(`${familia(interessadoId)}/pre-matricula`, {
          schema: preMatriculaResumoSchema,
          globalErrors: false,
        });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });
}

export function enviarConvite(interessadoId: string) {
  return apiWithMessage(`${familia(interessadoId)}/convite`, {
    method: 'POST',
    body: {},
    schema: conviteResultSchema,
  });
}

export function matricularAgora(interessadoId: string) {
  return apiWithMessage(`${familia(interessadoId)}/matricular`, {
    method: 'POST',
    body: {},
    schema: matricularResultSchema,
  });
}

export function registrarPagamento(interessadoId: string, forma: FormaPagamento) {
  return apiWithMessage(`${familia(interessadoId)}/pagamento`, {
    method: 'POST',
    body: { forma } satisfies PagamentoTaxaInput,
    schema: matricularResultSchema,
    // The dialog shows the refusal itself, on the field when it is about one.
    globalErrors: false,
  });
}

export const documentoUrl = (interessadoId: string, docId: string) =>
  `${familia(interessadoId)}/documentos/${encodeURIComponent(docId)}`;
