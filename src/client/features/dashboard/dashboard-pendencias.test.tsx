// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Pendencias } from '../../../shared/dashboard.schemas';
import { inTurn, renderAt, reply, stubApi } from '../../test/render';
import { PendenciasPanel } from './dashboard-pendencias';
import { pendenciaItems } from './dashboard-pendencias.items';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const pending: Pendencias = {
  academico: {
    ano_letivo_cadastrado: true,
    chamadas: {
      dias: ['2026-04-14', '2026-04-15', '2026-04-16', '2026-04-17', '2026-04-20'],
      aulas: 3,
      turmas: 2,
    },
    abaixo_minimo: 4,
    conselho_tutelar: 9,
    notas: { periodo_nome: '2º bimestre', sem_avaliacao: 5, notas_faltando: 31, disciplinas: 40 },
    pareceres_faltando: null,
    pareceres_para_revisao: 3,
    retificacoes_pendentes: 1,
  },
  secretaria: null,
  mensagens_nao_lidas: 1,
};

const settled: Pendencias = {
  academico: {
    ano_letivo_cadastrado: true,
    chamadas: { dias: ['2026-04-20'], aulas: 0, turmas: 0 },
    abaixo_minimo: 0,
    conselho_tutelar: 0,
    notas: { periodo_nome: '2º bimestre', sem_avaliacao: 0, notas_faltando: 0, disciplinas: 40 },
    pareceres_faltando: null,
    pareceres_para_revisao: 0,
    retificacoes_pendentes: 0,
  },
  secretaria: null,
  mensagens_nao_lidas: 0,
};

describe('pendenciaItems', () => {
  it('asks a new school for its first school year instead of listing green checks', () => {
    const before = { ...settled, academico: { ...settled.academico!, ano_letivo_cadastrado: false } };
    expect(pendenciaItems(before).map((item) => [item.text, item.link.label, item.done])).toEqual([
      ['Nenhum ano letivo cadastrado', 'Cadastrar o ano letivo', false],
      ['Nenhuma mensagem por ler', 'Abrir as mensagens', true],
    ]);
  });

  it('says what to chase, in the coordination’s words', () => {
    expect(pendenciaItems(pending).map((item) => [item.text, item.detail, item.done])).toEqual([
      ['3 chamadas por fazer em 2 turmas', 'Desde 14/04/2026 (5 dias letivos)', false],
      [
        '4 alunos abaixo da frequência mínima',
        '9 alunos com faltas acima do limite de aviso ao Conselho Tutelar',
        false,
      ],
      ['2º bimestre: 5 de 40 disciplinas sem avaliação · 31 notas por lançar', undefined, false],
      ['3 pareceres para revisar ou publicar', undefined, false],
      ['1 pedido de retificação de nota para decidir', undefined, false],
      ['1 mensagem não lida', undefined, false],
    ]);
    expect(pendenciaItems(pending).find((item) => item.key === 'pareceres')?.link.to).toBe(
      '/dashboard/pareceres?ver=pendentes',
    );
  });

  it('and that nothing waits, when nothing does', () => {
    expect(pendenciaItems(settled).map((item) => [item.text, item.done])).toEqual([
      ['Todas as chamadas dos últimos dias letivos foram feitas', true],
      ['Nenhum aluno abaixo da frequência mínima', true],
      ['2º bimestre: notas em dia', true],
      ['Nenhuma mensagem por ler', true],
    ]);
    expect(pendenciaItems({ ...settled, academico: { ...settled.academico!, notas: null } })[2]!.text).toBe(
      'Fora de um período letivo',
    );
  });

  it('the Educação Infantil children without a parecer of the period, linking to where they are written', () => {
    const infantil = (
      turmas: { turma_id: string; turma_nome: string; sem_parecer: number; criancas: number }[],
    ) =>
      pendenciaItems({
        ...settled,
        academico: {
          ...settled.academico!,
          pareceres_faltando: {
            periodo_id: 'p2',
            periodo_nome: '2º bimestre',
            criancas: turmas.reduce((sum, turma) => sum + turma.sem_parecer, 0),
            turmas,
          },
        },
      }).find((item) => item.key === 'pareceres-faltando');
    const missing = infantil([
      { turma_id: 'pre-a', turma_nome: 'Pré II A', sem_parecer: 2, criancas: 12 },
      { turma_id: 'pre-b', turma_nome: 'Pré II B', sem_parecer: 1, criancas: 10 },
    ]);
    expect(missing).toMatchObject({
      done: false,
      text: '2º bimestre: 3 crianças da Educação Infantil sem parecer',
      detail: 'Pré II A (2 de 12), Pré II B (1 de 10)',
      link: { to: '/dashboard/pareceres?turma=pre-a&periodo=p2', label: 'Escrever os pareceres' },
    });
    expect(infantil([])).toMatchObject({
      done: true,
      text: '2º bimestre: pareceres da Educação Infantil em dia',
    });
  });

  it('the secretaria’s: each year’s families waiting, the Portal do Aluno’s requests', () => {
    const secretaria: Pendencias = {
      academico: null,
      secretaria: {
        matriculas: [
          { ano: 2026, interessados: 0, pre_matriculas: 0, contratos_assinados: 1 },
          { ano: 2027, interessados: 3, pre_matriculas: 2, contratos_assinados: 0 },
        ],
        pedidos_portal: 1,
      },
      mensagens_nao_lidas: 0,
    };
    expect(pendenciaItems(secretaria).map((item) => [item.text, item.link.to])).toEqual([
      [
        'Matrículas 2026: 1 contrato assinado para matricular',
        '/dashboard/matriculas?aba=lista&ano=2026&etapa=contrato_assinado',
      ],
      [
        'Matrículas 2027: 2 pré-matrículas para analisar · 3 famílias interessadas sem contato',
        '/dashboard/matriculas?aba=lista&ano=2027&etapa=pre_matricula',
      ],
      ['1 pedido de família sobre o Portal do Aluno', '/dashboard/alunos?pedidos=portal'],
      ['Nenhuma mensagem por ler', '/dashboard/mensagens'],
    ]);
    const none = { ...secretaria, secretaria: { matriculas: [], pedidos_portal: 0 } };
    expect(pendenciaItems(none).map((item) => [item.text, item.done])).toEqual([
      ['Nenhuma família esperando nas matrículas', true],
      ['Nenhuma mensagem por ler', true],
    ]);
  });
});

