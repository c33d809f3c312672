// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StudentAccess, StudentAccount } from '../../../shared/contas-aluno.schemas';
import { renderAt, stubApi } from '../../test/render';
import { StudentPortalAccess } from './student-portal-access';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ALUNO = '00000000-0000-4000-8000-000000000011';
const acesso = `/api/alunos/${ALUNO}/acesso`;
const conta: StudentAccount = {
  aluno_id: ALUNO,
  aluno_nome: 'Bruno Prado',
  usuario_id: '00000000-0000-4000-8000-000000000021',
  email: 'bruno@escola.test',
  status: 'ativo',
  ultimo_login: null,
  criada_em: '2026-03-01T10:00:00.000Z',
  consentimento: {
    responsavel_id: '00000000-0000-4000-8000-000000000031',
    responsavel_nome: 'Rita Prado',
    meio: 'termo_assinado',
    em: '2026-03-01T10:00:00.000Z',
    registrado_por: 'Secretária',
  },
  pedido_desativacao: null,
};
const access: StudentAccess = {
  conta,
  elegivel: true,
  motivo: null,
  serie_minima: '6º ano',
  autorizacao_familia: null,
  responsaveis: [],
};
const writes = (api: ReturnType<typeof stubApi>) =>
  api.requests.filter((request) => request.method !== 'GET').map((request) => request.method);

describe("the student's Portal do Aluno access", () => {
  it('asks before disabling it, saying the sessions end and the account stays', async () => {
    const api = stubApi({ [acesso]: access });
    renderAt(<StudentPortalAccess alunoId={ALUNO} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Desativar acesso' }));
    const dialog = screen.getByRole('dialog', { name: 'Desativar o acesso de Bruno Prado?' });
    expect(dialog).toHaveTextContent(
      'Bruno Prado deixa de entrar no Portal do Aluno e as sessões abertas terminam. A conta e o histórico ficam guardados',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(writes(api)).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Desativar acesso' }));
    await userEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Desativar acesso' }),
    );
    await waitFor(() => expect(writes(api)).toEqual(['PATCH']));
    expect(api.requests.find((request) => request.method === 'PATCH')?.body).toEqual({ status: 'inativo' });
  });

  it('asks before a new password, then shows it and whether it was e-mailed', async () => {
    let mailed = true;
    const api = stubApi({
      [acesso]: access,
      [`${acesso}/senha`]: () => ({
        novaSenha: mailed ? 'Caju-Verde-12' : 'Kiwi-Azul-34',
        emailEnviado: mailed,
        envioEmail: mailed ? 'enviado' : 'caixa_de_saida',
      }),
    });
    renderAt(<StudentPortalAccess alunoId={ALUNO} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Gerar nova senha' }));
    const dialog = screen.getByRole('dialog', { name: 'Gerar nova senha para Bruno Prado?' });
    expect(dialog).toHaveTextContent('A senha atual de Bruno Prado deixa de funcionar');
    expect(writes(api)).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Gerar nova senha' }));
    const shown = await screen.findByText(/Senha provisória/);
    expect(shown).toHaveTextContent('Caju-Verde-12 — entregue ao aluno (também enviada por e-mail).');

    mailed = false;
    await userEvent.click(screen.getByRole('button', { name: 'Gerar nova senha' }));
    await userEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Gerar nova senha' }),
    );
    await waitFor(() =>
      expect(screen.getByText(/Senha provisória/)).toHaveTextContent(
        'Kiwi-Azul-34 — entregue ao aluno pessoalmente: ela não foi enviada por e-mail.',
      ),
    );
    expect(writes(api)).toEqual(['POST', 'POST']);
  });

  it('offers the e-mail on the student’s record for a new account', async () => {
    const api = stubApi({
      [acesso]: {
        ...access,
        conta: null,
        responsaveis: [{ id: '00000000-0000-4000-8000-000000000031', nome: 'Rita Prado', parentesco: 'mãe' }],
      } satisfies StudentAccess,
    });
    renderAt(<StudentPortalAccess alunoId={ALUNO} emailDoCadastro="bruno@alunos.escola.test" />);
    const field = await screen.findByRole('textbox', { name: 'E-mail do aluno' });
    expect(field).toHaveValue('bruno@alunos.escola.test');
    expect(writes(api)).toEqual([]);
  });
});
