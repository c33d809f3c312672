// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AlunoParaConversa } from '../../../shared/mensagens.schemas';
import { renderAt, signedInAs, stubApi } from '../../test/render';
import { NovaConversaEscolaModal } from './nova-conversa-escola-modal';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const turma = { id: 't1', nome: '6º A' };
const guardian = (id: string, nome: string, fields: Partial<AlunoParaConversa['responsaveis'][number]>) => ({
  id,
  nome,
  parentesco: 'mae',
  principal: true,
  disponivel: true,
  motivo: null,
  ...fields,
});

describe('Nova conversa (the school’s side)', () => {
  it('says why a family cannot be written to, before the teacher tries each student', async () => {
    stubApi({
      '/api/auth/me': signedInAs({ nivel: 'professor', tipo: 'teacher' }),
      '/api/mensagens/alunos': [
        {
          aluno: { id: 'a1', nome: 'Lucas Lima' },
          turma,
          responsaveis: [
            guardian('g1', 'Rita Lima', { disponivel: false, motivo: 'sem_acesso' }),
            guardian('g2', 'Paulo Lima', { principal: false, disponivel: false, motivo: 'so_principal' }),
          ],
        },
        { aluno: { id: 'a2', nome: 'Maria Souza' }, turma, responsaveis: [guardian('g3', 'Ana Souza', {})] },
      ],
    });
    renderAt(<NovaConversaEscolaModal teacher onClose={() => undefined} onStarted={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Nova conversa' });
    await within(dialog).findByRole('option', { name: '6º A' });
    await userEvent.selectOptions(within(dialog).getByLabelText('Turma'), 't1');
    const aluno = within(dialog).getByLabelText('Aluno');
    expect(within(aluno).getByRole('option', { name: 'Lucas Lima (ninguém no portal)' })).toBeInTheDocument();
    expect(within(aluno).getByRole('option', { name: 'Maria Souza' })).toBeInTheDocument();
    await userEvent.selectOptions(aluno, 'a1');
    expect(dialog).toHaveTextContent(
      'Rita Lima (Mãe, principal)— sem acesso ao portal: não recebe mensagens',
    );
    expect(dialog).toHaveTextContent('— a escola escreve só ao responsável principal');
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      'Nenhum responsável deste aluno pode receber mensagens pelo portal.',
    );
    expect(within(dialog).getByRole('button', { name: 'Enviar' })).toBeDisabled();
  });

  it('before the class is picked, asks for it; and says beside Enviar what it waits for', async () => {
    stubApi({
      '/api/auth/me': signedInAs({ nivel: 'professor', tipo: 'teacher' }),
      '/api/mensagens/alunos': [
        { aluno: { id: 'a2', nome: 'Maria Souza' }, turma, responsaveis: [guardian('g3', 'Ana Souza', {})] },
      ],
    });
    const user = userEvent.setup();
    renderAt(<NovaConversaEscolaModal teacher onClose={() => undefined} onStarted={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Nova conversa' });
    await within(dialog).findByRole('option', { name: '6º A' });
    // Not 'Nenhum aluno' (read as an empty class) before any class is chosen.
    expect(within(dialog).getByLabelText('Aluno')).toHaveDisplayValue('Escolha a turma primeiro');
    const enviar = within(dialog).getByRole('button', { name: 'Enviar' });
    expect(enviar).toHaveAccessibleDescription(
      'Para enviar: escolha o aluno, escreva o assunto (ao menos 3 caracteres) e escreva a mensagem.',
    );
    await user.selectOptions(within(dialog).getByLabelText('Turma'), 't1');
    await user.selectOptions(within(dialog).getByLabelText('Aluno'), 'a2');
    await user.type(within(dialog).getByLabelText('Assunto'), 'Oi');
    await user.type(within(dialog).getByLabelText('Mensagem'), 'Bom dia!');
    // A two-letter subject is what keeps Enviar off, and it says so.
    expect(enviar).toBeDisabled();
    expect(enviar).toHaveAccessibleDescription('Para enviar: escreva o assunto (ao menos 3 caracteres).');
    await user.type(within(dialog).getByLabelText('Assunto'), 'á');
    expect(enviar).toBeEnabled();
    expect(dialog).not.toHaveTextContent('Para enviar');
  });
});
