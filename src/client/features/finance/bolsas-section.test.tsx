// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAt, reply, stubApi } from '../../test/render';
import { BolsasSection } from './bolsas-section';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ana = {
  id: '00000000-0000-4000-8000-000000000a01',
  nome: 'Ana Souza',
  matricula: 'M001',
  turma_nome: '5º Ano A',
  bolsa_percentual: null,
};
const efeito =
  '9 mensalidades em aberto (03/2026 a 11/2026) passam a R$ 680,00; as vencidas e as pagas ficam como estavam.';

function stubBolsas(alteradas: number) {
  return stubApi({
    '/api/financeiro/bolsas': [],
    '/api/financeiro/alunos': [ana],
    [`/api/financeiro/bolsas/${ana.id}/simular`]: {
      alteradas,
      canceladas: 0,
      mensagem: alteradas > 0 ? efeito : 'Vale para as mensalidades geradas daqui em diante.',
    },
    [`/api/financeiro/bolsas/${ana.id}`]: reply(200, {
      success: true,
      data: [],
      message: `Bolsa salva. ${alteradas > 0 ? efeito : 'Vale para as mensalidades geradas daqui em diante.'}`,
    }),
  });
}

async function fillBolsa() {
  await userEvent.selectOptions(
    await screen.findByLabelText('Aluno'),
    await screen.findByRole('option', { name: 'Ana Souza (5º Ano A)' }),
  );
  await userEvent.type(screen.getByLabelText('Bolsa (%)'), '20');
  await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
}

describe('Bolsas: a bolsa that changes months already generated (ADR 0130)', () => {
  it('asks first, saying which months change, and saves only on confirmation; the answer stays on the screen', async () => {
    const api = stubBolsas(9);
    renderAt(<BolsasSection />);
    await fillBolsa();
    const dialog = await screen.findByRole('dialog', { name: 'Mudar as mensalidades já geradas?' });
    expect(within(dialog).getByText(efeito)).toBeTruthy();
    expect(api.requests.filter((request) => request.method === 'PUT')).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar bolsa' }));
    expect(await screen.findByRole('status')).toHaveTextContent(`Bolsa salva. ${efeito}`);
    const put = api.requests.find((request) => request.method === 'PUT');
    expect(put?.body).toEqual({ percentual: 20, motivo: null });
  });

  it('Voltar keeps everything as it was', async () => {
    const api = stubBolsas(9);
    renderAt(<BolsasSection />);
    await fillBolsa();
    const dialog = await screen.findByRole('dialog', { name: 'Mudar as mensalidades já geradas?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Voltar' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.requests.filter((request) => request.method === 'PUT')).toEqual([]);
  });

  it('saves at once when no month would change', async () => {
    const api = stubBolsas(0);
    renderAt(<BolsasSection />);
    await fillBolsa();
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Bolsa salva. Vale para as mensalidades geradas daqui em diante.',
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.requests.filter((request) => request.method === 'PUT')).toHaveLength(1);
  });
});
