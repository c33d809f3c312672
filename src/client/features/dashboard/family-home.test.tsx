// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DashboardResponsavel } from '../../../shared/dashboard.schemas';
import type { Feed, FeedItem } from '../../../shared/familia.schemas';
import { noTuition } from '../../test/dashboard';
import { renderAt, reply, signedInAs, stubApi, type StubRequest } from '../../test/render';
import { DashboardPage } from './dashboard-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const child = (id: string, nome: string): DashboardResponsavel['filhos'][number] => ({
  id,
  nome,
  turma_nome: '3º Ano A',
  status: 'ativo',
  frequencia: 98,
  abaixo_minimo: false,
  aulas_dadas: 40,
  faltas: 1,
  por_dia: true,
  previstas_ano: 200,
  limite_faltas_ano: 50,
  mensalidades: noTuition,
});

const stats: DashboardResponsavel = {
  escopo: 'responsavel',
  filhos: [child('a1', 'Lucas Almeida'), child('a2', 'Ana Almeida')],
  ...noTuition,
};

const item = (id: string, fields: Partial<FeedItem>): FeedItem => ({
  id,
  tipo: 'comunicado',
  titulo: id,
  resumo: null,
  data: '2026-05-04T12:00:00.000Z',
  link: `/dashboard/comunicados?id=${id}`,
  aluno_id: null,
  pendente: false,
  ...fields,
});

const ciente = item('Autorização do passeio', {
  pendente: true,
  aluno_id: 'a1',
  resumo: 'Assine até sexta.',
});
const festa = item('Festa junina', { tipo: 'evento', link: '/dashboard/calendario?mes=2026-06' });
const boletim = item('Notas do 1º bimestre publicadas', { tipo: 'nota', aluno_id: 'a2' });
const musica = item('Aula de música', { aluno_id: 'a2' });

function stubFeed(
  feed: (request: StubRequest) => Feed | ReturnType<typeof reply>,
  home: DashboardResponsavel = stats,
) {
  const user = {
    id: 'u1',
    nome: 'Marina',
    email: 'm@escola',
    nivel: 'responsavel' as const,
    primeiro_login: false,
  };
  return stubApi(
    { '/api/auth/me': signedInAs(user), '/api/dashboard/stats': home, '/api/familia/feed': feed },
    [],
  );
}

