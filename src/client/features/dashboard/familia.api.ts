import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { feedSchema, type Feed } from '../../../shared/familia.schemas';
import { api } from '../../lib/api-client';
import { keyRoots } from '../../lib/query-keys';

/**
 * The family's home feed (issue 32 §1), one child (`alunoId`) or all of them (null), page after page:
 * each page's `proximo` is the cursor of the next one (null at the end).
 */
export const familyFeedQuery = (alunoId: string | null) =>
  infiniteQueryOptions({
    queryKey: [...keyRoots.familia, 'feed', alunoId ?? 'todos'],
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams();
      if (alunoId) params.set('aluno_id', alunoId);
      if (pageParam) params.set('cursor', pageParam);
      const query = params.toString();
      return api<Feed>(`/api/familia/feed${query ? `?${query}` : ''}`, {
        schema: feedSchema,
        globalErrors: false,
      });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.proximo,
  });

export function useFamilyFeed(alunoId: string | null) {
  return useInfiniteQuery(familyFeedQuery(alunoId));
}
