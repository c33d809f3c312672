// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { StudentLesson, StudentLessons } from '../../../shared/tarefas.schemas';
import { todayIso } from '../../../shared/format';
import { studentAnswer, uuidOf } from '../../test/answers';
import { renderAt, signedInAs, stubApi } from '../../test/render';
import { FamilyTarefasPage } from './family-tarefas-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const bia = uuidOf(2);
const caio = uuidOf(4);

const lesson = (id: number, fields: Partial<StudentLesson>): StudentLesson => ({
  id: uuidOf(100 + id),
  data: '2026-03-16',
  turma_nome: '6º Ano A',
  disciplina: 'Matemática',
  aula: 1,
  professor_nome: 'Carla Mendes',
  conteudo: null,
  atividades: null,
  ...fields,
});

const lessonsOf = (alunoId: string, aulas: StudentLesson[]): StudentLessons => ({
  aluno: { id: alunoId, nome: alunoId === bia ? 'Bia Souza' : 'Caio Souza' },
  de: '2026-03-07',
  ate: '2026-03-20',
  aulas,
});

function family(lessons: Record<string, StudentLessons>) {
  const child = (id: string, nome: string) =>
    studentAnswer({
      id,
      nome,
      turma_id: uuidOf(3),
      turma: { id: uuidOf(3), nome: '6º Ano A', serie: '6º ano', nivel: 'Fundamental II' },
    });
  return stubApi({
    '/api/auth/me': signedInAs({ nivel: 'responsavel', tipo: 'parent' }),
    '/api/alunos': {
      items: [child(bia, 'Bia Souza'), child(caio, 'Caio Souza')],
      total: 2,
      page: 1,
      pageSize: 100,
    },
    ...Object.fromEntries(
      Object.entries(lessons).map(([id, body]) => [`/api/frequencia/alunos/${id}/tarefas`, body]),
    ),
  });
}

describe("the family's Tarefas e conteúdos", () => {
  it("lists the child's lessons by day, the homework of each, and says when another child has none", async () => {
    const today = todayIso();
    family({
      [bia]: lessonsOf(bia, [
        lesson(1, { data: today, atividades: 'Lista 3 de frações' }),
        lesson(2, {
          disciplina: 'Português',
          professor_nome: 'Rui Lima',
          conteudo: 'Substantivos próprios e comuns',
        }),
        lesson(3, { aula: 2, conteudo: 'Frações equivalentes', atividades: 'Exercícios 1 a 5, página 42' }),
      ]),
      [caio]: lessonsOf(caio, []),
    });
    renderAt(<FamilyTarefasPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Tarefas e conteúdos' })).toBeTruthy();

    const todays = await screen.findByRole('region', { name: /^Hoje · / });
    expect(within(todays).getByRole('heading', { level: 3, name: 'Matemática' })).toBeTruthy();
    expect(todays.textContent).toContain('Tarefa de casa');
    expect(todays.textContent).toContain('Lista 3 de frações');
    expect(todays.textContent).toContain('Docente: Carla Mendes');

    const monday = screen.getByRole('region', { name: 'Segunda-feira, 16/03/2026' });
    expect(
      within(monday)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'PortuguêsDocente: Rui LimaConteúdo da aulaSubstantivos próprios e comuns',
      'Matemática (2ª aula)Docente: Carla MendesTarefa de casaExercícios 1 a 5, página 42Conteúdo da aulaFrações equivalentes',
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Caio' }));
    expect(await screen.findByText('Nenhuma tarefa registrada nos últimos 14 dias.')).toBeTruthy();
    expect(screen.queryByText('Lista 3 de frações')).toBeNull();
  });

  it('says it is loading while the lessons are on the way, then shows a failure with a way to try again', async () => {
    const api = family({});
    // The lessons' answer never arrives: the list says it is loading.
    vi.stubGlobal('fetch', (url: string, init?: RequestInit) =>
      url.includes('/tarefas') ? new Promise<Response>(() => undefined) : api(url, init),
    );
    renderAt(<FamilyTarefasPage />);
    expect(await screen.findByText('Carregando as tarefas...')).toBeTruthy();
    cleanup();

    family({});
    renderAt(<FamilyTarefasPage />);
    expect((await screen.findByRole('alert')).textContent).toContain('Não foi possível carregar as tarefas.');
    expect(screen.getByRole('button', { name: 'Tentar de novo' })).toBeTruthy();
  });
});
