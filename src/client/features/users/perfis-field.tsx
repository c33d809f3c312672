import { useFormContext, useFormState } from 'react-hook-form';
import { usePerfis } from '../../domain/perfis.api';

/**
 * The profiles a staff account holds (ADR 0025): one checkbox per profile for staff (Responsável is
 * the guardians' own), each with how many permissions it gives. What the person may do is the sum.
 */
export function PerfisField() {
  const { register } = useFormContext();
  const { errors } = useFormState({ name: 'perfis' });
  const message = errors.perfis?.message;
  const error = typeof message === 'string' ? message : undefined;
  const { data: perfis } = usePerfis();
  const offered = (perfis ?? []).filter((perfil) => perfil.chave !== 'responsavel');
  return (
    <fieldset aria-describedby={error ? 'perfis-erro' : undefined}>
      <legend className="mb-1 text-sm font-medium text-gray-700">Perfis de acesso</legend>
      <p className="mb-2 text-xs text-gray-500">
        A pessoa pode fazer o que a soma dos perfis marcados permite (veja Configurações → Perfis de acesso).
        Se a secretaria também recebe mensalidades no balcão, marque Secretaria e Financeiro.
      </p>
      <div className="grid gap-2 sm:grid-cols-2">
        {offered.map((perfil) => (
          <label key={perfil.id} className="flex items-center gap-2 text-sm text-gray-700">
            <input
              type="checkbox"
              value={perfil.id}
              className="h-4 w-4 rounded border-gray-300"
              {...register('perfis')}
            />
            {perfil.nome}
          </label>
        ))}
      </div>
      {error && (
        <p id="perfis-erro" role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
