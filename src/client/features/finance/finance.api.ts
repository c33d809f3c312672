import { keepPreviousData, useMutation, useQuery, useQueryClient, queryOptions } from '@tanstack/react-query';
import type { Page } from '../../../shared/api';
import {
  type AlunoFinanceiro,
  type Bolsa,
  type BolsaEfeito,
  type EncargosAtraso,
  type FinanceSettings,
  type FinanceStats,
  type LembreteResult,
  type Relatorios,
  type RelatorioTipo,
  type Transacao,
  type TransacaoInput,
  type TransacaoStatus,
  type TransacaoTipo,
  type UpdateFinanceSettingsInput,
  encargosAtrasoSchema,
  financeStatsSchema,
  financeSettingsSchema,
  bolsaEfeitoSchema,
  bolsaSchema,
  alunoFinanceiroSchema,
} from '../../../shared/finance.schemas';
import {
  type Cotacao,
  type FormaPagamento,
  type CancelarLoteResult,
  type GerarMensalidadesInput,
  type GerarMensalidadesPreview,
  type GerarMensalidadesResult,
  type Mensalidade,
  type MensalidadeStatus,
  type PagamentoResult,
  type MensalidadeDetail,
  type PixCode,
  type EstornoResult,
  cotacaoSchema,
  estornoResultSchema,
  mensalidadeDetailSchema,
  mensalidadeSchema,
  pixSchema,
} from '../../../shared/mensalidades.schemas';
import { nfseListSchema, type NfseList } from '../../../shared/fiscal.schemas';
import type { SortOrder } from '../../../shared/validators';
import { api, apiWithMessage, downloadFile, toQuery } from '../../lib/api-client';
import { keyRoots } from '../../lib/query-keys';
import { IDEMPOTENCY_HEADER } from '../../../shared/idempotency.schemas';
import { describeEncargos } from './encargos';

const financeKey = keyRoots.finance;
export const MENSALIDADES_PAGE_SIZE = 20;

/** A list's query: its URL filters ('' = all), the page and, when chosen, the sort. */
export type ListQuery<F> = F & { page: number; sort?: string; order?: SortOrder };
export type MensalidadeFilters = {
  q: string;
  status: MensalidadeStatus | '';
  mes: string;
  /** The school's list only: the tuition one guardian answers for (the delinquency report's link). */
  responsavel?: string;
  /** The school's list only: one student's charges, by id (the departure notice's link). */
  aluno?: string;
};

export const financeStatsQuery = () =>
  queryOptions({
    queryKey: [...financeKey, 'stats'],
    queryFn: () =>
      api<FinanceStats>('/api/financeiro/stats', { schema: financeStatsSchema, globalErrors: false }),
  });

export function useFinanceStats() {
  return useQuery(financeStatsQuery());
}

export function mensalidadesUrl(
  filters: ListQuery<MensalidadeFilters>,
  format?: 'csv' | 'xlsx',
  pageSize = MENSALIDADES_PAGE_SIZE,
) {
  const { responsavel, aluno, ...rest } = filters;
  return `/api/financeiro/mensalidades${toQuery({
    ...rest,
    responsavel_id: responsavel,
    aluno_id: aluno,
    pageSize,
    format,
  })}`;
}

export const mensalidadesQuery = (
  filters: ListQuery<MensalidadeFilters>,
  pageSize = MENSALIDADES_PAGE_SIZE,
) =>
  queryOptions({
    queryKey: [...financeKey, 'mensalidades', filters, pageSize],
    queryFn: () =>
      // `taxas_matricula`: how many of `total` are enrolment fees, for the list's heading (ADR 0108);
      // `responsavel_nome`: whose charges a list filtered by a guardian shows.
      api<Page<Mensalidade> & { taxas_matricula?: number; responsavel_nome?: string | null }>(
        mensalidadesUrl(filters, undefined, pageSize),
        { globalErrors: false },
      ),
    placeholderData: keepPreviousData,
  });

export function useMensalidades(filters: ListQuery<MensalidadeFilters>, pageSize = MENSALIDADES_PAGE_SIZE) {
  return useQuery(mensalidadesQuery(filters, pageSize));
}

