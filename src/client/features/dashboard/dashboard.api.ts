import { useQuery, queryOptions } from '@tanstack/react-query';
import {
  type DashboardStats,
  dashboardStatsSchema,
  type Pendencias,
  pendenciasSchema,
} from '../../../shared/dashboard.schemas';
import { api } from '../../lib/api-client';
import { keyRoots } from '../../lib/query-keys';

export const dashboardStatsQuery = () =>
  queryOptions({
    queryKey: [...keyRoots.dashboard, 'stats'],
    queryFn: () =>
      api<DashboardStats>('/api/dashboard/stats', { schema: dashboardStatsSchema, globalErrors: false }),
  });

/** `enabled` false: an account with no dashboard (a student's) asks nothing. */
export function useDashboardStats(enabled = true) {
  return useQuery({ ...dashboardStatsQuery(), enabled });
}

/** The coordenação's 'Pendências' (rolls, attendance, grades, messages): its own read, after the figures. */
export function usePendencias(enabled: boolean) {
  return useQuery({
    queryKey: [...keyRoots.dashboard, 'pendencias'],
    queryFn: () =>
      api<Pendencias>('/api/dashboard/pendencias', { schema: pendenciasSchema, globalErrors: false }),
    enabled,
  });
}
