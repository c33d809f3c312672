// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { firstStepIds, type FirstSteps } from '../../../shared/first-steps.schemas';
import { renderAt, stubApi } from '../../test/render';
import { FirstStepsPanel } from './first-steps';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const steps = (dispensado: boolean): FirstSteps => ({
  etapas: firstStepIds.map((id, index) => ({ id, feita: index < 3 })),
  dispensado,
});

describe('Primeiros passos', () => {
  it('asks before hiding the list for every administrator, for good, and hides it only on confirming', async () => {
    const api = stubApi({
      '/api/dashboard/primeiros-passos': steps(false),
      '/api/dashboard/primeiros-passos/ocultar': steps(true),
    });
    renderAt(<FirstStepsPanel />);
    const hide = await screen.findByRole('button', { name: 'Ocultar primeiros passos' });
    await userEvent.click(hide);
    const dialog = screen.getByRole('dialog', { name: 'Ocultar os primeiros passos?' });
    expect(dialog).toHaveTextContent(
      'A lista deixa de aparecer no início de todos os administradores da escola, com 4 etapas ainda por fazer, e não há como mostrá-la de novo.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Manter a lista' }));
    const hidden = () => api.requests.filter((request) => request.method === 'POST');
    expect(hidden()).toEqual([]);
    expect(screen.getByRole('heading', { name: 'Primeiros passos' })).toBeInTheDocument();

    await userEvent.click(hide);
    await userEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Ocultar para todos' }),
    );
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Primeiros passos' })).toBeNull());
    expect(hidden()).toHaveLength(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
