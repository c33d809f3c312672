// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import userEvent from '@testing-library/user-event';
import type { GradesGrid } from '../../../shared/grades.schemas.js';
import { inTurn, reply, stubApi, stubScreen } from '../../test/render';
import { GradeGrid } from './grade-grid';

afterEach(cleanup);

// jsdom has no layout: the screen is as wide as a desktop (the grid) unless a test says a phone (one student).
beforeEach(() => stubScreen(true));
afterEach(() => vi.unstubAllGlobals());

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function gridOf(overrides: Partial<GradesGrid> = {}): GradesGrid {
  const avaliacoes = [
    { id: uuid(101), nome: 'Prova 1', data: '2026-03-10', peso: 2, tipo: 'regular' as const, version: 1 },
    { id: uuid(102), nome: 'Trabalho', data: '2026-03-20', peso: 1, tipo: 'regular' as const, version: 1 },
  ];
  return {
    turma: { id: uuid(1), nome: '5º A' },
    disciplina: 'Matemática',
    periodo: {
      id: uuid(2),
      nome: '1º bimestre',
      inicio: '2026-02-02',
      fim: '2026-04-17',
      fechado: false,
      publicado: false,
      origem: 'data',
      data_fechamento: '2026-04-24',
    },
    escala: '0-10',
    conceitos: { A: 9, B: 7, C: 6, D: 4, E: 0 },
    bloqueio: null,
    pode_solicitar_retificacao: false,
    recuperacao: 'substitui_se_maior',
    exclusao_com_notas: 'livre',
    retificacoes_pendentes: [],
    avaliacoes,
    alunos: [1, 2, 3].map((n) => ({
      id: uuid(n + 10),
      nome: `Aluno ${String(n)}`,
      matricula: `M${String(n)}`,
      notas: avaliacoes.map((avaliacao) => ({
        id: n === 1 ? uuid(200 + avaliacao.version) : null,
        avaliacao_id: avaliacao.id,
        valor: n === 1 ? 8 : null,
        texto: n === 1 ? '8,0' : null,
        version: n === 1 ? 1 : 0,
      })),
      media: n === 1 ? 8 : null,
      media_texto: n === 1 ? '8,0' : null,
    })),
    ...overrides,
  };
}

/** A cell of 'Prova 1' as PUT /api/notas answers it. */
/** Every save answered '1 nota salva.', with the cells the server says it saved. */
const savingOne = (...notas: ReturnType<typeof savedCell>[]) =>
  stubApi({}, reply(200, { success: true, data: { salvas: 1, notas }, message: '1 nota salva.' }));

function savedCell(aluno: number, valor: number, version: number) {
  return {
    id: uuid(300 + aluno),
    avaliacao_id: uuid(101),
    aluno_id: uuid(aluno),
    valor,
    texto: `${String(valor)},0`,
    version,
  };
}

/** The grid as read again after someone set 'Prova 1' of Aluno n. */
function withCell(grid: GradesGrid, n: number, texto: string, version: number): GradesGrid {
  return {
    ...grid,
    alunos: grid.alunos.map((aluno) =>
      aluno.id !== uuid(n + 10)
        ? aluno
        : {
            ...aluno,
            notas: aluno.notas.map((nota) =>
              nota.avaliacao_id !== uuid(101)
                ? nota
                : { ...nota, id: uuid(300 + n), valor: Number(texto.replace(',', '.')), texto, version },
            ),
          },
    ),
  };
}

/**
 * The grid inside a data router (leaving with a refused grade asks first: LeaveGuard) and its query
 * client; `showGrid` shows the grid as read again, on the same screen.
 */
function mountGrid(grid: GradesGrid, canRectify = false) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  let setGrid: (next: GradesGrid) => void = () => undefined;
  function Host() {
    const [shown, set] = useState(grid);
    setGrid = set;
    return <GradeGrid grid={shown} canRectify={canRectify} />;
  }
  const router = createMemoryRouter(
    [
      { path: '/notas', element: <Host /> },
      { path: '/outra', element: <p>outra tela</p> },
    ],
    { initialEntries: ['/notas'] },
  );
  const view = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  const showGrid = (next: GradesGrid) => {
    act(() => {
      setGrid(next);
    });
  };
  return { view, router, showGrid };
}

