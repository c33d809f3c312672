import { useState, type ReactNode, type SyntheticEvent } from 'react';
import { Button } from '../../components/button';
import { InputField } from '../../components/field';
import { Modal } from '../../components/modal';
import { ApiError } from '../../lib/api-client';

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
export function PasswordPrompt({
  open,
  title,
  description,
  confirmLabel,
  danger = false,
  children,
  canConfirm = true,
  onConfirm,
  onClose,
}: PasswordPromptProps) {
  const [senha, setSenha] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const close = () => {
    setSenha('');
    setError(null);
    onClose();
  };

  const handleSubmit = async (event: SyntheticEvent) => {
    event.preventDefault();
    if (senha === '') {
      setError('Informe a sua senha');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onConfirm(senha);
      setSenha('');
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : 'Erro inesperado. Tente novamente.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open={open} onClose={close} title={title} description={description} busy={busy}>
      <form onSubmit={(event) => void handleSubmit(event)} className="space-y-4" noValidate>
        {children}
        <InputField
          label="Sua senha"
          type="password"
          autoComplete="current-password"
          value={senha}
          onChange={(event) => setSenha(event.target.value)}
          error={error ?? undefined}
          hint="Por segurança, confirme a senha da sua conta."
        />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={close} disabled={busy}>
            Cancelar
          </Button>
          <Button type="submit" variant={danger ? 'danger' : 'primary'} loading={busy} disabled={!canConfirm}>
            {confirmLabel}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
