import toast from 'react-hot-toast';
import type { z } from 'zod';
import { FormTextArea } from './form-fields';
import { FormModal } from './form-modal';
import { useSchemaForm } from '../lib/use-schema-form';

type ReasonSchema = z.ZodType<{ motivo: string }, { motivo: string }>;

/**
 * A destructive action the audit must explain: asks first, requires the reason, runs `action` with it
 * and shows the server's message (or `success`).
 */
export function ReasonModal({
  title,
  description,
  formId,
  submitLabel,
  reasonLabel,
  hint,
  schema,
  success,
  action,
  onClose,
}: {
  title: string;
  description: string;
  formId: string;
  submitLabel: string;
  /** 'Motivo da remoção' */
  reasonLabel: string;
  hint: string;
  schema: ReasonSchema;
  success: string;
  action: (motivo: string) => Promise<{ message?: string | undefined }>;
  onClose: () => void;
}) {
  const form = useSchemaForm(schema, { motivo: '' });
  return (
    <FormModal
      title={title}
      description={description}
      formId={formId}
      submitLabel={submitLabel}
      submitVariant="danger"
      size="md"
      form={form}
      onClose={onClose}
      onSubmit={form.submit(async ({ motivo }) => {
        const result = await action(motivo);
        toast.success(result.message ?? success);
        onClose();
      })}
    >
      <FormTextArea name="motivo" label={reasonLabel} required rows={3} hint={hint} />
    </FormModal>
  );
}