export const cotacaoQuery = (id: string, data: string) =>
  queryOptions({
    queryKey: [...financeKey, 'cotacao', id, data],
    queryFn: () =>
      api<Cotacao>(`/api/financeiro/mensalidades/${id}/cotacao${toQuery({ data })}`, {
        schema: cotacaoSchema,
      }),
    enabled: /^\d{4}-\d{2}-\d{2}$/.test(data),
  });

export function useCotacao(id: string, data: string) {
  return useQuery(cotacaoQuery(id, data));
}

export const pixQuery = (id: string) =>
  queryOptions({
    queryKey: [...financeKey, 'pix', id],
    queryFn: () =>
      api<PixCode>(`/api/financeiro/mensalidades/${id}/pix`, { schema: pixSchema, globalErrors: false }),
    retry: false,
  });

export function usePix(id: string) {
  return useQuery(pixQuery(id));
}

/** One tuition with its payments and its Pix charge's state (`pix`, null while Pix automático is off). */
export const mensalidadeQuery = (id: string) =>
  queryOptions({
    queryKey: [...financeKey, 'mensalidade', id],
    queryFn: () =>
      api<MensalidadeDetail>(`/api/financeiro/mensalidades/${id}`, { schema: mensalidadeDetailSchema }),
  });

export function useMensalidadeDetail(id: string) {
  return useQuery(mensalidadeQuery(id));
}

/**
 * The NFS-e still issued for a tuition (null: none), read from its month's notes — asked when the
 * Financeiro is about to cancel the tuition: the note stays issued, and only the Direção cancels it.
 * A profile that may not read the notes gets null (the server's answer says it after cancelling).
 */
export const notaEmitidaQuery = (mensalidade: Pick<Mensalidade, 'id' | 'mes_referencia'>) =>
  queryOptions({
    queryKey: [...keyRoots.fiscal, 'nota-emitida', mensalidade.id],
    queryFn: async () => {
      const notas = await api<NfseList>(
        `/api/fiscal/nfse${toQuery({ competencia: mensalidade.mes_referencia })}`,
        { schema: nfseListSchema, globalErrors: false },
      ).catch(() => []);
      return (
        notas.find((nota) => nota.mensalidade_id === mensalidade.id && nota.status === 'emitida') ?? null
      );
    },
    retry: false,
  });

export function useNotaEmitida(mensalidade: Pick<Mensalidade, 'id' | 'mes_referencia'>, enabled: boolean) {
  return useQuery({ ...notaEmitidaQuery(mensalidade), enabled });
}

export function useInvalidateFinance() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: financeKey }),
      queryClient.invalidateQueries({ queryKey: keyRoots.dashboard }),
      // Notas fiscais marks the notes of cancelled tuition.
      queryClient.invalidateQueries({ queryKey: keyRoots.fiscal }),
    ]);
}

export function useRegisterPayment() {
  const invalidate = useInvalidateFinance();
  return useMutation({
    // `key`: the dialog's Idempotency-Key, the same for the same payment sent again (ADR 0053).
    mutationFn: ({
      id,
      key,
      ...body
    }: {
      id: string;
      key: string;
      valor_pago: number;
      data_pagamento: string;
      forma: FormaPagamento;
    }) =>
      apiWithMessage<PagamentoResult>(`/api/financeiro/mensalidades/${id}/pagamento`, {
        method: 'POST',
        body,
        globalErrors: false,
        headers: { [IDEMPOTENCY_HEADER]: key },
      }),
    onSuccess: invalidate,
  });
}

export function useAdjustMensalidade() {
  const invalidate = useInvalidateFinance();
  return useMutation({
    mutationFn: ({
      id,
      kind,
      motivo,
      desconto,
    }: {
      id: string;
      kind: 'cancelar' | 'desconto';
      motivo: string;
      desconto?: number;
    }) =>
      apiWithMessage<Mensalidade>(`/api/financeiro/mensalidades/${id}/${kind}`, {
        method: 'POST',
        body: kind === 'cancelar' ? { motivo } : { motivo, desconto },
        globalErrors: false,
      }),
    onSuccess: invalidate,
  });
}

