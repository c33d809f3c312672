import { useState } from 'react';
import { Link } from 'react-router';
import { CloudOff, RefreshCw } from 'lucide-react';
import { paths } from '../../shared/routes';
import { listEntries, removeEntry, type QueueEntry } from '../lib/offline/fila';
import { useFila, type FilaState } from '../lib/offline/use-fila';
import { Button } from './button';
import { Modal } from './modal';

const statusLabels: Record<QueueEntry['status'], string> = {
  pendente: 'pendente',
  enviando: 'enviando…',
  conflito: 'conflito',
  recusado: 'recusado',
};
const statusTones: Record<QueueEntry['status'], string> = {
  pendente: 'bg-yellow-100 text-yellow-900',
  enviando: 'bg-blue-100 text-blue-900',
  conflito: 'bg-red-100 text-red-800',
  recusado: 'bg-red-100 text-red-800',
};

/** '2 chamadas', '1 lançamento de notas' — what waits, in the words of the screens. */
export function describeWaiting(entries: readonly QueueEntry[]): string {
  const rolls = entries.filter((entry) => entry.kind === 'chamada').length;
  const grades = entries.length - rolls;
  const parts: string[] = [];
  if (rolls > 0) parts.push(rolls === 1 ? '1 chamada' : `${String(rolls)} chamadas`);
  if (grades > 0)
    parts.push(grades === 1 ? '1 lançamento de notas' : `${String(grades)} lançamentos de notas`);
  return parts.join(' e ');
}

/** A conflict or refusal given up (the grade typed again on the grid, say): asked twice, never by accident. */
function DiscardButton({ userId, entry }: { userId: string; entry: QueueEntry }) {
  const [confirming, setConfirming] = useState(false);
  return confirming ? (
    <Button
      variant="danger"
      className="min-h-9 px-2 text-xs"
      onClick={() => void removeEntry(userId, entry.id)}
    >
      Confirmar descarte
    </Button>
  ) : (
    <Button variant="ghost" className="min-h-9 px-2 text-xs" onClick={() => setConfirming(true)}>
      Descartar
    </Button>
  );
}

function QueueList({ fila }: { fila: FilaState }) {
  if (fila.entries.length === 0)
    return <p className="text-sm text-gray-600">Nada esperando: tudo foi enviado ao servidor.</p>;
  return (
    <ul className="divide-y divide-gray-200">
      {fila.entries.map((entry) => (
        <li key={entry.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
          <span className="min-w-0">
            <Link to={entry.link} className="font-medium text-primary-strong underline">
              {entry.label}
            </Link>
            {entry.detail && <span className="block text-xs text-gray-600">{entry.detail.message}</span>}
          </span>
          <span className="flex items-center gap-2">
            <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${statusTones[entry.status]}`}>
              {statusLabels[entry.status]}
            </span>
            {(entry.status === 'conflito' || entry.status === 'recusado') && fila.userId && (
              <DiscardButton userId={fila.userId} entry={entry} />
            )}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The header's chip: what waits on this device, the list, and 'Sincronizar agora'. */
export function PendingSavesChip() {
  const fila = useFila();
  const [open, setOpen] = useState(false);
  const [syncing, setSyncing] = useState(false);
  const waiting = fila.entries.length;
  if (waiting === 0) return null;
  // The words, and on a phone the count alone (the words cut the screen's title to 'Frequê…').
  const [text, short] = fila.sessionEnded
    ? [`Sua sessão terminou — entre novamente para enviar (${String(waiting)})`, String(waiting)]
    : fila.conflicts > 0
      ? [`conflito (${String(fila.conflicts)})`, `! ${String(fila.conflicts)}`]
      : [`pendente (${String(waiting)})`, String(waiting)];
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={text}
        title={text}
        className={`flex min-h-10 max-w-[12rem] items-center gap-1 truncate rounded-full px-3 text-xs font-semibold sm:max-w-none ${
          fila.conflicts > 0 || fila.sessionEnded
            ? 'bg-red-100 text-red-800'
            : 'bg-yellow-100 text-yellow-900'
        }`}
      >
        <CloudOff className="h-4 w-4 shrink-0" aria-hidden="true" />
        <span className="hidden truncate sm:inline">{text}</span>
        <span className="sm:hidden" aria-hidden="true">
          {short}
        </span>
      </button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title="Salvo no aparelho"
        description="Registros salvos neste aparelho que o servidor ainda não recebeu."
        footer={
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Fechar
            </Button>
            {fila.sessionEnded ? (
              <Link
                to={paths.login}
                className="inline-flex min-h-10 items-center rounded-lg bg-primary-strong px-4 text-sm font-medium text-white"
              >
                Entrar novamente
              </Link>
            ) : (
              <Button
                loading={syncing}
                onClick={() => {
                  setSyncing(true);
                  void fila.syncNow().finally(() => setSyncing(false));
                }}
              >
                <RefreshCw className="h-4 w-4" aria-hidden="true" /> Sincronizar agora
              </Button>
            )}
          </div>
        }
      >
        <QueueList fila={fila} />
      </Modal>
    </>
  );
}

/**
 * 'Sair' with saves still waiting: never discarded silently (issue 35). `onLeave` is the real sign-out
 * (which wipes every local database), called only after the person chose.
 */
export function SignOutWithPending({
  fila,
  open,
  onCancel,
  onLeave,
}: {
  fila: FilaState;
  open: boolean;
  onCancel: () => void;
  onLeave: () => void;
}) {
  const [syncing, setSyncing] = useState(false);
  const [tried, setTried] = useState(false);
  const title = `${describeWaiting(fila.entries)} ainda não ${fila.entries.length === 1 && fila.entries[0]?.kind === 'chamada' ? 'enviada' : fila.entries.every((entry) => entry.kind === 'chamada') ? 'enviadas' : 'enviados'}`;
  return (
    <Modal
      open={open}
      onClose={onCancel}
      busy={syncing}
      title={title}
      description="Se sair agora sem enviar, estes registros serão apagados deste aparelho."
      footer={
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" aria-disabled={syncing} onClick={onCancel}>
            Cancelar
          </Button>
          <Button variant="danger" aria-disabled={syncing} onClick={onLeave}>
            Sair e descartar
          </Button>
          <Button
            loading={syncing}
            onClick={() => {
              setSyncing(true);
              void fila
                .syncNow()
                .then(() => (fila.userId ? listEntries(fila.userId) : []))
                .then((left) => {
                  setSyncing(false);
                  setTried(true);
                  // Everything reached the server: the sign-out goes on, nothing to discard.
                  if (left.length === 0) onLeave();
                })
                .catch(() => {
                  setSyncing(false);
                  setTried(true);
                });
            }}
          >
            Enviar agora
          </Button>
        </div>
      }
    >
      <QueueList fila={fila} />
      {tried && fila.entries.length > 0 && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          Ainda há registros não enviados (sem conexão, sessão encerrada ou conflito). Resolva-os ou saia e
          descarte.
        </p>
      )}
    </Modal>
  );
}
