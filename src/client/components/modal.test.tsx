// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { useSchemaForm } from '../lib/use-schema-form';
import { expectHeld } from '../test/held';
import { stubScreen } from '../test/render';
import { ActionModal } from './action-modal';
import { ConfirmDialog } from './confirm-dialog';
import { FormModal } from './form-modal';
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
    await waitFor(() => expect(screen.getByRole('button', { name: 'Fechar janela' })).toHaveFocus());
  });
});

/** A form dialog whose save never ends (the request still on its way). */
function SavingForm({ onClose, onSave }: { onClose: () => void; onSave: () => void }) {
  const form = useSchemaForm(z.object({ nome: z.string() }), { nome: 'Ana' });
  return (
    <FormModal
      title="Editar aluno"
      formId="editar-aluno"
      submitLabel="Salvar"
      form={form}
      onSubmit={form.submit(() => {
        onSave();
        return new Promise<void>(() => undefined);
      })}
      onClose={onClose}
    >
      <input aria-label="Nome" {...form.register('nome')} />
    </FormModal>
  );
}

describe('a form dialog and a tap beside it', () => {
  it('closes untouched, and keeps what was typed (Cancelar still closes it)', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<SavingForm onClose={onClose} onSave={() => undefined} />);
    await screen.findByRole('dialog', { name: 'Editar aluno' });
    await user.click(screen.getByTestId('modal-backdrop'));
    expect(onClose).toHaveBeenCalledOnce();

    onClose.mockClear();
    await user.type(screen.getByLabelText('Nome'), ' Clara');
    await user.click(screen.getByTestId('modal-backdrop'));
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Nome')).toHaveValue('Ana Clara');
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(onClose).toHaveBeenCalledOnce();
  });
});

describe('a dialog while it saves', () => {
  it('ConfirmDialog and ActionModal: Cancelar and the X are held, not disabled', async () => {
    const onCancel = vi.fn();
    render(
      <ConfirmDialog
        open
        busy
        title="Excluir aluno?"
        message="A ficha sai da lista."
        onConfirm={() => undefined}
        onCancel={onCancel}
      />,
    );
    await expectHeld(await screen.findByRole('dialog', { name: 'Excluir aluno?' }), [
      'Cancelar',
      'Fechar janela',
    ]);
    expect(onCancel).not.toHaveBeenCalled();
    cleanup();

    const onClose = vi.fn();
    render(
      <ActionModal
        title="Enviar comprovante"
        actionLabel="Enviar"
        busy
        error={null}
        onAction={() => undefined}
        onClose={onClose}
      >
        <p>Comprovante</p>
      </ActionModal>,
    );
    await expectHeld(await screen.findByRole('dialog', { name: 'Enviar comprovante' }), [
      'Cancelar',
      'Fechar janela',
    ]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('FormModal: while the submit runs, Cancelar is held and a second Salvar sends nothing', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    const onSave = vi.fn();
    render(<SavingForm onClose={onClose} onSave={onSave} />);
    const dialog = await screen.findByRole('dialog', { name: 'Editar aluno' });
    const salvar = within(dialog).getByRole('button', { name: 'Salvar' });
    await user.click(salvar);
    await waitFor(() => expect(salvar).toHaveAttribute('aria-busy', 'true'));
    await expectHeld(dialog, ['Cancelar', 'Fechar janela']);
    expect(onClose).not.toHaveBeenCalled();
    // (Enter in a field is not tried here: user-event submits a form whose button sits outside it, in the
    // footer, without clicking that button, where a browser clicks it; Button's own test covers Enter.)
    await user.click(salvar);
    expect(onSave).toHaveBeenCalledOnce();
  });

  it('a dialog opened from another dims the one below, as a single dialog dims the page', async () => {
    const user = userEvent.setup();
    function Card() {
      const [paying, setPaying] = useState(false);
      return (
        <Modal open onClose={() => undefined} title="Família">
          <button onClick={() => setPaying(true)}>Registrar pagamento da taxa</button>
          {paying && (
            <ActionModal
              title="Registrar pagamento da taxa"
              actionLabel="Registrar pagamento"
              busy={false}
              error={null}
              onAction={() => undefined}
              onClose={() => setPaying(false)}
            >
              <p>Forma de pagamento</p>
            </ActionModal>
          )}
        </Modal>
      );
    }
    render(<Card />);
    const card = await screen.findByRole('dialog', { name: 'Família' });
    await user.click(within(card).getByRole('button', { name: 'Registrar pagamento da taxa' }));
    const payment = await screen.findByRole('dialog', { name: 'Registrar pagamento da taxa' });
    const [pageBackdrop, cardBackdrop] = screen.getAllByTestId('modal-backdrop');
    const z = (element: HTMLElement | undefined) => Number(element?.style.zIndex);
    // Page < its backdrop < the card < the card's backdrop < the payment dialog.
    expect(z(pageBackdrop)).toBeLessThan(z(card));
    expect(z(cardBackdrop)).toBeGreaterThan(z(card));
    expect(z(payment)).toBeGreaterThan(z(cardBackdrop));
  });
});
