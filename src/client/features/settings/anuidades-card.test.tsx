// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AnuidadesAno, MatriculasConfig } from '../../../shared/anuidades.schemas';
import { MENSAGEM_INADIMPLENCIA_PADRAO } from '../../../shared/anuidades.schemas';
import { todayIso } from '../../../shared/format';
import { renderAt, reply, stubApi } from '../../test/render';
import { AnuidadesCard } from './anuidades-card';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ano = Number(todayIso().slice(0, 4)) + 1;
const config: MatriculasConfig = {
  recusar_inadimplentes: false,
  mensagem_inadimplencia: MENSAGEM_INADIMPLENCIA_PADRAO,
  rematricula_aplica: 'todos',
  version: 0,
};
const vazio: AnuidadesAno = {
  ano_letivo: ano,
  anuidades: [],
  publicacao: null,
  series_sugeridas: ['4º ano'],
};
const comQuarto: AnuidadesAno = {
  ...vazio,
  anuidades: [
    {
      id: '11111111-1111-4111-8111-111111111111',
      ano_letivo: ano,
      serie: '4º ano',
      valor_anual_centavos: 1_200_000,
      prazo_matricula: `${String(ano)}-03-01`,
      planos: [
        {
          id: '22222222-2222-4222-8222-222222222222',
          nome: 'Padrão',
          parcelas: 12,
          valor_parcela_centavos: 100_000,
          taxa_matricula_centavos: 0,
          primeira_parcela_centavos: 100_000,
          total_centavos: 1_200_000,
          valor_anual_centavos: 1_200_000,
          padrao: true,
        },
      ],
      version: 1,
      atualizado_em: '2026-11-29T12:00:00.000Z',
    },
  ],
};

describe('Configurações → Matrículas → Anuidades e planos', () => {
  it('computes the standard instalment with the fee and refuses, as it is typed, a plan above the anuidade', async () => {
    stubApi({
      '/api/matriculas/anuidades': vazio,
      '/api/matriculas/anuidades/avisos': [],
      '/api/matriculas/anuidades/configuracao': config,
    });
    renderAt(<AnuidadesCard />);
    await userEvent.click(await screen.findByRole('button', { name: '4º ano' }));
    const editor = await screen.findByRole('dialog');
    await userEvent.type(within(editor).getByLabelText(/Valor anual/), '12.000,00');
    await userEvent.type(within(editor).getAllByLabelText('Taxa de matrícula (R$)')[0]!, '500,00');
    expect(within(editor).getAllByLabelText('Valor da parcela (R$)')[0]).toHaveValue('958,33');
    // ADR 0094: the rounding remainder goes on the 1st instalment, so the plan is exactly the anuidade.
    expect(
      within(editor)
        .getByText(/da anuidade$/)
        .textContent.replace(/\s/g, ' '),
    ).toBe('1ª de R$ 958,37 + 11× de R$ 958,33 · Total R$ 12.000,00 de R$ 12.000,00 da anuidade');
    await userEvent.click(within(editor).getByRole('button', { name: 'Adicionar plano alternativo' }));
    await userEvent.type(within(editor).getAllByLabelText('Nome do plano')[1]!, 'À vista');
    await userEvent.type(within(editor).getAllByLabelText('Valor da parcela (R$)')[1]!, '12.000,00');
    await userEvent.type(within(editor).getAllByLabelText('Taxa de matrícula (R$)')[1]!, '1,00');
    expect(within(editor).getByRole('alert').textContent).toMatch(
      /O plano “À vista” soma R\$ 12\.001,00, acima da anuidade/,
    );
    expect(within(editor).getByRole('button', { name: 'Salvar anuidade' })).toBeDisabled();
  });

  it('publishes with the contract in force (its four fields), or without one when there is none', async () => {
    let vigente: unknown = reply(404, { success: false, message: 'Não encontrado', code: 'NOT_FOUND' });
    const api = stubApi({
      '/api/matriculas/anuidades': comQuarto,
      '/api/matriculas/anuidades/avisos': [],
      '/api/matriculas/anuidades/configuracao': config,
      '/api/matriculas/modelos-contrato/vigente': () => vigente,
      '/api/matriculas/anuidades/publicar': { publicado_em: '2026-11-29T12:00:00.000Z' },
    });
    renderAt(<AnuidadesCard />);
    const publish = async () => {
      await userEvent.click(await screen.findByRole('button', { name: `Publicar ${String(ano)}` }));
      await userEvent.click(
        within(await screen.findByRole('dialog')).getByRole('button', { name: 'Publicar' }),
      );
    };
    await publish();
    await waitFor(() =>
      expect(api.requests.filter((item) => item.path.endsWith('/publicar'))).toHaveLength(1),
    );
    expect(api.requests.find((item) => item.path.endsWith('/publicar'))!.body).toEqual({
      ano_letivo: ano,
      contrato: null,
    });
    vigente = {
      id: '33333333-3333-4333-8333-333333333333',
      titulo: 'Contrato 2027',
      corpo: 'Cláusula 1ª',
      versao: 2,
      atualizado_em: '2026-11-20T12:00:00.000Z',
      campos: ['aluno'],
    };
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await publish();
    await waitFor(() =>
      expect(api.requests.filter((item) => item.path.endsWith('/publicar'))).toHaveLength(2),
    );
    expect(api.requests.filter((item) => item.path.endsWith('/publicar'))[1]!.body).toEqual({
      ano_letivo: ano,
      contrato: {
        titulo: 'Contrato 2027',
        corpo: 'Cláusula 1ª',
        versao: 2,
        atualizado_em: '2026-11-20T12:00:00.000Z',
      },
    });
  });
});