/** Reverses a payment the school registered (estorno); the tuition is open again. */
export function useReversePayment() {
  const invalidate = useInvalidateFinance();
  return useMutation({
    mutationFn: ({ id, pagamentoId, motivo }: { id: string; pagamentoId: string; motivo: string }) =>
      apiWithMessage<EstornoResult>(`/api/financeiro/mensalidades/${id}/pagamentos/${pagamentoId}/estorno`, {
        method: 'POST',
        body: { motivo },
        schema: estornoResultSchema,
        globalErrors: false,
      }),
    onSuccess: invalidate,
  });
}

/** Brings back a tuition cancelled by mistake. */
export function useReactivateMensalidade() {
  const invalidate = useInvalidateFinance();
  return useMutation({
    mutationFn: ({ id, motivo }: { id: string; motivo: string }) =>
      apiWithMessage<Mensalidade>(`/api/financeiro/mensalidades/${id}/reativar`, {
        method: 'POST',
        body: { motivo },
        schema: mensalidadeSchema,
        globalErrors: false,
      }),
    onSuccess: invalidate,
  });
}

/** What 'Gerar mensalidades' would create for these choices (the server's same function, not written). */
export const geracaoPreviewQuery = (body: GerarMensalidadesInput | null) =>
  queryOptions({
    queryKey: [...financeKey, 'geracao-previa', body],
    queryFn: () =>
      apiWithMessage<GerarMensalidadesPreview>('/api/financeiro/mensalidades/gerar/simular', {
        method: 'POST',
        body: body ?? {},
        globalErrors: false,
      }),
    enabled: body !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useGeracaoPreview(body: GerarMensalidadesInput | null) {
  return useQuery(geracaoPreviewQuery(body));
}

export function useGenerateMensalidades() {
  const invalidate = useInvalidateFinance();
  return useMutation({
    mutationFn: (body: GerarMensalidadesInput) =>
      apiWithMessage<GerarMensalidadesResult>('/api/financeiro/mensalidades/gerar', {
        method: 'POST',
        body,
        globalErrors: false,
      }),
    onSuccess: invalidate,
  });
}

/** Undoes a generation: its unpaid tuition is cancelled with one reason. */
export function useCancelLote() {
  const invalidate = useInvalidateFinance();
  return useMutation({
    mutationFn: ({ loteId, motivo }: { loteId: string; motivo: string }) =>
      apiWithMessage<CancelarLoteResult>(`/api/financeiro/mensalidades/lotes/${loteId}/cancelar`, {
        method: 'POST',
        body: { motivo },
        globalErrors: false,
      }),
    onSuccess: invalidate,
  });
}

/** 'Enviar lembrete' to a guardian (Relatórios → Inadimplência). */
export function useSendLembrete() {
  const invalidate = useInvalidateFinance();
  return useMutation({
    mutationFn: (responsavelId: string) =>
      apiWithMessage<LembreteResult>(`/api/financeiro/responsaveis/${responsavelId}/lembrete`, {
        method: 'POST',
        globalErrors: false,
      }),
    onSettled: invalidate,
  });
}

export type TransacaoFilters = {
  q: string;
  categoria: string;
  status: TransacaoStatus | '';
  mes: string;
};

export const transacoesQuery = (filters: ListQuery<TransacaoFilters> & { tipo: TransacaoTipo }) =>
  queryOptions({
    queryKey: [...financeKey, 'transacoes', filters],
    queryFn: () =>
      api<Page<Transacao> & { soma: number }>(
        `/api/financeiro/transacoes${toQuery({ ...filters, pageSize: MENSALIDADES_PAGE_SIZE })}`,
        { globalErrors: false },
      ),
    placeholderData: keepPreviousData,
  });

export function useTransacoes(filters: ListQuery<TransacaoFilters> & { tipo: TransacaoTipo }) {
  return useQuery(transacoesQuery(filters));
}

export function useSaveTransaction() {
  const invalidate = useInvalidateFinance();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: TransacaoInput }) =>
      apiWithMessage<Transacao>(id ? `/api/financeiro/transacoes/${id}` : '/api/financeiro/transacoes', {
        method: id ? 'PUT' : 'POST',
        body: input,
        globalErrors: false,
      }),
    onSuccess: invalidate,
  });
}

export function useDeleteTransaction() {
  const invalidate = useInvalidateFinance();
  return useMutation({
    mutationFn: (id: string) =>
      apiWithMessage<null>(`/api/financeiro/transacoes/${id}`, { method: 'DELETE', globalErrors: false }),
    onSuccess: invalidate,
  });
}

