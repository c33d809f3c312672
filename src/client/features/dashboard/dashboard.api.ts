import { useQuery, queryOptions } from '@tanstack/react-query';
import { type DashboardStats, dashboardStatsSchema } from '../../../shared/dashboard.schemas';
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
