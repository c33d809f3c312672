// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reportCardSchema, type ReportCard } from '../../shared/report-card.schemas';
import { reportCardAnswer } from '../test/answers';
import { api, apiWithMessage, ContractError, setSigningOut, setUnauthenticatedHandler } from './api-client';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const answer = (data: unknown) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(() =>
      Promise.resolve(
        new Response(JSON.stringify({ success: true, data, message: 'ok' }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
      ),
    ),
  );

const card: ReportCard = reportCardAnswer();

describe('answers checked against the shared schemas (development and tests)', () => {
  it('passes an answer that follows the contract through as it came', async () => {
    answer(card);
    await expect(api('/api/boletins/alunos/a', { schema: reportCardSchema })).resolves.toEqual(card);
  });

  it('fails on a drifted answer, saying which call and which field', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // The server renamed a field the screens read: `media_aprovacao` is gone.
    const drifted: Record<string, unknown> = { ...card, media_minima: 6 };
    delete drifted.media_aprovacao;
    answer(drifted);
    const failure = api('/api/boletins/alunos/a', { schema: reportCardSchema });
    await expect(failure).rejects.toBeInstanceOf(ContractError);
    await expect(failure).rejects.toThrow(/\/api\/boletins\/alunos\/a[\s\S]*media_aprovacao/);
    // A mistyped field fails too, also on a write's answer.
    answer({ ...card, ano: '2026' });
    await expect(apiWithMessage('/api/conselho/a', { schema: reportCardSchema })).rejects.toThrow(
      /não segue o contrato[\s\S]*ano/,
    );
  });

  it('runs the check in this mode (Vitest), as in development', () => {
    expect(import.meta.env.MODE).toBe('test');
  });
});

describe('a 401 on a signed-in screen', () => {
  const unauthorized = () =>
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          new Response(
            JSON.stringify({ success: false, code: 'UNAUTHENTICATED', message: 'Sessão expirada' }),
            {
              status: 401,
              headers: { 'content-type': 'application/json' },
            },
          ),
        ),
      ),
    );

  it('sends the page to /login, except while the person signs out (the 401 is the sign-out itself)', async () => {
    const handler = vi.fn();
    setUnauthenticatedHandler(handler);
    unauthorized();
    await expect(api('/api/financeiro/mensalidades', { globalErrors: false })).rejects.toMatchObject({
      status: 401,
    });
    expect(handler).toHaveBeenCalledTimes(1);
    setSigningOut(true);
    try {
      await expect(api('/api/financeiro/mensalidades', { globalErrors: false })).rejects.toMatchObject({
        status: 401,
      });
      expect(handler).toHaveBeenCalledTimes(1);
    } finally {
      setSigningOut(false);
    }
  });
});
