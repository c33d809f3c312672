import { useState } from 'react';
import { CheckCircle2, Lock, LockOpen, Send } from 'lucide-react';
import { formatDate, todayIso } from '../../../shared/format';
import type { PeriodClassState } from '../../../shared/grades.schemas';
import { Button } from '../../components/button';
import { ConfirmAction } from '../../components/confirm-dialog';
import { Badge } from '../../components/feedback';
import { usePeriodAction, usePeriodStatus } from './grades.api';
import { PeriodReadiness } from './period-readiness';

type Action = 'fechar' | 'reabrir' | 'publicar';

const texts: Record<Action, { label: string; verb: string; success: string }> = {
  fechar: {
    label: 'Fechar',
    verb: 'Fechar o período? Professores não poderão mais alterar notas nem chamadas; correções viram retificações.',
    success: 'Período fechado.',
  },
  reabrir: {
    label: 'Reabrir',
    verb: 'Reabrir o período? Professores voltam a poder alterar notas e chamadas.',
    success: 'Período reaberto.',
  },
  publicar: {
    label: 'Publicar',
    verb: 'Publicar o período? Os responsáveis passam a ver as notas no boletim.',
    success: 'Período publicado.',
  },
};

/**
 * Reopening a published period keeps it published: the families keep reading the boletim and see each
 * grade change as it is made. The confirmation says so; the grade history marks those changes.
 */
const reopenPublishedWarning =
  ' Atenção: este período já está publicado e continua publicado — os responsáveis veem cada nota alterada na hora. Cada alteração feita enquanto ele estiver reaberto fica no histórico da nota como “alteração após a publicação”.';

/**
 * The closing date beside the badge, said as the class's state has it: 'fecha em 18/12' under 'Fechado'
 * (closed by hand before the date) or under 'Aberto' with the date gone by (reopened) read as a
 * contradiction.
 */
export function closingLine(turma: PeriodClassState, today = todayIso()): string {
  const date = formatDate(turma.data_fechamento);
  if (turma.fechado) {
    if (turma.origem === 'data') return `fechado em ${date}`;
    return turma.data_fechamento > today
      ? `fechado antes do prazo (${date})`
      : `prazo de fechamento: ${date}`;
  }
  // Open after its date: someone reopened it (the date alone would have closed it).
  return turma.data_fechamento >= today ? `fecha em ${date}` : `reaberto (o prazo era ${date})`;
}

/** Administrators: close, reopen or publish the period for this class or the whole school. */
export function PeriodActions({ periodoId, turmaId }: { periodoId: string; turmaId: string }) {
  const status = usePeriodStatus(periodoId);
  const act = usePeriodAction();
  const [pending, setPending] = useState<{ action: Action; escola: boolean } | null>(null);
  const turma = status.data?.turmas.find((item) => item.turma_id === turmaId);
  if (!status.data || !turma) return null;
  const button = (action: Action, escola: boolean, icon: React.ReactNode) => (
    <Button variant="secondary" className="min-h-11" onClick={() => setPending({ action, escola })}>
      {icon} {texts[action].label} {escola ? 'para a escola' : 'para a turma'}
    </Button>
  );
  return (
    <section
      aria-label="Situação do período"
      className="mb-4 flex flex-col gap-3 rounded-xl border border-gray-200 bg-white p-4 lg:flex-row lg:items-center lg:justify-between"
    >
      <div className="flex flex-wrap items-center gap-2 text-sm text-gray-700">
        <span className="font-medium text-gray-900">{status.data.periodo.nome}:</span>
        {turma.fechado ? <Badge tone="gray">Fechado</Badge> : <Badge tone="green">Aberto</Badge>}
        {turma.publicado ? <Badge tone="blue">Publicado</Badge> : <Badge tone="yellow">Não publicado</Badge>}
        <span>{closingLine(turma)}</span>
      </div>
      <div className="flex flex-wrap gap-2">
        {turma.fechado
          ? button('reabrir', false, <LockOpen className="h-4 w-4" aria-hidden />)
          : button('fechar', false, <Lock className="h-4 w-4" aria-hidden />)}
        {!turma.publicado && button('publicar', false, <Send className="h-4 w-4" aria-hidden />)}
        {button('fechar', true, <Lock className="h-4 w-4" aria-hidden />)}
        {button('publicar', true, <CheckCircle2 className="h-4 w-4" aria-hidden />)}
      </div>
      {pending && (
        <ConfirmAction
          title={`${texts[pending.action].label} ${status.data.periodo.nome}`}
          message={`${texts[pending.action].verb} Vale ${pending.escola ? 'para todas as turmas da escola' : `para a turma ${turma.turma_nome}`}.${
            pending.action === 'reabrir' && turma.publicado ? reopenPublishedWarning : ''
          }`}
          confirmLabel={`${texts[pending.action].label} período`}
          danger={pending.action !== 'publicar'}
          action={() =>
            act.mutateAsync({ periodoId, action: pending.action, ...(pending.escola ? {} : { turmaId }) })
          }
          success={texts[pending.action].success}
          failure="Não foi possível concluir a ação."
          onClose={() => setPending(null)}
        >
          {pending.action !== 'reabrir' && (
            <PeriodReadiness periodoId={periodoId} turmaId={pending.escola ? null : turmaId} />
          )}
        </ConfirmAction>
      )}
    </section>
  );
}