describe('PendenciasPanel', () => {
  it('links each pending item to the screen that settles it', async () => {
    stubApi({ '/api/dashboard/pendencias': pending });
    renderAt(<PendenciasPanel />);
    const panel = await screen.findByRole('region', { name: 'Pendências' });
    expect(await within(panel).findByRole('link', { name: 'Ver os alertas' })).toHaveAttribute(
      'href',
      '/dashboard/frequencia?aba=alertas',
    );
    expect(within(panel).getByRole('link', { name: 'Abrir a chamada' })).toHaveAttribute(
      'href',
      '/dashboard/frequencia',
    );
    expect(within(panel).getByRole('link', { name: 'Ver o lançamento de notas' })).toHaveAttribute(
      'href',
      '/dashboard/notas',
    );
  });

  it('shows no link where nothing waits', async () => {
    stubApi({ '/api/dashboard/pendencias': settled });
    renderAt(<PendenciasPanel />);
    const panel = await screen.findByRole('region', { name: 'Pendências' });
    await within(panel).findByText('2º bimestre: notas em dia');
    expect(within(panel).queryByRole('link')).toBeNull();
  });

  it('says so when the first read fails, and reads again when asked', async () => {
    const failed = reply(500, { success: false, message: 'Erro interno' });
    stubApi({ '/api/dashboard/pendencias': inTurn(failed, failed, failed, pending) });
    renderAt(<PendenciasPanel />);
    const panel = await screen.findByRole('region', { name: 'Pendências' });
    // The query's own two retries come first (providers.tsx).
    expect(
      await within(panel).findByText('Não foi possível carregar as pendências.', {}, { timeout: 8000 }),
    ).toBeVisible();
    await userEvent.click(within(panel).getByRole('button', { name: 'Tentar de novo' }));
    expect(await within(panel).findByRole('link', { name: 'Ver os alertas' })).toBeVisible();
    expect(within(panel).queryByText('Não foi possível carregar as pendências.')).toBeNull();
  });
});
