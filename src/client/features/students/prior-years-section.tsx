import { Pencil, Plus, Trash2 } from 'lucide-react';
import { resultadoAnteriorLabels, type PriorYear } from '../../../shared/documents.schemas';
import { Button, IconButton } from '../../components/button';
import { ConfirmAction } from '../../components/confirm-dialog';
import { ErrorBanner, Spinner } from '../../components/feedback';
import { useRowDialog } from '../../lib/use-row-dialog';
import { useDeletePriorYear, usePriorYears } from './documents.api';
import { PriorYearFormModal } from './prior-year-form-modal';

/** 'Anos em outras escolas': what the histórico prints before this school's own years (admin). */
export function PriorYearsSection({ alunoId }: { alunoId: string }) {
  const years = usePriorYears(alunoId, true);
  const remove = useDeletePriorYear(alunoId);
  const dialog = useRowDialog<{ create: null; edit: PriorYear; remove: PriorYear }>();
  return (
    <section aria-labelledby={`anos-anteriores-${alunoId}`} className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`anos-anteriores-${alunoId}`} className="text-sm font-semibold text-gray-800">
          Anos em outras escolas (histórico escolar)
        </h3>
        <Button variant="secondary" className="min-h-11" onClick={() => dialog.show('create')}>
          <Plus className="h-4 w-4" aria-hidden="true" /> Registrar ano anterior
        </Button>
      </div>
      {years.isPending ? (
        <Spinner label="Carregando anos anteriores..." />
      ) : years.isError ? (
        <ErrorBanner>Erro ao carregar os anos anteriores.</ErrorBanner>
      ) : years.data.length === 0 ? (
        <p className="text-sm text-gray-600">
          Nenhum ano de outra escola registrado. Para quem veio transferido de outra escola, registre os anos
          da escola de origem para que entrem no histórico.
        </p>
      ) : (
        <ul className="space-y-2">
          {years.data.map((year) => (
            <li
              key={year.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-gray-200 p-3 text-sm"
            >
              <div>
                <p className="font-medium text-gray-900">
                  {year.ano} — {year.serie} · {resultadoAnteriorLabels[year.resultado]}
                </p>
                <p className="text-gray-600">
                  {year.escola} ({year.cidade}/{year.uf}) · {year.disciplinas.length}{' '}
                  {year.disciplinas.length === 1 ? 'disciplina' : 'disciplinas'}
                </p>
              </div>
              <div className="flex gap-1">
                <IconButton
                  label={`Editar o ano ${String(year.ano)}`}
                  onClick={() => dialog.show('edit', year)}
                >
                  <Pencil className="h-4 w-4" aria-hidden="true" />
                </IconButton>
                <IconButton
                  label={`Excluir o ano ${String(year.ano)}`}
                  onClick={() => dialog.show('remove', year)}
                >
                  <Trash2 className="h-4 w-4 text-red-600" aria-hidden="true" />
                </IconButton>
              </div>
            </li>
          ))}
        </ul>
      )}
      {dialog.render('create', () => (
        <PriorYearFormModal alunoId={alunoId} year={null} onClose={dialog.close} />
      ))}
      {dialog.render('edit', (year) => (
        <PriorYearFormModal alunoId={alunoId} year={year} onClose={dialog.close} />
      ))}
      {dialog.render('remove', (year) => (
        <ConfirmAction
          title={`Excluir o ano ${String(year.ano)}?`}
          message={`${year.serie} em ${year.escola} deixará de constar nos próximos históricos emitidos. Os já emitidos não mudam.`}
          confirmLabel="Excluir"
          action={() => remove.mutateAsync(year.id)}
          success="Ano anterior excluído"
          failure="Erro ao excluir o ano anterior"
          onClose={dialog.close}
        />
      ))}
    </section>
  );
}
