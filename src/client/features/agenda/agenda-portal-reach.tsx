import { AlertTriangle } from 'lucide-react';
import type { AgendaDiaTurma } from '../../../shared/agenda.schemas';
import { formatList } from '../../../shared/format';

/**
 * Whom the agenda reaches. Families read it on the portal, so a family none of whose guardians has an
 * account there gets nothing: the teacher is told before filling it, with what to do instead (the
 * teacher believed every family would read it). Nothing is said when every family uses the portal.
 */
export function PortalReach({ alunos }: { alunos: AgendaDiaTurma['alunos'] }) {
  const fora = alunos.filter((aluno) => !aluno.familia_no_portal);
  if (fora.length === 0) return null;
  const usam = alunos.length - fora.length;
  const nomes = formatList(fora.map((aluno) => aluno.nome));
  return (
    <p
      role="status"
      className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
    >
      <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
      <span>
        {usam === 0
          ? 'Nenhuma família desta turma usa o portal: a agenda não chegará a ninguém. Envie-a impressa ou por outro meio.'
          : `${String(usam)} de ${String(alunos.length)} famílias ${usam === 1 ? 'usa' : 'usam'} o portal. A agenda não chegará ${fora.length === 1 ? 'à família' : 'às famílias'} de ${nomes}: envie-a impressa ou por outro meio.`}
      </span>
    </p>
  );
}
