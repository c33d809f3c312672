// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { studentAnswer } from '../../test/answers';
import { renderAt, signedInAs, stubApi } from '../../test/render';
import { StudentsPage } from './students-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ALUNO = '00000000-0000-4000-8000-000000000011';

describe('the students page', () => {
  it("changes a status from the student's card and comes back to the card, with the new status", async () => {
    let student = studentAnswer({ id: ALUNO, nome: 'Lia Souza' });
    const api = stubApi({
      '/api/auth/me': signedInAs(),
      '/api/alunos': {
        items: [student],
        total: 1,
        page: 1,
        pageSize: 20,
        counts: { total: 1, ativos: 1, novosEsteMes: 0, transferidos: 0 },
        totalCapped: false,
      },
      '/api/turmas': [],
      [`/api/alunos/${ALUNO}`]: () => student,
      [`/api/alunos/${ALUNO}/status`]: (request) => {
        student = { ...student, status: (request.body as { status: 'transferido' }).status, version: 2 };
        return { data: student, message: 'Status atualizado' };
      },
    });
    renderAt(<StudentsPage />, `/lista?aluno=${ALUNO}`);

    const card = await screen.findByRole('dialog', { name: /Lia Souza/ });
    await userEvent.click(within(card).getByRole('button', { name: 'Transferir' }));
    const confirm = await screen.findByRole('dialog', { name: 'Transferir: Lia Souza' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Transferir' }));

    await waitFor(() =>
      expect(api.requests.find((request) => request.method === 'PATCH')?.body).toEqual({
        status: 'transferido',
        version: 1,
      }),
    );
    const again = await screen.findByRole('dialog', { name: /Lia Souza/ });
    await waitFor(() => expect(again).toHaveTextContent('Transferido'));
    // A student who left only comes back: no 'Marcar como formado' nor 'Inativar' for a transferred one.
    expect(within(again).getByRole('button', { name: 'Reativar' })).toBeInTheDocument();
    expect(
      within(again).queryByRole('button', { name: /Marcar como formado|Inativar|Transferir/ }),
    ).toBeNull();
  });
});
