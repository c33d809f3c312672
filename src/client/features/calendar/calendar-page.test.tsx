// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { calendarViewAnswer } from '../../test/answers';
import { pinDate, renderAt, searchOf, signedInAs, stubApi, stubScreen } from '../../test/render';
import { CalendarPage } from './calendar-page';

// A new school installed on 02/12/2026: nothing opened yet ('Primeiros passos' → 'Ano letivo' leads here).
pinDate('2026-12-02T15:00:00Z');
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the Calendário of a new school in December', () => {
  it('proposes opening next year, on school days (it proposed 2026, then ended 2027 on a Saturday)', async () => {
    stubScreen(true);
    stubApi({
      '/api/auth/me': signedInAs(),
      '/api/anos-letivos': [],
      '/api/calendario': calendarViewAnswer({ de: '2027-02-01', ate: '2027-02-28' }),
    });
    const router = renderAt(<CalendarPage />);
    const panel = await screen.findByRole('region', { name: 'Ano letivo 2027' });
    expect(within(panel).getByText(/Ainda não aberto/)).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Fevereiro de 2027' })).toBeVisible();
    expect(searchOf(router)).toEqual({});
    await userEvent.click(within(panel).getByRole('button', { name: 'Abrir ano letivo 2027' }));
    const form = await screen.findByRole('dialog', { name: 'Novo ano letivo' });
    expect(within(form).getByLabelText(/^Ano/)).toHaveValue(2027);
    expect(within(form).getByLabelText(/^Início das aulas/)).toHaveValue('2027-02-02');
    // 11/12/2027 is a Saturday: the Friday before.
    expect(within(form).getByLabelText(/^Fim das aulas/)).toHaveValue('2027-12-10');
  });
});
