// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { comunicadoListItemSchema, type Comunicado } from '../../shared/comunicados.schemas';
import { paths } from '../../shared/routes';
import { calendarViewAnswer } from '../test/answers';
import { adminUser, pinDate, signedInAs, stubApi, stubScreen } from '../test/render';
import { openAppAt } from '../test/open-app-at';

pinDate('2026-12-02T15:00:00Z');
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const student = { ...adminUser, nome: 'Caio Moraes', nivel: 'aluno' as const, tipo: 'student' as const };

const notice: Comunicado = {
  id: '00000000-0000-4000-8000-0000000000d1',
  titulo: 'Simulado do Enem',
  corpo: 'O simulado é no sábado, às 8h.',
  publico: {
    tipo: 'escola',
    segmentos: [],
    series: [],
    turmas: [],
    alunos: [],
    destinatarios: 'alunos',
  },
  publico_descricao: 'Para: alunos',
  exige_ciente: false,
  publicar_em: '2026-12-01T12:00:00.000Z',
  publicado_em: '2026-12-01T12:00:00.000Z',
  expira_em: null,
  autor: { id: null, nome: 'Coordenação' },
  anexos: [],
  version: 1,
  versao_texto: 1,
  removido_em: null,
  removido_por: null,
  created_at: '2026-12-01T12:00:00.000Z',
  recebido: { lido_em: null, ciente_em: null, cientes: [], alunos: [] },
  contagem: null,
  alunos_escolhidos: [],
  pode_editar: false,
};

describe("a student's Calendário (the menu's only screen besides the Portal do Aluno)", () => {
  it("is the family's calendar, without the school's count of dias letivos, closing dates or site column", async () => {
    stubScreen(false);
    stubApi({
      '/api/auth/me': signedInAs(student),
      '/api/anos-letivos': [],
      '/api/calendario': calendarViewAnswer({
        de: '2026-12-01',
        ate: '2026-12-31',
        eventos: [
          {
            id: '00000000-0000-4000-8000-0000000000c1',
            tipo: 'prova',
            titulo: 'Semana de provas',
            descricao: null,
            inicio: '2026-12-07',
            fim: '2026-12-11',
            publico: true,
            version: 1,
          },
        ],
      }),
    });
    openAppAt(paths.calendar);
    expect(await screen.findByText('Semana de provas')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Calendário', level: 1 })).toBeVisible();
    expect(screen.queryByText('Calendário Escolar')).toBeNull();
    expect(screen.queryByText(/dias letivos/)).toBeNull();
    expect(screen.queryByText(/Fecha em/)).toBeNull();
    expect(screen.queryByText('Site')).toBeNull();
  });
});

describe("a comunicado's notification, followed by a student", () => {
  it("opens the comunicado in the Portal do Aluno, not the staff's screen he may not open", async () => {
    stubScreen(false);
    const listed = comunicadoListItemSchema.parse({
      ...notice,
      resumo: 'O simulado é no sábado.',
      anexos_total: 0,
    });
    stubApi({
      '/api/auth/me': signedInAs(student),
      '/api/portal-aluno': {
        aluno: { id: '00000000-0000-4000-8000-0000000000e1', nome: 'Caio Moraes', matricula: '2026M002' },
        turma: null,
        escola: 'Escola',
      },
      '/api/comunicados': {
        items: [listed],
        total: 1,
        page: 1,
        pageSize: 20,
        nao_lidos: 1,
      },
      [`/api/comunicados/${notice.id}`]: notice,
    });
    const router = openAppAt(`${paths.comunicados}?id=${notice.id}`);
    expect(await screen.findByText('O simulado é no sábado, às 8h.')).toBeVisible();
    expect(router.state.location.pathname).toBe(paths.studentPortal);
    expect(screen.getByRole('tab', { name: 'Comunicados' })).toHaveAttribute('aria-selected', 'true');
    expect(
      within(screen.getByRole('region', { name: 'Comunicados para os alunos' })).getByRole('button', {
        expanded: true,
      }),
    ).toHaveTextContent('Simulado do Enem');
    expect(screen.queryByText('Acesso negado')).toBeNull();
  });
});

describe('a staff address a student types', () => {
  it("says access denied and leads back to the Portal do Aluno, never 'Dashboard'", async () => {
    stubScreen(false);
    stubApi({ '/api/auth/me': signedInAs(student) });
    openAppAt(paths.students);
    expect(await screen.findByRole('heading', { name: 'Acesso negado' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Ir para o Portal do Aluno' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    expect(screen.queryByText(/Ir para Dashboard/)).toBeNull();
  });

  it('names every level the area is for, not one of them (Mensagens: not only the professores)', async () => {
    stubScreen(false);
    stubApi({ '/api/auth/me': signedInAs(student) });
    openAppAt(paths.mensagens);
    expect(await screen.findByRole('heading', { name: 'Acesso negado' })).toBeVisible();
    expect(screen.getByText('Esta área é para administradores, professores e responsáveis.')).toBeVisible();
    expect(screen.getByText('Administrador, Professor e Responsável')).toBeVisible();
    expect(screen.queryByText('Apenas professores podem acessar esta área.')).toBeNull();
  });
});
