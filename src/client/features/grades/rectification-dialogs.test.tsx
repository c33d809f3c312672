// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import type { GradeHistory } from '../../../shared/grades.schemas.js';
import { inTurn, reply, stubApi, type StubAnswer } from '../../test/render';
import { RectifyDialog } from './rectify-dialog';
import { RequestRectificationDialog } from './request-rectification-dialog';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** The server as the browser sees it: each call answered in turn, the calls kept to read what was sent. */
function stubServer(...answers: StubAnswer[]) {
  return stubApi({}, inTurn(...answers));
}
function sentBody(call: [string, RequestInit?] | undefined): unknown {
  const body = call?.[1]?.body;
  return typeof body === 'string' ? JSON.parse(body) : body;
}

function renderWithQueries(node: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{node}</QueryClientProvider>);
}

function historyOf(atual: string | null, historico: GradeHistory['historico'] = []): GradeHistory {
  return {
    nota_id: uuid(1),
    aluno: { id: uuid(2), nome: 'Ana' },
    avaliacao: { id: uuid(3), nome: 'Prova 1', disciplina: 'Matemática' },
    atual,
    historico,
  };
}

describe('RequestRectificationDialog', () => {
  const target = { avaliacaoId: uuid(3), alunoId: uuid(2), aluno: 'Ana', avaliacao: 'Prova 1', atual: '6,0' };

  it("starts from the current grade and shows the shared schema's message before asking", async () => {
    const fetchMock = stubServer(reply(201, { success: true, data: {}, message: 'Solicitação enviada.' }));
    const onClose = vi.fn();
    renderWithQueries(<RequestRectificationDialog target={target} conceitos={false} onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Solicitar retificação' });
    expect(dialog).toHaveTextContent('O período está fechado');
    const valor = screen.getByLabelText('Nova nota');
    expect(valor).toHaveValue('6,0');
    expect(valor).toHaveAccessibleDescription('Atual: 6,0.');

    await userEvent.click(screen.getByRole('button', { name: 'Enviar solicitação' }));
    expect(
      await screen.findByText('Explique o motivo da retificação (ao menos 5 caracteres)'),
    ).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    await userEvent.clear(valor);
    await userEvent.type(valor, '7,5');
    await userEvent.type(screen.getByLabelText(/^Motivo/), '  Nota lançada na prova errada  ');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar solicitação' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/retificacoes');
    expect(sentBody(fetchMock.mock.calls[0])).toEqual({
      avaliacao_id: uuid(3),
      aluno_id: uuid(2),
      valor: '7,5',
      motivo: 'Nota lançada na prova errada',
    });
  });

  it('never reads a blank field as erasing the grade: erasing is an explicit choice', async () => {
    const fetchMock = stubServer(reply(201, { success: true, data: {}, message: 'Solicitação enviada.' }));
    const onClose = vi.fn();
    renderWithQueries(<RequestRectificationDialog target={target} conceitos={false} onClose={onClose} />);
    await userEvent.clear(screen.getByLabelText('Nova nota'));
    await userEvent.type(screen.getByLabelText(/^Motivo/), 'Aluno faltou, a nota era de outro');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar solicitação' }));
    expect(screen.getByLabelText('Nova nota')).toHaveAccessibleDescription(
      expect.stringContaining('Informe a nova nota (para deixar o aluno sem nota, marque “Apagar a nota”)'),
    );
    expect(fetchMock).not.toHaveBeenCalled();

    await userEvent.click(screen.getByLabelText(/^Apagar a nota/));
    expect(screen.getByRole('status')).toHaveTextContent('Pedido para apagar a nota 6,0');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar solicitação' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sentBody(fetchMock.mock.calls[0])).toEqual({
      avaliacao_id: uuid(3),
      aluno_id: uuid(2),
      valor: null,
      motivo: 'Aluno faltou, a nota era de outro',
    });
  });

  it('asks for a grade on a cell that never had one (nothing to erase)', async () => {
    stubServer();
    renderWithQueries(
      <RequestRectificationDialog target={{ ...target, atual: null }} conceitos={false} onClose={vi.fn()} />,
    );
    expect(screen.getByLabelText('Nova nota')).toHaveValue('');
    expect(screen.queryByLabelText(/^Apagar a nota/)).toBeNull();
    await userEvent.type(screen.getByLabelText(/^Motivo/), 'Segunda chamada feita em 30/04');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar solicitação' }));
    expect(await screen.findByText('Informe a nota pedida')).toBeInTheDocument();
  });

  it("puts the server's field error under its field and keeps the dialog open", async () => {
    stubServer(
      reply(422, {
        success: false,
        message: 'Dados inválidos',
        code: 'VALIDATION',
        details: [{ path: 'valor', message: 'A nota vai de 0 a 10' }],
      }),
    );
    const onClose = vi.fn();
    renderWithQueries(<RequestRectificationDialog target={target} conceitos={false} onClose={onClose} />);
    await userEvent.clear(screen.getByLabelText('Nova nota'));
    await userEvent.type(screen.getByLabelText('Nova nota'), '11');
    await userEvent.type(screen.getByLabelText(/^Motivo/), 'Soma da prova errada');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar solicitação' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Nova nota')).toHaveAccessibleDescription(
        expect.stringContaining('A nota vai de 0 a 10'),
      ),
    );
    expect(screen.queryByText('Dados inválidos')).not.toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('RectifyDialog', () => {
  it('starts from the current grade, shows failures, and starts again from the new grade after saving', async () => {
    const rectified = historyOf('9,0', [
      {
        id: uuid(9),
        tipo: 'retificacao',
        antes: '6,0',
        depois: '9,0',
        motivo: 'Erro de digitação',
        por: 'Admin',
        em: '2026-06-01T12:00:00.000Z',
      },
    ]);
    const fetchMock = stubServer(
      reply(200, { success: true, data: historyOf('6,0') }),
      reply(409, { success: false, message: 'Outra pessoa retificou antes.', code: 'CONFLICT' }),
      reply(200, { success: true, data: rectified, message: 'Nota retificada.' }),
      reply(200, { success: true, data: rectified }),
    );
    renderWithQueries(
      <RectifyDialog
        target={{ notaId: uuid(1), avaliacaoId: uuid(3), alunoId: uuid(2) }}
        title="Prova 1 — Ana"
        onClose={vi.fn()}
      />,
    );
    const valor = await screen.findByLabelText('Nova nota');
    expect(valor).toHaveValue('6,0');
    expect(screen.getByRole('region', { name: 'Histórico da nota' })).toHaveTextContent(
      'Sem alterações registradas.',
    );

    await userEvent.clear(valor);
    await userEvent.type(valor, '9');
    await userEvent.type(screen.getByLabelText(/^Motivo/), 'Erro de digitação');
    await userEvent.click(screen.getByRole('button', { name: 'Retificar' }));
    expect(await screen.findByText('Outra pessoa retificou antes.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Retificar' }));
    await waitFor(() => expect(screen.getByLabelText('Nova nota')).toHaveValue('9,0'));
    expect(screen.getByLabelText(/^Motivo/)).toHaveValue('');
    expect(fetchMock.mock.calls[2]?.[0]).toBe(`/api/notas/${uuid(1)}/retificar`);
    expect(sentBody(fetchMock.mock.calls[2])).toEqual({ valor: '9', motivo: 'Erro de digitação' });
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Histórico da nota' })).toHaveTextContent('Retificação'),
    );
  });
});
