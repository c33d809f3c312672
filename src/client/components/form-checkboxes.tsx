/** The form kit's checkboxes (re-exported by form-fields.tsx): one box, and a group filling an array. */
import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { useFormContext } from 'react-hook-form';
import { heldChoice } from '../lib/held-field';
import { useFieldError } from './form-field-error';

export function FormCheckbox({
  name,
  label,
  held = false,
  ...props
}: {
  name: string;
  label: ReactNode;
  /** Held while the form saves: focusable, aria-disabled, and a click ticks nothing (held-field.ts). */
  held?: boolean;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'type'>) {
  const { register } = useFormContext();
  const field = register(name);
  const error = useFieldError(name);
  const errorId = `${useId()}-error`;
  return (
    <div>
      <label className="flex items-center gap-2 text-sm text-gray-700">
        <input
          type="checkbox"
          className="h-4 w-4 rounded border-gray-300"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...props}
          {...field}
          {...(held && heldChoice(true, field.onChange))}
        />
        {label}
      </label>
      {/* A box the schema requires (a consent) says so under it, as every other field does. */}
      {error && (
        <p id={errorId} role="alert" className="mt-1 text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * A group of checkboxes that fills an array field: plain values (a teacher's subjects), or
 * `[value, label]` pairs where they differ (INEP's codes and their names). `columns` 2 for long labels.
 */
export function FormCheckboxGroup({
  name,
  legend,
  options,
  columns = 3,
  className,
}: {
  name: string;
  legend: string;
  options: readonly (string | readonly [value: string, label: string])[];
  columns?: 2 | 3;
  className?: string;
}) {
  const { register, formState } = useFormContext();
  const error = (formState.errors[name] as { message?: string } | undefined)?.message;
  return (
    <fieldset className={className}>
      <legend className="mb-2 text-sm font-medium text-gray-700">{legend}</legend>
      <div className={columns === 2 ? 'grid gap-2 sm:grid-cols-2' : 'grid grid-cols-2 gap-2 sm:grid-cols-3'}>
        {options.map((option) => {
          const [value, label] = typeof option === 'string' ? [option, option] : option;
          return (
            <label key={value} className="flex items-start gap-2 text-sm text-gray-700">
              <input
                type="checkbox"
                value={value}
                className="mt-0.5 h-4 w-4 shrink-0 rounded border-gray-300"
                {...register(name)}
              />
              {label}
            </label>
          );
        })}
      </div>
      {error && (
        <p role="alert" className="mt-1 text-sm text-red-600">
          {error}
        </p>
      )}
    </fieldset>
  );
}
