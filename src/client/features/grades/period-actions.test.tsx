// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PeriodStatus } from '../../../shared/grades.schemas.js';
import { PeriodActions } from './period-actions';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function renderWith(status: PeriodStatus) {
  vi.stubGlobal(
    'fetch',
    vi.fn(() =>
      Promise.resolve(
        new Response(JSON.stringify({ success: true, data: status }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
      ),
    ),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <PeriodActions periodoId={uuid(1)} turmaId={uuid(2)} />
    </QueryClientProvider>,
  );
}

const statusOf = (publicado: boolean): PeriodStatus => ({
  periodo: { id: uuid(1), nome: '1º bimestre', data_fechamento: '2026-04-24' },
  turmas: [
    {
      turma_id: uuid(2),
      turma_nome: '5º A',
      fechado: true,
      publicado,
      origem: 'manual',
      data_fechamento: '2026-04-24',
    },
  ],
});

describe('PeriodActions', () => {
  it('says, before reopening a published period, that it stays published and changes are recorded', async () => {
    renderWith(statusOf(true));
    await userEvent.click(await screen.findByRole('button', { name: /Reabrir para a turma/ }));
    const dialog = screen.getByRole('dialog', { name: 'Reabrir 1º bimestre' });
    expect(dialog).toHaveTextContent('este período já está publicado e continua publicado');
    expect(dialog).toHaveTextContent('os responsáveis veem cada nota alterada na hora');
    expect(dialog).toHaveTextContent('“alteração após a publicação”');
  });

  it('reopening a period not published says nothing about families', async () => {
    renderWith(statusOf(false));
    await userEvent.click(await screen.findByRole('button', { name: /Reabrir para a turma/ }));
    expect(screen.getByRole('dialog', { name: 'Reabrir 1º bimestre' })).not.toHaveTextContent('publicado');
  });
});
