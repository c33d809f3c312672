import type { ReactNode } from 'react';

/** A row of big toggle buttons (a phone's thumb): one value or none. */
export function Choice<T extends string>({
  label,
  options,
  labels,
  value,
  onChange,
  allowNone = false,
}: {
  label: string;
  options: readonly T[];
  labels: Record<T, string>;
  value: T | null;
  onChange: (value: T | null) => void;
  allowNone?: boolean;
}) {
  return (
    <div role="group" aria-label={label} className="flex flex-wrap gap-2">
      {options.map((option) => (
        <button
          key={option}
          type="button"
          aria-pressed={value === option}
          onClick={() => onChange(allowNone && value === option ? null : option)}
          className={`min-h-11 rounded-full border px-3 text-sm font-medium focus-visible:outline-2 focus-visible:outline-primary ${value === option ? 'border-primary-strong bg-primary-strong text-white' : 'border-gray-300 bg-white text-gray-800 hover:bg-gray-50'}`}
        >
          {labels[option]}
        </button>
      ))}
    </div>
  );
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-2 rounded-xl border border-gray-200 bg-white p-3">
      <legend className="px-1 text-sm font-semibold text-gray-900">{title}</legend>
      {children}
    </fieldset>
  );
}
