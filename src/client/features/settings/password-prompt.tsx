import type { ReactNode } from 'react';
import { passwordConfirmationSchema } from '../../../shared/settings.schemas';
import { Button } from '../../components/button';
import { Form, FormInput } from '../../components/form-fields';
import { Modal } from '../../components/modal';
import { useSchemaForm } from '../../lib/use-schema-form';

interface PasswordPromptProps {
  open: boolean;
  title: string;
  description?: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  children?: ReactNode;
  /** Extra validation before asking the server (e.g. the typed school name). */
  canConfirm?: boolean;
  onConfirm: (senha: string) => Promise<void>;
  onClose: () => void;
}

/** Backup download, restore and wipe ask for the administrator's password again. */
export function PasswordPrompt(props: PasswordPromptProps) {
  // Mounted only while open, so each opening starts with an empty password.
  return props.open ? <PasswordPromptDialog {...props} /> : null;
}

function PasswordPromptDialog({
  title,
  description,
  confirmLabel,
  danger = false,
  children,
  canConfirm = true,
  onConfirm,
  onClose,
}: PasswordPromptProps) {
  const form = useSchemaForm(passwordConfirmationSchema, { senha: '' });
  const busy = form.formState.isSubmitting;
  return (
    <Modal open onClose={onClose} title={title} description={description} busy={busy}>
      <Form form={form} onSubmit={form.submit(async ({ senha }) => onConfirm(senha))}>
        {children}
        <FormInput
          name="senha"
          label="Sua senha"
          type="password"
          autoComplete="current-password"
          hint="Por segurança, confirme a senha da sua conta."
        />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose} aria-disabled={busy}>
            Cancelar
          </Button>
          <Button type="submit" variant={danger ? 'danger' : 'primary'} loading={busy} disabled={!canConfirm}>
            {confirmLabel}
          </Button>
        </div>
      </Form>
    </Modal>
  );
}
