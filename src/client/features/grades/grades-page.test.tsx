// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { renderAt, stubScreen } from '../../test/render';
import { GradesPage } from './grades-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
const ano = Number(today.slice(0, 4));

/** A História teacher of one class whose grid starts with Matemática (another teacher's). */
function stubServer() {
  const user = { id: 'u-hist', nome: 'Helena', email: 'h@escola', nivel: 'professor', primeiro_login: false };
  const year = {
    id: 'y1',
    ano,
    inicio: `${String(ano)}-01-01`,
    fim: `${String(ano)}-12-31`,
    tipo_periodo: 'semestre',
    periodos: [
      {
        id: 'p1',
        numero: 1,
        nome: '1º semestre',
        inicio: `${String(ano)}-01-01`,
        fim: `${String(ano)}-12-31`,
        data_fechamento: `${String(ano)}-12-31`,
      },
    ],
  };
  const lessons = { aulas: [], pendentes: 0, alunos: 20, frequencia_modo: 'por_aula', serie: '7º ano' };
  const answers: Record<string, unknown> = {
    '/api/auth/me': { user },
    '/api/anos-letivos': [year],
    [`/api/frequencia/turmas?ano=${String(ano)}`]: [
      { id: 't1', nome: '7º Ano A', turno: 'manha', ...lessons },
    ],
    '/api/turmas/t1/disciplinas': {
      turma_id: 't1',
      turma_nome: '7º Ano A',
      nivel: 'Fundamental II',
      frequencia_modo: 'por_aula',
      aulas_semanais: 9,
      version: 1,
      disciplinas: [
        {
          disciplina: 'Matemática',
          professor: { id: 'prof-mat', nome: 'Outro' },
          aulas_semanais: 5,
          dias_semana: [],
        },
        {
          disciplina: 'História',
          professor: { id: 'prof-hist', nome: 'Helena' },
          aulas_semanais: 4,
          dias_semana: [],
        },
      ],
    },
    '/api/professores': [
      { id: 'prof-mat', nome: 'Outro', usuario_id: 'u-mat' },
      { id: 'prof-hist', nome: 'Helena', usuario_id: 'u-hist' },
    ],
    '/api/retificacoes': [],
  };
  const fetchMock = vi.fn((url: string) => {
    const known = url in answers;
    const body = known
      ? { success: true, data: answers[url] }
      : { success: false, message: 'Não encontrado', code: 'NOT_FOUND' };
    return Promise.resolve(
      new Response(JSON.stringify(body), {
        status: known ? 200 : 404,
        headers: { 'content-type': 'application/json' },
      }),
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('GradesPage', () => {
  it("offers the class's subjects and opens on the one the teacher teaches", async () => {
    stubScreen(true);
    const fetchMock = stubServer();
    renderAt(<GradesPage />, '/lista');
    const subject = await screen.findByRole('combobox', { name: 'Disciplina' });
    await waitFor(() => expect(subject).toHaveValue('História'));
    expect(
      within(subject)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Matemática', 'História']);
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([url]) => url)).toContain(
        '/api/notas/turmas/t1?disciplina=Hist%C3%B3ria&periodo_id=p1',
      ),
    );
    // Never the catalogue's first subject, which this teacher cannot open.
    expect(fetchMock.mock.calls.map(([url]) => url).some((url) => url.includes('Matem'))).toBe(false);
  });
});
