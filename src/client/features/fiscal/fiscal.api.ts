import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  fiscalConfiguracaoSchema,
  nfseListSchema,
  nfseLoteSchema,
  nfseSituacaoSchema,
  nfseXmlSchema,
  type FiscalConfiguracao,
  type FiscalConfiguracaoData,
  type NfseList,
  type NfseLote,
  type NfseSituacao,
} from '../../../shared/fiscal.schemas';
import { danfseUrl, nfseXmlZipUrl } from '../../../shared/nfse-documentos.schemas';
import { api, apiWithMessage, downloadFile, toQuery } from '../../lib/api-client';
import { keyRoots } from '../../lib/query-keys';

const CONFIG_URL = '/api/fiscal/configuracao';
/** While a batch runs, the list refreshes this often (the job queue emits one note at a time). */
export const BATCH_POLL_MS = 2_000;

export const fiscalConfigQuery = () =>
  queryOptions({
    queryKey: [...keyRoots.fiscal, 'configuracao'],
    queryFn: () => api<FiscalConfiguracao>(CONFIG_URL, { schema: fiscalConfiguracaoSchema }),
  });

export function useFiscalConfig() {
  return useQuery(fiscalConfigQuery());
}

export function useSaveFiscalConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: FiscalConfiguracaoData) =>
      apiWithMessage<FiscalConfiguracao>(CONFIG_URL, { method: 'PUT', body: input, globalErrors: false }),
    onSuccess: (result) => {
      queryClient.setQueryData(fiscalConfigQuery().queryKey, result.data);
      void queryClient.invalidateQueries({ queryKey: nfseSituacaoQuery().queryKey });
    },
  });
}

/** Whether 'Emitir notas' can run: the finance staff's view of the settings they do not read. */
export const nfseSituacaoQuery = () =>
  queryOptions({
    queryKey: [...keyRoots.fiscal, 'situacao'],
    queryFn: () => api<NfseSituacao>('/api/fiscal/nfse/situacao', { schema: nfseSituacaoSchema }),
  });

export function useNfseSituacao() {
  return useQuery(nfseSituacaoQuery());
}

const isRunning = (list: NfseList | undefined) => (list ?? []).some((nota) => nota.status === 'pendente');

export const nfseListQuery = (competencia: string) =>
  queryOptions({
    queryKey: [...keyRoots.fiscal, 'nfse', competencia],
    queryFn: () => api<NfseList>(`/api/fiscal/nfse${toQuery({ competencia })}`, { schema: nfseListSchema }),
    // The batch's progress: poll while any note of the month is still pendente.
    refetchInterval: (query) => (isRunning(query.state.data) ? BATCH_POLL_MS : false),
  });

export function useNfseList(competencia: string) {
  return useQuery(nfseListQuery(competencia));
}

export function useEmitirNfse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (competencia: string) =>
      apiWithMessage<NfseLote>('/api/fiscal/nfse/emitir', {
        method: 'POST',
        body: { competencia },
        schema: nfseLoteSchema,
      }),
    onSuccess: (_result, competencia) =>
      queryClient.invalidateQueries({ queryKey: nfseListQuery(competencia).queryKey }),
  });
}

export function useCancelarNfse(competencia: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, motivo }: { id: string; motivo: string }) =>
      apiWithMessage<unknown>(`/api/fiscal/nfse/${id}/cancelar`, {
        method: 'POST',
        body: { motivo },
        globalErrors: false,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: nfseListQuery(competencia).queryKey }),
  });
}

export function downloadDanfse(id: string) {
  return downloadFile(danfseUrl(id), 'danfse.pdf');
}

export function downloadXmlZip(competencia: string) {
  return downloadFile(nfseXmlZipUrl(competencia), `nfse-xml-${competencia}.zip`, { globalErrors: false });
}

/** The note's XML as a file: the NFS-e the national system returned (or the signed DPS before that). */
export async function downloadNfseXml(id: string, name: string) {
  const xml = await api(`/api/fiscal/nfse/${id}/xml`, { schema: nfseXmlSchema });
  const text = xml.nfse ?? xml.dps;
  if (!text) throw new Error('Esta nota ainda não tem XML.');
  const href = URL.createObjectURL(new Blob([text], { type: 'application/xml' }));
  const link = document.createElement('a');
  link.href = href;
  link.download = `${name}.xml`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}
