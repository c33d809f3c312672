import type { ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import type { SchemaForm } from '../lib/use-schema-form';
import { Button } from './button';
import { Form } from './form-fields';
import { Modal } from './modal';

interface FormModalProps<In extends FieldValues, Out> {
  title: string;
  description?: ReactNode;
  /** Ties the footer's submit button to the form. */
  formId: string;
  submitLabel: string;
  submitVariant?: 'primary' | 'danger';
  cancelLabel?: string;
  form: SchemaForm<In, Out>;
  onSubmit: (event?: React.BaseSyntheticEvent) => Promise<void>;
  onClose: () => void;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  /** The form's layout (default: one column). */
  className?: string;
  children: ReactNode;
}

/**
 * A create/edit dialog: the form, its error banner, and Cancelar + submit; it cannot close mid-save, nor
 * by a tap beside it once something was typed (Cancelar, the X and Esc still close it).
 */
export function FormModal<In extends FieldValues, Out>({
  title,
  description,
  formId,
  submitLabel,
  submitVariant = 'primary',
  cancelLabel = 'Cancelar',
  form,
  onSubmit,
  onClose,
  size = 'lg',
  className = 'space-y-4',
  children,
}: FormModalProps<In, Out>) {
  const busy = form.formState.isSubmitting;
  return (
    <Modal
      open
      onClose={onClose}
      busy={busy}
      closeOnOutside={!form.formState.isDirty}
      size={size}
      title={title}
      description={description}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} aria-disabled={busy}>
            {cancelLabel}
          </Button>
          <Button type="submit" form={formId} variant={submitVariant} loading={busy}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <Form form={form} onSubmit={onSubmit} id={formId} className={className}>
        {children}
      </Form>
    </Modal>
  );
}
