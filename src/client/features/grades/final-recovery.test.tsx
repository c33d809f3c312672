// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FinalRecoveryList } from '../../../shared/final-recovery.schemas';
import { reply, stubApi } from '../../test/render';
import { FinalRecovery } from './final-recovery';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const listUrl = `/api/recuperacao-final/turmas/${uuid(1)}`;

const listOf = (overrides: Partial<FinalRecoveryList> = {}): FinalRecoveryList => ({
  turma: { id: uuid(1), nome: '7º Ano A' },
  disciplina: 'Matemática',
  ano: 2026,
  escala: '0-10',
  regra: 'media',
  media_aprovacao: 6,
  media_recuperacao_final: 5,
  bloqueio: null,
  alunos: [
    {
      aluno_id: uuid(2),
      nome: 'Bruno Lima',
      matricula: 'M-2',
      media_anual: 4,
      media_anual_texto: '4,0',
      recuperacao_final: null,
      recuperacao_final_texto: null,
      media_final_texto: null,
      situacao: 'em_recuperacao',
      version: 0,
    },
  ],
  ...overrides,
});

function renderSection() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <FinalRecovery turmaId={uuid(1)} disciplina="Matemática" />
    </QueryClientProvider>,
  );
}

describe('FinalRecovery', () => {
  it('lists the students below the average and sends the grade typed, with its version', async () => {
    const user = userEvent.setup();
    const api = stubApi({
      [listUrl]: listOf(),
      '/api/recuperacao-final': (request) =>
        request.method === 'PUT'
          ? listOf({
              alunos: [
                {
                  ...listOf().alunos[0]!,
                  recuperacao_final: 6,
                  recuperacao_final_texto: '6,0',
                  media_final_texto: '5,0',
                  situacao: 'aprovado',
                  version: 1,
                },
              ],
            })
          : null,
    });
    renderSection();
    expect(
      await screen.findByRole('heading', { name: 'Recuperação final — Matemática' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/com média anual abaixo de 6,0/)).toBeInTheDocument();
    expect(screen.getByText(/a média final precisa chegar a 5,0/)).toBeInTheDocument();
    const row = screen.getByRole('listitem');
    expect(within(row).getByText('Bruno Lima')).toBeInTheDocument();
    expect(within(row).getByText('4,0')).toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'Salvar recuperação final' });
    expect(save).toBeDisabled();
    // Keyboard only: the field by its label, Enter submits.
    await user.type(screen.getByLabelText('Recuperação final de Bruno Lima'), '6,0{Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent('Recuperação final salva.');
    const put = api.requests.find((request) => request.method === 'PUT');
    expect(put?.body).toEqual({
      turma_id: uuid(1),
      disciplina: 'Matemática',
      notas: [{ aluno_id: uuid(2), valor: '6,0', version: 0 }],
    });
  });

  it("shows the server's refusal on the student's field", async () => {
    const user = userEvent.setup();
    stubApi({
      [listUrl]: listOf(),
      '/api/recuperacao-final': reply(400, {
        success: false,
        code: 'VALIDATION',
        message: 'Bruno Lima: Nota fora da escala: de 0 a 10',
        details: [{ path: 'notas.0.valor', message: 'Bruno Lima: Nota fora da escala: de 0 a 10' }],
      }),
    });
    renderSection();
    const field = await screen.findByLabelText('Recuperação final de Bruno Lima');
    await user.type(field, '11');
    await user.click(screen.getByRole('button', { name: 'Salvar recuperação final' }));
    // Above the button and on the field itself.
    expect(await screen.findAllByRole('alert')).not.toHaveLength(0);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('Bruno Lima: Nota fora da escala: de 0 a 10');
    expect(field).toHaveValue('11');
  });

  it('says so when nobody stayed below the average, and locks the grades while the periods are open', async () => {
    stubApi({ [listUrl]: listOf({ alunos: [] }) });
    renderSection();
    expect(
      await screen.findByText('Nenhum aluno ficou abaixo da média nesta disciplina'),
    ).toBeInTheDocument();
    cleanup();
    const bloqueio =
      'A recuperação final é lançada depois que todos os períodos de 2026 estão fechados para 7º Ano A: 4º bimestre ainda está aberto.';
    stubApi({ [listUrl]: listOf({ bloqueio }) });
    renderSection();
    expect(await screen.findByText(bloqueio)).toHaveAttribute('role', 'status');
    expect(screen.getByLabelText('Recuperação final de Bruno Lima')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Salvar recuperação final' })).not.toBeInTheDocument();
  });
});
