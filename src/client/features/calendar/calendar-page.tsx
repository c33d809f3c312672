import { CalendarDays, ChevronLeft, ChevronRight, Link2, List, Pencil, Plus, Trash2 } from 'lucide-react';
import { useSearchParams } from 'react-router';
import type { CalendarEntry } from '../../../shared/calendar.schemas';
import { formatDate, todayIso } from '../../../shared/format';
import { can, permissionsOf } from '../../../shared/permissions';
import { Button, IconButton } from '../../components/button';
import { ConfirmAction } from '../../components/confirm-dialog';
import { DataList } from '../../components/data-list';
import { ErrorBanner, PageHeader, Spinner } from '../../components/feedback';
import { ScrollArea } from '../../components/scroll-area';
import { useCurrentUser } from '../../lib/current-user';
import { useMediaQuery, WIDE_SCREEN } from '../../lib/use-media-query';
import { useMemoryListState } from '../../lib/use-list-state';
import { useRowDialog } from '../../lib/use-row-dialog';
import { useSchoolYears } from '../../domain/school-years';
import { CALENDAR_FEED_PATH, useCalendar, useDeleteCalendarEntry } from './calendar.api';
import { monthLabel, monthRange, shiftMonth } from './calendar-month';
import { EntryFormModal } from './entry-form-modal';
import { MonthGrid } from './month-grid';
import { YearPanel } from './year-panel';
import { columns, listItems, focusMonth } from './calendar-list';

/** 'Calendário': the school year, the month (grid or list) and the subscribe link. */
export function CalendarPage() {
  const { data: me } = useCurrentUser();
  const manage = can(permissionsOf(me), 'academics.manage');
  const wide = useMediaQuery(WIDE_SCREEN);
  const [params, setParams] = useSearchParams();
  const years = useSchoolYears();
  const asked = /^\d{4}-(0[1-9]|1[0-2])$/.test(params.get('mes') ?? '') ? params.get('mes') : null;
  const mes = asked ?? focusMonth(years.data ?? [], todayIso());
  const vista = params.get('vista') === 'lista' || (params.get('vista') !== 'mes' && !wide) ? 'lista' : 'mes';
  const { de, ate } = monthRange(mes);
  const calendar = useCalendar(de, ate);
  const list = useMemoryListState();
  const dialog = useRowDialog<{ form: CalendarEntry | null; delete: CalendarEntry }>();
  const remove = useDeleteCalendarEntry();
  const set = (key: string, value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(key, value);
        return next;
      },
      { preventScrollReset: true },
    );
  const feed = `webcal://${window.location.host}${CALENDAR_FEED_PATH}`;
  // Without a month asked for, the month shown depends on the years opened: wait for them.
  if (asked === null && years.isPending) return <Spinner />;

  return (
    <div>
      <PageHeader
        title="Calendário Escolar"
        subtitle="Ano letivo, feriados, recessos, sábados letivos e eventos"
        actions={
          <>
            <a
              href={feed}
              className="inline-flex min-h-10 items-center gap-2 rounded-lg border border-gray-300 bg-white px-4 py-2 text-sm font-medium text-gray-800 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-primary"
            >
              <Link2 className="h-4 w-4" aria-hidden="true" /> Assinar no celular
            </a>
            {manage && (
              <Button onClick={() => dialog.show('form', null)}>
                <Plus className="h-4 w-4" aria-hidden="true" /> Novo item
              </Button>
            )}
          </>
        }
      />
      <YearPanel
        ano={Number(mes.slice(0, 4))}
        manage={manage}
        onShowYear={(year) => set('mes', year.inicio.slice(0, 7))}
      />
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <div className="flex items-center gap-1">
          <IconButton label="Mês anterior" onClick={() => set('mes', shiftMonth(mes, -1))}>
            <ChevronLeft className="h-5 w-5" aria-hidden="true" />
          </IconButton>
          <h2 className="min-w-40 text-center text-lg font-semibold text-gray-900" aria-live="polite">
            {monthLabel(mes)}
          </h2>
          <IconButton label="Próximo mês" onClick={() => set('mes', shiftMonth(mes, 1))}>
            <ChevronRight className="h-5 w-5" aria-hidden="true" />
          </IconButton>
        </div>
        <div
          role="group"
          aria-label="Visualização"
          className="flex rounded-lg border border-gray-300 bg-white p-0.5"
        >
          {(
            [
              ['mes', 'Mês', CalendarDays],
              ['lista', 'Lista', List],
            ] as const
          ).map(([value, label, Icon]) => (
            <button
              key={value}
              type="button"
              aria-pressed={vista === value}
              onClick={() => set('vista', value)}
              className={`flex min-h-9 items-center gap-1 rounded-md px-3 text-sm font-medium ${
                vista === value ? 'bg-primary-strong text-white' : 'text-gray-700 hover:bg-gray-100'
              }`}
            >
              <Icon className="h-4 w-4" aria-hidden="true" /> {label}
            </button>
          ))}
        </div>
      </div>
      {vista === 'mes' ? (
        calendar.isPending ? (
          <Spinner />
        ) : calendar.isError ? (
          <ErrorBanner>Erro ao carregar o calendário.</ErrorBanner>
        ) : (
          <ScrollArea label="Calendário do mês" className="rounded-xl border border-gray-200 bg-white p-2">
            <div className="min-w-[40rem]">
              <MonthGrid
                view={calendar.data}
                onEntry={manage ? (entry) => dialog.show('form', entry) : undefined}
              />
            </div>
          </ScrollArea>
        )
      ) : (
        <DataList
          label={`Calendário de ${monthLabel(mes)}`}
          query={calendar}
          rows={calendar.data && listItems(calendar.data)}
          list={list}
          columns={columns}
          rowKey={(item) => item.id}
          errorMessage="Erro ao carregar o calendário"
          empty={{ icon: CalendarDays, title: 'Nenhum feriado ou evento neste mês' }}
          actions={
            manage
              ? (item) =>
                  item.entry && (
                    <>
                      <IconButton
                        label={`Editar ${item.titulo}`}
                        onClick={() => item.entry && dialog.show('form', item.entry)}
                      >
                        <Pencil className="h-4 w-4" aria-hidden="true" />
                      </IconButton>
                      <IconButton
                        label={`Excluir ${item.titulo}`}
                        onClick={() => item.entry && dialog.show('delete', item.entry)}
                      >
                        <Trash2 className="h-4 w-4 text-red-600" aria-hidden="true" />
                      </IconButton>
                    </>
                  )
              : undefined
          }
        />
      )}
      {dialog.render('form', (entry) => (
        <EntryFormModal
          entry={entry}
          day={mes === todayIso().slice(0, 7) ? todayIso() : de}
          onClose={dialog.close}
        />
      ))}
      {dialog.render('delete', (entry) => (
        <ConfirmAction
          title="Excluir item do calendário"
          message={`Excluir "${entry.titulo}" (${formatDate(entry.inicio)})? Os dias letivos serão recontados.`}
          confirmLabel="Excluir"
          action={() => remove.mutateAsync(entry.id)}
          success="Item excluído"
          failure="Erro ao excluir o item"
          onClose={dialog.close}
        />
      ))}
    </div>
  );
}
