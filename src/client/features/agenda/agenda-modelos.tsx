import { useState } from 'react';
import toast from 'react-hot-toast';
import type { AgendaModelo } from '../../../shared/agenda.schemas';
import { Button } from '../../components/button';
import { AgendaItemsEditor } from './agenda-items-editor';
import { useSaveModelo } from './agenda.api';

/** The coordination's template of a class: whether it keeps an agenda and what the form starts from. */
export function AgendaModeloEditor({ modelo }: { modelo: AgendaModelo }) {
  const [ativa, setAtiva] = useState(modelo.ativa);
  const [itens, setItens] = useState(modelo.itens);
  const save = useSaveModelo(modelo.turma.id);
  return (
    <div className="space-y-3">
      <p className="text-sm text-gray-600">
        {modelo.padrao
          ? 'Esta turma usa o modelo padrão da escola. Ao salvar, ela passa a ter o seu.'
          : 'Modelo próprio desta turma.'}
      </p>
      <label className="flex min-h-11 items-center gap-2 text-sm font-medium text-gray-900">
        <input
          type="checkbox"
          className="h-5 w-5"
          checked={ativa}
          onChange={(event) => setAtiva(event.target.checked)}
        />
        Esta turma tem agenda diária
      </label>
      <p className="text-sm text-gray-600">
        O formulário do dia começa com o que estiver escolhido aqui (as refeições e a avaliação de cada uma, o
        humor, os recados); a professora muda só o que for diferente naquele dia.
      </p>
      <AgendaItemsEditor turma={modelo.turma} value={itens} onChange={setItens} editMeals />
      <Button
        loading={save.isPending}
        onClick={() =>
          save.mutate(
            { ativa, itens, ...(modelo.version ? { version: modelo.version } : {}) },
            {
              onSuccess: (result) => toast.success(result.message ?? 'Modelo salvo.'),
              onError: (error) => toast.error(error instanceof Error ? error.message : 'Erro ao salvar.'),
            },
          )
        }
      >
        Salvar modelo
      </Button>
    </div>
  );
}
