import { AlertTriangle, CheckCircle2 } from 'lucide-react';
import { Link } from 'react-router';
import { formatCount } from '../../../shared/format';
import { paths } from '../../../shared/routes';
import type { FinalRecoveryPendencies } from '../../../shared/year-end.schemas';

/** 'faltam 3 notas de recuperação final' — the confirmation and the panel say it the same way. */
export const pendenciesText = (pending: FinalRecoveryPendencies) =>
  `${pending.total === 1 ? 'Falta' : 'Faltam'} ${formatCount(pending.total, 'nota', 'notas')} de recuperação final`;

/**
 * Ano letivo → Encerramento: what the recuperação final still leaves pending (ADR 0097), per class and
 * subject, each linking to its list in Notas. Closing with it needs an explicit confirmation.
 */
export function YearEndPendencies({ pending, ano }: { pending: FinalRecoveryPendencies; ano: number }) {
  if (pending.total === 0)
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-green-800">
        <CheckCircle2 className="h-4 w-4 shrink-0" aria-hidden />
        Recuperação final: todos os alunos abaixo da média já têm a nota lançada.
      </p>
    );
  return (
    <div
      role="status"
      aria-labelledby="pendencias-title"
      className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
    >
      <p id="pendencias-title" className="flex items-center gap-2 font-medium">
        <AlertTriangle className="h-4 w-4 shrink-0" aria-hidden />
        {pendenciesText(pending)} (alunos abaixo da média)
      </p>
      <p className="mt-1">
        Encerrado sem elas, cada aluno fica reprovado por nota na disciplina. Lance-as em Notas → Recuperação
        final, ou encerre confirmando as pendências.
      </p>
      <ul className="mt-2 space-y-1">
        {pending.itens.map((item) => (
          <li key={`${item.turma_id}:${item.disciplina}`}>
            <Link
              className="font-medium underline"
              to={`${paths.grades}?ano=${String(ano)}&turma=${item.turma_id}&disciplina=${encodeURIComponent(item.disciplina)}&periodo=recuperacao-final`}
            >
              {item.turma_nome} — {item.disciplina}
            </Link>
            : {formatCount(item.alunos, 'aluno', 'alunos')}
          </li>
        ))}
      </ul>
    </div>
  );
}
