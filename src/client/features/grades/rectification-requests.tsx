import { useState, type SyntheticEvent } from 'react';
import toast from 'react-hot-toast';
import { Check, FilePenLine, X } from 'lucide-react';
import {
  rectificationStatusLabels,
  type RectificationRequest,
  type RectificationStatus,
} from '../../../shared/rectification-requests.schemas.js';
import { formatDateTime } from '../../../shared/format';
import { Button } from '../../components/button';
import { ConfirmAction } from '../../components/confirm-dialog';
import { ErrorBanner } from '../../components/feedback';
import { TextAreaField } from '../../components/field';
import { Modal } from '../../components/modal';
import { ApiError } from '../../lib/api-client';
import { useDecideRectification, useRectificationRequests } from './grades.api';

/** Where a request's grade is: the grid of its class, subject and period. */
export interface GridPlace {
  turma: string;
  disciplina: string;
  periodo: string;
}

const statusStyles: Record<RectificationStatus, string> = {
  pendente: 'bg-amber-100 text-amber-900',
  aprovada: 'bg-green-100 text-green-800',
  recusada: 'bg-red-100 text-red-800',
};

const gradeText = (value: string | null) => value ?? 'sem nota';

function RequestSummary({ item }: { item: RectificationRequest }) {
  return (
    <div className="min-w-0 text-sm">
      <p className="font-medium text-gray-900">
        {item.aluno.nome} — {item.avaliacao.nome}
      </p>
      <p className="text-gray-600">
        {item.disciplina} · {item.turma.nome} · {item.periodo.nome}
      </p>
      <p className="mt-1 text-gray-800">
        De <strong>{gradeText(item.antes)}</strong> para <strong>{gradeText(item.depois)}</strong>
        {item.situacao === 'pendente' && item.atual !== item.antes && (
          <span className="text-red-700"> (a nota atual é {gradeText(item.atual)})</span>
        )}
      </p>
      <p className="text-gray-700">Motivo: {item.motivo}</p>
      <p className="text-xs text-gray-500">
        {item.solicitado_por ?? 'Professor'}, {formatDateTime(item.solicitado_em)}
      </p>
    </div>
  );
}

/**
 * The administrator's queue of teachers' retificação requests on the Notas screen: approve (the grade
 * changes, with history) or refuse with a reason. Hidden while nothing waits.
 */
export function RectificationQueue({ onOpen }: { onOpen: (place: GridPlace) => void }) {
  const pending = useRectificationRequests({ situacao: 'pendente' });
  const decide = useDecideRectification();
  const [approving, setApproving] = useState<RectificationRequest | null>(null);
  const [refusing, setRefusing] = useState<RectificationRequest | null>(null);
  if (pending.isError) return <ErrorBanner>Erro ao carregar as solicitações de retificação.</ErrorBanner>;
  if (!pending.data || pending.data.length === 0) return null;
  const count = pending.data.length;
  return (
    <section
      aria-labelledby="retificacoes-title"
      className="mb-4 rounded-xl border border-amber-300 bg-amber-50/60 p-4"
    >
      <h2
        id="retificacoes-title"
        className="mb-2 flex items-center gap-2 text-base font-semibold text-gray-900"
      >
        <FilePenLine className="h-4 w-4" aria-hidden />
        Solicitações de retificação
        <span className="rounded-full bg-amber-200 px-2 text-sm font-medium text-amber-900">{count}</span>
      </h2>
      <ul className="divide-y divide-amber-200">
        {pending.data.map((item) => (
          <li
            key={item.id}
            aria-label={`Solicitação de ${item.solicitado_por ?? 'professor'}: ${item.aluno.nome}, ${item.avaliacao.nome}`}
            className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start sm:justify-between"
          >
            <RequestSummary item={item} />
            <div className="flex shrink-0 flex-wrap gap-2">
              <Button
                variant="secondary"
                className="min-h-11"
                onClick={() =>
                  onOpen({ turma: item.turma.id, disciplina: item.disciplina, periodo: item.periodo.id })
                }
              >
                Ver na grade
              </Button>
              <Button variant="secondary" className="min-h-11" onClick={() => setRefusing(item)}>
                <X className="h-4 w-4" aria-hidden /> Recusar
              </Button>
              <Button className="min-h-11" onClick={() => setApproving(item)}>
                <Check className="h-4 w-4" aria-hidden /> Aprovar
              </Button>
            </div>
          </li>
        ))}
      </ul>
      {approving && (
        <ConfirmAction
          title="Aprovar retificação"
          message={`A nota de ${approving.aluno.nome} em “${approving.avaliacao.nome}” (${approving.disciplina}) passa de ${gradeText(approving.antes)} para ${gradeText(approving.depois)}. O boletim acompanha e a mudança fica no histórico da nota.`}
          confirmLabel="Aprovar"
          danger={false}
          action={() => decide.mutateAsync({ id: approving.id, decisao: 'aprovar' })}
          success="Retificação aprovada: a nota foi alterada."
          failure="Não foi possível aprovar a retificação."
          closeOnError
          onClose={() => setApproving(null)}
        />
      )}
      {refusing && <RefuseDialog request={refusing} onClose={() => setRefusing(null)} />}
    </section>
  );
}

