// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { curriculumAnswer, schoolYearAnswer, teacherAnswer, uuidOf } from '../../test/answers';
import type { CurrentUser } from '../../../shared/auth.schemas';
import {
  renderAt,
  signedInAs,
  stubApi,
  stubScreen,
  type StubAnswer,
  type StubRoutes,
} from '../../test/render';
import { GradesPage } from './grades-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
const ano = Number(today.slice(0, 4));

/** The two teachers of the class (uuids, as the shared schema has them) and their portal users. */
const teacherId = { mat: uuidOf(21), hist: uuidOf(22) };
const teacherUser = { mat: uuidOf(11), hist: uuidOf(12) };

/**
 * A História teacher of one class whose grid starts with Matemática (another teacher's). `byPath`
 * answers a path whatever its query string (the grid, the avaliações).
 */
function stubServer(
  options: {
    nivel?: CurrentUser['nivel'];
    byPath?: Record<string, StubAnswer>;
    answers?: Record<string, StubAnswer>;
  } = {},
) {
  const nivel = options.nivel ?? 'professor';
  const year = schoolYearAnswer({
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
  });
  const lessons = {
    aulas: [],
    pendentes: 0,
    alunos: 20,
    frequencia_modo: 'por_aula',
    serie: '7º ano',
    grade_pendente: null,
    dia: { data: today, tipo: 'letivo', letivo: true, descricao: null },
  };
  const answers: StubRoutes = {
    '/api/auth/me': signedInAs({ id: teacherUser.hist, nome: 'Helena', nivel }),
    '/api/anos-letivos': [year],
    [`/api/frequencia/turmas?ano=${String(ano)}`]: [
      { id: 't1', nome: '7º Ano A', turno: 'manha', ...lessons },
    ],
    '/api/turmas/t1/disciplinas': curriculumAnswer({
      turma_id: 't1',
      turma_nome: '7º Ano A',
      nivel: 'Fundamental II',
      frequencia_modo: 'por_aula',
      aulas_semanais: 9,
      version: 1,
      disciplinas: [
        {
          disciplina: 'Matemática',
          professor: { id: teacherId.mat, nome: 'Outro' },
          aulas_semanais: 5,
          dias_semana: [],
          itinerario: null,
          area: 'Matemática',
          carga_horaria_anual: 167,
        },
        {
          disciplina: 'História',
          professor: { id: teacherId.hist, nome: 'Helena' },
          aulas_semanais: 4,
          dias_semana: [],
          itinerario: null,
          area: 'Ciências Humanas',
          carga_horaria_anual: 133,
        },
      ],
    }),
    '/api/professores': [
      teacherAnswer({ id: teacherId.mat, nome: 'Outro', usuario_id: teacherUser.mat }),
      teacherAnswer({ id: teacherId.hist, nome: 'Helena', usuario_id: teacherUser.hist }),
    ],
    '/api/retificacoes': [],
    ...options.answers,
  };
  return stubApi({ ...options.byPath, ...answers });
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

  const exam = {
    id: 'av1',
    turma_id: 't1',
    turma_nome: '7º Ano A',
    disciplina: 'História',
    periodo_id: 'p1',
    periodo_nome: '1º semestre',
    nome: 'Prova 1',
    data: `${String(ano)}-03-10`,
    peso: 1,
    tipo: 'regular',
    notas_lancadas: 2,
    version: 1,
  };
  const gridWith = (extra: Record<string, unknown>) => ({
    turma: { id: 't1', nome: '7º Ano A' },
    disciplina: 'História',
    periodo: {
      id: 'p1',
      nome: '1º semestre',
      inicio: `${String(ano)}-01-01`,
      fim: `${String(ano)}-12-31`,
      fechado: false,
      publicado: true,
      origem: 'manual',
      data_fechamento: `${String(ano)}-12-31`,
    },
    escala: '0-10',
    conceitos: { A: 9, B: 7, C: 6, D: 4, E: 0 },
    bloqueio: null,
    pode_solicitar_retificacao: false,
    retificacoes_pendentes: [],
    avaliacoes: [{ id: 'av1', nome: 'Prova 1', data: exam.data, peso: 1, tipo: 'regular', version: 1 }],
    alunos: [],
    ...extra,
  });

  it('a published period: the teacher cannot delete an avaliação with grades (only the secretaria, with a reason)', async () => {
    stubScreen(true);
    stubServer({
      byPath: {
        '/api/avaliacoes': [exam],
        '/api/notas/turmas/t1': gridWith({ exclusao_com_notas: 'so_secretaria' }),
      },
    });
    renderAt(<GradesPage />, '/lista');
    const button = await screen.findByRole('button', {
      name: 'Excluir Prova 1: o período já foi publicado, só a secretaria exclui (com motivo)',
    });
    expect(button).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Editar Prova 1' })).toBeEnabled();
  });

  it('a closed period: the administrator deletes an avaliação with grades only with a reason, sent to the server', async () => {
    stubScreen(true);
    const { requests } = stubServer({
      nivel: 'administrador',
      byPath: {
        '/api/avaliacoes': [exam],
        '/api/avaliacoes/av1': null,
        '/api/notas/turmas/t1': gridWith({
          periodo: { ...gridWith({}).periodo, fechado: true, publicado: false },
          bloqueio:
            'O 1º semestre está fechado: altere notas pela retificação (com motivo) ou reabra o período.',
          exclusao_com_notas: 'com_motivo',
        }),
      },
    });
    renderAt(<GradesPage />, '/lista?turma=t1&disciplina=Hist%C3%B3ria&periodo=p1');
    // Read-only grid: no editing, but the deletion with a reason is there.
    await userEvent.click(await screen.findByRole('button', { name: 'Excluir Prova 1' }));
    expect(screen.queryByRole('button', { name: 'Editar Prova 1' })).not.toBeInTheDocument();
    const dialog = await screen.findByRole('dialog', { name: 'Excluir avaliação' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Excluir avaliação' }));
    expect(
      await within(dialog).findByText('Explique o motivo da exclusão (ao menos 5 caracteres)'),
    ).toBeVisible();
    expect(requests.some((request) => request.init?.method === 'DELETE')).toBe(false);
    await userEvent.type(
      within(dialog).getByLabelText(/Motivo da exclusão/),
      'Prova lançada na turma errada',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Excluir avaliação' }));
    await waitFor(() => expect(requests.some((request) => request.init?.method === 'DELETE')).toBe(true));
    const sent = requests.find((request) => request.init?.method === 'DELETE')!;
    expect(sent.url).toBe('/api/avaliacoes/av1');
    expect(JSON.parse(sent.init!.body as string)).toEqual({ motivo: 'Prova lançada na turma errada' });
  });

  const noGrade = {
    '/api/turmas/t1/disciplinas': curriculumAnswer({
      turma_id: 't1',
      turma_nome: '7º Ano A',
      nivel: 'Fundamental II',
    }),
  };

  it('a class without a grade curricular says so and links the administrator to it (no 404 on a subject)', async () => {
    stubScreen(true);
    const fetchMock = stubServer({ nivel: 'administrador', answers: noGrade });
    renderAt(<GradesPage />, '/lista');
    expect(await screen.findByText('7º Ano A ainda não tem grade curricular')).toBeVisible();
    expect(
      screen.getByText(/Cadastre as disciplinas, o professor de cada uma e os dias das aulas/),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Abrir a grade curricular de 7º Ano A' })).toHaveAttribute(
      'href',
      '/dashboard/turmas?grade=t1',
    );
    const subject = screen.getByRole('combobox', { name: 'Disciplina' });
    expect(
      within(subject)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Nenhuma disciplina']);
    // No subject is guessed from the catalogue: the grid of 'Matemática' is never asked for.
    expect(fetchMock.mock.calls.map(([url]) => url).some((url) => url.startsWith('/api/notas/'))).toBe(false);
    expect(screen.queryByText(/não foi encontrada/)).not.toBeInTheDocument();
  });

  it('a teacher of a class without a grade curricular is told the secretaria sets it', async () => {
    stubScreen(false);
    stubServer({ answers: noGrade });
    renderAt(<GradesPage />, '/lista');
    expect(await screen.findByText('7º Ano A ainda não tem grade curricular')).toBeVisible();
    expect(screen.getByText(/A secretaria precisa cadastrá-la \(Turmas → Grade curricular\)/)).toBeVisible();
    expect(screen.queryByRole('link', { name: /Abrir a grade curricular/ })).not.toBeInTheDocument();
  });

  it('a new school: no school year sends the administrator to the Calendário, no class to Turmas', async () => {
    stubScreen(true);
    stubServer({ nivel: 'administrador', answers: { '/api/anos-letivos': [] } });
    renderAt(<GradesPage />, '/lista');
    expect(await screen.findByText('Nenhum ano letivo cadastrado')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Abrir o ano letivo no Calendário' })).toHaveAttribute(
      'href',
      '/dashboard/calendario',
    );
    cleanup();
    stubServer({ nivel: 'administrador', answers: { [`/api/frequencia/turmas?ano=${String(ano)}`]: [] } });
    renderAt(<GradesPage />, '/lista');
    expect(await screen.findByText(`Nenhuma turma em ${String(ano)}`)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Ir para Turmas' })).toHaveAttribute('href', '/dashboard/turmas');
  });

  it('a teacher of a school with no year yet reads that the secretaria opens it (no link)', async () => {
    stubScreen(true);
    stubServer({ answers: { '/api/anos-letivos': [] } });
    renderAt(<GradesPage />, '/lista');
    expect(await screen.findByText('A secretaria ainda não abriu o ano letivo.')).toBeVisible();
    expect(screen.queryByRole('link')).toBeNull();
  });
});
