/** 'Já paguei' (ADR 0035): the family sends a comprovante; the finance staff confirm or refuse it. */
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  comprovantePendenteSchema,
  type Comprovante,
  type ComprovantePendente,
  type ConfirmarComprovanteInput,
  type Mensalidade,
} from '../../../shared/mensalidades.schemas';
import { api, apiWithMessage } from '../../lib/api-client';
import { keyRoots } from '../../lib/query-keys';
import { useInvalidateFinance } from './finance.api';

/** The file of a tuition's latest comprovante (opens in a new tab). */
export const comprovanteUrl = (mensalidadeId: string) =>
  `/api/financeiro/mensalidades/${mensalidadeId}/comprovante`;

export function useSendComprovante() {
  const invalidate = useInvalidateFinance();
  return useMutation({
    mutationFn: ({ id, file }: { id: string; file: File }) => {
      const body = new FormData();
      body.append('arquivo', file);
      return apiWithMessage<{ mensalidade: Mensalidade; comprovante: Comprovante }>(comprovanteUrl(id), {
        method: 'POST',
        body,
        globalErrors: false,
      });
    },
    onSuccess: invalidate,
  });
}

export const comprovantesPendentesQuery = () =>
  queryOptions({
    queryKey: [...keyRoots.finance, 'comprovantes'],
    queryFn: () =>
      api<ComprovantePendente[]>('/api/financeiro/comprovantes', {
        schema: z.array(comprovantePendenteSchema),
      }),
  });

export function useComprovantesPendentes() {
  return useQuery(comprovantesPendentesQuery());
}

export type ComprovanteAnswer =
  | { id: string; kind: 'confirmar'; body: ConfirmarComprovanteInput }
  | { id: string; kind: 'recusar'; body: { motivo: string } };

export function useAnswerComprovante() {
  const invalidate = useInvalidateFinance();
  return useMutation({
    mutationFn: ({ id, kind, body }: ComprovanteAnswer) =>
      apiWithMessage<Mensalidade>(`${comprovanteUrl(id)}/${kind}`, {
        method: 'POST',
        body,
        globalErrors: false,
      }),
    onSuccess: invalidate,
  });
}
