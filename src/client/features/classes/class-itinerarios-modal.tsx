import { useState } from 'react';
import toast from 'react-hot-toast';
import { Route } from 'lucide-react';
import { formatCount } from '../../../shared/format';
import { Button } from '../../components/button';
import { SelectField } from '../../components/field';
import { EmptyState, ErrorBanner, Spinner } from '../../components/feedback';
import { Modal } from '../../components/modal';
import { useItinerarioChoices, useSaveItinerarioChoices } from './classes.api';
import type { ClassDialogProps } from './class-dialog';

/**
 * 'Itinerários' of an Ensino Médio class (ADR 0027): each student's itinerário formativo. Their Notas,
 * Frequência and boletim follow the choice; who may enrol students records it.
 */
export function ClassItinerariosModal({ turma, canWrite, onClose }: ClassDialogProps) {
  const choices = useItinerarioChoices(turma.id);
  const save = useSaveItinerarioChoices();
  const [changed, setChanged] = useState<Record<string, string>>({});
  const pending = Object.keys(changed).length;
  // Nothing to choose (no itinerário offered, no student): the dialog only informs, so it has no Salvar.
  const choosing = canWrite && !!choices.data?.itinerarios.length && !!choices.data.alunos.length;

  const handleSave = () => {
    save.mutate(
      {
        turmaId: turma.id,
        input: {
          escolhas: Object.entries(changed).map(([alunoId, itinerarioId]) => ({
            aluno_id: alunoId,
            itinerario_id: itinerarioId === '' ? null : itinerarioId,
          })),
        },
      },
      {
        onSuccess: (result) => {
          toast.success(result.message ?? 'Itinerários salvos');
          setChanged({});
        },
        onError: (error) => toast.error(error.message),
      },
    );
  };

  return (
    <Modal
      open
      onClose={onClose}
      size="lg"
      title={`Itinerários formativos — ${turma.nome}`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Fechar
          </Button>
          {choosing && (
            <Button onClick={handleSave} disabled={pending === 0} loading={save.isPending}>
              {pending === 0 ? 'Salvar escolhas' : `Salvar ${formatCount(pending, 'escolha', 'escolhas')}`}
            </Button>
          )}
        </>
      }
    >
      {choices.isPending ? (
        <Spinner />
      ) : choices.isError ? (
        <ErrorBanner>Erro ao carregar os itinerários da turma.</ErrorBanner>
      ) : choices.data.itinerarios.length === 0 ? (
        <EmptyState
          icon={Route}
          title="A turma ainda não oferece itinerários"
          hint="Cadastre os itinerários formativos na Grade curricular da turma."
        />
      ) : choices.data.alunos.length === 0 ? (
        <EmptyState icon={Route} title="Nenhum aluno ativo na turma" />
      ) : (
        <div className="space-y-3">
          <p className="text-sm text-gray-700">
            Cada aluno cursa a formação geral básica e o itinerário escolhido: as notas, a chamada e o boletim
            dele trazem só as disciplinas desse itinerário.
          </p>
          <ul className="divide-y divide-gray-100 rounded-lg border border-gray-200" aria-label="Alunos">
            {choices.data.alunos.map((aluno) => (
              <li key={aluno.id} className="grid gap-2 px-3 py-2 sm:grid-cols-[1fr_18rem] sm:items-center">
                <p className="text-sm">
                  <span className="font-medium text-gray-900">{aluno.nome}</span>{' '}
                  <span className="text-gray-600">· {aluno.matricula}</span>
                </p>
                <SelectField
                  label={`Itinerário de ${aluno.nome}`}
                  className="sm:min-w-0"
                  disabled={!canWrite}
                  value={changed[aluno.id] ?? aluno.itinerario_id ?? ''}
                  onChange={(event) => {
                    const value = event.target.value;
                    setChanged((current) => {
                      const others = Object.entries(current).filter(([id]) => id !== aluno.id);
                      if (value !== (aluno.itinerario_id ?? '')) others.push([aluno.id, value]);
                      return Object.fromEntries(others);
                    });
                  }}
                >
                  <option value="">Ainda não escolheu</option>
                  {choices.data.itinerarios.map((item) => (
                    <option key={item.id} value={item.id}>
                      {item.nome}
                      {item.tecnico ? ' (técnico)' : ''}
                    </option>
                  ))}
                </SelectField>
              </li>
            ))}
          </ul>
        </div>
      )}
    </Modal>
  );
}
