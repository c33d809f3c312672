// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RollConflict } from '../../../shared/attendance.schemas';
import type { QueueEntry } from '../../lib/offline/fila';
import { RollConflictPanel, RollDeviceState } from './roll-conflict';

afterEach(cleanup);

const conflict: RollConflict = {
  path: 'faltas',
  message: 'Conflito',
  aluno_id: '00000000-0000-4000-8000-000000000003',
  nome: 'Cecília Araújo Rocha',
  no_aparelho: { presente: false, justificativa: null },
  no_servidor: { presente: false, justificativa: 'Atestado médico' },
  alterado_por: 'Ana Paula Ribeiro',
  alterado_em: '2026-11-29T16:37:00.000Z',
};

const entry: QueueEntry = {
  id: 'entrada-1',
  idempotencyKey: 'chave-da-chamada-1',
  method: 'PUT',
  url: '/api/frequencia/turmas/t1',
  body: {},
  kind: 'chamada',
  group: 'chamada:t1:2026-11-27',
  label: 'Chamada Pré II A — 27/11',
  link: '/dashboard/frequencia',
  createdAt: 1,
  attempts: 1,
  status: 'conflito',
  detail: { message: 'Conflito na chamada de 27/11/2026.', details: [conflict] },
};

describe('the roll conflict panel', () => {
  it('shows both marks, and keeps the teacher’s choice when the screen mounts it again', async () => {
    const user = userEvent.setup();
    const first = render(<RollConflictPanel userId="u1" entry={entry} />);
    expect(screen.getByText('Falta (Atestado médico)')).toBeInTheDocument();
    const resend = () => screen.getByRole('button', { name: 'Reenviar com a minha escolha' });
    expect(resend()).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Manter o do servidor' }));
    expect(resend()).toBeEnabled();
    // The phone turned (the layout switched) or the roll was read again: a new panel for the same save.
    first.unmount();
    render(<RollConflictPanel userId="u1" entry={{ ...entry }} />);
    expect(screen.getByRole('button', { name: 'Manter o do servidor' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(resend()).toBeEnabled();
  });
});

describe('a roll the server refused', () => {
  it('asks before discarding the marks kept on the device, and discards only on confirming', async () => {
    const user = userEvent.setup();
    const onDiscard = vi.fn();
    const refused: QueueEntry = {
      ...entry,
      status: 'recusado',
      detail: { message: 'O período está encerrado.' },
    };
    render(
      <RollDeviceState
        userId="u1"
        entry={refused}
        pending={1}
        sent={false}
        copiaDe={null}
        onDiscard={onDiscard}
      />,
    );
    const discard = () => screen.getByRole('button', { name: 'Descartar o envio recusado' });
    await user.click(discard());
    const dialog = screen.getByRole('dialog', { name: 'Descartar o envio recusado?' });
    expect(dialog).toHaveTextContent(
      'As marcações de Chamada Pré II A — 27/11 guardadas neste aparelho serão apagadas sem chegar ao servidor',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Manter no aparelho' }));
    expect(onDiscard).not.toHaveBeenCalled();

    await user.click(discard());
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Descartar as marcações' }),
    );
    expect(onDiscard).toHaveBeenCalledExactlyOnceWith(refused);
  });
});
