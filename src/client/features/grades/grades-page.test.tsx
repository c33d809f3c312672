// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  curriculumAnswer,
  rollClassAnswer,
  schoolYearAnswer,
  teacherAnswer,
  uuidOf,
} from '../../test/answers';
import type { CurrentUser } from '../../../shared/auth.schemas';
import { INFANTIL_SEM_NOTAS } from '../../../shared/classes.schemas';
import type { RollClass } from '../../../shared/attendance.schemas';
import type { Curriculum, CurriculumItem } from '../../../shared/curriculum.schemas';
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

/** Matemática, another teacher's. */
const MATEMATICA: CurriculumItem = {
  disciplina: 'Matemática',
  professor: { id: teacherId.mat, nome: 'Outro' },
  aulas_semanais: 5,
  dias_semana: [],
  itinerario: null,
  area: 'Matemática',
  carga_horaria_anual: 167,
};

/** A class of today's roll-call list, 7º ano by lesson, for 20 students unless told. */
const rollClassOf = (rollClass: Partial<RollClass> & Pick<RollClass, 'id' | 'nome'>) =>
  rollClassAnswer({
    alunos: 20,
    frequencia_modo: 'por_aula',
    serie: '7º ano',
    dia: { data: today, tipo: 'letivo', letivo: true, descricao: null },
    ...rollClass,
  });

/**
 * A História teacher of one class whose grid starts with Matemática (another teacher's) and has
 * Português (nobody's yet). `byPath` answers a path whatever its query string (the grid, the avaliações).
 */
