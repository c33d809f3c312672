// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAt } from '../../test/render';
import { YearFormModal } from './year-form-modal';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The server: the year saved is echoed back; every request is kept. */
function stubServer() {
  const requests: { url: string; init: RequestInit | undefined }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      requests.push({ url, init });
      const data = url.startsWith('/api/calendario')
        ? { dias: [], eventos: [], feriados: [] }
        : init?.method === 'POST'
          ? JSON.parse(init.body as string)
          : null;
      return Promise.resolve(
        new Response(JSON.stringify({ success: true, data }), {
          status: url.startsWith('/api/anos-letivos') && init?.method === 'POST' ? 201 : 200,
          headers: { 'content-type': 'application/json' },
        }),
      );
    }),
  );
  return requests;
}

const field = (name: string) => screen.getByLabelText(new RegExp(`^${name}`));

describe('YearFormModal: a new year', () => {
  it('the default dates follow the year typed, until the user changes one', async () => {
    stubServer();
    renderAt(<YearFormModal year={null} ano={2026} onClose={() => undefined} />);
    expect(field('Início das aulas')).toHaveValue('2026-02-02');
    expect(field('Fim das aulas')).toHaveValue('2026-12-11');
    await userEvent.clear(field('Ano'));
    await userEvent.type(field('Ano'), '2027');
    expect(field('Início das aulas')).toHaveValue('2027-02-02');
    expect(field('Fim das aulas')).toHaveValue('2027-12-11');
    // An end typed by the user stays; the start, still the default, keeps following.
    await userEvent.clear(field('Fim das aulas'));
    await userEvent.type(field('Fim das aulas'), '2027-12-17');
    await userEvent.clear(field('Ano'));
    await userEvent.type(field('Ano'), '2028');
    expect(field('Início das aulas')).toHaveValue('2028-02-02');
    expect(field('Fim das aulas')).toHaveValue('2027-12-17');
  });

  it('unticking the automatic split puts the focus on the first date to type, not on the 4th bimestre', async () => {
    stubServer();
    renderAt(<YearFormModal year={null} ano={2026} onClose={() => undefined} />);
    await userEvent.click(screen.getByRole('checkbox', { name: /Dividir automaticamente/ }));
    const first = (await screen.findByText('1º bimestre')).closest('li')!;
    const last = screen.getByText('4º bimestre').closest('li')!;
    await waitFor(() => expect(within(first).getByLabelText(/^Fim/)).toHaveFocus());
    // The 1st period starts when the year does and the 4th ends when it ends: not typed again.
    expect(within(first).getByLabelText(/^Início/)).toHaveValue('2026-02-02');
    expect(within(first).getByLabelText(/^Início/)).toHaveAttribute('readonly');
    expect(within(last).getByLabelText(/^Fim/)).toHaveValue('2026-12-11');
    expect(within(last).getByLabelText(/^Fim/)).toHaveAttribute('readonly');
    // They follow the year's dates.
    await userEvent.clear(field('Fim das aulas'));
    await userEvent.type(field('Fim das aulas'), '2026-12-18');
    expect(within(last).getByLabelText(/^Fim/)).toHaveValue('2026-12-18');
    // Semestres: the 2nd is now the last, and ends with the year.
    await userEvent.selectOptions(screen.getByRole('combobox', { name: /Divisão do ano/ }), 'semestre');
    const second = (await screen.findByText('2º semestre')).closest('li')!;
    await waitFor(() => expect(within(second).getByLabelText(/^Fim/)).toHaveValue('2026-12-18'));
    expect(screen.queryByText('3º semestre')).toBeNull();
  });
});
