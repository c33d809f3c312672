/**
 * A dialog that does one thing the person fills in first (send a comprovante, link a Pix, record a
 * receita): its content, the server's error inline, and Cancelar + the action; it cannot close while the
 * action runs. `settleAction` is the usual ending: the server's message as a toast and close, or the
 * error shown in the dialog.
 */
import type { ReactNode } from 'react';
import toast from 'react-hot-toast';
import { Button } from './button';
import { ErrorBanner } from './feedback';
import { Modal } from './modal';

export function ActionModal({
  title,
  description,
  size,
  actionLabel,
  actionDisabled = false,
  busy,
  error,
  onAction,
  onClose,
  className = 'space-y-3 text-sm',
  children,
}: {
  title: string;
  description?: ReactNode;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  actionLabel: string;
  actionDisabled?: boolean;
  busy: boolean;
  /** The last failure, shown under the content (null: none). */
  error: string | null;
  onAction: () => void;
  onClose: () => void;
  /** The content's layout. */
  className?: string;
  children: ReactNode;
}) {
  return (
    <Modal
      open
      onClose={onClose}
      busy={busy}
      title={title}
      description={description}
      {...(size ? { size } : {})}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} aria-disabled={busy}>
            Cancelar
          </Button>
          <Button onClick={onAction} loading={busy} disabled={actionDisabled}>
            {actionLabel}
          </Button>
        </>
      }
    >
      <div className={className}>
        {children}
        {error && <ErrorBanner>{error}</ErrorBanner>}
      </div>
    </Modal>
  );
}

/** A mutation's callbacks for an ActionModal: toast the server's message (or `done`) and close; or the error. */
export function settleAction(done: string, onClose: () => void, setError: (message: string) => void) {
  return {
    onSuccess: (result: { message?: string | undefined }) => {
      toast.success(result.message ?? done);
      onClose();
    },
    onError: (failure: Error) => setError(failure.message),
  };
}
