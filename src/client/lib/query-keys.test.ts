import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { classDiaryRoot, invalidateGrades, keyRoots } from './query-keys';

describe('invalidateGrades', () => {
  it('refreshes the diário de classe, which carries the notas, and leaves the rest of attendance alone', async () => {
    const queryClient = new QueryClient();
    const diary = [...classDiaryRoot, 'turma-1', 'Matemática', '', ''];
    const month = [...keyRoots.attendance, 'month', 'turma-1', ''];
    for (const key of [diary, month]) queryClient.setQueryData(key, { lido: true });
    await invalidateGrades(queryClient);
    expect(queryClient.getQueryState(diary)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(month)?.isInvalidated).toBe(false);
  });
});
