// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Users } from 'lucide-react';
import { renderAt, searchOf, stubScreen } from '../test/render';
import { useListState, useTabParam } from '../lib/use-list-state';
import { PageTab, PageTabs } from './page-tabs';
import { useRowDialog } from '../lib/use-row-dialog';
import { DataList, type ListQuery } from './data-list';
import type { Column } from './data-table';
import { FilterBar, SEARCH_DELAY_MS, SearchFilter, SelectFilter } from './filter-bar';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

interface Pupil {
  id: string;
  nome: string;
  status: 'ativo' | 'inativo';
  idade: number;
}

const pupils: Pupil[] = [
  { id: '1', nome: 'Bruna', status: 'ativo', idade: 9 },
  { id: '2', nome: 'Álvaro', status: 'inativo', idade: 11 },
  { id: '3', nome: 'Carlos', status: 'ativo', idade: 7 },
];

const loaded: ListQuery = { isPending: false, isError: false, isFetching: false, refetch: () => undefined };

/** A list screen as the app writes one, over rows in memory (sorted in the browser). */
function PupilsScreen({ server = false }: { server?: boolean }) {
  const list = useListState({ defaults: { q: '', status: '' }, sortable: ['nome', 'idade'] });
  const dialog = useRowDialog<{ details: Pupil }>();
  const columns: Column<Pupil>[] = [
    server
      ? { id: 'nome', header: 'Nome', sortable: true, cell: (pupil) => pupil.nome }
      : { id: 'nome', header: 'Nome', sortValue: (pupil) => pupil.nome, cell: (pupil) => pupil.nome },
    { id: 'status', header: 'Status', card: 'badge', cell: (pupil) => pupil.status },
    {
      id: 'idade',
      header: 'Idade',
      sortValue: (pupil) => pupil.idade,
      cell: (pupil) => `${pupil.idade} anos`,
    },
  ];
  const rows = pupils.filter(
    (pupil) =>
      (list.filters.status === '' || pupil.status === list.filters.status) &&
      pupil.nome.toLowerCase().includes(list.filters.q.toLowerCase()),
  );
  return (
    <>
      <FilterBar>
        <SearchFilter list={list} name="q" />
        <SelectFilter
          list={list}
          name="status"
          label="Status"
          options={{ ativo: 'Ativo', inativo: 'Inativo' }}
          all="Todos"
        />
      </FilterBar>
      <DataList
        label="Alunos"
        query={loaded}
        rows={rows}
        list={list}
        paging={{ total: 45, pageSize: 20 }}
        columns={columns}
        rowKey={(pupil) => pupil.id}
        errorMessage="Erro ao carregar alunos"
        empty={{ icon: Users, title: 'Nenhum aluno encontrado' }}
        actions={(pupil) => (
          <button type="button" onClick={() => dialog.show('details', pupil)}>
            Ver {pupil.nome}
          </button>
        )}
      />
      {dialog.render('details', (pupil) => (
        <div role="dialog" aria-label={pupil.nome}>
          <button type="button" onClick={dialog.close}>
            Fechar
          </button>
        </div>
      ))}
    </>
  );
}

