/** The stage changes that ask for something first: a visit's date and time, a loss's reason. */
import { useState } from 'react';
import toast from 'react-hot-toast';
import { todayIso } from '../../../shared/format';
import {
  VISITA_NO_PASSADO,
  etapaFunilLabels,
  isVisitaNoPassado,
  type EtapaFunil,
  type Interessado,
} from '../../../shared/matriculas.schemas';
import { ActionModal } from '../../components/action-modal';
import { useMoverEtapa } from './funil.api';

/** `datetime-local` value (São Paulo wall clock as the browser shows it) → ISO with the offset. */
function toIso(local: string): string | null {
  if (!local) return null;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

function toLocal(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${String(date.getFullYear())}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

export function VisitaDialog({ familia, onClose }: { familia: Interessado; onClose: () => void }) {
  const mover = useMoverEtapa();
  const [when, setWhen] = useState(toLocal(familia.visita_em));
  const [error, setError] = useState<string | null>(null);
  const handleAction = () => {
    const iso = toIso(when);
    if (!iso) {
      setError('Escolha a data e a hora da visita.');
      return;
    }
    // The server refuses it too; said here before the round trip (a visit already recorded may stay).
    if (iso !== familia.visita_em && isVisitaNoPassado(iso, todayIso())) {
      setError(VISITA_NO_PASSADO);
      return;
    }
    mover.mutate(
      { id: familia.id, etapa: 'visita', visita_em: iso, version: familia.version },
      {
        onSuccess: () => {
          toast.success('Visita agendada.');
          onClose();
        },
        onError: (failure) => setError(failure.message),
      },
    );
  };
  return (
    <ActionModal
      title={familia.visita_em ? 'Remarcar visita' : 'Agendar visita'}
      description={`${familia.responsavel_nome} — ${familia.aluno_nome}`}
      actionLabel="Salvar visita"
      busy={mover.isPending}
      error={error}
      onAction={handleAction}
      onClose={onClose}
    >
      <label htmlFor="visita-em" className="block font-medium text-gray-800">
        Data e hora da visita
      </label>
      <input
        id="visita-em"
        type="datetime-local"
        value={when}
        min={`${todayIso()}T00:00`}
        onChange={(event) => setWhen(event.target.value)}
        className="block w-full rounded-lg border border-gray-300 px-3 py-2"
        required
      />
    </ActionModal>
  );
}

export const motivosSugeridos = [
  'Escolheu outra escola',
  'Mensalidade acima do orçamento',
  'Mudou de cidade',
  'Sem vaga na série',
  'Não respondeu aos contatos',
];

export function PerdaDialog({ familia, onClose }: { familia: Interessado; onClose: () => void }) {
  const mover = useMoverEtapa();
  const [motivo, setMotivo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const handleAction = () => {
    if (!motivo.trim()) {
      setError('Informe o motivo da perda.');
      return;
    }
    mover.mutate(
      { id: familia.id, etapa: 'perdido', motivo_perda: motivo.trim(), version: familia.version },
      {
        onSuccess: () => {
          toast.success('Família marcada como perdida.');
          onClose();
        },
        onError: (failure) => setError(failure.message),
      },
    );
  };
  return (
    <ActionModal
      title="Marcar como perdida"
      description={`${familia.responsavel_nome} — ${familia.aluno_nome}. A família sai do funil; dá para reabrir depois.`}
      actionLabel="Marcar como perdida"
      busy={mover.isPending}
      error={error}
      onAction={handleAction}
      onClose={onClose}
    >
      <label htmlFor="motivo-perda" className="block font-medium text-gray-800">
        Motivo da perda
      </label>
      <input
        id="motivo-perda"
        list="motivos-perda"
        value={motivo}
        maxLength={300}
        onChange={(event) => setMotivo(event.target.value)}
        className="block w-full rounded-lg border border-gray-300 px-3 py-2"
        required
      />
      <datalist id="motivos-perda">
        {motivosSugeridos.map((item) => (
          <option key={item} value={item} />
        ))}
      </datalist>
      <p className="text-gray-600">Escolha uma sugestão ou escreva o motivo: ele entra nos indicadores.</p>
    </ActionModal>
  );
}

/**
 * A move chosen on the board or in 'Mover para…': a visit or a loss opens its dialog first; any other
 * stage is saved at once.
 */
export function useMoveTo() {
  const mover = useMoverEtapa();
  const [pending, setPending] = useState<{ familia: Interessado; etapa: 'visita' | 'perdido' } | null>(null);
  // The family whose move is on its way: another move of it waits (its version is about to change).
  const moving = mover.isPending ? mover.variables.id : null;
  const move = (familia: Interessado, etapa: EtapaFunil) => {
    if (etapa === familia.etapa || familia.id === moving) return;
    if (etapa === 'visita' || etapa === 'perdido') {
      setPending({ familia, etapa });
      return;
    }
    mover.mutate(
      { id: familia.id, etapa, version: familia.version },
      {
        onSuccess: () => toast.success(`${familia.aluno_nome}: ${etapaFunilLabels[etapa]}.`),
        onError: (failure) => toast.error(failure.message),
      },
    );
  };
  const dialog =
    pending?.etapa === 'visita' ? (
      <VisitaDialog familia={pending.familia} onClose={() => setPending(null)} />
    ) : pending?.etapa === 'perdido' ? (
      <PerdaDialog familia={pending.familia} onClose={() => setPending(null)} />
    ) : null;
  return { move, dialog, moving };
}
