import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  pixProvedorSchema,
  pixProvedorTesteSchema,
  type PixProvedor,
  type PixProvedorData,
  type PixProvedorTeste,
} from '../../../shared/pix-provedor.schemas';
import { api, apiWithMessage } from '../../lib/api-client';
import { keyRoots } from '../../lib/query-keys';

const URL = '/api/financeiro/pix/provedor';

export const pixProvedorQuery = () =>
  queryOptions({
    queryKey: keyRoots.pixProvedor,
    queryFn: () => api<PixProvedor>(URL, { schema: pixProvedorSchema }),
  });

export function usePixProvedor() {
  return useQuery(pixProvedorQuery());
}

export function useSavePixProvedor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PixProvedorData) =>
      apiWithMessage<PixProvedor>(URL, { method: 'PUT', body: input, globalErrors: false }),
    onSuccess: (result) => queryClient.setQueryData(keyRoots.pixProvedor, result.data),
  });
}

/** Testar conexão: the server answers `{ ok, mensagem }` either way (a failure is not an error). */
export function useTestPixProvedor() {
  return useMutation({
    mutationFn: () =>
      api<PixProvedorTeste>(`${URL}/testar`, { method: 'POST', schema: pixProvedorTesteSchema }),
  });
}
