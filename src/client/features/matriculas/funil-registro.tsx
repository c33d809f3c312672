/** A note or a contact made, added to a family's timeline. */
import { useState } from 'react';
import toast from 'react-hot-toast';
import { canaisContato, canalContatoLabels, type CanalContato } from '../../../shared/funil.schemas';
import { Button } from '../../components/button';
import { ErrorBanner } from '../../components/feedback';
import { useNovoEvento } from './funil.api';

export function NovoRegistro({ id }: { id: string }) {
  const novo = useNovoEvento(id);
  const [tipo, setTipo] = useState<'nota' | 'contato'>('contato');
  const [canal, setCanal] = useState<CanalContato>('telefone');
  const [texto, setTexto] = useState('');
  const [error, setError] = useState<string | null>(null);
  const handleSubmit = (event: React.SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    novo.mutate(
      { tipo, texto, ...(tipo === 'contato' ? { canal } : {}) },
      {
        onSuccess: () => {
          setTexto('');
          setError(null);
          toast.success('Registro adicionado.');
        },
        onError: (failure) => setError(failure.message),
      },
    );
  };
  return (
    <form
      onSubmit={handleSubmit}
      className="space-y-2 rounded-lg border border-gray-200 p-3"
      aria-label="Novo registro"
    >
      <div className="flex flex-wrap gap-2">
        <label className="sr-only" htmlFor="registro-tipo">
          Tipo de registro
        </label>
        <select
          id="registro-tipo"
          value={tipo}
          onChange={(event) => setTipo(event.target.value as 'nota' | 'contato')}
          className="rounded-md border border-gray-300 px-2 py-1.5 text-sm"
        >
          <option value="contato">Contato feito</option>
          <option value="nota">Anotação</option>
        </select>
        {tipo === 'contato' && (
          <>
            <label className="sr-only" htmlFor="registro-canal">
              Como foi o contato
            </label>
            <select
              id="registro-canal"
              value={canal}
              onChange={(event) => setCanal(event.target.value as CanalContato)}
              className="rounded-md border border-gray-300 px-2 py-1.5 text-sm"
            >
              {canaisContato.map((item) => (
                <option key={item} value={item}>
                  {canalContatoLabels[item]}
                </option>
              ))}
            </select>
          </>
        )}
      </div>
      <label htmlFor="registro-texto" className="sr-only">
        Texto do registro
      </label>
      <textarea
        id="registro-texto"
        value={texto}
        onChange={(event) => setTexto(event.target.value)}
        rows={2}
        maxLength={2000}
        placeholder={tipo === 'contato' ? 'O que foi conversado?' : 'Anotação sobre a família'}
        className="block w-full rounded-md border border-gray-300 px-3 py-2 text-sm"
        required
      />
      {error && <ErrorBanner>{error}</ErrorBanner>}
      <div className="flex justify-end">
        <Button type="submit" loading={novo.isPending} disabled={!texto.trim()}>
          Adicionar à linha do tempo
        </Button>
      </div>
    </form>
  );
}
