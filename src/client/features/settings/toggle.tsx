import { useId, type ReactNode } from 'react';
import { useController } from 'react-hook-form';
import type { SystemSettingsValues } from '../../../shared/settings.schemas';

/** An accessible on/off switch with its label and a hint line. */
export function Toggle({
  label,
  hint,
  checked,
  disabled = false,
  onChange,
}: {
  label: string;
  hint?: ReactNode;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-4 rounded-lg border border-gray-200 bg-white p-4">
      <div>
        <label htmlFor={id} className="text-sm font-medium text-gray-900">
          {label}
        </label>
        {hint && (
          <p id={`${id}-hint`} className="mt-1 text-xs text-gray-600">
            {hint}
          </p>
        )}
      </div>
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={checked}
        aria-describedby={hint ? `${id}-hint` : undefined}
        disabled={disabled}
        onClick={() => onChange(!checked)}
        className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary disabled:cursor-not-allowed disabled:opacity-50 ${
          checked ? 'bg-primary-strong' : 'bg-gray-300'
        }`}
      >
        <span
          className={`inline-block h-5 w-5 rounded-full bg-white shadow transition ${checked ? 'translate-x-5' : 'translate-x-0.5'}`}
        />
      </button>
    </div>
  );
}

/** A Toggle bound to a boolean field of the surrounding schema form. */
export function FormToggle({
  name,
  label,
  hint,
  disabled,
}: {
  name: keyof SystemSettingsValues;
  label: string;
  hint?: ReactNode;
  disabled?: boolean;
}) {
  const { field, fieldState } = useController<SystemSettingsValues>({ name });
  return (
    <Toggle
      label={label}
      hint={fieldState.error?.message ?? hint}
      checked={field.value === true}
      disabled={disabled ?? false}
      onChange={field.onChange}
    />
  );
}
