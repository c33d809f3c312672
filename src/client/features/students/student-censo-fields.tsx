import type { ReactNode } from 'react';
import { useFormContext } from 'react-hook-form';
import { SelectField } from '../../components/field';
import { FormInput } from '../../components/form-fields';

/** The census section's pieces: a titled group, key checkboxes, the yes/no/unknown select, a nullable text. */
const vazioNulo = (value: string) => (value === '' ? null : value);

export function Grupo({ titulo, children, nota }: { titulo: string; children: ReactNode; nota?: ReactNode }) {
  return (
    <fieldset className="rounded-lg border border-gray-200 p-3">
      <legend className="px-1 text-sm font-semibold text-gray-800">{titulo}</legend>
      {nota && <div className="mb-3 text-xs text-gray-600">{nota}</div>}
      <div className="grid gap-3 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

/** Sim / Não / Não informado, held as true / false / null. */
export function TransportePublico() {
  const { register } = useFormContext();
  return (
    <SelectField
      label="Usa transporte escolar público?"
      {...register('transporte_publico', {
        setValueAs: (value: unknown) =>
          typeof value === 'boolean' || value === null ? value : value === '' ? null : value === 'true',
      })}
    >
      <option value="">Não informado</option>
      <option value="true">Sim</option>
      <option value="false">Não</option>
    </SelectField>
  );
}

export function Texto(props: { name: string; label: string; hint?: string; inputMode?: 'numeric' }) {
  return (
    <FormInput
      {...props}
      setValueAs={(value: unknown) => (typeof value === 'string' ? vazioNulo(value.trim()) : (value ?? null))}
    />
  );
}