const names = () =>
  within(screen.getByRole('table', { name: 'Alunos' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]!.textContent);

describe('list state in the URL', () => {
  it('reads filters, page and sort from a shared link and ignores what the list does not sort by', () => {
    stubScreen(true);
    renderAt(<PupilsScreen />, '/lista?status=ativo&page=2&sort=idade&order=desc');
    expect(screen.getByLabelText('Status')).toHaveValue('ativo');
    expect(screen.getByText('Página 2 de 3')).toBeInTheDocument();
    expect(names()).toEqual(['Bruna', 'Carlos']);
    cleanup();
    renderAt(<PupilsScreen />, '/lista?sort=senha&page=abc');
    expect(screen.getByText('Página 1 de 3')).toBeInTheDocument();
    expect(names()).toEqual(['Bruna', 'Álvaro', 'Carlos']);
  });

  it('changing a filter writes it to the URL and goes back to page 1; the default leaves the URL', async () => {
    stubScreen(true);
    const router = renderAt(<PupilsScreen />, '/lista?page=3');
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'inativo');
    expect(searchOf(router)).toEqual({ status: 'inativo' });
    expect(names()).toEqual(['Álvaro']);
    await userEvent.click(screen.getByRole('button', { name: /Próxima/ }));
    expect(searchOf(router)).toEqual({ status: 'inativo', page: '2' });
    await userEvent.selectOptions(screen.getByLabelText('Status'), '');
    expect(searchOf(router)).toEqual({});
  });

  it('waits for the typing to stop before searching, and Back brings the old search back', async () => {
    stubScreen(true);
    vi.useFakeTimers();
    const router = renderAt(<PupilsScreen />, '/lista?q=bru');
    const search = screen.getByLabelText('Buscar');
    expect(search).toHaveValue('bru');
    fireEvent.change(search, { target: { value: 'car' } });
    expect(searchOf(router)).toEqual({ q: 'bru' });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS);
    });
    expect(searchOf(router)).toEqual({ q: 'car' });
    expect(names()).toEqual(['Carlos']);

    // Enter (or 'Filtrar') applies what was typed at once.
    fireEvent.change(search, { target: { value: 'álv' } });
    fireEvent.submit(search.closest('form')!);
    expect(searchOf(router)).toEqual({ q: 'álv' });

    await act(() => router.navigate('/outra'));
    await act(() => router.navigate(-1));
    expect(screen.getByLabelText('Buscar')).toHaveValue('álv');
  });

  it('a search still waiting for the typing to stop keeps a filter picked meanwhile, and the other way round', async () => {
    stubScreen(true);
    vi.useFakeTimers();
    const router = renderAt(<PupilsScreen />, '/lista');
    // Typed, then the status picked before the search applied itself: both stay.
    fireEvent.change(screen.getByLabelText('Buscar'), { target: { value: 'car' } });
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'ativo' } });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS);
    });
    expect(searchOf(router)).toEqual({ q: 'car', status: 'ativo' });
    expect(names()).toEqual(['Carlos']);
  });

  it('two changes in one event both reach the URL', async () => {
    function TwoAtOnce() {
      const list = useListState({ defaults: { q: '', status: '' } });
      return (
        <button
          type="button"
          onClick={() => {
            list.setFilter('q', 'car');
            list.setFilter('status', 'ativo');
          }}
        >
          Os dois
        </button>
      );
    }
    const router = renderAt(<TwoAtOnce />, '/lista?page=2');
    await userEvent.click(screen.getByRole('button', { name: 'Os dois' }));
    expect(searchOf(router)).toEqual({ q: 'car', status: 'ativo' });
  });
});

