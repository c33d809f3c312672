// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ImportResult } from '../../shared/importacao.schemas';
import { holdRequests, renderAt, stubApi, type StubRequest } from '../test/render';
import { ImportModal } from './import-modal';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const row = { linha: 2, aluno: 'Paula Dias', matricula: '20260001', acao: 'criar' as const, motivo: null };

function resultOf(fields: Partial<ImportResult>): ImportResult {
  return {
    criar: 1,
    atualizar: 0,
    sem_alteracao: 0,
    recusar: [],
    linhas: [row],
    simulacao: true,
    contas_criadas: 0,
    contas: [],
    ...fields,
  };
}

/** The whole way through the dialog: the file, the dry run, the confirmation, the answer `applied`. */
async function importWith(applied: ImportResult) {
  stubApi({
    '/api/importacao/alunos/colunas': { colunas: [], campos: [], sugestao: {}, reconhecido: true },
    '/api/importacao/alunos': (request: StubRequest) =>
      request.url.includes('simular=1') ? resultOf({}) : applied,
  });
  renderAt(<ImportModal kind="alunos" onClose={() => undefined} />);
  await uploadAndConfirm(userEvent.setup());
  await screen.findByRole('heading', { name: /Importação concluída/ });
}

/** Picks the one-student spreadsheet, then 'Importar 1 aluno' after its dry run, and confirms. */
async function uploadAndConfirm(user: ReturnType<typeof userEvent.setup>) {
  await user.upload(
    screen.getByLabelText(/^Planilha/),
    new File(['nome;data_nascimento'], 'alunos.csv', { type: 'text/csv' }),
  );
  await user.click(await screen.findByRole('button', { name: 'Importar 1 aluno' }));
  await user.click(screen.getByRole('button', { name: 'Confirmar importação' }));
}

describe('ImportModal: the accounts an import created', () => {
  it('shows the provisional password to hand over when the server sends no e-mail', async () => {
    await importWith(
      resultOf({
        simulacao: false,
        contas_criadas: 1,
        contas: [
          {
            nome: 'Rosa Dias',
            email: 'rosa@familia.test',
            envio_email: 'caixa_de_saida',
            senha: 'Kf7#mPq2-xYz',
          },
        ],
      }),
    );
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('1 responsável recebeu acesso ao portal.');
    expect(dialog).not.toHaveTextContent(/enviada por e-mail/);
    const senhas = within(dialog).getByRole('region', { name: 'Senhas provisórias para entregar' });
    expect(senhas).toHaveTextContent('O e-mail não está configurado neste servidor');
    expect(senhas).toHaveTextContent('Rosa Dias');
    expect(senhas).toHaveTextContent('rosa@familia.test');
    expect(senhas).toHaveTextContent('Kf7#mPq2-xYz');
  });

  it('says the password was mailed only when the mail server took it', async () => {
    await importWith(
      resultOf({
        simulacao: false,
        contas_criadas: 2,
        contas: [
          { nome: 'Rosa Dias', email: 'rosa@familia.test', envio_email: 'enviado' },
          { nome: 'Caio Reis', email: 'caio@familia.test', envio_email: 'falhou', senha: 'Ab3@cd4!ef5#' },
        ],
      }),
    );
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent(
      '2 responsáveis receberam acesso ao portal; 1 recebeu a senha provisória por e-mail.',
    );
    const senhas = within(dialog).getByRole('region', { name: 'Senhas provisórias para entregar' });
    expect(senhas).toHaveTextContent('Não foi possível enviar o e-mail');
    expect(senhas).toHaveTextContent('Caio Reis');
    expect(senhas).not.toHaveTextContent('Rosa Dias');
  });
});

describe('ImportModal: the confirmation', () => {
  it('says how many guardians get portal access before the import gives it to them', async () => {
    stubApi({
      '/api/importacao/alunos/colunas': { colunas: [], campos: [], sugestao: {}, reconhecido: true },
      '/api/importacao/alunos': resultOf({ contas_criadas: 2 }),
    });
    renderAt(<ImportModal kind="alunos" onClose={() => undefined} />);
    const user = userEvent.setup();
    await user.upload(
      screen.getByLabelText(/^Planilha/),
      new File(['nome;data_nascimento'], 'alunos.csv', { type: 'text/csv' }),
    );
    await user.click(await screen.findByRole('button', { name: 'Importar 1 aluno' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Importar agora? 1 aluno será criado e 0 serão atualizados. 2 responsáveis novos ganham acesso ao portal agora, com uma senha provisória.',
    );
  });
});

describe('ImportModal while it imports', () => {
  it('keeps the focus on the button pressed (busy, not disabled) and Cancelar waits held', async () => {
    const answers = stubApi({
      '/api/importacao/alunos/colunas': { colunas: [], campos: [], sugestao: {}, reconhecido: true },
      '/api/importacao/alunos': resultOf({}),
    });
    // The import's request stays on its way (the dry run is answered).
    const imports = holdRequests(
      answers,
      (url) => url.startsWith('/api/importacao/alunos?') && !url.includes('simular=1'),
    );
    const onClose = vi.fn();
    renderAt(<ImportModal kind="alunos" onClose={onClose} />);
    const user = userEvent.setup();
    await uploadAndConfirm(user);
    expect(imports).toHaveLength(1);
    const importing = screen.getByRole('button', { name: 'Importar 1 aluno' });
    expect(importing).toHaveAttribute('aria-busy', 'true');
    expect(importing).not.toBeDisabled();
    expect(importing).toHaveFocus();
    const cancelar = screen.getByRole('button', { name: 'Cancelar' });
    expect(cancelar).not.toBeDisabled();
    expect(cancelar).toHaveAttribute('aria-disabled', 'true');
    await user.click(cancelar);
    await user.click(importing);
    expect(onClose).not.toHaveBeenCalled();
    expect(imports).toHaveLength(1);
  });
});

describe('ImportModal while it reads the spreadsheet', () => {
  it('keeps the focus on the file field (held, not disabled) and reads no second file meanwhile', async () => {
    const reads: string[] = [];
    // Reading the columns stays on its way.
    vi.stubGlobal('fetch', (url: string) => {
      reads.push(url);
      return new Promise<Response>(() => undefined);
    });
    renderAt(<ImportModal kind="alunos" onClose={() => undefined} />);
    const user = userEvent.setup();
    const input = screen.getByLabelText(/^Planilha/);
    await user.upload(input, new File(['nome;data_nascimento'], 'alunos.csv', { type: 'text/csv' }));
    await screen.findByText('Analisando a planilha…');
    expect(reads).toHaveLength(1);
    // A disabled field drops the focus to <body> in the browser; this one waits held.
    expect(input).not.toBeDisabled();
    expect(input).toHaveAttribute('aria-disabled', 'true');
    expect(input).toHaveFocus();
    await user.upload(input, new File(['nome'], 'outra.csv', { type: 'text/csv' }));
    expect(input).toHaveFocus();
    expect(reads).toHaveLength(1);
  });
});
