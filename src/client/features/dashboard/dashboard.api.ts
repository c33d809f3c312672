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

export function useDashboardStats() {
  return useQuery(dashboardStatsQuery());
}
