import { Inbox } from 'lucide-react';
import { EmptyState, ErrorBanner, Spinner } from '../../components/feedback';
import { ParecerStatusChip } from '../../domain/parecer-parts';
import { usePareceres } from '../../domain/pareceres.api';
import type { Parecer } from '../../../shared/pareceres.schemas';

/**
 * The coordination's queue: drafts the teachers sent for review and reviewed pareceres not yet
 * published, every class, oldest period first. Opening one takes to its class and period.
 */
export function PendingPareceres({ onOpen }: { onOpen: (parecer: Parecer) => void }) {
  const drafts = usePareceres({ status: 'rascunho' });
  const reviewed = usePareceres({ status: 'revisado' });
  if (drafts.isPending || reviewed.isPending) return <Spinner label="Carregando pareceres..." />;
  if (drafts.isError || reviewed.isError) return <ErrorBanner>Erro ao carregar os pareceres.</ErrorBanner>;
  const pending = [...drafts.data.filter((item) => item.enviado_em !== null), ...reviewed.data];
  if (pending.length === 0)
    return (
      <EmptyState
        icon={Inbox}
        title="Nenhum parecer aguardando a coordenação"
        hint="Os pareceres enviados para revisão pelos professores aparecem aqui."
      />
    );
  return (
    <ul className="space-y-2" aria-label="Pareceres aguardando a coordenação">
      {pending.map((parecer) => (
        <li key={parecer.id}>
          <button
            type="button"
            onClick={() => onOpen(parecer)}
            className="flex min-h-11 w-full items-center justify-between gap-3 rounded-lg border border-gray-200 bg-white p-3 text-left hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-primary"
          >
            <span>
              <span className="block font-medium text-gray-900">{parecer.aluno.nome}</span>
              <span className="block text-xs text-gray-600">
                {parecer.turma.nome} · {parecer.periodo.nome} de {parecer.periodo.ano}
              </span>
            </span>
            <ParecerStatusChip parecer={parecer} />
          </button>
        </li>
      ))}
    </ul>
  );
}
