// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GradesProgress } from '../../../shared/grades-progress.schemas.js';
import type { PeriodStatus } from '../../../shared/grades.schemas.js';
import { stubApi } from '../../test/render';
import { closingLine, PeriodActions } from './period-actions';
import { periodWarnings } from './period-readiness';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function renderWith(status: PeriodStatus, progress: GradesProgress = progressOf('2026-04-24', [])) {
  const api = stubApi({
    [`/api/periodos/${uuid(1)}/situacao`]: status,
    '/api/notas/acompanhamento': progress,
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <PeriodActions periodoId={uuid(1)} turmaId={uuid(2)} />
    </QueryClientProvider>,
  );
  return api;
}

const statusOf = (publicado: boolean): PeriodStatus => ({
  periodo: { id: uuid(1), nome: '1º bimestre', data_fechamento: '2026-04-24' },
  turmas: [
    {
      turma_id: uuid(2),
      turma_nome: '5º A',
      fechado: true,
      publicado,
      origem: 'manual',
      data_fechamento: '2026-04-24',
    },
  ],
});

const line = (turma: number, disciplina: string, avaliacoes: number, faltando = 0) => ({
  turma_id: uuid(turma),
  turma_nome: `${String(turma)}º A`,
  disciplina,
  professor: null,
  avaliacoes,
  notas_esperadas: avaliacoes * 20,
  notas_faltando: faltando,
  fechado: false,
});

function progressOf(fim: string, linhas: GradesProgress['linhas']): GradesProgress {
  return {
    periodo: { id: uuid(1), nome: '1º bimestre', inicio: '2026-02-02', fim, data_fechamento: fim },
    linhas,
    pareceres: [],
  };
}

const lines = [
  line(2, 'Matemática', 2, 3),
  line(2, 'Arte', 0),
  line(2, 'Ciências', 0),
  line(3, 'Matemática', 0),
  line(3, 'Português', 1, 1),
];

/** The grades missing in `lines`, for the whole school: each class with its subjects. */
const schoolMissing = {
  texto: 'Faltam 4 notas em avaliações já realizadas, em 2 turmas:',
  itens: ['2º A — Matemática: 3 notas faltando', '3º A — Português: 1 nota faltando'],
};

describe('periodWarnings', () => {
  it('the period not over, subjects without an avaliação, grades missing: for the class', () => {
    expect(periodWarnings(progressOf('2026-04-24', lines), uuid(2), '2026-04-10')).toEqual([
      'O 1º bimestre só termina em 24/04/2026.',
      'Ainda sem avaliação neste período: Arte, Ciências (2 de 3 disciplinas).',
      { texto: 'Faltam 3 notas em avaliações já realizadas:', itens: ['Matemática: 3 notas faltando'] },
    ]);
  });

  it('for the whole school, counted over every class', () => {
    expect(periodWarnings(progressOf('2026-04-24', lines), null, '2026-04-24')).toEqual([
      '3 de 5 disciplinas das turmas ainda não têm avaliação neste período (2 turmas).',
      schoolMissing,
    ]);
  });

  it('names the subjects with grades missing and their teachers, per class for the whole school', () => {
    const taught = [
      { ...line(7, 'Matemática', 2, 5), turma_nome: '7º A', professor: 'Ana Souza' },
      { ...line(7, 'Português', 2, 1), turma_nome: '7º A', professor: 'Bruno Lima' },
      { ...line(7, 'Arte', 1), turma_nome: '7º A' },
      { ...line(8, 'Ciências', 3, 1200), turma_nome: '8º B' },
    ];
    expect(periodWarnings(progressOf('2026-04-24', taught), null, '2026-04-24')).toEqual([
      {
        texto: 'Faltam 1.206 notas em avaliações já realizadas, em 2 turmas:',
        itens: [
          '7º A — Matemática: 5 notas faltando (prof. Ana Souza); Português: 1 nota faltando (prof. Bruno Lima)',
          '8º B — Ciências: 1.200 notas faltando',
        ],
      },
    ]);
    expect(periodWarnings(progressOf('2026-04-24', taught), uuid(7), '2026-04-24')).toEqual([
      {
        texto: 'Faltam 6 notas em avaliações já realizadas:',
        itens: [
          'Matemática: 5 notas faltando (prof. Ana Souza)',
          'Português: 1 nota faltando (prof. Bruno Lima)',
        ],
      },
    ]);
    expect(periodWarnings(progressOf('2026-04-24', [taught[1]!]), uuid(7), '2026-04-24')).toEqual([
      {
        texto: 'Falta 1 nota em avaliações já realizadas:',
        itens: ['Português: 1 nota faltando (prof. Bruno Lima)'],
      },
    ]);
  });

  it('nothing when the period is over and every grade is in', () => {
    const ready = [line(2, 'Matemática', 2), line(2, 'Arte', 1)];
    expect(periodWarnings(progressOf('2026-04-24', ready), uuid(2), '2026-04-25')).toEqual([]);
  });
});

/** An Educação Infantil class in the period: `sem` of its `criancas` children still without a parecer. */
const infantil = (turma: number, nome: string, criancas: number, sem: number) => ({
  turma_id: uuid(turma),
  turma_nome: nome,
  professor: null,
  criancas,
  sem_parecer: sem,
});

describe('periodWarnings: the Educação Infantil’s pareceres', () => {
  const withPareceres = (pareceres: GradesProgress['pareceres']) => ({
    ...progressOf('2026-04-24', lines),
    pareceres,
  });
  const pareceres = [
    infantil(7, 'Pré II A', 12, 3),
    infantil(8, 'Maternal B', 10, 0),
    infantil(9, 'Pré I C', 8, 1),
  ];

  it('for the whole school, lists each class with children still without a parecer, as the grades missing', () => {
    expect(periodWarnings(withPareceres(pareceres), null, '2026-04-24')).toEqual([
      '3 de 5 disciplinas das turmas ainda não têm avaliação neste período (2 turmas).',
      schoolMissing,
      'Faltam pareceres na Educação Infantil: Pré II A (3 de 12 crianças), Pré I C (1 de 8 crianças).',
    ]);
  });

  it('for one Infantil class, its children without a parecer; nothing for a class where every one is written', () => {
    expect(periodWarnings(withPareceres(pareceres), uuid(7), '2026-04-24')).toEqual([
      'Faltam os pareceres de 3 das 12 crianças neste período.',
    ]);
    expect(periodWarnings(withPareceres(pareceres), uuid(9), '2026-04-24')).toEqual([
      'Falta o parecer de 1 das 8 crianças neste período.',
    ]);
    expect(periodWarnings(withPareceres(pareceres), uuid(8), '2026-04-24')).toEqual([]);
    expect(periodWarnings(withPareceres([infantil(8, 'Maternal B', 10, 0)]), null, '2026-04-25')).toEqual([
      '3 de 5 disciplinas das turmas ainda não têm avaliação neste período (2 turmas).',
      schoolMissing,
    ]);
  });
});

describe('periodWarnings: the rolls not taken', () => {
  const withRolls = (chamadas: GradesProgress['chamadas']) => ({
    ...progressOf('2026-04-17', []),
    chamadas,
  });
  const chamadas = [
    { turma_id: uuid(2), turma_nome: '2º A', aulas: 1 },
    { turma_id: uuid(3), turma_nome: '3º A', aulas: 7 },
  ];

  it('for the whole school, names each class with lessons of the period still without a roll', () => {
    expect(periodWarnings(withRolls(chamadas), null, '2026-04-20')).toEqual([
      'Faltam chamadas neste período: 2º A (1 chamada), 3º A (7 chamadas).',
    ]);
  });

  it('for one class, how many; nothing for a class with every roll taken, nor when not asked', () => {
    expect(periodWarnings(withRolls(chamadas), uuid(2), '2026-04-20')).toEqual([
      'Falta 1 chamada neste período.',
    ]);
    expect(periodWarnings(withRolls(chamadas), uuid(3), '2026-04-20')).toEqual([
      'Faltam 7 chamadas neste período.',
    ]);
    expect(periodWarnings(withRolls(chamadas), uuid(4), '2026-04-20')).toEqual([]);
    expect(periodWarnings(withRolls(undefined), null, '2026-04-20')).toEqual([]);
  });
});

describe('PeriodActions', () => {
  it('asks before publishing the class’s period with its rolls not taken, read with the rolls', async () => {
    const api = renderWith(statusOf(false), {
      ...progressOf('2026-04-17', []),
      chamadas: [{ turma_id: uuid(2), turma_nome: '5º A', aulas: 4 }],
    });
    await userEvent.click(await screen.findByRole('button', { name: /Publicar para a turma/ }));
    const dialog = screen.getByRole('dialog', { name: 'Publicar 1º bimestre' });
    const note = await within(dialog).findByRole('note', { name: 'Antes de confirmar' });
    expect(note).toHaveTextContent('Faltam 4 chamadas neste período.');
    expect(api.requests.map((request) => request.url)).toContain(
      `/api/notas/acompanhamento?periodo_id=${uuid(1)}&chamadas=true`,
    );
  });

  it('asks before closing the school’s period with the Infantil classes missing pareceres', async () => {
    renderWith(statusOf(false), {
      ...progressOf('2026-04-24', []),
      pareceres: [infantil(7, 'Pré II A', 12, 3)],
    });
    await userEvent.click(await screen.findByRole('button', { name: /Fechar para a escola/ }));
    const dialog = screen.getByRole('dialog', { name: 'Fechar 1º bimestre' });
    const note = await within(dialog).findByRole('note', { name: 'Antes de confirmar' });
    expect(note).toHaveTextContent('Faltam pareceres na Educação Infantil: Pré II A (3 de 12 crianças).');
  });

  it('asks before publishing with what is not ready yet', async () => {
    renderWith(statusOf(false), progressOf('2999-12-31', lines));
    await userEvent.click(await screen.findByRole('button', { name: /Publicar para a escola/ }));
    const dialog = screen.getByRole('dialog', { name: 'Publicar 1º bimestre' });
    const note = await within(dialog).findByRole('note', { name: 'Antes de confirmar' });
    expect(note).toHaveTextContent('O 1º bimestre só termina em 31/12/2999.');
    expect(note).toHaveTextContent('3 de 5 disciplinas das turmas ainda não têm avaliação neste período');
  });

  it('lists, before closing the school’s period, each class’s subjects with grades missing — and still lets it close', async () => {
    const api = renderWith(statusOf(false), progressOf('2026-04-24', lines));
    await userEvent.click(await screen.findByRole('button', { name: /Fechar para a escola/ }));
    const dialog = screen.getByRole('dialog', { name: 'Fechar 1º bimestre' });
    const note = await within(dialog).findByRole('note', { name: 'Antes de confirmar' });
    const missing = within(note)
      .getAllByRole('listitem')
      .find((item) => item.textContent.startsWith('Faltam 4 notas'));
    expect(missing).toHaveTextContent('Faltam 4 notas em avaliações já realizadas, em 2 turmas:');
    expect(
      within(missing!)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['2º A — Matemática: 3 notas faltando', '3º A — Português: 1 nota faltando']);
    expect(within(dialog).getByRole('button', { name: 'Fechar período' })).toBeEnabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Fechar período' }));
    // A warning, not a block: the close is asked for, with the grades still missing.
    await vi.waitFor(() =>
      expect(api.requests.map((request) => `${request.method} ${request.path}`)).toContain(
        `POST /api/periodos/${uuid(1)}/fechar`,
      ),
    );
  });

  it('says, before reopening a published period, that it stays published and changes are recorded', async () => {
    renderWith(statusOf(true));
    await userEvent.click(await screen.findByRole('button', { name: /Reabrir para a turma/ }));
    const dialog = screen.getByRole('dialog', { name: 'Reabrir 1º bimestre' });
    expect(dialog).toHaveTextContent('este período já está publicado e continua publicado');
    expect(dialog).toHaveTextContent('os responsáveis veem cada nota alterada na hora');
    expect(dialog).toHaveTextContent('“alteração após a publicação”');
  });

  it('reopening a period not published says nothing about families', async () => {
    renderWith(statusOf(false));
    await userEvent.click(await screen.findByRole('button', { name: /Reabrir para a turma/ }));
    expect(screen.getByRole('dialog', { name: 'Reabrir 1º bimestre' })).not.toHaveTextContent('publicado');
  });
});

describe('the closing date beside the state badge', () => {
  const state = (fechado: boolean, origem: 'data' | 'manual') => ({
    fechado,
    publicado: false,
    origem,
    data_fechamento: '2026-12-18',
    turma_id: uuid(2),
    turma_nome: '5º A',
  });

  it('never reads “fecha em” beside “Fechado”, nor a date gone by as still ahead', () => {
    expect(closingLine(state(false, 'data'), '2026-12-07')).toBe('fecha em 18/12/2026');
    expect(closingLine(state(false, 'data'), '2026-12-18')).toBe('fecha em 18/12/2026');
    // The coordination closed it by hand before the date.
    expect(closingLine(state(true, 'manual'), '2026-12-07')).toBe('fechado antes do prazo (18/12/2026)');
    expect(closingLine(state(true, 'data'), '2026-12-19')).toBe('fechado em 18/12/2026');
    expect(closingLine(state(true, 'manual'), '2026-12-20')).toBe('prazo de fechamento: 18/12/2026');
    // Open after its date: reopened.
    expect(closingLine(state(false, 'manual'), '2026-12-20')).toBe('reaberto (o prazo era 18/12/2026)');
  });

  it('a class closed by hand shows no “fecha em” beside its “Fechado”', async () => {
    renderWith(statusOf(false));
    const section = await screen.findByRole('region', { name: 'Situação do período' });
    expect(section).toHaveTextContent('Fechado');
    expect(section).not.toHaveTextContent('fecha em');
  });
});
