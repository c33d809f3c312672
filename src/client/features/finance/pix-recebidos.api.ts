/** Pix a conciliar and reconciliation (issue 33 §2, docs/pix.md): the staff's side of the Pix received. */
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  conciliacaoStatusSchema,
  pixAConciliarSchema,
  type ConciliarInput,
  type ConciliarResult,
  type DevolverPixInput,
  type PixAConciliar,
  type PixResolvido,
  type UltimaConciliacao,
} from '../../../shared/pix-recebidos.schemas';
import { api, apiWithMessage } from '../../lib/api-client';
import { keyRoots } from '../../lib/query-keys';
import { useInvalidateFinance } from './finance.api';

const A_CONCILIAR = '/api/financeiro/pix/a-conciliar';
const CONCILIAR = '/api/financeiro/pix/conciliar';

export const pixAConciliarQuery = () =>
  queryOptions({
    queryKey: [...keyRoots.finance, 'pix', 'a-conciliar'],
    queryFn: () =>
      api<PixAConciliar[]>(A_CONCILIAR, { schema: z.array(pixAConciliarSchema), globalErrors: false }),
  });

export function usePixAConciliar() {
  return useQuery(pixAConciliarQuery());
}

export const ultimaConciliacaoQuery = () =>
  queryOptions({
    queryKey: [...keyRoots.finance, 'pix', 'conciliacao'],
    queryFn: () =>
      api<{ ultima: UltimaConciliacao | null }>(CONCILIAR, {
        schema: conciliacaoStatusSchema,
        globalErrors: false,
      }),
  });

export function useUltimaConciliacao() {
  return useQuery(ultimaConciliacaoQuery());
}

export function useConciliar() {
  const invalidate = useInvalidateFinance();
  return useMutation({
    mutationFn: (body: ConciliarInput) =>
      apiWithMessage<ConciliarResult>(CONCILIAR, { method: 'POST', body, globalErrors: false }),
    // A failed run is recorded too (the bank's answer shows as the last run).
    onSettled: invalidate,
  });
}

export type PixAction =
  | { id: string; kind: 'vincular'; body: { mensalidade_id: string } }
  | { id: string; kind: 'receita'; body: { descricao: string; categoria: string } }
  | { id: string; kind: 'devolvido'; body: { observacao?: string } }
  | { id: string; kind: 'devolver'; body: DevolverPixInput }
  | { id: string; kind: 'consultar-devolucao'; body: Record<string, never> };

export function usePixAction() {
  const invalidate = useInvalidateFinance();
  return useMutation({
    mutationFn: ({ id, kind, body }: PixAction) =>
      apiWithMessage<PixResolvido>(`${A_CONCILIAR}/${id}/${kind}`, {
        method: 'POST',
        body,
        globalErrors: false,
      }),
    onSuccess: invalidate,
  });
}
