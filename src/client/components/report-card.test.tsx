// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReportCard } from '../../shared/grades.schemas';
import { renderAt, searchOf, stubScreen } from '../test/render';
import { ReportCardView, yearParamOf } from './report-card';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const alunoId = '00000000-0000-4000-8000-000000000001';

const json = (data: unknown) =>
  new Response(JSON.stringify({ success: true, data }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

function cardOf(ano: number): ReportCard {
  return {
    aluno: { id: alunoId, nome: 'Ana Souza', matricula: 'M-1' },
    turma: { id: 't', nome: ano === 2026 ? '6º A' : '5º A', serie: ano === 2026 ? '6º ano' : '5º ano' },
    ano,
    ano_letivo_id: `ano-${String(ano)}`,
    ano_encerrado: ano < 2026,
    escala: '0-10',
    media_aprovacao: 6,
    periodos: [],
    disciplinas: [],
    frequencia: { aulas_dadas: 0, faltas: 0, frequencia: null },
    situacao: 'cursando',
    situacao_calculada: null,
    conselho: null,
    somente_publicados: false,
  };
}

/**
 * The server as the browser sees it: the school's years (2024–2026), a signed-in guardian and the
 * boletim of the year asked (the current one, 2026, when none is). Keeps the boletim URLs asked.
 */
function stubServer() {
  const asked: string[] = [];
  vi.stubGlobal('fetch', (url: string) => {
    if (url.startsWith('/api/boletins/alunos/')) {
      asked.push(url);
      const ano = new URL(url, 'http://escola.test').searchParams.get('ano');
      return Promise.resolve(json(cardOf(ano ? Number(ano) : 2026)));
    }
    if (url === '/api/anos-letivos') return Promise.resolve(json([2024, 2025, 2026].map((ano) => ({ ano }))));
    if (url === '/api/auth/me')
      return Promise.resolve(json({ user: { id: 'u', nome: 'Responsável', nivel: 'responsavel' } }));
    return Promise.resolve(new Response('{}', { status: 404 }));
  });
  return asked;
}

describe('ReportCardView: the year in the URL', () => {
  it('picking a year puts it in the URL beside the screen’s own state; Back returns to the year before', async () => {
    stubScreen(true);
    const asked = stubServer();
    const router = renderAt(<ReportCardView alunoId={alunoId} />, `/lista?aluno=${alunoId}&page=2`);
    const boletim = await screen.findByRole('region', { name: 'Boletim 2026 — 6º A' });
    expect(asked).toEqual([`/api/boletins/alunos/${alunoId}`]);

    await userEvent.selectOptions(within(boletim).getByLabelText('Ano do boletim'), '2025');
    expect(await screen.findByRole('heading', { name: 'Boletim 2025 — 5º A' })).toBeInTheDocument();
    expect(searchOf(router)).toEqual({ aluno: alunoId, page: '2', ano: '2025' });
    expect(asked.at(-1)).toBe(`/api/boletins/alunos/${alunoId}?ano=2025`);
    expect(screen.getByLabelText('Ano do boletim')).toHaveValue('2025');

    await act(() => router.navigate(-1));
    expect(await screen.findByRole('heading', { name: 'Boletim 2026 — 6º A' })).toBeInTheDocument();
    expect(searchOf(router)).toEqual({ aluno: alunoId, page: '2' });
  });

  it('a reload or a shared link with ?ano= opens that year straight away', async () => {
    stubScreen(false);
    const asked = stubServer();
    renderAt(<ReportCardView alunoId={alunoId} />, '/lista?ano=2024');
    expect(await screen.findByRole('heading', { name: 'Boletim 2024 — 5º A' })).toBeInTheDocument();
    expect(asked).toEqual([`/api/boletins/alunos/${alunoId}?ano=2024`]);
    expect(screen.getByLabelText('Ano do boletim')).toHaveValue('2024');
  });

  it('a hand-edited year that is not a year is ignored: the current boletim', () => {
    expect(yearParamOf('2025')).toBe(2025);
    expect(yearParamOf(null)).toBeUndefined();
    expect(yearParamOf('')).toBeUndefined();
    expect(yearParamOf('abc')).toBeUndefined();
    expect(yearParamOf('20251')).toBeUndefined();
    expect(yearParamOf('2025; drop')).toBeUndefined();
  });
});
