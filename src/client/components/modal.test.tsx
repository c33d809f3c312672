// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubScreen } from '../test/render';
import { Modal } from './modal';

/** How the screens open a dialog: a button sets state, the dialog is mounted while it is set. */
function Screen() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>Novo item</button>
      {open && (
        <Modal
          open
          onClose={() => setOpen(false)}
          title="Novo item"
          footer={<button onClick={() => setOpen(false)}>Salvar</button>}
        >
          <input aria-label="Título" />
        </Modal>
      )}
    </>
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Modal', () => {
  it('gives the focus back to the button that opened it, when saved or dismissed with Esc', async () => {
    const user = userEvent.setup();
    render(<Screen />);
    const opener = screen.getByRole('button', { name: 'Novo item' });

    await user.click(opener);
    await screen.findByRole('dialog');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(opener).toHaveFocus());

    await user.click(opener);
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('opens on its first field with a mouse and keyboard, and leaves a touch screen’s keyboard closed', async () => {
    const user = userEvent.setup();
    stubScreen(true);
    render(<Screen />);
    await user.click(screen.getByRole('button', { name: 'Novo item' }));
    await waitFor(() => expect(screen.getByLabelText('Título')).toHaveFocus());
    await user.keyboard('Reunião');
    expect(screen.getByLabelText('Título')).toHaveValue('Reunião');
    cleanup();

    stubScreen(false);
    render(<Screen />);
    await user.click(screen.getByRole('button', { name: 'Novo item' }));
    await screen.findByRole('dialog');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Fechar' })).toHaveFocus());
  });
});
