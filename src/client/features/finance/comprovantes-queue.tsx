/**
 * The finance staff's queue of 'Já paguei' (ADR 0035): each tuition em confirmação with the comprovante
 * to open, 'Confirmar pagamento' (recorded as a manual payment: the amount due on the day sent, that day,
 * PIX) and 'Recusar' with the reason the family will read. Shown above the tuition list when not empty.
 */
import { useState } from 'react';
import toast from 'react-hot-toast';
import {
  referenciaCobranca,
  recusarComprovanteInputSchema,
  type ComprovantePendente,
} from '../../../shared/mensalidades.schemas';
import { formatCentavos, formatCount, formatDate, formatDateTime } from '../../../shared/format';
import { Button } from '../../components/button';
import { ErrorBanner } from '../../components/feedback';
import { Modal } from '../../components/modal';
import { comprovanteUrl, useAnswerComprovante, useComprovantesPendentes } from './comprovantes.api';

type Answering = { item: ComprovantePendente; kind: 'confirmar' | 'recusar' };

export function ComprovantesQueue() {
  const queue = useComprovantesPendentes();
  const [answering, setAnswering] = useState<Answering | null>(null);
  const items = queue.data ?? [];
  if (items.length === 0) return null;
  return (
    <section
      aria-label="Comprovantes para confirmar"
      className="mb-4 rounded-xl border border-blue-200 bg-blue-50/50 p-4"
    >
      <h2 className="text-sm font-semibold text-blue-950">
        {formatCount(items.length, 'comprovante para confirmar', 'comprovantes para confirmar')}
      </h2>
      <ul className="mt-2 divide-y divide-blue-100">
        {items.map((item) => (
          <li
            key={item.comprovante.id}
            data-testid="comprovante-pendente"
            className="flex flex-wrap items-center justify-between gap-3 py-2 text-sm"
          >
            <span>
              <span className="font-medium text-gray-900">{item.mensalidade.aluno_nome}</span>
              <span className="text-gray-700">
                {' '}
                · {referenciaCobranca(item.mensalidade)} · {formatCentavos(item.mensalidade.valor_atualizado)}{' '}
                em {formatDate(item.comprovante.data_referencia)}
              </span>
              <span className="block text-xs text-gray-600">
                Enviado por {item.comprovante.enviado_por_nome ?? 'responsável'} em{' '}
                {formatDateTime(item.comprovante.enviado_em)}
              </span>
            </span>
            <span className="flex flex-wrap items-center gap-2">
              <a
                className="font-medium text-primary-strong underline"
                href={comprovanteUrl(item.mensalidade.id)}
                target="_blank"
                rel="noreferrer"
              >
                Ver comprovante
              </a>
              <Button className="min-h-9 px-3" onClick={() => setAnswering({ item, kind: 'confirmar' })}>
                Confirmar pagamento
              </Button>
              <Button
                variant="secondary"
                className="min-h-9 px-3"
                onClick={() => setAnswering({ item, kind: 'recusar' })}
              >
                Recusar
              </Button>
            </span>
          </li>
        ))}
      </ul>
      {answering && <AnswerModal answering={answering} onClose={() => setAnswering(null)} />}
    </section>
  );
}

function AnswerModal({ answering, onClose }: { answering: Answering; onClose: () => void }) {
  const { item, kind } = answering;
  const [motivo, setMotivo] = useState('');
  const answer = useAnswerComprovante();
  const [error, setError] = useState<string | null>(null);
  // The family reads the reason: checked here as the server checks it, before anything is sent.
  const [motivoError, setMotivoError] = useState<string | null>(null);
  const submit = () => {
    if (kind === 'recusar') {
      const parsed = recusarComprovanteInputSchema.safeParse({ motivo });
      setMotivoError(parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Informe o motivo'));
      if (!parsed.success) return;
    }
    answer.mutate(
      kind === 'confirmar'
        ? { id: item.mensalidade.id, kind, body: {} }
        : { id: item.mensalidade.id, kind, body: { motivo } },
      {
        onSuccess: (result) => {
          toast.success(result.message ?? 'Pronto.');
          onClose();
        },
        onError: (failure) => setError(failure.message),
      },
    );
  };
  const confirming = kind === 'confirmar';
  return (
    <Modal
      open
      onClose={onClose}
      busy={answer.isPending}
      title={confirming ? 'Confirmar pagamento' : 'Recusar comprovante'}
      description={`${item.mensalidade.aluno_nome} · ${referenciaCobranca(item.mensalidade)}`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} aria-disabled={answer.isPending}>
            Cancelar
          </Button>
          <Button variant={confirming ? 'primary' : 'danger'} onClick={submit} loading={answer.isPending}>
            {confirming ? 'Confirmar pagamento' : 'Recusar'}
          </Button>
        </>
      }
    >
      <div className="space-y-3 text-sm text-gray-800">
        {confirming ? (
          <p>
            Será registrado o pagamento de{' '}
            <strong>{formatCentavos(item.mensalidade.valor_atualizado)}</strong> em{' '}
            {formatDate(item.comprovante.data_referencia)}, por Pix. Se o valor ou a data do comprovante forem
            outros, use Registrar pagamento na lista: o comprovante fica confirmado com o que você registrar.
          </p>
        ) : (
          <label className="block">
            <span className="font-medium">Motivo (a família verá)</span>
            <textarea
              className="mt-1 w-full rounded-lg border border-gray-300 p-2"
              rows={3}
              maxLength={300}
              value={motivo}
              aria-invalid={motivoError ? true : undefined}
              aria-describedby={motivoError ? 'motivo-recusa-erro' : undefined}
              onChange={(event) => setMotivo(event.target.value)}
            />
            {motivoError && (
              <span id="motivo-recusa-erro" role="alert" className="mt-1 block text-sm text-red-700">
                {motivoError}
              </span>
            )}
          </label>
        )}
        {error && <ErrorBanner>{error}</ErrorBanner>}
      </div>
    </Modal>
  );
}
