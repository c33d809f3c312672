import { useState } from 'react';
import toast from 'react-hot-toast';
import type { Perfil, Permissao } from '../../../shared/perfis.schemas';
import { groupBy } from '../../../shared/group-by';
import { Button } from '../../components/button';
import { Modal } from '../../components/modal';
import { ApiError } from '../../lib/api-client';
import { useSavePerfil } from '../../domain/perfis.api';

/**
 * 'Novo perfil' and 'Editar perfil': a name and the permissions, by group, each with its words in
 * Portuguese. `base` prefills a new profile from another one (a built-in one is copied, never edited).
 */
export function PerfilFormModal({
  perfil,
  base,
  permissoes,
  onClose,
}: {
  perfil: Perfil | null;
  base: Perfil | null;
  permissoes: Permissao[];
  onClose: () => void;
}) {
  const save = useSavePerfil();
  const [nome, setNome] = useState(perfil?.nome ?? (base ? `${base.nome} (cópia)` : ''));
  const [chosen, setChosen] = useState<Set<string>>(new Set(perfil?.permissoes ?? base?.permissoes ?? []));
  const [error, setError] = useState<string | null>(null);
  const toggle = (id: string) => {
    const next = new Set(chosen);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setChosen(next);
  };
  const handleSave = async () => {
    setError(null);
    try {
      const input = { nome: nome.trim(), permissoes: [...chosen] };
      const result = await save.mutateAsync({
        id: perfil?.id ?? null,
        input: perfil ? { ...input, version: perfil.version } : input,
      });
      toast.success(result.message ?? 'Perfil salvo com sucesso!');
      onClose();
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : 'Erro ao salvar o perfil.');
    }
  };
  const groups = [...groupBy(permissoes, (item) => item.grupo)];
  return (
    <Modal
      open
      onClose={onClose}
      title={perfil ? 'Editar perfil' : 'Novo perfil'}
      size="lg"
      busy={save.isPending}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} aria-disabled={save.isPending}>
            Cancelar
          </Button>
          <Button onClick={() => void handleSave()} loading={save.isPending}>
            Salvar perfil
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        <label className="block text-sm font-medium text-gray-700">
          Nome do perfil
          <input
            value={nome}
            onChange={(event) => setNome(event.target.value)}
            maxLength={60}
            className="mt-1 block w-full rounded-lg border border-gray-300 px-3 py-2 text-sm"
          />
        </label>
        {groups.map(([grupo, items]) => (
          <fieldset key={grupo} className="rounded-lg border border-gray-200 p-3">
            <legend className="px-1 text-sm font-semibold text-gray-800">{grupo}</legend>
            <div className="grid gap-2 sm:grid-cols-2">
              {items.map((item) => (
                <label key={item.id} className="flex items-start gap-2 text-sm text-gray-700">
                  <input
                    type="checkbox"
                    className="mt-0.5 h-4 w-4 rounded border-gray-300"
                    checked={chosen.has(item.id)}
                    onChange={() => toggle(item.id)}
                  />
                  {item.rotulo}
                </label>
              ))}
            </div>
          </fieldset>
        ))}
        {error && (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
      </div>
    </Modal>
  );
}
