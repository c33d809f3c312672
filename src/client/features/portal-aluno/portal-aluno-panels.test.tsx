// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import type { Absence, StudentAttendance } from '../../../shared/attendance.schemas';
import userEvent from '@testing-library/user-event';
import { renderAt, searchOf, stubApi } from '../../test/render';
import type { StudentLessons } from '../../../shared/tarefas.schemas';
import type { CalendarView } from '../../../shared/calendar.schemas';
import { AttendancePanel, CalendarPanel } from './portal-aluno-panels';
import { PortalAlunoPage } from './portal-aluno-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const alunoId = '00000000-0000-4000-8000-000000000001';

const figures = {
  aulas_dadas: 60,
  faltas: 4,
  faltas_justificadas: 1,
  faltas_abonadas: 1,
  frequencia: 93.3,
  abaixo_minimo: false,
  acima_limite_conselho: false,
};

const falta = (id: string, fields: Partial<Absence>): Absence => ({
  id,
  data: '2026-11-04',
  turma_nome: '7º Ano A',
  disciplina: 'Matemática',
  aula: 1,
  justificativa: null,
  situacao: 'injustificada',
  abono_motivo: null,
  abonada_em: null,
  ...fields,
});

/** The student's own attendance, its absences in the server's order or any other. */
function stubServer(faltas: Absence[]) {
  const body: StudentAttendance = {
    aluno: { id: alunoId, nome: 'Ana Souza', matricula: 'M-1', turma: null },
    ano: 2026,
    de: '2026-02-02',
    ate: '2026-12-11',
    geral: figures,
    frequencia_minima: 75,
    limite_conselho: 7.5,
    limite_faltas_conselho: 15,
    por_disciplina: [],
    faltas,
    somente_aulas_do_professor: false,
  };
  stubApi({ [`/api/frequencia/alunos/${alunoId}`]: body });
}

const linesOf = async () =>
  within(await screen.findByRole('region', { name: 'Faltas' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('Portal do Aluno: Frequência', () => {
  it('says the lesson and the situação of each absence, the latest day first', async () => {
    stubServer([
      falta('a1', { data: '2026-03-10', disciplina: null, aula: 0, situacao: 'abonada' }),
      falta('a2', { disciplina: 'Português' }),
      falta('a3', { disciplina: 'Matemática', aula: 2, justificativa: 'Atestado', situacao: 'justificada' }),
      falta('a4', {}),
      falta('a5', { disciplina: 'História' }),
    ]);
    renderAt(<AttendancePanel alunoId={alunoId} />);
    // One day's four absences no longer read as one date repeated.
    expect(await linesOf()).toEqual([
      '04/11/2026 · História Sem justificativa',
      '04/11/2026 · Matemática Sem justificativa',
      '04/11/2026 · Matemática (2ª aula) Justificada (conta como falta)',
      '04/11/2026 · Português Sem justificativa',
      '10/03/2026 · Dia inteiro Abonada (não conta)',
    ]);
  });
});

describe('Portal do Aluno: Tarefas', () => {
  it("is a tab with the student's own homework and lessons' content", async () => {
    stubApi({
      '/api/portal-aluno': {
        aluno: { id: alunoId, nome: 'Ana Souza', matricula: 'M-1' },
        turma: {
          id: '00000000-0000-4000-8000-000000000003',
          nome: '7º Ano A',
          serie: '7º ano',
          nivel: 'Fundamental II',
        },
        escola: 'Escola Modelo',
      },
      [`/api/frequencia/alunos/${alunoId}/tarefas`]: {
        aluno: { id: alunoId, nome: 'Ana Souza' },
        de: '2026-03-07',
        ate: '2026-03-20',
        aulas: [
          {
            id: '00000000-0000-4000-8000-000000000010',
            data: '2026-03-17',
            turma_nome: '7º Ano A',
            disciplina: 'História',
            aula: 1,
            professor_nome: 'Rui Lima',
            conteudo: 'Grécia antiga',
            atividades: 'Ler o capítulo 4',
          },
        ],
      } satisfies StudentLessons,
    });
    const router = renderAt(<PortalAlunoPage />, '/lista?aba=tarefas');
    expect((await screen.findByRole('tab', { name: 'Tarefas' })).getAttribute('aria-selected')).toBe('true');
    const day = await screen.findByRole('region', { name: 'Terça-feira, 17/03/2026' });
    expect(within(day).getByRole('heading', { level: 3, name: 'História' })).toBeTruthy();
    expect(day.textContent).toContain('Tarefa de casaLer o capítulo 4');
    // Another tab is another address: linkable, and Back returns to Tarefas.
    await userEvent.click(screen.getByRole('tab', { name: 'Calendário' }));
    expect(searchOf(router)).toEqual({ aba: 'calendario' });
  });
});

describe('Portal do Aluno: Calendário', () => {
  it('names a ponto facultativo as one, and an event by its kind when it has no description', async () => {
    const view: CalendarView = {
      de: '2027-02-01',
      ate: '2027-03-31',
      dias: [],
      eventos: [
        {
          id: '00000000-0000-4000-8000-000000000020',
          tipo: 'reuniao_pais',
          titulo: 'Reunião do 1º bimestre',
          descricao: null,
          inicio: '2027-03-20',
          fim: '2027-03-20',
          publico: true,
          version: 1,
        },
      ],
      feriados: [
        { data: '2027-02-09', nome: 'Carnaval', tipo: 'ponto_facultativo' },
        { data: '2027-03-26', nome: 'Sexta-feira Santa', tipo: 'feriado_nacional' },
      ],
    };
    stubApi({ '/api/calendario': view });
    renderAt(<CalendarPanel />);
    const items = within(await screen.findByRole('region', { name: 'Próximos 90 dias' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toEqual([
      '09/02/2027 · CarnavalPonto facultativo',
      '20/03/2027 · Reunião do 1º bimestreReunião de pais',
      '26/03/2027 · Sexta-feira SantaFeriado nacional',
    ]);
  });
});
