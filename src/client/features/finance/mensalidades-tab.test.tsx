// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mensalidadeAnswer, uuidOf } from '../../test/answers';
import { renderAt, searchOf, stubApi } from '../../test/render';
import { MensalidadesTab } from './mensalidades-tab';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const lucas = uuidOf(42);

/** The tab's reads: no comprovante waiting, no boleto bank, and `mensalidades` as the list's answer. */
const stubTab = (mensalidades: object) =>
  stubApi(
    {
      '/api/financeiro/comprovantes': [],
      '/api/financeiro/boleto/disponivel': { disponivel: false, banco_nome: null },
      '/api/financeiro/mensalidades': mensalidades,
    },
    [],
  );

describe('MensalidadesTab', () => {
  it("opens one student's charges by id (the departure notice's link) and names the student as the filter", async () => {
    const fetchMock = stubTab({
      items: [mensalidadeAnswer({ aluno_id: lucas, aluno_nome: 'Lucas Almeida' })],
      total: 1,
      page: 1,
      pageSize: 20,
    });
    const router = renderAt(<MensalidadesTab manage />, `/lista?aba=mensalidades&aluno=${lucas}&mes=`);
    const filter = await screen.findByTestId('filtro-aluno');
    await within(filter).findByText('Lucas Almeida');
    expect(filter.textContent).toBe('Mostrando só as cobranças de Lucas Almeida.Mostrar todas');
    const asked = fetchMock.requests
      .filter((request) => request.path === '/api/financeiro/mensalidades')
      .map((request) => new URL(request.url, 'http://escola.test').searchParams);
    expect(asked.at(-1)?.get('aluno_id')).toBe(lucas);
    expect(asked.at(-1)?.get('q')).toBeNull();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Mostrar todas' }));
    expect(searchOf(router).aluno).toBeUndefined();
    expect(screen.queryByTestId('filtro-aluno')).toBeNull();
  });

  it("names the guardian whose charges a family's filter shows (Inadimplência → 'Ver mensalidades')", async () => {
    const rita = uuidOf(7);
    const fetchMock = stubTab({
      items: [mensalidadeAnswer({ aluno_id: lucas, aluno_nome: 'Lucas Almeida' })],
      total: 1,
      responsavel_nome: 'Rita Prado',
      page: 1,
      pageSize: 20,
    });
    renderAt(<MensalidadesTab manage />, `/lista?aba=mensalidades&responsavel=${rita}&status=vencido&mes=`);
    const filter = await screen.findByTestId('filtro-responsavel');
    await within(filter).findByText('Rita Prado');
    expect(filter.textContent).toBe(
      'Mostrando só as mensalidades de Rita Prado (dos alunos de quem é o responsável principal).Mostrar todas',
    );
    const asked = fetchMock.requests.filter((request) => request.path === '/api/financeiro/mensalidades');
    expect(new URL(asked.at(-1)!.url, 'http://escola.test').searchParams.get('responsavel_id')).toBe(rita);
  });

  it('names the kinds the list holds: a fee among the months is in the heading (ADR 0108)', async () => {
    const page = (items: unknown[], taxas: number) => ({
      items,
      total: items.length,
      taxas_matricula: taxas,
      page: 1,
      pageSize: 20,
    });
    stubTab(
      page(
        [
          mensalidadeAnswer({ aluno_id: lucas, aluno_nome: 'Lucas Almeida' }),
          mensalidadeAnswer({
            id: uuidOf(43),
            aluno_id: lucas,
            aluno_nome: 'Lucas Almeida',
            tipo: 'taxa_matricula',
            anuidade_ano: 2027,
          }),
        ],
        1,
      ),
    );
    renderAt(<MensalidadesTab manage />, `/lista?aba=mensalidades&aluno=${lucas}&mes=`);
    expect(await screen.findByRole('heading', { name: 'Mensalidades e taxa de matrícula (2)' })).toBeTruthy();
  });
});

// At the desk the financeiro types the child's name: the family asks what they owe, last month's overdue
// tuition included — a name search is not held to this month (it was: only December showed).
describe('a search by name', () => {
  const askedMonths = (requests: { path: string; url: string }[]) =>
    requests
      .filter((request) => request.path === '/api/financeiro/mensalidades')
      .map((request) => new URL(request.url, 'http://escola.test').searchParams.get('mes'));

  const stubList = () =>
    stubTab({
      items: [
        mensalidadeAnswer({ aluno_id: lucas, aluno_nome: 'Lucas Almeida' }),
        mensalidadeAnswer({
          id: uuidOf(44),
          aluno_id: lucas,
          aluno_nome: 'Lucas Almeida',
          mes_referencia: '2026-11',
          status: 'vencido',
        }),
      ],
      total: 2,
      page: 1,
      pageSize: 20,
    });

  it("shows the student's every month, and the school's list opens on this month", async () => {
    let api = stubList();
    renderAt(<MensalidadesTab manage />, '/lista?aba=mensalidades&q=Lucas');
    expect(await screen.findByRole('heading', { name: 'Mensalidades (2)' })).toBeTruthy();
    expect(askedMonths(api.requests).at(-1)).toBeNull();
    cleanup();

    api = stubList();
    renderAt(<MensalidadesTab manage />, '/lista?aba=mensalidades');
    expect(await screen.findByRole('heading', { name: /^Mensalidades de / })).toBeTruthy();
    expect(askedMonths(api.requests).at(-1)).toMatch(/^\d{4}-\d{2}$/);
  });

  it('keeps a month picked with the name', async () => {
    const api = stubList();
    renderAt(<MensalidadesTab manage />, '/lista?aba=mensalidades&q=Lucas&mes=2026-11');
    expect(await screen.findByRole('heading', { name: 'Mensalidades de novembro de 2026 (2)' })).toBeTruthy();
    expect(askedMonths(api.requests).at(-1)).toBe('2026-11');
  });
});
