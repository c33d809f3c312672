// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ClassDiary } from '../../../shared/diario.schemas';
import { rollClassAnswer } from '../../test/answers';
import { pinDate, renderAt, signedInAs, stubApi } from '../../test/render';
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

const diaryOf = (disciplina: string | null): ClassDiary => ({
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
      '/api/frequencia/turmas': [
        rollClassAnswer({
          id: 't1',
          nome: '6º A',
          frequencia_modo: 'por_aula',
          dia: { data: '2026-03-20', tipo: 'letivo', letivo: true, descricao: null },
        }),
      ],
      '/api/frequencia/turmas/t1/diario': (request) =>
        diaryOf(new URL(request.url, 'http://x').searchParams.get('disciplina')),
    });
    renderAt(<ClassDiaryTab />);
    const list = await screen.findByRole('list', { name: 'Aulas dadas' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(list).toHaveTextContent('16/03/2026 · Matemática');
    expect(list).toHaveTextContent('Frações equivalentes');
    expect(list).toHaveTextContent('Atividades / tarefa de casa: Lista 3');
    expect(screen.getByText('· 1 sem conteúdo registrado')).toBeVisible();
    // The lesson without content leads to its roll, where the teacher writes it.
    expect(within(list).getByRole('link', { name: 'Abrir a chamada' })).toHaveAttribute(
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
  });
});
