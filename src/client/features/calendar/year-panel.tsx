import { useState } from 'react';
import { AlertTriangle, ArrowRight, CalendarPlus, Pencil, Trash2 } from 'lucide-react';
import type { SchoolYear } from '../../../shared/calendar.schemas';
import { formatDate } from '../../../shared/format';
import { laterOpenedYear, shouldOfferOpening } from '../../../shared/school-year-focus';
import { Button } from '../../components/button';
import { ConfirmAction } from '../../components/confirm-dialog';
import { Badge, ErrorBanner } from '../../components/feedback';
import { useRowDialog } from '../../lib/use-row-dialog';
import { useSchoolYears } from '../../domain/school-years';
import { useDeleteSchoolYear } from './calendar.api';
import { YearFormModal } from './year-form-modal';

/**
 * The ano letivo of the month on screen: dates, dias letivos (and the LDB warning) and its periods.
 * A year left unopened while a later one is open is not offered to be opened (issue 29: after opening
 * 2027, November 2026 showed a big 'Abrir ano letivo 2026'): the panel points to the open year, and
 * opens this one only when asked.
 */
export function YearPanel({
  ano,
  manage,
  onShowYear,
}: {
  ano: number;
  manage: boolean;
  /** Shows another year (its first month). */
  onShowYear: (year: SchoolYear) => void;
}) {
  const years = useSchoolYears();
  const remove = useDeleteSchoolYear();
  const dialog = useRowDialog<{ form: SchoolYear | null; delete: SchoolYear }>();
  const [asked, setAsked] = useState<number | null>(null);
  const year = years.data?.find((item) => item.ano === ano);
  const later = laterOpenedYear(years.data ?? [], ano);
  const offer = asked === ano || shouldOfferOpening(years.data ?? [], ano);
  return (
    <section aria-labelledby="ano-letivo" className="mb-6 rounded-xl border border-gray-200 bg-white p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="ano-letivo" className="text-lg font-semibold text-gray-900">
            Ano letivo {ano}
          </h2>
          {year ? (
            <p className="text-sm text-gray-700">
              {formatDate(year.inicio)} a {formatDate(year.fim)} ·{' '}
              <strong data-testid="dias-letivos">{year.dias_letivos} dias letivos</strong> (mínimo{' '}
              {year.minimo_dias_letivos})
            </p>
          ) : (
            !years.isPending && (
              <p className="text-sm text-gray-600">
                {later
                  ? `Não foi aberto. O ano letivo ${String(later.ano)} já está aberto.`
                  : manage
                    ? 'Ainda não aberto. Abra o ano letivo para contar os dias e fazer chamadas.'
                    : 'Ainda não aberto pela secretaria.'}
              </p>
            )
          )}
        </div>
        {manage && (
          <div className="flex flex-wrap gap-2">
            {year ? (
              <>
                <Button variant="secondary" onClick={() => dialog.show('form', year)}>
                  <Pencil className="h-4 w-4" aria-hidden="true" /> Editar ano letivo
                </Button>
                <Button variant="ghost" onClick={() => dialog.show('delete', year)}>
                  <Trash2 className="h-4 w-4 text-red-600" aria-hidden="true" /> Excluir
                </Button>
              </>
            ) : offer ? (
              <Button onClick={() => dialog.show('form', null)}>
                <CalendarPlus className="h-4 w-4" aria-hidden="true" /> Abrir ano letivo {ano}
              </Button>
            ) : (
              later && (
                <>
                  <Button onClick={() => onShowYear(later)}>
                    Ver o ano letivo {later.ano} <ArrowRight className="h-4 w-4" aria-hidden="true" />
                  </Button>
                  <Button variant="ghost" onClick={() => setAsked(ano)}>
                    Abrir {ano} mesmo assim
                  </Button>
                </>
              )
            )}
          </div>
        )}
      </div>
      {years.isError && <ErrorBanner>Erro ao carregar o ano letivo.</ErrorBanner>}
      {year?.aviso && (
        <p
          role="alert"
          className="mt-3 flex items-start gap-2 rounded-lg bg-yellow-50 px-3 py-2 text-sm text-yellow-900"
        >
          <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0 text-yellow-600" aria-hidden="true" />
          {year.aviso}
        </p>
      )}
      {year && year.periodos.length > 0 && (
        <ul className="mt-3 grid grid-cols-2 gap-2 lg:grid-cols-4" aria-label="Períodos">
          {year.periodos.map((period) => (
            <li key={period.id} className="rounded-lg bg-gray-50 p-2 text-xs sm:p-3 sm:text-sm">
              <p className="flex flex-wrap items-center justify-between gap-1 font-semibold text-gray-900">
                {period.nome}
                {period.encerrado ? <Badge tone="gray">Encerrado</Badge> : null}
              </p>
              <p className="text-gray-700">
                {formatDate(period.inicio)} a {formatDate(period.fim)}
              </p>
              <p className="text-gray-700">{period.dias_letivos} dias letivos</p>
              <p className="text-gray-600">Fecha em {formatDate(period.data_fechamento)}</p>
            </li>
          ))}
        </ul>
      )}
      {dialog.render('form', (item) => (
        <YearFormModal year={item} ano={ano} onClose={dialog.close} />
      ))}
      {dialog.render('delete', (item) => (
        <ConfirmAction
          title="Excluir ano letivo"
          message={`Excluir o ano letivo ${String(item.ano)} e seus períodos? Não é possível se já houver chamadas registradas.`}
          confirmLabel="Excluir"
          action={() => remove.mutateAsync(item.id)}
          success="Ano letivo excluído"
          failure="Erro ao excluir o ano letivo"
          onClose={dialog.close}
        />
      ))}
    </section>
  );
}
