import { useRef, useState, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { ApiError } from '../lib/api-client';
import { Button } from './button';
import { Modal } from './modal';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: string;
  confirmLabel?: string;
  /** The button that keeps things as they are ('Cancelar'). */
  cancelLabel?: string;
  danger?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** What the question needs beside its message (figures loaded for it, say). */
  children?: ReactNode;
  /** Where the focus goes when the answer removed the button that asked (as `Modal`'s). */
  returnFocus?: () => HTMLElement | null;
}

/**
 * Every destructive action asks first. The question opens on Cancelar, the answer that changes nothing
 * (WAI-ARIA's alert dialog): Radix's own choice was the X, the first thing that takes focus, and the
 * confirming button one Tab away; a reflex Enter now keeps things as they are.
 */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel = 'Confirmar',
  cancelLabel = 'Cancelar',
  danger = true,
  busy = false,
  onConfirm,
  onCancel,
  children,
  returnFocus,
}: ConfirmDialogProps) {
  const cancel = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      open={open}
      onClose={onCancel}
      returnFocus={returnFocus}
      initialFocus={cancel}
      title={title}
      busy={busy}
      size="sm"
      footer={
        <>
          <Button ref={cancel} variant="secondary" onClick={onCancel} aria-disabled={busy}>
            {cancelLabel}
          </Button>
          <Button variant={danger ? 'danger' : 'primary'} onClick={onConfirm} loading={busy}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <p className="text-sm text-gray-700">{message}</p>
      {children}
    </Modal>
  );
}

/**
 * A confirmed row action (excluir, desativar, encerrar): asks, runs `action`, toasts the server's
 * message (or `success`), and closes. On failure it toasts the server's message (or `failure`) and
 * stays open unless `closeOnError`.
 */
export function ConfirmAction({
  title,
  message,
  confirmLabel,
  danger = true,
  action,
  success,
  failure,
  serverFailureMessage = true,
  closeOnError = false,
  onClose,
  children,
}: {
  title: string;
  message: string;
  confirmLabel: string;
  danger?: boolean;
  action: () => Promise<{ message?: string | undefined }>;
  success: string;
  failure: string;
  /** Toast the server's message on failure (false: always `failure`). */
  serverFailureMessage?: boolean;
  closeOnError?: boolean;
  onClose: () => void;
  /** What the question needs beside its message (as `ConfirmDialog`'s). */
  children?: ReactNode;
}) {
  const [busy, setBusy] = useState(false);
  const handleConfirm = async () => {
    setBusy(true);
    try {
      const result = await action();
      toast.success(result.message ?? success);
      onClose();
    } catch (error) {
      toast.error(
        serverFailureMessage && error instanceof ApiError && error.message ? error.message : failure,
      );
      if (closeOnError) onClose();
    } finally {
      setBusy(false);
    }
  };
  return (
    <ConfirmDialog
      open
      title={title}
      message={message}
      confirmLabel={confirmLabel}
      danger={danger}
      busy={busy}
      onCancel={onClose}
      onConfirm={() => void handleConfirm()}
    >
      {children}
    </ConfirmDialog>
  );
}
