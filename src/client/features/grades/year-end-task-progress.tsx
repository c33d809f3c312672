import { CheckCircle2, Loader2 } from 'lucide-react';
import type { YearEndTask } from '../../../shared/year-end.schemas';
import { ErrorBanner, ProgressBar } from '../../components/feedback';
import { isRunning } from './year-end-tasks.api';

/** A task that ended longer ago than this is no news any more. */
const RECENT_MS = 10 * 60_000;

const titleOf = (task: YearEndTask) =>
  task.tipo === 'encerramento' ? 'Encerramento do ano letivo' : 'Aplicação da rematrícula';

/**
 * The progress of the year's closing or rematrícula running in the background ('Fechando o ano: 12.400 de
 * 50.000 alunos'): a progress bar and a polite live region, so a screen reader hears the steps; then
 * the outcome, or why it failed.
 */
export function YearEndTaskProgress({ task }: { task: YearEndTask | undefined }) {
  if (!task) return null;
  if (task.status === 'falhou')
    return (
      <ErrorBanner>
        {titleOf(task)} não foi concluído: {task.mensagem}
      </ErrorBanner>
    );
  const ended = task.concluido_em ? Date.now() - new Date(task.concluido_em).getTime() : 0;
  if (!isRunning(task) && ended > RECENT_MS) return null;
  const percent =
    task.status === 'concluida' ? 100 : task.total > 0 ? Math.round((task.feitos / task.total) * 100) : 0;
  return (
    <div
      className="space-y-2 rounded-lg border border-blue-200 bg-blue-50 p-3"
      data-testid="tarefa-ano-letivo"
    >
      <p className="text-sm font-medium text-blue-950">{titleOf(task)}</p>
      <ProgressBar label={`Progresso: ${titleOf(task)}`} percent={percent} valueText={task.mensagem} />
      <p className="flex items-center gap-1.5 text-sm text-blue-950" aria-live="polite" role="status">
        {isRunning(task) ? (
          <Loader2 className="h-4 w-4 shrink-0 animate-spin" aria-hidden="true" />
        ) : (
          <CheckCircle2 className="h-4 w-4 shrink-0 text-green-700" aria-hidden="true" />
        )}
        {task.mensagem}
      </p>
      {isRunning(task) && (
        <p className="text-xs text-blue-900">
          Pode fechar ou recarregar esta tela: o trabalho continua no servidor, e o progresso aparece aqui de
          novo.
        </p>
      )}
    </div>
  );
}