function RefuseDialog({ request, onClose }: { request: RectificationRequest; onClose: () => void }) {
  const decide = useDecideRectification();
  const [resposta, setResposta] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [general, setGeneral] = useState<string | null>(null);
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (resposta.trim().length < 5) {
      setError('Explique por que a solicitação foi recusada (ao menos 5 caracteres)');
      return;
    }
    setError(null);
    decide.mutate(
      { id: request.id, decisao: 'recusar', resposta },
      {
        onSuccess: ({ message }) => {
          toast.success(message ?? 'Solicitação de retificação recusada.');
          onClose();
        },
        onError: (failure) => {
          const detail = failure instanceof ApiError ? failure.details[0] : undefined;
          if (detail?.path === 'resposta') setError(detail.message);
          else setGeneral(failure.message);
        },
      },
    );
  };
  return (
    <Modal
      open
      onClose={onClose}
      title="Recusar retificação"
      description={`${request.aluno.nome} — ${request.avaliacao.nome} (${request.disciplina})`}
      busy={decide.isPending}
    >
      <form onSubmit={submit} className="space-y-3" noValidate>
        {general && <ErrorBanner>{general}</ErrorBanner>}
        <p className="text-sm text-gray-700">
          A nota continua {gradeText(request.atual)}. O professor vê o motivo da recusa.
        </p>
        <TextAreaField
          label="Motivo da recusa"
          required
          value={resposta}
          error={error ?? undefined}
          onChange={(event) => setResposta(event.target.value)}
        />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose} aria-disabled={decide.isPending}>
            Cancelar
          </Button>
          <Button type="submit" variant="danger" loading={decide.isPending}>
            Recusar
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/** A teacher's own requests, newest first, with the secretary's answer. Hidden until there is one. */
export function MyRectificationRequests() {
  const mine = useRectificationRequests();
  if (mine.isError) return <ErrorBanner>Erro ao carregar as suas solicitações de retificação.</ErrorBanner>;
  if (!mine.data || mine.data.length === 0) return null;
  const pendingCount = mine.data.filter((item) => item.situacao === 'pendente').length;
  return (
    <details className="mb-4 rounded-xl border border-gray-200 bg-white p-4" open={pendingCount > 0}>
      <summary className="cursor-pointer text-base font-semibold text-gray-900">
        Minhas solicitações de retificação
        {pendingCount > 0 && (
          <span className="ml-2 text-sm font-normal text-gray-600">
            ({pendingCount} {pendingCount === 1 ? 'pendente' : 'pendentes'})
          </span>
        )}
      </summary>
      <ul className="mt-2 divide-y divide-gray-100">
        {mine.data.slice(0, 10).map((item) => (
          <li key={item.id} className="flex flex-col gap-1 py-3 sm:flex-row sm:justify-between sm:gap-4">
            <RequestSummary item={item} />
            <div className="shrink-0 text-sm sm:text-right">
              <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${statusStyles[item.situacao]}`}>
                {rectificationStatusLabels[item.situacao]}
              </span>
              {item.decidido_em && (
                <p className="mt-1 text-xs text-gray-500">
                  {item.decidido_por ?? 'Secretaria'}, {formatDateTime(item.decidido_em)}
                </p>
              )}
              {item.resposta && <p className="mt-1 max-w-xs text-gray-700">{item.resposta}</p>}
            </div>
          </li>
        ))}
      </ul>
    </details>
  );
}
