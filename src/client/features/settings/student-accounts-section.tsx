/** Configurações → Acadêmico: the first série whose students may have their own portal account (ADR 0029). */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { seriesEmOrdem } from '../../../shared/classes.schemas';
import { Button } from '../../components/button';
import { accountSettingsQuery, useSaveAccountSettings } from '../../domain/contas-aluno.api';
import { ApiError } from '../../lib/api-client';

export function StudentAccountsSection() {
  const current = useQuery(accountSettingsQuery());
  const save = useSaveAccountSettings();
  const [serie, setSerie] = useState<string | null>(null);
  if (!current.data) return null;
  const value = serie ?? current.data.serie_minima;
  return (
    <section className="rounded-xl border border-gray-200 bg-white p-4" aria-labelledby="acesso-aluno-titulo">
      <h2 id="acesso-aluno-titulo" className="font-semibold text-gray-900">
        Portal do Aluno
      </h2>
      <p className="mt-1 text-sm text-gray-600">
        A partir de qual série o aluno pode ter o próprio acesso ao portal (com o consentimento do
        responsável).
      </p>
      <form
        className="mt-3 flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate(
            { serie_minima: value },
            {
              onSuccess: () => toast.success('Configuração salva.'),
              onError: (error) => toast.error(error instanceof ApiError ? error.message : 'Erro ao salvar'),
            },
          );
        }}
      >
        <label className="text-sm font-medium text-gray-700">
          Primeira série com acesso
          <select
            className="mt-1 block rounded-lg border border-gray-300 px-3 py-2 text-sm"
            value={value}
            onChange={(event) => setSerie(event.target.value)}
          >
            {seriesEmOrdem.map((item) => (
              <option key={item} value={item}>
                {item}
              </option>
            ))}
          </select>
        </label>
        <Button type="submit" loading={save.isPending} disabled={value === current.data.serie_minima}>
          Salvar
        </Button>
      </form>
    </section>
  );
}
