import type { ReactNode } from 'react';
import { useFormContext } from 'react-hook-form';
import type { Opcao } from '../../../shared/censo.codigos';
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

/** Checkboxes that fill an array of a list's keys, each with its label. */
export function Marcar({ name, legenda, lista }: { name: string; legenda: string; lista: readonly Opcao[] }) {
  const { register, formState } = useFormContext();
  const erro = (formState.errors[name] as { message?: string } | undefined)?.message;
  return (
    <fieldset className="sm:col-span-2">
      <legend className="mb-2 text-sm font-medium text-gray-700">{legenda}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {lista.map(([valor, rotulo]) => (
          <label key={valor} className="flex min-h-11 items-center gap-2 text-sm text-gray-700">
            <input
              type="checkbox"
              value={valor}
              className="h-5 w-5 rounded border-gray-300"
              {...register(name)}
            />
            {rotulo}
          </label>
        ))}
      </div>
      {erro && (
        <p role="alert" className="mt-1 text-sm text-red-600">
          {erro}
        </p>
      )}
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
