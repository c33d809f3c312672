// @vitest-environment jsdom
import type { ReactNode } from 'react';
import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lessonAnswer, rollAnswer, rollClassAnswer } from '../test/answers';
import { signedInAs, stubApi } from '../test/render';
import { createQueryClient, Providers } from './providers';
import { useTodaysRollsOnDevice } from './use-rolls-on-device';

const teacher = signedInAs({ id: '00000000-0000-4000-8000-000000000007', nivel: 'professor' });
const dueToday = (data: string) => [
  rollClassAnswer({
    id: 't1',
    nome: '3º A',
    dia: { data, tipo: 'letivo', letivo: true, descricao: null },
    aulas: [lessonAnswer()],
  }),
];

function stubSchool() {
  return stubApi({
    '/api/auth/me': teacher,
    '/api/frequencia/turmas': (request) =>
      dueToday(new URL(request.url, 'http://x').searchParams.get('data')!),
    '/api/frequencia/turmas/t1': rollAnswer('t1'),
  });
}

const wrapper = ({ children }: { children: ReactNode }) => (
  <Providers client={createQueryClient()}>{children}</Providers>
);
const listsAsked = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.requests.filter((r) => r.path === '/api/frequencia/turmas').map((r) => r.url);
const setVisibility = (state: DocumentVisibilityState) => {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
};

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  vi.setSystemTime(new Date('2026-12-02T10:00:00-03:00'));
  setVisibility('visible');
});
afterEach(() => {
  // Unmounted before the next test and before the file ends: a hook left mounted had React work due
  // after jsdom was gone ('window is not defined', an unhandled error of the run).
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(document, 'visibilityState');
});

describe('useTodaysRollsOnDevice', () => {
  it('keeps today’s rolls after the first screen, and a new day’s when the portal left open comes back', async () => {
    const fetchMock = stubSchool();
    renderHook(() => useTodaysRollsOnDevice(), { wrapper });
    await vi.waitFor(
      () => expect(listsAsked(fetchMock)).toEqual(['/api/frequencia/turmas?data=2026-12-02']),
      { timeout: 10_000 },
    );
    await vi.waitFor(() =>
      expect(fetchMock.requests.some((r) => r.url === '/api/frequencia/turmas/t1?data=2026-12-02')).toBe(
        true,
      ),
    );

    // The same day: coming back to the screen loads nothing again.
    setVisibility('hidden');
    setVisibility('visible');
    await vi.advanceTimersByTimeAsync(5000);
    expect(listsAsked(fetchMock)).toHaveLength(1);

    // The next morning, the phone's app opened again: that day's rolls.
    vi.setSystemTime(new Date('2026-12-03T07:00:00-03:00'));
    setVisibility('hidden');
    setVisibility('visible');
    await vi.waitFor(
      () =>
        expect(listsAsked(fetchMock)).toEqual([
          '/api/frequencia/turmas?data=2026-12-02',
          '/api/frequencia/turmas?data=2026-12-03',
        ]),
      { timeout: 10_000 },
    );
  });

  it('offline at the start, it keeps them once the connection is back', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const fetchMock = stubSchool();
    renderHook(() => useTodaysRollsOnDevice(), { wrapper });
    await vi.advanceTimersByTimeAsync(5000);
    expect(listsAsked(fetchMock)).toEqual([]);

    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(
      () => expect(listsAsked(fetchMock)).toEqual(['/api/frequencia/turmas?data=2026-12-02']),
      { timeout: 10_000 },
    );
  });

  it('nothing for an account that is not a teacher', async () => {
    const fetchMock = stubApi({ '/api/auth/me': signedInAs({ nivel: 'responsavel' }) });
    renderHook(() => useTodaysRollsOnDevice(), { wrapper });
    await vi.advanceTimersByTimeAsync(5000);
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(5000);
    expect(listsAsked(fetchMock)).toEqual([]);
  });
});
