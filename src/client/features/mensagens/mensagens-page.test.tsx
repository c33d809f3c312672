// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAt, signedInAs, stubApi, stubScreen } from '../../test/render';
import { MensagensPage } from './mensagens-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const conversa = (id: string, nao_lidas: number) => ({
  id,
  aluno: { id: 'a1', nome: 'Ana Souza' },
  responsavel: { id: 'r1', nome: 'Maria Souza' },
  destino: 'secretaria',
  professor: null,
  assunto: `Assunto ${id}`,
  ultima_mensagem_em: '2026-11-20T12:00:00.000Z',
  nao_lidas,
  encerrada: false,
  iniciada_por: 'familia',
  monitorada: false,
  somente_leitura: false,
  aviso_horario: null,
});

describe('Mensagens', () => {
  it('names the list "Conversas (2), 1 mensagem não lida", not "(2)1 mensagem"', async () => {
    stubScreen(true);
    stubApi({
      '/api/auth/me': signedInAs({ nivel: 'responsavel', tipo: 'parent' }),
      '/api/mensagens': { items: [conversa('c1', 1), conversa('c2', 0)], nao_lidas: 1 },
      '/api/mensagens/destinos': [],
    });
    renderAt(<MensagensPage />);
    expect(
      await screen.findByRole('heading', { name: 'Conversas (2), 1 mensagem não lida' }),
    ).toBeInTheDocument();
  });

  it('keeps what a mother typed in Nova mensagem when the dialog closes before Enviar (Escape, a stray tap)', async () => {
    stubScreen(true);
    stubApi({
      '/api/auth/me': signedInAs({ nivel: 'responsavel', tipo: 'parent' }),
      '/api/mensagens': { items: [], nao_lidas: 0 },
      '/api/mensagens/destinos': [{ aluno: { id: 'a1', nome: 'Ana Souza' }, professores: [] }],
    });
    renderAt(<MensagensPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Nova mensagem' }));
    let dialog = await screen.findByRole('dialog', { name: 'Nova mensagem' });
    await userEvent.type(within(dialog).getByLabelText(/Assunto/), 'Consulta médica');
    await userEvent.type(within(dialog).getByLabelText(/Mensagem/), 'A Ana vai faltar amanhã.');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Nova mensagem' }));
    dialog = await screen.findByRole('dialog', { name: 'Nova mensagem' });
    expect(within(dialog).getByLabelText(/Assunto/)).toHaveValue('Consulta médica');
    expect(within(dialog).getByLabelText(/Mensagem/)).toHaveValue('A Ana vai faltar amanhã.');
  });
});
