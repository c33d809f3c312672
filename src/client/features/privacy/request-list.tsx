import { formatDate } from '../../../shared/format';
import {
  requestSituacaoLabels,
  requestTipoLabels,
  type DataRequest,
} from '../../../shared/data-rights.schemas';
import { Badge } from '../../components/feedback';

const tones = { pendente: 'yellow', atendida: 'green', recusada: 'red' } as const;

/** The deadline in words: 'vence em 3 dias', 'venceu há 2 dias'. */
export function deadlineText(request: DataRequest): string {
  if (request.situacao !== 'pendente')
    return `Respondida em ${formatDate(request.respondido_em?.slice(0, 10) ?? '')}`;
  const days = request.dias_restantes;
  const date = formatDate(request.prazo);
  if (days > 1) return `Prazo: ${date} (faltam ${days} dias)`;
  if (days === 1) return `Prazo: ${date} (amanhã)`;
  if (days === 0) return `Prazo: ${date} (hoje)`;
  return `Prazo vencido em ${date}`;
}

export function RequestSummary({ request, children }: { request: DataRequest; children?: React.ReactNode }) {
  return (
    <li className="rounded-lg border border-gray-200 p-3 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-medium text-gray-900">
          {requestTipoLabels[request.tipo]}
          {request.aluno ? ` — ${request.aluno.nome}` : ''}
          {request.solicitante ? (
            <span className="font-normal text-gray-600"> · {request.solicitante}</span>
          ) : null}
        </p>
        <Badge tone={tones[request.situacao]}>{requestSituacaoLabels[request.situacao]}</Badge>
      </div>
      <p
        className={`text-xs ${request.situacao === 'pendente' && request.dias_restantes < 3 ? 'text-red-700' : 'text-gray-500'}`}
      >
        Pedido em {formatDate(request.criado_em.slice(0, 10))} · {deadlineText(request)}
      </p>
      <p className="mt-1 whitespace-pre-line text-gray-700">{request.descricao}</p>
      {request.resposta && (
        <p className="mt-2 rounded bg-gray-50 p-2 whitespace-pre-line text-gray-800">
          <strong>Resposta da escola:</strong> {request.resposta}
        </p>
      )}
      {children}
    </li>
  );
}
