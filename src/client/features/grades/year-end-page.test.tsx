// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import type { YearEndStatus } from '../../../shared/year-end.schemas';
import type { SchoolYear } from '../../../shared/calendar.schemas';
import { pinDate, renderAt, schoolYearOf, stubApi, stubScreen } from '../../test/render';
import { YearEndPage } from './year-end-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const reason =
  'O ano letivo 2026 vai até 11/12/2026 e só pode ser encerrado a partir desse dia: encerrar antes fecharia as notas e as chamadas dos dias letivos que ainda faltam.';

function stubServer(status: YearEndStatus, years?: SchoolYear[]) {
  const year = schoolYearOf({ id: uuid(1) });
  const tasks = `/api/anos-letivos/${uuid(1)}/tarefas`;
  stubApi({ '/api/anos-letivos': years ?? [year], [tasks]: [] }, ({ url }) =>
    url.endsWith('/encerramento') ? status : null,
  );
}

const statusOf = (overrides: Partial<YearEndStatus>): YearEndStatus => ({
  ano_letivo_id: uuid(1),
  ano: 2026,
  inicio: '2026-02-02',
  fim: '2026-12-11',
  turmas: 4,
  alunos: 120,
  periodos: [],
  encerrado: false,
  encerrado_em: null,
  encerrado_por_nome: null,
  rematricula_em: null,
  rematricula_resumo: null,
  encerramento_bloqueio: null,
  rematricula_bloqueio: null,
  pendencias_recuperacao_final: null,
  ...overrides,
});

describe('YearEndPage', () => {
  it('does not offer to close a year still in progress, and says until when', async () => {
    stubScreen(true);
    stubServer(statusOf({ encerramento_bloqueio: reason }));
    renderAt(<YearEndPage />);
    const button = await screen.findByRole('button', { name: 'Encerrar ano' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(reason);
  });

  it('offers to close it from its last day', async () => {
    stubScreen(true);
    stubServer(statusOf({}));
    renderAt(<YearEndPage />);
    expect(await screen.findByRole('button', { name: 'Encerrar ano' })).toBeEnabled();
  });
});

describe('YearEndPage: a new school', () => {
  it('with no school year, links to the Calendário to open one', async () => {
    stubScreen(true);
    stubServer(statusOf({}), []);
    renderAt(<YearEndPage />);
    expect(await screen.findByText('Nenhum ano letivo cadastrado')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Abrir o ano letivo no Calendário' })).toHaveAttribute(
      'href',
      '/dashboard/calendario',
    );
  });

  it('with a year and no class, says so and links to Turmas', async () => {
    stubScreen(true);
    stubServer(statusOf({ turmas: 0, alunos: 0 }));
    renderAt(<YearEndPage />);
    const notice = await screen.findByText(/Nenhuma turma em 2026: cadastre as turmas do ano/);
    expect(within(notice).getByRole('link', { name: 'Turmas' })).toHaveAttribute('href', '/dashboard/turmas');
  });
});

describe('YearEndPage: next year, opened in December', () => {
  pinDate('2026-12-02T12:00:00-03:00');
  const next = { ano: 2027, inicio: '2027-02-02', fim: '2027-12-10' };
  const bimestre = (n: number, turmas_abertas: number) => ({
    id: uuid(10 + n),
    nome: `${String(n)}º bimestre`,
    data_fechamento: `2027-0${String(2 * n)}-20`,
    turmas_abertas,
    turmas_publicadas: 0,
  });

  it('is not under way yet: the year has not begun', async () => {
    stubScreen(true);
    stubServer(statusOf({ ...next, turmas: 3, periodos: [bimestre(1, 3)] }), [
      schoolYearOf({ id: uuid(1), ...next }),
    ]);
    renderAt(<YearEndPage />);
    expect(await screen.findByText('Não iniciado')).toBeVisible();
    expect(screen.queryByText('Em andamento')).toBeNull();
  });

  it('with no class yet, its periods are not called closed', async () => {
    stubScreen(true);
    stubServer(statusOf({ ...next, turmas: 0, alunos: 0, periodos: [bimestre(1, 0), bimestre(2, 0)] }), [
      schoolYearOf({ id: uuid(1), ...next }),
    ]);
    renderAt(<YearEndPage />);
    expect(await screen.findAllByText('Sem turmas')).toHaveLength(2);
    expect(screen.queryByText('Fechado')).toBeNull();
  });
});