function stubServer(
  options: {
    nivel?: CurrentUser['nivel'];
    /** Fields of the class's grade curricular over the default one. */
    grid?: Partial<Curriculum>;
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
  const answers: StubRoutes = {
    '/api/auth/me': signedInAs({ id: teacherUser.hist, nome: 'Helena', nivel }),
    '/api/anos-letivos': [year],
    [`/api/frequencia/turmas?ano=${String(ano)}`]: [rollClassOf({ id: 't1', nome: '7º Ano A' })],
    '/api/turmas/t1/disciplinas': curriculumAnswer({
      turma_id: 't1',
      turma_nome: '7º Ano A',
      nivel: 'Fundamental II',
      frequencia_modo: 'por_aula',
      aulas_semanais: 9,
      version: 1,
      disciplinas: [
        MATEMATICA,
        {
          disciplina: 'Português',
          professor: null,
          aulas_semanais: 5,
          dias_semana: [],
          itinerario: null,
          area: 'Linguagens',
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
      ...options.grid,
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

const optionsOf = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((option) => option.textContent);

describe('GradesPage', () => {
  it("offers a teacher only the class's subjects that are theirs, and opens on one", async () => {
    stubScreen(true);
    const fetchMock = stubServer();
    renderAt(<GradesPage />, '/lista');
    const subject = await screen.findByRole('combobox', { name: 'Disciplina' });
    await waitFor(() => expect(subject).toHaveValue('História'));
    // Matemática (another teacher's) and Português (nobody's) would only answer a 404.
    expect(optionsOf(subject)).toEqual(['História']);
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([url]) => url)).toContain(
        '/api/notas/turmas/t1?disciplina=Hist%C3%B3ria&periodo_id=p1',
      ),
    );
    // Never the catalogue's first subject, which this teacher cannot open.
    expect(fetchMock.mock.calls.map(([url]) => url).some((url) => url.includes('Matem'))).toBe(false);
  });

  it('a link to a subject that is not the teacher’s opens on their own instead (no 404)', async () => {
    stubScreen(true);
    const fetchMock = stubServer();
    renderAt(<GradesPage />, '/lista?turma=t1&disciplina=Portugu%C3%AAs');
    const subject = await screen.findByRole('combobox', { name: 'Disciplina' });
    await waitFor(() => expect(subject).toHaveValue('História'));
    expect(fetchMock.mock.calls.map(([url]) => url).some((url) => url.includes('Portugu'))).toBe(false);
  });

  it("the class's responsible teacher and the secretaria are offered every subject, as the server lets them read", async () => {
    stubScreen(true);
    stubServer({ grid: { professor_responsavel: { id: teacherId.hist, nome: 'Helena' } } });
    renderAt(<GradesPage />, '/lista');
    const subject = await screen.findByRole('combobox', { name: 'Disciplina' });
    await waitFor(() => expect(subject).toHaveValue('História'));
    expect(optionsOf(subject)).toEqual(['Matemática', 'Português', 'História']);
    cleanup();
    stubServer({ nivel: 'administrador' });
    renderAt(<GradesPage />, '/lista');
    const all = await screen.findByRole('combobox', { name: 'Disciplina' });
    await waitFor(() => expect(optionsOf(all)).toEqual(['Matemática', 'Português', 'História']));
    expect(all).toHaveValue('Matemática');
  });

  it('a teacher none of whose subjects is in the class is told so, with no grid asked for', async () => {
    stubScreen(true);
    const fetchMock = stubServer({
      grid: { disciplinas: [MATEMATICA] },
    });
    renderAt(<GradesPage />, '/lista');
    expect(await screen.findByText('Nenhuma disciplina sua em 7º Ano A')).toBeVisible();
    expect(optionsOf(screen.getByRole('combobox', { name: 'Disciplina' }))).toEqual(['Nenhuma disciplina']);
    expect(fetchMock.mock.calls.map(([url]) => url).some((url) => url.startsWith('/api/notas/turmas/'))).toBe(
      false,
    );
  });

  it('lists the classes by name, numbers by value, whatever the roll calls of the day', async () => {
    stubScreen(true);
    const classOf = (id: string, nome: string, pendentes: number) => rollClassOf({ id, nome, pendentes });
    stubServer({
      nivel: 'administrador',
      answers: {
        // The roll call's order: the classes with a roll due first.
        [`/api/frequencia/turmas?ano=${String(ano)}`]: [
          classOf('t10', '10º Ano A', 2),
          classOf('t2', '2º Ano A', 1),
          classOf('t1', '1º Ano B', 0),
          classOf('t1a', '1º Ano A', 0),
        ],
      },
    });
    renderAt(<GradesPage />, '/lista');
    const turma = await screen.findByRole('combobox', { name: 'Turma' });
    await waitFor(() => expect(optionsOf(turma)).toEqual(['1º Ano A', '1º Ano B', '2º Ano A', '10º Ano A']));
    expect(turma).toHaveValue('t1a');
  });

  it('opens on a class with grades, not on the Educação Infantil class the school order lists first', async () => {
    stubScreen(true);
    stubServer({
      answers: {
        [`/api/frequencia/turmas?ano=${String(ano)}`]: [
          rollClassOf({ id: 'pre', nome: 'Pré II A', serie: 'Pré II', frequencia_modo: 'diaria' }),
          rollClassOf({ id: 't1', nome: '7º Ano A' }),
        ],
      },
    });
    renderAt(<GradesPage />, '/lista');
    const turma = await screen.findByRole('combobox', { name: 'Turma' });
    await waitFor(() => expect(optionsOf(turma)).toEqual(['Pré II A', '7º Ano A']));
    // It opened on 'Pré II A': 'Turmas de Educação Infantil não têm notas', one more choice to make.
    expect(turma).toHaveValue('t1');
    expect(screen.queryByText(INFANTIL_SEM_NOTAS)).not.toBeInTheDocument();
  });

  it('an Educação Infantil class has no grades whatever its série is called (by its nível)', async () => {
    stubScreen(true);
    const fetchMock = stubServer({
      nivel: 'administrador',
      answers: {
        [`/api/frequencia/turmas?ano=${String(ano)}`]: [
          rollClassOf({
            id: 't1',
            nome: 'Jardim II A',
            alunos: 12,
            frequencia_modo: 'diaria',
            serie: 'Jardim II',
          }),
        ],
        '/api/turmas/t1/disciplinas': curriculumAnswer({
          turma_id: 't1',
          turma_nome: 'Jardim II A',
          nivel: 'Educação Infantil',
        }),
      },
    });
    renderAt(<GradesPage />, '/lista');
    expect(await screen.findByText(INFANTIL_SEM_NOTAS)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Abrir os pareceres da turma' })).toBeVisible();
    expect(screen.queryByText(/ainda não tem grade curricular/)).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => url).some((url) => url.startsWith('/api/notas/turmas/'))).toBe(
      false,
    );
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
    recuperacao: 'substitui_se_maior',
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
    expect(fetchMock.mock.calls.map(([url]) => url).some((url) => url.startsWith('/api/notas/turmas/'))).toBe(
      false,
    );
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
