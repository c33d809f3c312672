// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AgendaAluno } from '../../../shared/agenda.schemas';
import { addDays } from '../../../shared/calendar';
import { formatDate, todayIso } from '../../../shared/format';
import { renderAt, searchOf, stubApi } from '../../test/render';
import { FamilyAgendaPage } from './family-agenda-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const NINA = '00000000-0000-4000-8000-000000000021';
const TEO = '00000000-0000-4000-8000-000000000022';
const creche = { id: 't1', nome: 'Berçário A', serie: 'Berçário', nivel: 'Infantil' };
const fundamental = { id: 't2', nome: '4º Ano A', serie: '4º ano', nivel: 'Fundamental I' };

const dayOf = (aluno: { id: string; nome: string }, tem_agenda: boolean): AgendaAluno => ({
  aluno,
  turma: tem_agenda ? creche : fundamental,
  data: todayIso(),
  tem_agenda,
  dia: null,
});

/** Nina's class keeps the agenda, Teo's does not. */
function stubFamily() {
  return stubApi({
    '/api/alunos': {
      items: [
        { id: NINA, nome: 'Nina Prado', status: 'ativo', turma: creche },
        { id: TEO, nome: 'Teo Prado', status: 'ativo', turma: fundamental },
      ],
      total: 2,
    },
    [`/api/agenda/alunos/${NINA}`]: dayOf({ id: NINA, nome: 'Nina Prado' }, true),
    [`/api/agenda/alunos/${TEO}`]: dayOf({ id: TEO, nome: 'Teo Prado' }, false),
    [`/api/agenda/alunos/${NINA}/medicacoes`]: [],
  });
}

describe("the family's agenda", () => {
  it('opened from the menu, without a child, shows the first child and offers the others', async () => {
    stubFamily();
    const router = renderAt(<FamilyAgendaPage />, '/lista');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Agenda de Nina Prado' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Escolha uma criança no Início')).toBeNull();
    expect(await screen.findByText('A agenda deste dia ainda não foi enviada')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Dia' })).toBeInTheDocument();

    const picker = screen.getByRole('group', { name: 'Escolher filho ou filha' });
    await userEvent.click(within(picker).getByRole('button', { name: 'Teo' }));
    expect(searchOf(router)).toEqual({ aluno: TEO });
  });

  it('a day without class says so, not that the agenda is late', async () => {
    stubApi({
      '/api/alunos': { items: [{ id: NINA, nome: 'Nina Prado', status: 'ativo', turma: creche }], total: 1 },
      [`/api/agenda/alunos/${NINA}`]: { ...dayOf({ id: NINA, nome: 'Nina Prado' }, true), sem_aula: true },
      [`/api/agenda/alunos/${NINA}/medicacoes`]: [],
    });
    renderAt(<FamilyAgendaPage />, '/lista');
    expect(await screen.findByText('Não houve aula neste dia')).toBeInTheDocument();
    expect(screen.queryByText('A agenda deste dia ainda não foi enviada')).toBeNull();
  });

  it('shows the day the school answered when opened with no date, and walks from it', async () => {
    const friday = '2026-12-04';
    const requests = stubApi({
      '/api/alunos': { items: [{ id: NINA, nome: 'Nina Prado', status: 'ativo', turma: creche }], total: 1 },
      [`/api/agenda/alunos/${NINA}`]: { ...dayOf({ id: NINA, nome: 'Nina Prado' }, true), data: friday },
      [`/api/agenda/alunos/${NINA}/medicacoes`]: [],
    });
    const router = renderAt(<FamilyAgendaPage />, '/lista');
    const nav = await screen.findByRole('navigation', { name: 'Dia' });
    expect(nav).toHaveTextContent('04/12/2026');
    // The first read asks for no date: the server picks today or the latest school day.
    expect(
      requests.requests.find((request) => request.path === `/api/agenda/alunos/${NINA}`)?.url,
    ).not.toContain('data=');
    await userEvent.click(within(nav).getByRole('button', { name: /Dia anterior/ }));
    expect(searchOf(router)).toEqual({ data: '2026-12-03' });
  });

  it('a class without the daily agenda says so, with no day to go back to', async () => {
    stubFamily();
    renderAt(<FamilyAgendaPage />, `/lista?aluno=${TEO}`);
    expect(await screen.findByText('A turma desta criança não tem agenda diária')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Dia' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Dia anterior/ })).toBeNull();
  });

  // Each step showed a spinner in the day's place, buttons included: the focus fell to <body>, and a
  // screen reader's user had to find 'Dia anterior' again for every day back.
  it('keeps the focus on the button that walks the days', async () => {
    stubApi({
      '/api/alunos': { items: [{ id: NINA, nome: 'Nina Prado', status: 'ativo', turma: creche }], total: 1 },
      [`/api/agenda/alunos/${NINA}`]: (request) => ({
        ...dayOf({ id: NINA, nome: 'Nina Prado' }, true),
        data: new URL(request.url, 'http://x').searchParams.get('data') ?? todayIso(),
      }),
      [`/api/agenda/alunos/${NINA}/medicacoes`]: [],
    });
    renderAt(<FamilyAgendaPage />, `/lista?aluno=${NINA}`);
    const back = await screen.findByRole('button', { name: 'Dia anterior' });
    await userEvent.click(back);
    expect(await screen.findByText(formatDate(addDays(todayIso(), -1)))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Dia anterior' })).toHaveFocus();

    const next = screen.getByRole('button', { name: 'Próximo dia' });
    await userEvent.click(next);
    expect(await screen.findByText('Hoje')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Próximo dia' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Próximo dia' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('fits the day’s buttons and date on one line of a phone', async () => {
    stubFamily();
    renderAt(<FamilyAgendaPage />, `/lista?aluno=${NINA}`);
    const nav = await screen.findByRole('navigation', { name: 'Dia' });
    // 'Dia anterior' and 'Próximo dia' each wrapped in two lines at 390 px beside the date.
    expect(within(nav).getByRole('button', { name: 'Dia anterior' })).toHaveTextContent(/^Anterior$/);
    expect(within(nav).getByRole('button', { name: 'Próximo dia' })).toHaveTextContent(/^Próximo$/);
  });
});
