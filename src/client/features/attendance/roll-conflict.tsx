import { useState } from 'react';
import { AlertTriangle } from 'lucide-react';
import type { RollMark } from '../../../shared/attendance.schemas';
import { formatDateTime } from '../../../shared/format';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ErrorBanner } from '../../components/feedback';
import type { QueueEntry } from '../../lib/offline/fila';
import { conflictsOf, resolveRollConflict, type Choice } from './roll-offline';

const describe = (mark: RollMark) =>
  mark.presente ? 'Presente' : mark.justificativa ? `Falta (${mark.justificativa})` : 'Falta';

/**
 * The choices made on a conflict, by its save's key: they outlive the panel, which a re-render of the
 * screen may mount again (the phone turned, the layout switched, the roll read again) before the teacher
 * presses 'Reenviar' — the choices must not vanish under their finger.
 */
const choicesByConflict = new Map<string, ReadonlyMap<string, Choice>>();

/**
 * A roll save the server answered with a conflict: per student, the mark on this device and the one on
 * the server, and the teacher chooses — nothing is overwritten silently (issue 35).
 */
export function RollConflictPanel({ userId, entry }: { userId: string; entry: QueueEntry }) {
  const conflicts = conflictsOf(entry);
  const key = entry.idempotencyKey;
  const [choices, setChoices] = useState<ReadonlyMap<string, Choice>>(
    () => choicesByConflict.get(key) ?? new Map(),
  );
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ready = conflicts.every((item) => choices.has(item.aluno_id));
  // Kept at once, outside React's state: a panel mounted again before this render still has it.
  const choose = (alunoId: string, choice: Choice) => {
    const next = new Map(choicesByConflict.get(key) ?? choices).set(alunoId, choice);
    choicesByConflict.set(key, next);
    setChoices(next);
  };

  async function resend() {
    setSending(true);
    setError(null);
    try {
      await resolveRollConflict(userId, entry, choices);
      choicesByConflict.delete(key);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'Não foi possível reenviar.');
    } finally {
      setSending(false);
    }
  }

  return (
    <section
      aria-label="Conflito na chamada"
      className="mb-4 rounded-lg border-2 border-red-300 bg-red-50 p-4 text-sm text-red-950"
    >
      <p className="flex items-start gap-2 font-semibold">
        <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
        <span>
          <span className="mr-1.5 rounded bg-red-200 px-1.5 py-0.5 text-xs font-bold">conflito</span>
          {entry.detail?.message}
        </span>
      </p>
      <ul className="mt-3 space-y-3">
        {conflicts.map((item) => (
          <li key={item.aluno_id} className="rounded-lg bg-white p-3">
            <p className="font-medium text-gray-900">{item.nome}</p>
            <p className="text-gray-700">
              No aparelho: <strong>{describe(item.no_aparelho)}</strong> · No servidor:{' '}
              <strong>{describe(item.no_servidor)}</strong>
              {item.alterado_por
                ? ` (alterado por ${item.alterado_por} em ${formatDateTime(item.alterado_em)})`
                : ''}
            </p>
            <div
              role="group"
              aria-label={`Qual marcação manter para ${item.nome}`}
              className="mt-2 flex flex-wrap gap-2"
            >
              {(
                [
                  ['meu', 'Manter o meu'],
                  ['servidor', 'Manter o do servidor'],
                ] as const
              ).map(([choice, label]) => (
                <Button
                  key={choice}
                  variant={choices.get(item.aluno_id) === choice ? 'primary' : 'secondary'}
                  aria-pressed={choices.get(item.aluno_id) === choice}
                  className="min-h-11"
                  onClick={() => choose(item.aluno_id, choice)}
                >
                  {label}
                </Button>
              ))}
            </div>
          </li>
        ))}
      </ul>
      {error && (
        <div className="mt-2">
          <ErrorBanner>{error}</ErrorBanner>
        </div>
      )}
      <Button
        className="mt-3 min-h-11 w-full sm:w-auto"
        disabled={!ready}
        loading={sending}
        onClick={() => void resend()}
      >
        Reenviar com a minha escolha
      </Button>
    </section>
  );
}

/**
 * Where this roll stands on the device (issue 35: salvo, pendente, enviado, conflito), above the sheet.
 */
export function RollDeviceState({
  userId,
  entry,
  pending,
  sent,
  copiaDe,
  onDiscard,
}: {
  userId: string | undefined;
  entry: QueueEntry | undefined;
  /** Saves waiting on this device, all screens together. */
  pending: number;
  sent: boolean;
  copiaDe: number | null;
  onDiscard: (entry: QueueEntry) => void;
}) {
  // The marks kept on the device go for good: asked first, as the header's list of saves asks.
  const [confirmingDiscard, setConfirmingDiscard] = useState(false);
  return (
    <>
      {copiaDe !== null && (
        <p role="status" className="mb-2 rounded-lg bg-gray-100 px-3 py-2 text-sm text-gray-800">
          Sem conexão — mostrando a cópia salva neste aparelho em {formatDateTime(new Date(copiaDe))}.
        </p>
      )}
      {entry?.status === 'conflito' && userId && (
        <RollConflictPanel key={entry.idempotencyKey} userId={userId} entry={entry} />
      )}
      {(entry?.status === 'pendente' || entry?.status === 'enviando') && (
        <p
          role="status"
          className="mb-2 rounded-lg border border-yellow-300 bg-yellow-50 px-3 py-2 text-sm font-medium text-yellow-900"
        >
          Salvo no aparelho — pendente ({pending}). Será enviado quando houver conexão.
        </p>
      )}
      {entry?.status === 'recusado' && (
        <div
          role="alert"
          className="mb-2 rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900"
        >
          <p>
            <strong>recusado pelo servidor:</strong> {entry.detail?.message} As marcações abaixo continuam
            neste aparelho; corrija e salve de novo, ou descarte.
          </p>
          <Button variant="secondary" className="mt-2 min-h-11" onClick={() => setConfirmingDiscard(true)}>
            Descartar o envio recusado
          </Button>
          <ConfirmDialog
            open={confirmingDiscard}
            title="Descartar o envio recusado?"
            message={`As marcações de ${entry.label} guardadas neste aparelho serão apagadas sem chegar ao servidor, e a chamada volta a mostrar o que está salvo no servidor. Elas não poderão ser recuperadas.`}
            confirmLabel="Descartar as marcações"
            cancelLabel="Manter no aparelho"
            onCancel={() => setConfirmingDiscard(false)}
            onConfirm={() => {
              setConfirmingDiscard(false);
              onDiscard(entry);
            }}
          />
        </div>
      )}
      {!entry && sent && (
        <p role="status" className="mb-2 text-sm font-medium text-green-800">
          Enviado ao servidor.
        </p>
      )}
    </>
  );
}
