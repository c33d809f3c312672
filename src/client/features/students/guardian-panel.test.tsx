// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StudentGuardian } from '../../../shared/students.schemas';
import { studentAnswer, uuidOf } from '../../test/answers';
import { renderAt, stubApi } from '../../test/render';
import { GuardianList } from './guardian-panel';
import { StudentDetailsModal } from './student-details-modal';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const mae: StudentGuardian = {
  id: uuidOf(21),
  nome: 'Marta Souza',
  email: null,
  telefone: '11912345678',
  cpf: null,
  endereco: null,
  cep: null,
  logradouro: null,
  numero: null,
  complemento: null,
  bairro: null,
  cidade: null,
  uf: null,
  observacoes: null,
  parentesco: 'mae',
  eh_principal: false,
  tem_acesso: true,
};
// The name is 'Editar' and the guardian's, in a visually hidden span (jsdom joins them without the space).
const editar = /^Editar\s*Marta Souza$/;
const lia = studentAnswer({ id: uuidOf(11), nome: 'Lia Souza', responsaveis: [mae] });

describe('GuardianList: the focus after a guardian’s form closes', () => {
  it('saved, the focus goes back to the guardian’s “Editar”, not to the page’s body', async () => {
    const api = stubApi({
      [`/api/responsaveis/${mae.id}`]: {
        data: { ...mae, usuario_id: null, version: 2, email_pendente: null },
        message: 'Responsável atualizado com sucesso!',
      },
    });
    renderAt(<GuardianList student={lia} canWrite />);
    await userEvent.click(await screen.findByRole('button', { name: editar }));
    const form = screen.getByRole('form', { name: editar });
    await userEvent.click(within(form).getByRole('button', { name: 'Salvar alterações' }));
    await waitFor(() => expect(api.requests.some((request) => request.method === 'PUT')).toBe(true));
    await waitFor(() => expect(screen.queryByRole('form')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: editar }));
  });

  it('cancelled, the same', async () => {
    stubApi({});
    renderAt(<GuardianList student={lia} canWrite />);
    await userEvent.click(await screen.findByRole('button', { name: editar }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: editar }));
  });

  it('“Adicionar responsável” closed: the focus goes back to it, in the student’s card', async () => {
    stubApi({ [`/api/alunos/${lia.id}`]: lia });
    renderAt(
      <StudentDetailsModal student={lia} canWrite onClose={() => undefined} onStatus={() => undefined} />,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Adicionar responsável' }));
    const form = screen.getByRole('form', { name: 'Adicionar responsável' });
    await userEvent.click(within(form).getByRole('button', { name: 'Cancelar' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Adicionar responsável' }));
  });
});
