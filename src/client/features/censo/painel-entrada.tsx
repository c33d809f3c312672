import { Link } from 'react-router';
import { ArrowRight, Landmark } from 'lucide-react';
import { can, permissionsOf } from '../../../shared/permissions';
import { paths } from '../../../shared/routes';
import { useCurrentUser } from '../../lib/current-user';

/** The reports page's entry to Relatórios → Censo Escolar (only for who manages the census). */
export function CensoEntrada() {
  const { data: me } = useCurrentUser();
  if (!can(permissionsOf(me), 'censo.manage')) return null;
  return (
    <section
      aria-labelledby="relatorio-censo"
      className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-start gap-3">
          <Landmark className="mt-0.5 h-5 w-5 shrink-0 text-primary-strong" aria-hidden="true" />
          <div>
            <h2 id="relatorio-censo" className="text-lg font-semibold text-gray-900">
              Censo Escolar
            </h2>
            <p className="text-sm text-gray-600">
              Os arquivos do Educacenso (Matrícula Inicial e Situação do Aluno), o que falta antes do envio e
              a importação dos IDs do INEP.
            </p>
          </div>
        </div>
        <Link
          to={paths.censo}
          className="inline-flex min-h-10 shrink-0 items-center gap-1 rounded-lg text-sm font-medium text-primary-strong hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
        >
          Abrir o Censo Escolar <ArrowRight className="h-4 w-4" aria-hidden="true" />
        </Link>
      </div>
    </section>
  );
}
