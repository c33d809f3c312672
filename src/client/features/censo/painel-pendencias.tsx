import { Link } from 'react-router';
import { ArrowRight, CheckCircle2 } from 'lucide-react';
import type { Pendencia } from '../../../shared/censo.schemas';

/** INEP's records, as the secretaria knows them. */
const registros: Record<string, string> = {
  '00': 'Escola — identificação',
  '10': 'Escola — infraestrutura',
  '20': 'Turmas',
  '30': 'Pessoas (alunos e profissionais)',
  '40': 'Gestão escolar',
  '50': 'Profissionais em sala de aula',
  '60': 'Matrículas',
  '89': 'Escola e gestão escolar',
  '90': 'Situação das matrículas da data de referência',
  '91': 'Matrículas admitidas após a data de referência',
};

const linkClass =
  'inline-flex min-h-10 shrink-0 items-center gap-1 rounded-lg text-sm font-medium text-primary-strong hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary';

function agrupar(pendencias: readonly Pendencia[]) {
  const grupos = new Map<string, Pendencia[]>();
  for (const item of pendencias) grupos.set(item.registro, [...(grupos.get(item.registro) ?? []), item]);
  return [...grupos.entries()].sort(([a], [b]) => a.localeCompare(b));
}

/** What INEP would reject, grouped by record, each line with the screen that fixes it. */
export function PainelPendencias({ pendencias }: { pendencias: readonly Pendencia[] }) {
  if (pendencias.length === 0)
    return (
      <p
        role="status"
        className="flex items-center gap-2 rounded-lg border border-green-200 bg-green-50 px-4 py-3 text-sm text-green-800"
      >
        <CheckCircle2 className="h-5 w-5 shrink-0" aria-hidden="true" />
        Nenhuma pendência: o arquivo pode ser baixado e enviado ao Educacenso.
      </p>
    );
  return (
    <div className="space-y-4">
      {agrupar(pendencias).map(([registro, itens]) => (
        <section
          key={registro}
          aria-labelledby={`registro-${registro}`}
          className="rounded-xl border border-gray-200 bg-white"
        >
          <h4
            id={`registro-${registro}`}
            className="border-b border-gray-200 px-4 py-2 text-sm font-semibold text-gray-900"
          >
            Registro {registro} · {registros[registro] ?? 'Outros'}{' '}
            <span className="font-normal text-gray-600">({itens.length})</span>
          </h4>
          <ul className="divide-y divide-gray-100">
            {itens.map((item, index) => (
              <li
                key={`${item.entidade_id ?? ''}-${item.campo}-${String(index)}`}
                className="flex flex-col gap-1 px-4 py-3 sm:flex-row sm:items-center sm:justify-between sm:gap-4"
              >
                <div className="min-w-0">
                  <p className="text-sm font-medium text-gray-900">
                    {item.nome} <span className="font-normal text-gray-600">· {item.campo}</span>
                  </p>
                  <p className="text-sm text-gray-700">{item.mensagem}</p>
                </div>
                <Link
                  to={item.link}
                  className={linkClass}
                  aria-label={`Corrigir ${item.campo} de ${item.nome}`}
                >
                  Corrigir <ArrowRight className="h-4 w-4" aria-hidden="true" />
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
