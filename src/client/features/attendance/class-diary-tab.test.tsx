// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ClassDiary, DiaryGrades } from '../../../shared/diario.schemas';
import { builtInPerfilPermissions } from '../../../shared/permissions';
import { pinDate, renderAt, schoolYearOf, searchOf, signedInAs, stubApi } from '../../test/render';
import { AttendancePage } from './attendance-page';
import { ClassDiaryTab } from './class-diary-tab';

pinDate('2026-03-20T15:00:00Z');
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const lesson = (id: string, data: string, disciplina: string, conteudo: string | null) => ({
  chamada_id: id,
  data,
  aula: 1,
  disciplina,
  conteudo,
  atividades: conteudo ? 'Lista 3' : null,
  registrada_por: 'Ana Souza',
  faltas: 1,
});

const noGrades: DiaryGrades = { avaliacao: 'notas', com_media: true, disciplinas: [] };

const mathGrades: DiaryGrades = {
  avaliacao: 'notas',
  com_media: true,
  disciplinas: [
    {
      disciplina: 'Matemática',
      professor_nome: 'Ana Souza',
      avaliacoes: [
        { id: 'av1', nome: 'Prova bimestral', data: '2026-03-10', peso: 2, tipo: 'regular' },
        { id: 'av2', nome: 'Trabalho', data: '2026-03-12', peso: 1, tipo: 'regular' },
      ],
      alunos: [
        {
          id: 'a1',
          nome: 'Ágata Lima',
          notas: [
            { texto: '7,5', na_turma: true },
            { texto: '8,0', na_turma: true },
          ],
          media: 7.7,
          media_texto: '7,7',
        },
        {
          id: 'a2',
          nome: 'Bruno Reis',
          notas: [
            { texto: null, na_turma: false },
            { texto: '9,0', na_turma: true },
          ],
          media: 9,
          media_texto: '9,0',
        },
      ],
    },
  ],
};

const diaryClasses = [{ id: 't1', nome: '6º A', ano_letivo: '2026', frequencia_modo: 'por_aula' }];

const diaryOf = (disciplina: string | null, notas: DiaryGrades = noGrades): ClassDiary => ({
  turma: { id: 't1', nome: '6º A', serie: '6º ano', turno: 'manha', frequencia_modo: 'por_aula' },
  disciplinas: [
    { nome: 'Matemática', professor_nome: 'Ana Souza' },
    { nome: 'Português', professor_nome: 'Rui Lima' },
  ],
  disciplina,
  professor_nome: disciplina ? 'Ana Souza' : null,
  periodos: [{ id: 'p1', nome: '1º bimestre', inicio: '2026-02-02', fim: '2026-04-17' }],
  intervalo: { id: 'p1', nome: '1º bimestre', de: '2026-02-02', ate: '2026-04-17' },
  aulas: [
    lesson('c1', '2026-03-16', 'Matemática', 'Frações equivalentes'),
    lesson('c2', '2026-03-18', 'Matemática', null),
  ],
  sem_conteudo: 1,
  notas,
});

describe('Diário de classe', () => {
  it('lists the lessons with their content, marks those without, filters them and prints by subject', async () => {
    const api = stubApi({
      '/api/auth/me': signedInAs({
        id: 'u1',
        nome: 'Coord',
        email: 'c@escola',
        nivel: 'administrador',
        primeiro_login: false,
      }),
      '/api/frequencia/diario/turmas': diaryClasses,
      '/api/frequencia/diario/turmas/t1': (request) =>
        diaryOf(new URL(request.url, 'http://x').searchParams.get('disciplina')),
    });
    renderAt(<ClassDiaryTab />);
    const list = await screen.findByRole('list', { name: 'Aulas dadas' });
    // The latest first (the 18th's, without content, then the 16th's).
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent.slice(0, 10)),
    ).toEqual(['18/03/2026', '16/03/2026']);
    expect(list).toHaveTextContent('16/03/2026 · Matemática');
    expect(list).toHaveTextContent('Frações equivalentes');
    expect(list).toHaveTextContent('Atividades / tarefa de casa: Lista 3');
    expect(screen.getByText('· 1 sem conteúdo registrado')).toBeVisible();
    // The lesson without content leads to its roll, where the teacher writes it.
    // Named by its lesson: a period has many without content, and their links must not read alike.
    expect(
      within(list).getByRole('link', { name: 'Abrir a chamada de 18/03/2026 · Matemática' }),
    ).toHaveAttribute(
      'href',
      '/dashboard/frequencia?turma=t1&data=2026-03-18&disciplina=Matem%C3%A1tica&aula=1',
    );
    await userEvent.click(
      screen.getByRole('checkbox', { name: 'Mostrar só as aulas sem conteúdo registrado' }),
    );
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);

    // A per-lesson class prints one subject's diary.
    expect(screen.getByRole('button', { name: 'Baixar diário (PDF)' })).toBeDisabled();
    expect(screen.getByText('Escolha a disciplina para imprimir.')).toBeVisible();
    await userEvent.selectOptions(screen.getByLabelText('Disciplina'), 'Matemática');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Baixar diário (PDF)' })).toBeEnabled());
    expect(screen.queryByText('Escolha a disciplina para imprimir.')).toBeNull();
    expect(api.requests.some((request) => request.url.includes('disciplina=Matem%C3%A1tica'))).toBe(true);
    // No avaliação in the period: the Notas section says so.
    expect(screen.getByRole('region', { name: 'Notas' })).toHaveTextContent(
      'Nenhuma avaliação neste período.',
    );
  });
});

