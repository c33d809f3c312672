import { useQuery } from '@tanstack/react-query';
import type { DashboardStats } from '../../../shared/dashboard.schemas';
import { api } from '../../lib/api-client';

export function useDashboardStats() {
  return useQuery({
    queryKey: ['dashboard', 'stats'],
    queryFn: () => api<DashboardStats>('/api/dashboard/stats', { globalErrors: false }),
  });
}