function renderGrid(grid: GradesGrid, canRectify = false) {
  return mountGrid(grid, canRectify).view;
}

/**
 * The teacher types 5 for Aluno 2 in 'Prova 1' and saves it (the row says 'salvo'); `showGrid` shows the
 * grid as read again, on the same screen.
 */
async function savedFiveForAluno2() {
  const user = userEvent.setup();
  const { showGrid } = mountGrid(gridOf());
  await user.click(cell('Prova 1', 'Aluno 2'));
  await user.keyboard('5{Enter}');
  await waitFor(() => expect(screen.getByRole('row', { name: /Aluno 2/ })).toHaveTextContent('salvo'));
  return { user, showGrid };
}

const cell = (avaliacao: string, aluno: string) =>
  screen.getByRole('textbox', { name: `${avaliacao} de ${aluno}` });

describe('GradeGrid', () => {
  it('shows saved grades, empty cells for grades not given, and the period average', () => {
    renderGrid(gridOf());
    expect(cell('Prova 1', 'Aluno 1')).toHaveValue('8,0');
    expect(cell('Prova 1', 'Aluno 2')).toHaveValue('');
    expect(screen.getByRole('row', { name: /Aluno 1/ })).toHaveTextContent('8,0');
    // The scale is said before any grade is refused.
    expect(screen.getByText('Escala: De 0 a 10, com uma casa decimal.')).toBeInTheDocument();
  });

  it('counts a grade typed and not saved yet in the period average, on a phone as in the table', async () => {
    // A flaky connection: the save is not answered (offline it waits on the device the same way).
    vi.stubGlobal('fetch', () => new Promise<Response>(() => undefined));
    const user = userEvent.setup();
    // Aluno 1 has 8,0 in both (peso 2 and 1): a 5 in 'Prova 1' makes (5 × 2 + 8 × 1) / 3 = 6,0.
    renderGrid(gridOf());
    await user.click(cell('Prova 1', 'Aluno 1'));
    await user.keyboard('5');
    expect(
      within(screen.getByRole('row', { name: /Aluno 1/ }))
        .getAllByRole('cell')
        .at(-2),
    ).toHaveTextContent('6,0');
    cleanup();

    stubScreen(false);
    renderGrid(gridOf());
    await user.click(cell('Prova 1', 'Aluno 1'));
    await user.keyboard('5');
    expect(screen.getByText(/Média do período/)).toHaveTextContent('Média do período: 6,0');
  });

  it('lists a student who left the itinerário for the assessments before the change only', async () => {
    vi.stubGlobal('fetch', () => new Promise<Response>(() => undefined));
    const user = userEvent.setup();
    // Aluno 2 left the subject's itinerário on 15/03: 'Prova 1' (10/03) is theirs, 'Trabalho' (20/03) not.
    const grid = gridOf();
    renderGrid({
      ...grid,
      alunos: grid.alunos.map((aluno, index) =>
        index === 1 ? { ...aluno, itinerario_trocado_em: '2026-03-15' } : aluno,
      ),
    });
    expect(screen.getByRole('row', { name: /Aluno 2/ })).toHaveTextContent('Trocou de itinerário em 15/03');
    expect(screen.getByRole('row', { name: /Aluno 1/ })).not.toHaveTextContent('Trocou de itinerário');
    expect(cell('Prova 1', 'Aluno 2')).not.toHaveAttribute('readonly');
    const after = screen.getByRole('textbox', { name: 'Trabalho de Aluno 2: depois da troca de itinerário' });
    expect(after).toHaveAttribute('readonly');
    await user.click(after);
    await user.keyboard('7');
    expect(after).toHaveValue('');
    // A column pasted down skips that cell, and fills the others.
    await user.click(cell('Trabalho', 'Aluno 1'));
    await user.paste('6\r\n9\r\n10\r\n');
    expect(cell('Trabalho', 'Aluno 1')).toHaveValue('6');
    expect(after).toHaveValue('');
    expect(cell('Trabalho', 'Aluno 3')).toHaveValue('10');
  });

  it('takes the assessments of every span of a student who went back to the itinerário', () => {
    vi.stubGlobal('fetch', () => new Promise<Response>(() => undefined));
    // Aluno 2 left the itinerário on 15/03 and came back on 25/03: 'Trabalho' (20/03) was the other one's.
    const grid = gridOf();
    const periodos = [
      { desde: null, ate: '2026-03-15' },
      { desde: '2026-03-25', ate: null },
    ];
    renderGrid({
      ...grid,
      alunos: grid.alunos.map((aluno, index) =>
        index === 1 ? { ...aluno, itinerario_periodos: periodos } : aluno,
      ),
    });
    expect(screen.getByRole('row', { name: /Aluno 2/ })).toHaveTextContent(
      'Saiu do itinerário em 15/03 e voltou em 25/03',
    );
    expect(cell('Prova 1', 'Aluno 2')).not.toHaveAttribute('readonly');
    expect(screen.getByRole('textbox', { name: 'Trabalho de Aluno 2: fora do itinerário' })).toHaveAttribute(
      'readonly',
    );
  });

  it('moves down a column with Enter and across with the arrows', async () => {
    const user = userEvent.setup();
    renderGrid(gridOf());
    await user.click(cell('Prova 1', 'Aluno 2'));
    await user.keyboard('7,5{Enter}');
    expect(cell('Prova 1', 'Aluno 3')).toHaveFocus();
    expect(cell('Prova 1', 'Aluno 2')).toHaveValue('7,5');
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(cell('Prova 1', 'Aluno 1')).toHaveFocus();
    // The whole value is selected on focus, so the caret is not at the end: select-all then move.
    await user.keyboard('{End}{ArrowRight}');
    expect(cell('Trabalho', 'Aluno 1')).toHaveFocus();
  });

  it('fills a column down from a paste copied from a spreadsheet', async () => {
    const user = userEvent.setup();
    renderGrid(gridOf());
    await user.click(cell('Trabalho', 'Aluno 2'));
    await user.paste('6.5\r\n9\r\n10\r\n');
    expect(cell('Trabalho', 'Aluno 2')).toHaveValue('6.5');
    expect(cell('Trabalho', 'Aluno 3')).toHaveValue('9');
    // The block is cut at the last student; nothing else changes.
    expect(cell('Prova 1', 'Aluno 3')).toHaveValue('');
  });

  it("refuses a value outside the scale in place, with the server's message", async () => {
    const user = userEvent.setup();
    renderGrid(gridOf());
    await user.click(cell('Prova 1', 'Aluno 3'));
    await user.keyboard('11');
    const input = cell('Prova 1', 'Aluno 3');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Nota fora da escala: de 0 a 10. Quis dizer 1,1?');
    expect(screen.getByRole('row', { name: /Aluno 3/ })).toHaveTextContent('não salvo');
  });

  it('never drops a refused grade without a word: listed under the grid, and Salvar goes to it', async () => {
    const fetchMock = savingOne(savedCell(12, 6, 1));
    const user = userEvent.setup();
    renderGrid(gridOf());
    await user.click(cell('Prova 1', 'Aluno 2'));
    await user.keyboard('6{Enter}');
    // '75' meant 7,5: the grid asks, it does not guess; the text typed stays in the cell.
    await user.keyboard('75');
    expect(cell('Prova 1', 'Aluno 3')).toHaveAccessibleDescription(
      'Nota fora da escala: de 0 a 10. Quis dizer 7,5?',
    );
    const summary = screen.getByRole('alert', { name: 'Notas não salvas' });
    expect(summary).toHaveTextContent('1 nota não foi salva: corrija ou apague o valor para salvar.');
    // Under the grid, not above it: its appearing pushed the cell being typed in down the screen.
    expect(screen.getByRole('table').compareDocumentPosition(summary)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    expect(summary).toHaveTextContent(
      'Aluno 3 — Prova 1: “75” — Nota fora da escala: de 0 a 10. Quis dizer 7,5?',
    );

    // Salvar sends what is valid and takes the teacher back to the refused cell.
    await user.click(cell('Trabalho', 'Aluno 1'));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(cell('Prova 1', 'Aluno 3')).toHaveFocus();
    expect(cell('Prova 1', 'Aluno 3')).toHaveValue('75');
    await waitFor(() => expect(screen.getByText(/Notas salvas às \d\d:\d\d/)).toBeInTheDocument());
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(JSON.parse(fetchMock.mock.calls[0]![1]!.body as string)).toEqual({
      notas: [{ aluno_id: uuid(12), avaliacao_id: uuid(101), valor: '6', version: 0 }],
    });
    expect(screen.getByRole('alert', { name: 'Notas não salvas' })).toBeInTheDocument();

    // Corrected, it saves and the list goes away.
    await user.keyboard('7,5');
    await waitFor(() =>
      expect(screen.queryByRole('alert', { name: 'Notas não salvas' })).not.toBeInTheDocument(),
    );
  });

  it('Salvar sends again a grade whose batch the server failed (its value was fine)', async () => {
    const fetchMock = stubApi(
      {},
      inTurn(reply(500, { success: false, code: 'INTERNAL', message: 'Erro interno. Tente novamente.' }), {
        salvas: 1,
        notas: [savedCell(12, 6, 1)],
      }),
    );
    const user = userEvent.setup();
    renderGrid(gridOf());
    await user.click(cell('Prova 1', 'Aluno 2'));
    await user.keyboard('6{Enter}');
    const summary = await screen.findByRole('alert', { name: 'Notas não salvas' });
    expect(summary).toHaveTextContent('Aluno 2 — Prova 1: “6” — Erro interno. Tente novamente.');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(fetchMock.requests[1]!.body).toEqual({
      notas: [{ aluno_id: uuid(12), avaliacao_id: uuid(101), valor: '6', version: 0 }],
    });
    await waitFor(() => expect(screen.getByRole('row', { name: /Aluno 2/ })).toHaveTextContent('salvo'));
    expect(screen.queryByRole('alert', { name: 'Notas não salvas' })).not.toBeInTheDocument();
    expect(screen.getByText(/Notas salvas às/)).toBeInTheDocument();
  });

  it('asks before leaving the screen with a refused grade', async () => {
    const user = userEvent.setup();
    const { router } = mountGrid(gridOf());
    await user.click(cell('Prova 1', 'Aluno 2'));
    await user.keyboard('11');
    await act(() => router.navigate('/outra'));
    const dialog = screen.getByRole('dialog', { name: 'Sair com notas não salvas?' });
    expect(dialog).toHaveTextContent('1 nota digitada não foi salva (Aluno 2, Prova 1: “11”)');
    await user.click(within(dialog).getByRole('button', { name: 'Voltar às notas' }));
    expect(router.state.location.pathname).toBe('/notas');
    expect(cell('Prova 1', 'Aluno 2')).toHaveValue('11');
  });

  it('is read-only with a banner in a closed period, and offers Retificar to an administrator', () => {
    renderGrid(gridOf({ bloqueio: 'O 1º bimestre está fechado.' }), true);
    expect(screen.getByRole('status')).toHaveTextContent('O 1º bimestre está fechado.');
    expect(cell('Prova 1', 'Aluno 1')).toHaveAttribute('readonly');
    // Every cell, also those never given (a make-up test after closing has no grade yet).
    expect(screen.getAllByRole('button', { name: /^Retificar / })).toHaveLength(6);
    expect(screen.getByRole('button', { name: 'Retificar Prova 1 de Aluno 2' })).toBeInTheDocument();
  });

  it('retifies a cell that never had a grade by its avaliação and aluno, then shows its history', async () => {
    const user = userEvent.setup();
    const history = {
      nota_id: uuid(400),
      aluno: { id: uuid(12), nome: 'Aluno 2' },
      avaliacao: { id: uuid(101), nome: 'Prova 1', disciplina: 'Matemática' },
      atual: '7,5',
      historico: [
        {
          id: uuid(401),
          tipo: 'retificacao',
          antes: null,
          depois: '7,5',
          motivo: 'Segunda chamada em 30/04',
          por: 'Secretaria',
          em: '2026-04-30T15:00:00.000Z',
        },
      ],
    };
    const fetchMock = vi.fn<(url: string, init?: RequestInit) => Promise<Response>>((url) =>
      Promise.resolve(
        new Response(
          JSON.stringify(
            url === '/api/notas/retificar'
              ? { success: true, data: history, message: 'Nota retificada.' }
              : { success: true, data: history },
          ),
          { status: 200, headers: { 'content-type': 'application/json' } },
        ),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderGrid(gridOf({ bloqueio: 'O 1º bimestre está fechado.' }), true);
    await user.click(screen.getByRole('button', { name: 'Retificar Prova 1 de Aluno 2' }));
    const dialog = screen.getByRole('dialog', { name: 'Retificar nota' });
    expect(dialog).toHaveTextContent('Nenhuma nota lançada nesta avaliação para este aluno.');
    // No grade id to ask a history for.
    expect(fetchMock).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('Nova nota'), '7,5');
    await user.type(screen.getByLabelText(/^Motivo/), 'Segunda chamada em 30/04');
    await user.click(screen.getByRole('button', { name: 'Retificar' }));
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Histórico da nota' })).toHaveTextContent(
        'Retificação: sem nota → 7,5',
      ),
    );
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/notas/retificar');
    expect(JSON.parse(fetchMock.mock.calls[0]?.[1]?.body as string)).toEqual({
      avaliacao_id: uuid(101),
      aluno_id: uuid(12),
      valor: '7,5',
      motivo: 'Segunda chamada em 30/04',
      version: 0,
    });
    expect(fetchMock.mock.calls.some(([url]) => url === `/api/notas/${uuid(400)}/historico`)).toBe(true);
  });

  it('says plainly, in a published period reopened, that families see each change and the history records it', () => {
    renderGrid(
      gridOf({ periodo: { ...gridOf().periodo, fechado: false, publicado: true, origem: 'manual' } }),
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      'O 1º bimestre já foi publicado e foi reaberto: os responsáveis veem no boletim cada nota alterada agora.',
    );
    expect(cell('Prova 1', 'Aluno 2')).not.toHaveAttribute('readonly');
  });

  it('once saved, a grade typed with a dot reads as the school writes it (8.5 → 8,5)', async () => {
    stubApi({}, reply(200, { success: true, data: { salvas: 1, notas: [savedCell(12, 8.5, 1)] } }));
    const user = userEvent.setup();
    renderGrid(gridOf());
    await user.click(cell('Prova 1', 'Aluno 2'));
    await user.keyboard('8.5');
    expect(cell('Prova 1', 'Aluno 2')).toHaveValue('8.5');
    // Saved by itself after the pause in typing.
    await waitFor(() => expect(screen.getByRole('row', { name: /Aluno 2/ })).toHaveTextContent('salvo'));
    expect(cell('Prova 1', 'Aluno 2')).toHaveValue('8,5');
  });

  it('saves a grade typed just before leaving the grid (another period, class or page)', async () => {
    const fetchMock = savingOne();
    const user = userEvent.setup();
    const view = renderGrid(gridOf());
    await user.click(cell('Prova 1', 'Aluno 2'));
    await user.keyboard('5,5');
    // Within the pause before the automatic save, the teacher picks another period: the grid goes away.
    view.unmount();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/notas');
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(init?.body as string)).toEqual({
      notas: [{ aluno_id: uuid(12), avaliacao_id: uuid(101), valor: '5,5', version: 0 }],
    });
  });

  it('saves over the school’s own network in plain HTTP, where the browser has no crypto.randomUUID', async () => {
    // http://192.168.… is no secure context: randomUUID is absent there, getRandomValues is not.
    vi.stubGlobal('crypto', { getRandomValues: crypto.getRandomValues.bind(crypto) });
    const fetchMock = savingOne(savedCell(12, 7, 1));
    const user = userEvent.setup();
    renderGrid(gridOf());
    await user.click(cell('Prova 1', 'Aluno 2'));
    await user.keyboard('7{Enter}');
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const headers = new Headers(fetchMock.mock.calls[0]![1]?.headers);
    expect(headers.get('idempotency-key')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });

  it('never overwrites, without a conflict, a grade someone else changed after this screen saved it', async () => {
    const bodies: { notas: { aluno_id: string; avaliacao_id: string; valor: unknown; version: number }[] }[] =
      [];
    const answers = [
      { status: 200, body: { success: true, data: { salvas: 1, notas: [savedCell(12, 5, 1)] } } },
      {
        status: 409,
        body: {
          success: false,
          code: 'CONFLICT',
          message: 'Outra pessoa alterou estas notas enquanto você editava. Nada foi salvo; recarregue.',
          details: [{ path: 'notas.0', message: 'Nota alterada por outra pessoa (agora: 8,0).' }],
        },
      },
      { status: 200, body: { success: true, data: { salvas: 1, notas: [savedCell(12, 6, 3)] } } },
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init?: RequestInit) => {
        bodies.push(JSON.parse(init?.body as string) as (typeof bodies)[number]);
        const answer = answers.shift()!;
        return Promise.resolve(
          new Response(JSON.stringify(answer.body), {
            status: answer.status,
            headers: { 'content-type': 'application/json' },
          }),
        );
      }),
    );
    const { user, showGrid } = await savedFiveForAluno2();
    expect(bodies[0]!.notas[0]!.version).toBe(0);

    // The teacher starts retyping it; meanwhile the grid comes back with the secretary's 8,0 (version 2).
    await user.click(cell('Prova 1', 'Aluno 2'));
    await user.keyboard('6');
    showGrid(withCell(gridOf(), 2, '8,0', 2));
    await user.keyboard('{Enter}');
    // Sent against the version the teacher was editing (their own 5), so the server answers a conflict.
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]!.notas[0]).toMatchObject({ valor: '6', version: 1 });
    await waitFor(() => expect(cell('Prova 1', 'Aluno 2')).toHaveAttribute('aria-invalid', 'true'));

    // Seen the conflict, saving again is a deliberate overwrite of the current version.
    await user.click(cell('Prova 1', 'Aluno 2'));
    await user.keyboard('6,5{Enter}');
    await waitFor(() => expect(bodies).toHaveLength(3));
    expect(bodies[2]!.notas[0]).toMatchObject({ valor: '6,5', version: 2 });
  });

  it("shows the other person's newer value over a grade this screen had saved", async () => {
    stubApi({ '/api/notas': { salvas: 1, notas: [savedCell(12, 5, 1)] } });
    const { showGrid } = await savedFiveForAluno2();
    showGrid(withCell(gridOf(), 2, '8,0', 2));
    expect(cell('Prova 1', 'Aluno 2')).toHaveValue('8,0');
  });

  it('says why nothing can be created in a closed period without assessments', () => {
    renderGrid(gridOf({ avaliacoes: [], bloqueio: 'O ano letivo 2026 foi encerrado.' }));
    expect(screen.getByRole('status')).toHaveTextContent('O ano letivo 2026 foi encerrado.');
    expect(screen.queryByText(/Crie uma avaliação acima/)).toBeNull();
  });

  it('shows one student at a time on a phone, with next and previous', async () => {
    stubScreen(false);
    const user = userEvent.setup();
    renderGrid(gridOf());
    expect(screen.getByRole('heading', { name: 'Aluno 1' })).toBeInTheDocument();
    expect(screen.getByText('Aluno 1 de 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Anterior/ })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: /Próximo/ }));
    expect(screen.getByRole('heading', { name: 'Aluno 2' })).toBeInTheDocument();
    expect(cell('Prova 1', 'Aluno 2')).toHaveValue('');
    expect(screen.queryByRole('textbox', { name: 'Prova 1 de Aluno 1' })).toBeNull();
  });

  it('on a phone, any student is one choice away (the test papers are not in the list’s order)', async () => {
    stubScreen(false);
    const user = userEvent.setup();
    renderGrid(gridOf());
    await user.click(cell('Trabalho', 'Aluno 1'));
    const jump = screen.getByRole('combobox', { name: 'Ir para o aluno' });
    expect(jump).toHaveValue('0');
    await user.selectOptions(jump, '3. Aluno 3');
    expect(screen.getByRole('heading', { name: 'Aluno 3' })).toBeInTheDocument();
    expect(cell('Trabalho', 'Aluno 3')).toHaveFocus();
    expect(jump).toHaveValue('2');
  });

  it('on a phone, the next student opens ready to type: Próximo and Enter put the focus on the same assessment', async () => {
    stubScreen(false);
    stubApi({ '/api/notas': { salvas: 1, notas: [] } });
    const user = userEvent.setup();
    renderGrid(gridOf());
    await user.click(cell('Trabalho', 'Aluno 1'));
    await user.click(screen.getByRole('button', { name: /Próximo/ }));
    expect(screen.getByRole('heading', { name: 'Aluno 2' })).toBeInTheDocument();
    expect(cell('Trabalho', 'Aluno 2')).toHaveFocus();
    await user.keyboard('8{Enter}');
    expect(screen.getByRole('heading', { name: 'Aluno 3' })).toBeInTheDocument();
    expect(cell('Trabalho', 'Aluno 3')).toHaveFocus();
  });

  it('on a phone, Próximo does not leave a refused grade behind: it stays on the student and says why', async () => {
    stubScreen(false);
    const user = userEvent.setup();
    renderGrid(gridOf());
    await user.click(screen.getByRole('button', { name: /Próximo/ }));
    await user.click(cell('Trabalho', 'Aluno 2'));
    await user.keyboard('75');
    await user.click(screen.getByRole('button', { name: /Próximo/ }));
    expect(screen.getByRole('heading', { name: 'Aluno 2' })).toBeInTheDocument();
    expect(cell('Trabalho', 'Aluno 2')).toHaveFocus();
    expect(
      screen.getByText(
        'A nota de Trabalho de Aluno 2 não foi salva: corrija ou apague o valor antes de passar para outro aluno.',
      ),
    ).toBeInTheDocument();
    // From another student, 'Salvar' brings the teacher back to it.
    await user.clear(cell('Trabalho', 'Aluno 2'));
    await user.click(screen.getByRole('button', { name: /Próximo/ }));
    expect(screen.getByRole('heading', { name: 'Aluno 3' })).toBeInTheDocument();
  });

  it('on a phone, a refused grade says why on the line kept for it under the grade: nothing below moves', async () => {
    stubScreen(false);
    const user = userEvent.setup();
    renderGrid(gridOf());
    const input = cell('Prova 1', 'Aluno 1');
    // The line is there, empty, before any grade is refused (jsdom has no layout: its place is what counts).
    const line = input.closest('li')!.lastElementChild!;
    expect(line).not.toContainElement(input);
    expect(line).toBeEmptyDOMElement();
    await user.click(input);
    await user.keyboard('75');
    const message = screen.getByText('Nota fora da escala: de 0 a 10. Quis dizer 7,5?', {
      selector: '[role="alert"]',
    });
    expect(input.closest('li')!.lastElementChild).toBe(line);
    expect(line).toContainElement(message);
    expect(input).toHaveAccessibleDescription('Nota fora da escala: de 0 a 10. Quis dizer 7,5?');
    // The list of refused grades comes after the student's card and its Anterior/Próximo.
    const summary = screen.getByRole('alert', { name: 'Notas não salvas' });
    expect(screen.getByRole('button', { name: /Próximo/ }).compareDocumentPosition(summary)).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
  });

  it('on a phone, Salvar on another student goes to the refused grade, named in the list under it', async () => {
    stubScreen(false);
    stubApi({ '/api/notas': { salvas: 1, notas: [] } });
    const user = userEvent.setup();
    renderGrid(gridOf());
    // Pasted from a spreadsheet: Aluno 3's 11 lands on a student not on screen.
    await user.click(cell('Trabalho', 'Aluno 1'));
    await user.paste('8\r\n7\r\n11\r\n');
    expect(screen.getByRole('alert', { name: 'Notas não salvas' })).toHaveTextContent(
      'Aluno 3 — Trabalho: “11” — Nota fora da escala: de 0 a 10. Quis dizer 1,1?',
    );
    await user.click(screen.getByRole('button', { name: /Próximo/ }));
    expect(screen.getByRole('heading', { name: 'Aluno 2' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(screen.getByRole('heading', { name: 'Aluno 3' })).toBeInTheDocument();
    expect(cell('Trabalho', 'Aluno 3')).toHaveFocus();
    expect(cell('Trabalho', 'Aluno 3')).toHaveValue('11');
  });
});