describe('sorting', () => {
  it('sorts a list in memory by the pt-BR alphabet: ascending, descending, then back to its order', async () => {
    stubScreen(true);
    const router = renderAt(<PupilsScreen />);
    const header = () => screen.getByRole('button', { name: 'Nome' });
    await userEvent.click(header());
    expect(searchOf(router)).toEqual({ sort: 'nome', order: 'asc' });
    expect(names()).toEqual(['Álvaro', 'Bruna', 'Carlos']);
    expect(screen.getByRole('columnheader', { name: 'Nome' })).toHaveAttribute('aria-sort', 'ascending');
    await userEvent.click(header());
    expect(searchOf(router)).toEqual({ sort: 'nome', order: 'desc' });
    expect(names()).toEqual(['Carlos', 'Bruna', 'Álvaro']);
    await userEvent.click(header());
    expect(searchOf(router)).toEqual({});
    expect(names()).toEqual(['Bruna', 'Álvaro', 'Carlos']);
  });

  it('leaves a server-sorted list in the order it came and only names the sort in the URL', async () => {
    stubScreen(true);
    const router = renderAt(<PupilsScreen server />, '/lista?page=2');
    await userEvent.click(screen.getByRole('button', { name: 'Nome' }));
    expect(searchOf(router)).toEqual({ sort: 'nome', order: 'asc' });
    expect(names()).toEqual(['Bruna', 'Álvaro', 'Carlos']);
  });

  it('on a phone shows cards from the same columns, with the sort as a select', async () => {
    stubScreen(false);
    const router = renderAt(<PupilsScreen />);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cards = within(screen.getByRole('list', { name: 'Alunos' })).getAllByRole('listitem');
    expect(cards).toHaveLength(3);
    expect(within(cards[0]!).getByText('Idade')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('9 anos')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Ordenar por'), 'idade:desc');
    expect(searchOf(router)).toEqual({ sort: 'idade', order: 'desc' });
    const sorted = within(screen.getByRole('list', { name: 'Alunos' })).getAllByRole('listitem');
    expect(sorted.map((card) => within(card).getByText(/anos$/).textContent)).toEqual([
      '11 anos',
      '9 anos',
      '7 anos',
    ]);
  });
});

describe('states and dialogs', () => {
  function Screen({ query, rows }: { query: ListQuery; rows: Pupil[] | undefined }) {
    const list = useListState({ defaults: {} });
    return (
      <DataList
        label="Alunos"
        query={query}
        rows={rows}
        list={list}
        columns={[{ id: 'nome', header: 'Nome', cell: (pupil: Pupil) => pupil.nome }]}
        rowKey={(pupil) => pupil.id}
        errorMessage="Erro ao carregar alunos"
        empty={{ icon: Users, title: 'Nenhum aluno encontrado', hint: 'Cadastre o primeiro aluno' }}
      />
    );
  }

  it('shows skeleton rows while loading, the error with a retry, and the empty state', async () => {
    renderAt(<Screen query={{ ...loaded, isPending: true }} rows={undefined} />);
    expect(screen.getByRole('status')).toHaveTextContent('Carregando...');
    cleanup();
    const refetch = vi.fn();
    renderAt(<Screen query={{ ...loaded, isError: true, refetch }} rows={undefined} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Erro ao carregar alunos.');
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(refetch).toHaveBeenCalledOnce();
    cleanup();
    renderAt(<Screen query={loaded} rows={[]} />);
    expect(screen.getByText('Nenhum aluno encontrado')).toBeInTheDocument();
    expect(screen.getByText('Cadastre o primeiro aluno')).toBeInTheDocument();
  });

  it('opens one dialog on the row it was asked for and closes it', async () => {
    stubScreen(true);
    renderAt(<PupilsScreen />);
    await userEvent.click(screen.getByRole('button', { name: 'Ver Carlos' }));
    expect(screen.getByRole('dialog', { name: 'Carlos' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Fechar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('tabs in the URL', () => {
  function TabsScreen() {
    const tabs = [
      { value: 'chamada', label: 'Chamada' },
      { value: 'diario', label: 'Diário de classe' },
    ] as const;
    const [tab, setTab] = useTabParam(
      tabs.map((item) => item.value),
      'chamada',
      ['turma'],
    );
    return (
      <PageTabs label="Seções" tabs={tabs} value={tab} onChange={setTab}>
        {tabs.map(({ value, label }) => (
          <PageTab key={value} value={value}>
            <p>Aba {label}</p>
          </PageTab>
        ))}
      </PageTabs>
    );
  }

  it('a click on a tab is one step in the history: Back returns to the tab before, keeping the class', async () => {
    const router = renderAt(<TabsScreen />, '/lista?turma=t1');
    await userEvent.click(screen.getByRole('tab', { name: 'Diário de classe' }));
    expect(await screen.findByText('Aba Diário de classe')).toBeVisible();
    expect(searchOf(router)).toEqual({ turma: 't1', aba: 'diario' });
    await act(() => router.navigate(-1));
    expect(searchOf(router)).toEqual({ turma: 't1' });
    expect(await screen.findByText('Aba Chamada')).toBeVisible();
  });
});