describe('Diário de classe: a per-lesson class with one subject', () => {
  it('prints without asking for the subject: it can only be that one', async () => {
    const api = stubApi({
      '/api/auth/me': signedInAs(),
      '/api/frequencia/diario/turmas': diaryClasses,
      '/api/frequencia/diario/turmas/t1': {
        ...diaryOf(null),
        disciplinas: [{ nome: 'Matemática', professor_nome: 'Ana Souza' }],
      },
    });
    renderAt(<ClassDiaryTab />);
    const print = await screen.findByRole('button', { name: 'Baixar diário (PDF)' });
    expect(print).toBeEnabled();
    expect(screen.queryByText('Escolha a disciplina para imprimir.')).toBeNull();
    await userEvent.click(print);
    await waitFor(() =>
      expect(
        api.requests.some(
          (request) => request.url.includes('/pdf') && request.url.includes('disciplina=Matem%C3%A1tica'),
        ),
      ).toBe(true),
    );
  });
});

describe('Diário de classe de um ano que passou', () => {
  it('lists a past year’s classes on choosing the year, and opens the diary of one of them', async () => {
    const old = { id: 't9', nome: '5º A', ano_letivo: '2025', frequencia_modo: 'diaria' };
    const api = stubApi({
      '/api/auth/me': signedInAs({ permissoes: [...builtInPerfilPermissions.secretaria] }),
      '/api/anos-letivos': [schoolYearOf(), schoolYearOf({ id: 'y2025', ano: 2025 })],
      '/api/frequencia/diario/turmas': diaryClasses,
      '/api/frequencia/diario/turmas?ano=2025': [old],
      '/api/frequencia/diario/turmas/t1': diaryOf(null),
      '/api/frequencia/diario/turmas/t9': {
        ...diaryOf(null),
        turma: { id: 't9', nome: '5º A', serie: '5º ano', turno: 'manha', frequencia_modo: 'diaria' },
        aulas: [lesson('c9', '2025-11-20', 'Matemática', 'Revisão de frações')],
      },
    });
    renderAt(<ClassDiaryTab />);
    await screen.findByRole('list', { name: 'Aulas dadas' });
    const year = screen.getByLabelText('Ano letivo');
    expect([...year.querySelectorAll('option')].map((option) => option.textContent)).toEqual([
      'Turmas ativas',
      '2025',
    ]);
    await userEvent.selectOptions(year, '2025');
    await waitFor(() => expect(screen.getByLabelText('Turma')).toHaveDisplayValue('5º A'));
    expect(await screen.findByText('Revisão de frações')).toBeVisible();
    expect(api.requests.some((request) => request.url === '/api/frequencia/diario/turmas/t9')).toBe(true);
  });
});

describe('Frequência da secretaria', () => {
  it('shows the secretaria the diary with its notas and none of the roll-call tabs', async () => {
    const api = stubApi({
      '/api/auth/me': signedInAs({ permissoes: [...builtInPerfilPermissions.secretaria] }),
      '/api/frequencia/diario/turmas': diaryClasses,
      '/api/frequencia/diario/turmas/t1': diaryOf(null, mathGrades),
    });
    renderAt(<AttendancePage />);
    const list = await screen.findByRole('list', { name: 'Aulas dadas' });
    expect(list).toHaveTextContent('Frações equivalentes');
    // Read-only: no tab to take the roll, no way into a roll from a lesson without content.
    expect(screen.queryByRole('tab')).toBeNull();
    expect(screen.queryByText('Chamada')).toBeNull();
    expect(screen.queryByText('Resumo do mês')).toBeNull();
    expect(within(list).queryByRole('link', { name: /Abrir a chamada/ })).toBeNull();
    expect(api.requests.some((request) => request.path === '/api/frequencia/turmas')).toBe(false);

    const notas = screen.getByRole('table', { name: 'Notas de Matemática' });
    const rows = within(notas).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'AlunoProva bimestral10/03 · peso 2Trabalho12/03 · peso 1Média',
      'Ágata Lima7,58,07,7',
      'Bruno Reis– fora da turma na data9,09,0',
    ]);
  });

  it('gives a teacher the roll call, the month and the diary', async () => {
    stubApi({
      '/api/auth/me': signedInAs({ nivel: 'professor', tipo: 'teacher', permissoes: undefined }),
      '/api/frequencia/turmas': [],
    });
    renderAt(<AttendancePage />);
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Chamada', 'Resumo do mês', 'Diário de classe']);
  });

  it('keeps the class when the tab changes: the diary opens on the class the roll was taken for', async () => {
    const second = { ...diaryClasses[0]!, id: 't2', nome: '7º B' };
    const api = stubApi({
      '/api/auth/me': signedInAs({ nivel: 'professor', tipo: 'teacher', permissoes: undefined }),
      '/api/frequencia/turmas': [],
      '/api/frequencia/diario/turmas': [...diaryClasses, second],
      '/api/frequencia/diario/turmas/t1': diaryOf(null),
      '/api/frequencia/diario/turmas/t2': {
        ...diaryOf(null),
        turma: { ...diaryOf(null).turma, id: 't2', nome: '7º B' },
      },
    });
    const router = renderAt(<AttendancePage />, '/lista?turma=t2&data=2026-03-20');
    await userEvent.click(await screen.findByRole('tab', { name: 'Diário de classe' }));
    expect(searchOf(router)).toEqual({ aba: 'diario', turma: 't2' });
    await waitFor(() => expect(screen.getByLabelText('Turma')).toHaveValue('t2'));
    expect(api.requests.some((request) => request.path === '/api/frequencia/diario/turmas/t2')).toBe(true);
  });
});
