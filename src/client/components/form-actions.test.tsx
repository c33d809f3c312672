// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectHeld } from '../test/held';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { useSchemaForm } from '../lib/use-schema-form';
import { FormActions } from './form-actions';
import { Form } from './form-fields';

afterEach(cleanup);

/** An inline form whose save never ends (the request still on its way). */
function SavingForm({ onCancel, onSave }: { onCancel: () => void; onSave: () => void }) {
  const form = useSchemaForm(z.object({ nome: z.string() }), { nome: 'Rita' });
  return (
    <Form
      form={form}
      onSubmit={form.submit(() => {
        onSave();
        return new Promise<void>(() => undefined);
      })}
    >
      <input aria-label="Nome" {...form.register('nome')} />
      <FormActions submitLabel="Salvar" onCancel={onCancel} />
    </Form>
  );
}

describe('FormActions', () => {
  it('while the form saves, Cancelar is held (focusable, aria-disabled) and nothing is sent twice', async () => {
    const user = userEvent.setup();
    const onCancel = vi.fn();
    const onSave = vi.fn();
    render(<SavingForm onCancel={onCancel} onSave={onSave} />);
    const salvar = screen.getByRole('button', { name: 'Salvar' });
    await user.click(salvar);
    await waitFor(() => expect(salvar).toHaveAttribute('aria-busy', 'true'));
    // A disabled button leaves the Tab order mid-save; a held one keeps its place and does nothing.
    await expectHeld(document.body, ['Cancelar']);
    expect(onCancel).not.toHaveBeenCalled();
    await user.click(salvar);
    await user.type(screen.getByLabelText('Nome'), '{Enter}');
    expect(onSave).toHaveBeenCalledOnce();
  });
});
