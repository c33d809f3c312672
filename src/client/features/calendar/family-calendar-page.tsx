/**
 * The family's Calendário (issue 32 §1): the month's holidays, recesses and vacations, meetings and school
 * events — what a family plans by — and nothing of the school's bookkeeping: no count of dias letivos
 * against the legal minimum, no periods' closing dates, no site-visibility column, nothing to edit. The
 * server already gives a family only the entries marked for families.
 */
import { CalendarDays, ChevronLeft, ChevronRight, Link2 } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { entryKindLabels, type EntryKind } from '../../../shared/calendar';
import type { CalendarView } from '../../../shared/calendar.schemas';
import { formatDate, todayIso } from '../../../shared/format';
import { IconButton } from '../../components/button';
import { EmptyState, ErrorBanner, PageHeader, Spinner } from '../../components/feedback';
import { useMediaQuery, WIDE_SCREEN } from '../../lib/use-media-query';
import { CALENDAR_FEED_PATH, useCalendar } from './calendar.api';
import { listItems } from './calendar-list';
import { monthLabel, monthRange, shiftMonth } from './calendar-month';
import { MonthGrid } from './month-grid';

function MonthList({ view }: { view: CalendarView }) {
  const items = listItems(view);
  if (items.length === 0)
    return (
      <EmptyState
        icon={CalendarDays}
        title="Nada marcado neste mês"
        hint="Aulas normais, sem feriados ou eventos."
      />
    );
  return (
    <ul
      className="divide-y divide-gray-100 rounded-xl border border-gray-200 bg-white"
      aria-label="Datas do mês"
    >
      {items.map((item) => (
        <li key={item.id} className="flex gap-3 p-3 text-sm">
          <span className="w-24 shrink-0 font-semibold text-gray-900">
            {formatDate(item.inicio).slice(0, 5)}
            {item.fim !== item.inicio && ` a ${formatDate(item.fim).slice(0, 5)}`}
          </span>
          <span className="min-w-0">
            <span className="block font-medium text-gray-900">{item.titulo}</span>
            <span className="block text-xs text-gray-600">
              {item.entry ? entryKindLabels[item.tipo as EntryKind] : item.tipo}
            </span>
            {item.descricao && (
              <span className="mt-1 block whitespace-pre-line text-gray-700">{item.descricao}</span>
            )}
          </span>
        </li>
      ))}
    </ul>
  );
}

export function FamilyCalendarPage() {
  const wide = useMediaQuery(WIDE_SCREEN);
  const [params, setParams] = useSearchParams();
  const asked = params.get('mes') ?? '';
  const mes = /^\d{4}-(0[1-9]|1[0-2])$/.test(asked) ? asked : todayIso().slice(0, 7);
  const { de, ate } = monthRange(mes);
  const calendar = useCalendar(de, ate);
  const go = (delta: number) => setParams({ mes: shiftMonth(mes, delta) }, { preventScrollReset: true });
  return (
    <div className="space-y-4">
      <PageHeader
        title="Calendário"
        subtitle="Feriados, recessos, férias, reuniões e eventos da escola"
        actions={
          <a
            href={`webcal://${window.location.host}${CALENDAR_FEED_PATH}`}
            className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-gray-300 bg-white px-4 py-2 text-sm font-medium text-gray-800 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-primary"
          >
            <Link2 className="h-4 w-4" aria-hidden="true" /> Assinar no celular
          </a>
        }
      />
      <div className="flex items-center justify-between gap-1 sm:justify-start">
        <IconButton label="Mês anterior" onClick={() => go(-1)}>
          <ChevronLeft className="h-5 w-5" aria-hidden="true" />
        </IconButton>
        <h2 className="min-w-40 text-center text-lg font-semibold text-gray-900" aria-live="polite">
          {monthLabel(mes)}
        </h2>
        <IconButton label="Próximo mês" onClick={() => go(1)}>
          <ChevronRight className="h-5 w-5" aria-hidden="true" />
        </IconButton>
      </div>
      {calendar.isPending ? (
        <Spinner label="Carregando o calendário..." />
      ) : calendar.isError ? (
        <ErrorBanner>Não foi possível carregar o calendário.</ErrorBanner>
      ) : (
        <div className="grid gap-4 lg:grid-cols-[2fr_1fr]">
          {wide && (
            <div className="rounded-xl border border-gray-200 bg-white p-2">
              <MonthGrid view={calendar.data} />
            </div>
          )}
          <MonthList view={calendar.data} />
        </div>
      )}
    </div>
  );
}
