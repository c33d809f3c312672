/** An inline form's end: 'Cancelar' and the submit button, both held while the form saves. */
import { useFormState } from 'react-hook-form';
import { Button } from './button';

export function FormActions({
  submitLabel,
  onCancel,
  className = '',
}: {
  submitLabel: string;
  onCancel: () => void;
  /** Extra classes for the row (a grid form: `sm:col-span-2`). */
  className?: string;
}) {
  const { isSubmitting } = useFormState();
  return (
    <div className={`flex justify-end gap-2 ${className}`.trimEnd()}>
      <Button variant="secondary" onClick={onCancel} aria-disabled={isSubmitting}>
        Cancelar
      </Button>
      <Button type="submit" loading={isSubmitting}>
        {submitLabel}
      </Button>
    </div>
  );
}
