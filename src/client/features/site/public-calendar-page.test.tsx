// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PublicCalendar } from '../../../shared/calendar.schemas';
import { pinDate, renderAt, stubApi } from '../../test/render';
import { PublicCalendarPage } from './public-calendar-page';

pinDate('2026-11-28T15:00:00Z');
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const item = (
  id: string,
  inicio: string,
  fim: string,
  titulo: string,
  tipo: 'recesso' | 'feriado_nacional',
) => ({
  id,
  tipo,
  titulo,
  descricao: null,
  inicio,
  fim,
});
const year: PublicCalendar = {
  escola: 'Escola Ipê Amarelo',
  de: '2026-01-01',
  ate: '2026-12-31',
  itens: [
    item('a', '2026-01-01', '2026-01-01', 'Confraternização Universal', 'feriado_nacional'),
    item('b', '2026-04-06', '2026-04-10', 'Semana de recesso', 'recesso'),
    item('c', '2026-11-20', '2026-11-20', 'Consciência Negra', 'feriado_nacional'),
    item('d', '2026-12-25', '2026-12-25', 'Natal', 'feriado_nacional'),
  ],
};

describe('the public calendar (issue 29)', () => {
  it('opens on the current month, the months before it folded; a range reads "Seg., 06/04 a sex., 10/04"', async () => {
    stubApi({ '/api/calendario/publico?de=2026-01-01&ate=2026-12-31': year });
    renderAt(<PublicCalendarPage />);
    expect(await screen.findByRole('heading', { name: 'novembro' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'dezembro' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'janeiro' })).toBeNull();
    expect(screen.queryByText('Semana de recesso')).toBeNull();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Mostrar os meses anteriores (janeiro, abril)' }));
    expect(screen.getByRole('heading', { name: 'janeiro' })).toBeInTheDocument();
    // Capitalised by CSS it read 'Seg., 06/04 A Sex., 10/04'.
    const range = screen.getByText('Seg., 06/04 a sex., 10/04');
    expect(range).not.toHaveClass('capitalize');
  });

  it('shows a year asked for whole', async () => {
    stubApi({ '/api/calendario/publico?de=2026-01-01&ate=2026-12-31': year });
    renderAt(<PublicCalendarPage />, '/lista?ano=2026');
    expect(await screen.findByRole('heading', { name: 'janeiro' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Mostrar os meses anteriores/ })).toBeNull();
  });
});
