import { SelectField } from '../../components/field';

/**
 * A choice of the school's agreement with its bank (the boleto's carteira, the débito automático's type of
 * account): empty until chosen, required while the service is on, the server's message under it.
 */
export function BankChoiceField<V extends string>({
  label,
  value,
  onChange,
  error,
  required,
  options,
  labels,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  required: boolean;
  options: readonly V[];
  /** How each option reads; the value itself when not given. */
  labels?: Record<V, string>;
}) {
  return (
    <SelectField
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
      required={required}
    >
      <option value="">Escolha</option>
      {options.map((option) => (
        <option key={option} value={option}>
          {labels ? labels[option] : option}
        </option>
      ))}
    </SelectField>
  );
}
