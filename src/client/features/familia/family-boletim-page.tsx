/**
 * The family's Boletim (issue 32 §1): one child at a time — the boletim of the child's year with its PDF,
 * or, for a child of Educação Infantil, the pareceres descritivos (the relatório de desenvolvimento) with
 * theirs. The same pieces the school's record shows; the server gives a family only what is published.
 */
import { Link } from 'react-router';
import { isInfantil } from '../../../shared/classes.schemas';
import { paths } from '../../../shared/routes';
import { PageHeader } from '../../components/feedback';
import { HeadingShift } from '../../components/heading';
import { OneChildAtATime, firstName } from '../../domain/child-switcher';
import { ChildPareceres } from '../../domain/parecer-parts';
import { ReportCardView } from '../../domain/report-card';

export function FamilyBoletimPage() {
  return (
    <div>
      <PageHeader title="Boletim" subtitle="Notas, faltas e pareceres que a escola publicou" />
      {/* The boletim's parts head a dialog's body elsewhere (h3); here they come right under the h1. */}
      <HeadingShift by={-1}>
        <OneChildAtATime
          render={(child) => (
            <section
              aria-label={`${isInfantil(child.turma?.nivel ?? '') ? 'Pareceres' : 'Boletim'} de ${child.nome}`}
              className="space-y-3 rounded-xl border border-gray-200 bg-white p-4"
            >
              <p className="text-sm text-gray-700">
                <span className="font-semibold text-gray-900">{child.nome}</span>
                {child.turma ? ` · ${child.turma.nome}` : ' · sem turma'} ·{' '}
                <Link
                  to={`${paths.familyChild}?aluno=${child.id}`}
                  className="font-medium text-primary-strong underline"
                >
                  Ver a turma e os professores de {firstName(child.nome)}
                </Link>
              </p>
              {isInfantil(child.turma?.nivel ?? '') ? (
                <ChildPareceres alunoId={child.id} />
              ) : (
                <ReportCardView alunoId={child.id} />
              )}
            </section>
          )}
        />
      </HeadingShift>
    </div>
  );
}