export const relatorioQuery = <T extends RelatorioTipo>(tipo: T, ano: number) =>
  queryOptions({
    queryKey: [...financeKey, 'relatorio', tipo, ano],
    queryFn: () => api<Relatorios[T]>(`/api/financeiro/relatorios/${tipo}${toQuery({ ano })}`),
  });

export function useRelatorio<T extends RelatorioTipo>(tipo: T, ano: number) {
  return useQuery(relatorioQuery(tipo, ano));
}

export function downloadRelatorio(tipo: RelatorioTipo, ano: number, format: 'csv' | 'xlsx') {
  return downloadFile(
    `/api/financeiro/relatorios/${tipo}${toQuery({ ano, format })}`,
    `${tipo}-${ano}.${format}`,
  );
}

export function downloadRecibo(id: string) {
  return downloadFile(`/api/financeiro/mensalidades/${id}/recibo`, 'recibo.pdf');
}

export const financeSettingsQuery = (enabled = true) =>
  queryOptions({
    queryKey: [...financeKey, 'configuracoes'],
    queryFn: () => api<FinanceSettings>('/api/financeiro/configuracoes', { schema: financeSettingsSchema }),
    enabled,
  });

export function useFinanceSettings(enabled = true) {
  return useQuery(financeSettingsQuery(enabled));
}

/** The school's multa and juros for paying late, as the families read them (the settings are the staff's). */
export const encargosAtrasoQuery = () =>
  queryOptions({
    queryKey: [...financeKey, 'encargos'],
    queryFn: () =>
      api<EncargosAtraso>('/api/financeiro/encargos', { schema: encargosAtrasoSchema, globalErrors: false }),
  });

/** The sentence a family reads about paying late ('multa de 2% e juros de 1% ao mês, …'); null: none, or not known yet. */
export function useEncargosSentence(): string | null {
  return useQuery({ ...encargosAtrasoQuery(), select: describeEncargos }).data ?? null;
}

export function useSaveFinanceSettings() {
  const invalidate = useInvalidateFinance();
  return useMutation({
    mutationFn: (input: UpdateFinanceSettingsInput) =>
      apiWithMessage<FinanceSettings>('/api/financeiro/configuracoes', {
        method: 'PUT',
        body: input,
        globalErrors: false,
      }),
    onSuccess: invalidate,
  });
}

export const bolsasQuery = () =>
  queryOptions({
    queryKey: [...financeKey, 'bolsas'],
    queryFn: () => api<Bolsa[]>('/api/financeiro/bolsas', { schema: bolsaSchema.array() }),
  });

export function useBolsas() {
  return useQuery(bolsasQuery());
}

export function useSaveBolsa() {
  const invalidate = useInvalidateFinance();
  return useMutation({
    mutationFn: ({
      alunoId,
      percentual,
      motivo,
    }: {
      alunoId: string;
      percentual: number;
      motivo?: string | null | undefined;
    }) =>
      apiWithMessage<Bolsa[]>(`/api/financeiro/bolsas/${alunoId}`, {
        method: 'PUT',
        body: { percentual, motivo },
        globalErrors: false,
      }),
    onSuccess: invalidate,
  });
}

/** What saving the bolsa would do to the student's months already generated (ADR 0130): asked first. */
export function usePreviewBolsa() {
  return useMutation({
    mutationFn: ({ alunoId, percentual }: { alunoId: string; percentual: number }) =>
      api<BolsaEfeito>(`/api/financeiro/bolsas/${alunoId}/simular`, {
        method: 'POST',
        body: { percentual },
        schema: bolsaEfeitoSchema,
        globalErrors: false,
      }),
  });
}

export const alunosFinanceiroQuery = (q: string) =>
  queryOptions({
    queryKey: [...financeKey, 'alunos', q],
    queryFn: () =>
      api<AlunoFinanceiro[]>(`/api/financeiro/alunos${toQuery({ q })}`, {
        schema: alunoFinanceiroSchema.array(),
      }),
    placeholderData: keepPreviousData,
  });

export function useAlunosFinanceiro(q: string) {
  return useQuery(alunosFinanceiroQuery(q));
}
