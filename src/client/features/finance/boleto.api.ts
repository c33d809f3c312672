import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  boletoDisponivelSchema,
  boletoSchema,
  type Boleto,
  type BoletoDisponivel,
} from '../../../shared/boleto.schemas';
import { api, downloadFile, toQuery } from '../../lib/api-client';
import { keyRoots } from '../../lib/query-keys';

const boletoKey = [...keyRoots.finance, 'boleto'] as const;

/** Whether the school issues boletos (the 'Boleto' buttons show only then). */
export const boletoDisponivelQuery = () =>
  queryOptions({
    queryKey: [...boletoKey, 'disponivel'],
    queryFn: () =>
      api<BoletoDisponivel>('/api/financeiro/boleto/disponivel', {
        schema: boletoDisponivelSchema,
        globalErrors: false,
      }),
    staleTime: 60_000,
  });

export function useBoletoDisponivel() {
  const query = useQuery(boletoDisponivelQuery());
  return query.data?.disponivel ?? false;
}

/** The mensalidade's boleto (issued by the first call). Refusals (409/422) are shown in the dialog. */
export const boletoQuery = (mensalidadeId: string) =>
  queryOptions({
    queryKey: [...boletoKey, mensalidadeId],
    queryFn: () =>
      api<Boleto>(`/api/financeiro/mensalidades/${mensalidadeId}/boleto`, {
        schema: boletoSchema,
        globalErrors: false,
      }),
    retry: false,
  });

export function useBoleto(mensalidadeId: string) {
  return useQuery(boletoQuery(mensalidadeId));
}

export function downloadBoleto(mensalidadeId: string) {
  return downloadFile(`/api/financeiro/mensalidades/${mensalidadeId}/boleto.pdf`, 'boleto.pdf');
}

export function downloadBoletosDaTurma(turmaId: string, mesReferencia: string) {
  return downloadFile(
    `/api/financeiro/boleto/lote.pdf${toQuery({ turma_id: turmaId, mes_referencia: mesReferencia })}`,
    `boletos-${mesReferencia}.pdf`,
  );
}