describe('FamilyHome', () => {
  it("shows what to do first, then the news, each child's name under Todos, and loads more", async () => {
    const fetch = stubFeed((request) =>
      request.url.includes('cursor=c1')
        ? { itens: [musica], proximo: null }
        : request.url.includes('aluno_id=a2')
          ? { itens: [boletim, musica], proximo: null }
          : { itens: [ciente, festa, boletim], proximo: 'c1' },
    );
    renderAt(<DashboardPage />);
    const todo = await screen.findByRole('region', { name: /Para fazer/ });
    const link = within(todo).getByRole('link', { name: /Autorização do passeio/ });
    expect(link).toHaveAttribute('href', '/dashboard/comunicados?id=Autorização do passeio');
    expect(link).toHaveTextContent('Assine até sexta.');
    expect(link).toHaveTextContent('Lucas');
    expect(link).toHaveTextContent('Dar ciente');
    const news = screen.getByRole('region', { name: /Novidades/ });
    expect(
      within(news)
        .getAllByRole('link')
        .map((entry) => entry.textContent),
    ).toEqual(['Festa junina04/05/2026', 'Notas do 1º bimestre publicadas04/05/2026· Ana']);

    await userEvent.click(screen.getByRole('button', { name: 'Carregar mais' }));
    expect(await within(news).findByRole('link', { name: /Aula de música/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).not.toBeInTheDocument();
    expect(
      fetch.requests.filter((entry) => entry.path === '/api/familia/feed').map((entry) => entry.url),
    ).toEqual(['/api/familia/feed', '/api/familia/feed?cursor=c1']);

    // One child: only what is hers, without repeating her name (the family screens' one child picker).
    const switcher = screen.getByRole('group', { name: 'Escolher filho ou filha' });
    expect(
      within(switcher)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Todos', 'LALucas', 'AAAna']);
    await userEvent.click(within(switcher).getByRole('button', { name: /Ana/ }));
    expect(within(switcher).getByRole('button', { name: /Ana/ })).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByRole('link', { name: /Notas do 1º bimestre/ })).not.toHaveTextContent('· Ana');
    expect(screen.queryByRole('region', { name: /Para fazer/ })).not.toBeInTheDocument();
    expect(fetch.requests.at(-1)!.url).toBe('/api/familia/feed?aluno_id=a2');
  });

  it('while the next page loads, Carregar mais keeps the focus, held (aria-disabled, not disabled), and asks once', async () => {
    const user = userEvent.setup();
    const answers = stubFeed(() => ({ itens: [festa], proximo: 'c1' }));
    const pages: string[] = [];
    // The next page's request stays on its way.
    vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
      if (!url.includes('cursor=c1')) return answers(url, init);
      pages.push(url);
      return new Promise<Response>(() => undefined);
    });
    renderAt(<DashboardPage />);
    const more = await screen.findByRole('button', { name: 'Carregar mais' });
    await user.click(more);
    expect(more).toHaveTextContent('Carregando...');
    expect(more).toHaveFocus();
    expect(more).not.toBeDisabled();
    expect(more).toHaveAttribute('aria-disabled', 'true');
    await user.click(more);
    expect(pages).toEqual(['/api/familia/feed?cursor=c1']);
  });

  it("says 'Tudo em dia por aqui' when there is nothing, and offers to try again after an error", async () => {
    let fail = true;
    stubFeed(() =>
      fail ? reply(500, { success: false, message: 'Erro interno' }) : { itens: [], proximo: null },
    );
    renderAt(<DashboardPage />);
    expect(await screen.findByText('Não foi possível carregar as novidades.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Tentar de novo' }));
    expect(await screen.findByText('Tudo em dia por aqui')).toBeInTheDocument();
    // The children's figures stay below the feed.
    expect(screen.getByRole('region', { name: 'Meus filhos' })).toHaveTextContent('Lucas Almeida');
  });

  it("shows only the chosen child's figures and tuition under the feed, as the feed itself", async () => {
    const owes = {
      mensalidades_em_aberto: 1,
      mensalidades_vencidas: 1,
      taxas_matricula_em_aberto: 0,
      taxas_matricula_vencidas: 0,
      valor_vencido: 90_808,
      proxima_mensalidade: null,
    };
    const luiza = { ...child('a2', 'Luiza Almeida'), mensalidades: owes };
    stubFeed(() => ({ itens: [festa], proximo: null }), {
      ...stats,
      filhos: [child('a1', 'Lucas Almeida'), luiza],
      ...owes,
    });
    renderAt(<DashboardPage />);
    const tuition = await screen.findByTestId('familia-mensalidades-card');
    expect(tuition).toHaveTextContent('1 mensalidade vencida · R$ 908,08 hoje');
    expect(screen.getByRole('region', { name: 'Meus filhos' })).toHaveTextContent('Luiza Almeida');

    const switcher = screen.getByRole('group', { name: 'Escolher filho ou filha' });
    await userEvent.click(within(switcher).getByRole('button', { name: /Lucas/ }));
    const mine = await screen.findByRole('region', { name: 'Mensalidades de Lucas' });
    expect(mine).toHaveTextContent('Nenhuma mensalidade a pagar.');
    expect(mine).not.toHaveTextContent('vencida');
    const children = screen.getByRole('region', { name: 'Meus filhos' });
    expect(children).toHaveTextContent('Lucas Almeida');
    expect(children).not.toHaveTextContent('Luiza');
    expect(
      within(children)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/dashboard/familia/aluno?aluno=a1', '/dashboard/familia/boletim?aluno=a1']);
    // Both a finger's height (44 px): the child's name was a 20 px line of text.
    for (const link of within(children).getAllByRole('link')) expect(link).toHaveClass('min-h-11');

    await userEvent.click(within(switcher).getByRole('button', { name: /Todos/ }));
    expect(await screen.findByRole('region', { name: 'Mensalidades' })).toHaveTextContent(
      '1 mensalidade vencida',
    );
  });
});
