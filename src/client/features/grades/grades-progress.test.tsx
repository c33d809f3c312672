// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GradesProgress, GradesProgressLine } from '../../../shared/grades-progress.schemas';
import { renderAt, stubApi, stubScreen } from '../../test/render';
import { GradesProgressPanel } from './grades-progress';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const line = (n: number, disciplina: string, extra: Partial<GradesProgressLine>): GradesProgressLine => ({
  turma_id: uuid(n),
  turma_nome: `${String(n)}º Ano A`,
  disciplina,
  professor: 'Carlos Lima',
  avaliacoes: 2,
  notas_esperadas: 30,
  notas_faltando: 0,
  fechado: false,
  ...extra,
});
const progress: GradesProgress = {
  periodo: {
    id: uuid(1),
    nome: '1º bimestre',
    inicio: '2026-02-02',
    fim: '2026-04-17',
    data_fechamento: '2026-04-24',
  },
  linhas: [
    line(6, 'Matemática', { notas_faltando: 12 }),
    line(6, 'Português', {}),
    line(7, 'Ciências', { avaliacoes: 0, notas_esperadas: 0, professor: null }),
  ],
  pareceres: [],
};

describe('GradesProgressPanel', () => {
  it('sums up the period and lists, by class, the subjects with grades to enter; each opens its grid', async () => {
    stubScreen(true);
    const { requests } = stubApi({ '/api/notas/acompanhamento': progress });
    const onOpen = vi.fn();
    renderAt(<GradesProgressPanel periodoId={uuid(1)} onOpen={onOpen} />);
    const panel = await screen.findByRole('region', { name: 'Lançamento de notas — 1º bimestre' });
    expect(panel).toHaveTextContent(
      '1 de 3 disciplinas das turmas está com notas faltando e 1 sem avaliação.',
    );
    expect(panel).toHaveTextContent('Fecha em 24/04/2026.');
    expect(requests[0]!.url).toBe(`/api/notas/acompanhamento?periodo_id=${uuid(1)}`);

    await userEvent.click(within(panel).getByRole('button', { name: 'Ver por turma' }));
    const table = within(panel).getByRole('table', { name: /Lançamento de notas por turma/ });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('12 notas faltando'),
      expect.stringContaining('Sem professor na grade'),
    ]);
    await userEvent.click(within(panel).getByLabelText('Mostrar também as disciplinas em dia'));
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(table).toHaveTextContent('Em dia');
    // One teacher's subjects: what the coordenadora asks before the period closes.
    await userEvent.selectOptions(within(panel).getByLabelText('Professor'), 'Sem professor na grade');
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual([expect.stringContaining('7º Ano A · Ciências')]);
    await userEvent.selectOptions(within(panel).getByLabelText('Professor'), 'Todos');

    await userEvent.click(
      within(panel).getByRole('button', { name: 'Abrir as notas de Matemática da turma 6º Ano A' }),
    );
    expect(onOpen).toHaveBeenCalledWith(progress.linhas[0]);
  });

  it('says so when every subject is up to date', async () => {
    stubScreen(true);
    stubApi({
      '/api/notas/acompanhamento': { ...progress, linhas: [line(6, 'Português', {})] },
    });
    renderAt(<GradesProgressPanel periodoId={uuid(1)} onOpen={vi.fn()} />);
    expect(await screen.findByText(/Todas as 1 disciplinas estão com as notas em dia\./)).toBeInTheDocument();
  });
});

describe('GradesProgressPanel: Educação Infantil', () => {
  it('lists the Infantil classes with the children still without a parecer, each opening its pareceres', async () => {
    stubScreen(true);
    stubApi({
      '/api/notas/acompanhamento': {
        ...progress,
        linhas: [],
        pareceres: [
          { turma_id: uuid(8), turma_nome: 'Pré II A', professor: 'Rita Lima', criancas: 18, sem_parecer: 5 },
          { turma_id: uuid(9), turma_nome: 'Maternal I A', professor: null, criancas: 12, sem_parecer: 0 },
        ],
      },
    });
    renderAt(<GradesProgressPanel periodoId={uuid(1)} onOpen={vi.fn()} />);
    const panel = await screen.findByRole('region', { name: 'Lançamento de notas — 1º bimestre' });
    expect(panel).toHaveTextContent('Turmas de Educação Infantil não têm notas: veja os pareceres abaixo.');
    expect(panel).toHaveTextContent('5 crianças sem parecer neste período.');
    const items = within(within(panel).getByRole('list', { name: 'Pareceres por turma' })).getAllByRole(
      'listitem',
    );
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Pré II ARita Lima5 de 18 crianças sem parecer'),
      expect.stringContaining('Maternal I ASem professor responsávelEm dia'),
    ]);
    expect(within(panel).getByRole('link', { name: 'Abrir os pareceres de Pré II A' })).toHaveAttribute(
      'href',
      `/dashboard/pareceres?turma=${uuid(8)}&periodo=${uuid(1)}`,
    );
  });
});
