import type { ComponentProps, ReactNode } from 'react';
import { Button } from './button';
import { ErrorBanner } from './feedback';
import { Modal } from './modal';

interface FormModalProps {
  title: string;
  /** Ties the footer's submit button to the form. */
  formId: string;
  submitLabel: string;
  busy: boolean;
  error?: string | null | undefined;
  onClose: () => void;
  onSubmit: NonNullable<ComponentProps<'form'>['onSubmit']>;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  children: ReactNode;
}

/** A create/edit dialog: the form, its error banner, and Cancelar + submit; it cannot close mid-save. */
export function FormModal({
  title,
  formId,
  submitLabel,
  busy,
  error,
  onClose,
  onSubmit,
  size = 'lg',
  children,
}: FormModalProps) {
  return (
    <Modal
      open
      onClose={onClose}
      busy={busy}
      size={size}
      title={title}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancelar
          </Button>
          <Button type="submit" form={formId} loading={busy}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={onSubmit} className="space-y-4">
        {error && <ErrorBanner>{error}</ErrorBanner>}
        {children}
      </form>
    </Modal>
  );
}
