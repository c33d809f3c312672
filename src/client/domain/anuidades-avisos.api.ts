/**
 * The Lei 9.870 warnings about the next year's tuition (values, contract and places published 45 days
 * before the enrolment deadline): the Matrículas funnel and Configurações → Anuidades both show them, from
 * one query (one cache entry, refreshed by either screen's writes under `keyRoots.anuidades`).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { avisoAnuidadeSchema, type AvisoAnuidade } from '../../shared/anuidades.schemas';
import { api } from '../lib/api-client';
import { keyRoots } from '../lib/query-keys';

export const avisosAnuidadesQuery = () =>
  queryOptions({
    queryKey: [...keyRoots.anuidades, 'avisos'],
    queryFn: () =>
      api<AvisoAnuidade[]>('/api/matriculas/anuidades/avisos', { schema: avisoAnuidadeSchema.array() }),
  });

export const useAvisosAnuidades = () => useQuery(avisosAnuidadesQuery());
