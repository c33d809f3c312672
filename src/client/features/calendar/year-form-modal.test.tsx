// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CalendarEntry } from '../../../shared/calendar.schemas';
import { calendarViewAnswer } from '../../test/answers';
import { renderAt, reply, stubApi } from '../../test/render';
import { YearFormModal } from './year-form-modal';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The server: the year saved is echoed back; every request is kept. */
function stubServer(eventos: CalendarEntry[] = []) {
  return stubApi({}, ({ url, method, body }) => {
    if (url.startsWith('/api/calendario')) return calendarViewAnswer({ dias: [], eventos, feriados: [] });
    const data = method === 'POST' ? body : null;
    return url.startsWith('/api/anos-letivos') && method === 'POST'
      ? reply(201, { success: true, data })
      : data;
  }).requests;
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
    // 11/12/2027 is a Saturday: the Friday before (it proposed the Saturday).
    expect(field('Fim das aulas')).toHaveValue('2027-12-10');
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

describe('YearFormModal: the July recess', () => {
  const preview = () => screen.getByTestId('dias-letivos-previstos');
  const sentYear = (requests: { url: string; init: RequestInit | undefined }[]) =>
    JSON.parse(requests.find((request) => request.init?.method === 'POST')!.init!.body as string) as Record<
      string,
      unknown
    >;

  it('is proposed with a new year, on by default, its dates following the year; the count takes it out', async () => {
    const requests = stubServer();
    renderAt(<YearFormModal year={null} ano={2026} onClose={() => undefined} />);
    const box = screen.getByRole('checkbox', { name: /Incluir recesso de julho/ });
    expect(box).toBeChecked();
    expect(field('Início do recesso')).toHaveValue('2026-07-15');
    expect(field('Fim do recesso')).toHaveValue('2026-07-31');
    // 215 school days from 02/02 to 11/12/2026 less the holidays; 13 of them are the recess.
    await waitFor(() =>
      expect(preview()).toHaveTextContent('Com estas datas: 202 dias letivos (mínimo 200)'),
    );
    await userEvent.click(box);
    expect(screen.queryByLabelText(/^Início do recesso/)).toBeNull();
    await waitFor(() => expect(preview()).toHaveTextContent('215 dias letivos'));
    await userEvent.click(box);
    await userEvent.clear(field('Ano'));
    await userEvent.type(field('Ano'), '2027');
    expect(field('Início do recesso')).toHaveValue('2027-07-15');
    expect(field('Fim do recesso')).toHaveValue('2027-07-31');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar ano letivo' }));
    await waitFor(() => expect(requests.some((request) => request.init?.method === 'POST')).toBe(true));
    expect(sentYear(requests)).toEqual({
      ano: 2027,
      inicio: '2027-02-02',
      fim: '2027-12-10',
      tipo_periodo: 'bimestre',
      recesso: { inicio: '2027-07-15', fim: '2027-07-31' },
    });
  });

  it('unticked, the year goes without it; the count warns below 200 days', async () => {
    const requests = stubServer();
    renderAt(<YearFormModal year={null} ano={2026} onClose={() => undefined} />);
    await userEvent.clear(field('Fim das aulas'));
    await userEvent.type(field('Fim das aulas'), '2026-11-27');
    await waitFor(() => expect(preview()).toHaveTextContent('Com estas datas: 192 dias letivos'));
    expect(preview()).toHaveTextContent('Abaixo do mínimo da LDB (art. 24, I)');
    await userEvent.click(screen.getByRole('checkbox', { name: /Incluir recesso de julho/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Salvar ano letivo' }));
    await waitFor(() => expect(requests.some((request) => request.init?.method === 'POST')).toBe(true));
    expect(sentYear(requests)).not.toHaveProperty('recesso');
  });

  it('a recess already on the calendar unticks the proposal and says which', async () => {
    stubServer([
      {
        id: 'r1',
        tipo: 'recesso',
        titulo: 'Férias de inverno',
        descricao: null,
        inicio: '2026-07-13',
        fim: '2026-07-24',
        publico: true,
        version: 1,
      },
    ]);
    renderAt(<YearFormModal year={null} ano={2026} onClose={() => undefined} />);
    expect(
      await screen.findByText('O calendário já tem “Férias de inverno” de 13/07/2026 a 24/07/2026.'),
    ).toBeVisible();
    expect(screen.getByRole('checkbox', { name: /Incluir recesso de julho/ })).not.toBeChecked();
    // The count is the calendar's: 10 days of its recess out of 215.
    await waitFor(() => expect(preview()).toHaveTextContent('205 dias letivos'));
  });

  it('is not offered when editing a year (its recess is an item of the calendar)', () => {
    stubServer();
    const year = {
      id: 'y',
      ano: 2026,
      inicio: '2026-02-02',
      fim: '2026-12-11',
      tipo_periodo: 'bimestre' as const,
      dias_letivos: 202,
      minimo_dias_letivos: 200,
      aviso: null,
      periodos: [],
      version: 3,
    };
    renderAt(<YearFormModal year={year} ano={2026} onClose={() => undefined} />);
    expect(screen.queryByRole('checkbox', { name: /Incluir recesso de julho/ })).toBeNull();
  });
});

describe('YearFormModal: errors that depend on another field', () => {
  it('clears "O recesso deve ficar dentro do ano letivo" once the end of the year is fixed', async () => {
    const requests = stubServer();
    renderAt(<YearFormModal year={null} ano={2026} onClose={() => undefined} />);
    const user = userEvent.setup();
    await user.clear(field('Fim das aulas'));
    await user.type(field('Fim das aulas'), '2026-06-30');
    await user.click(screen.getByRole('button', { name: 'Salvar ano letivo' }));
    expect(await screen.findAllByText('O recesso deve ficar dentro do ano letivo')).not.toHaveLength(0);
    await user.clear(field('Fim das aulas'));
    await user.type(field('Fim das aulas'), '2026-12-11');
    await waitFor(() =>
      expect(screen.queryAllByText('O recesso deve ficar dentro do ano letivo')).toEqual([]),
    );
    expect(requests.filter((request) => request.method === 'POST')).toEqual([]);
  });
});
