import type { CalendarDay, DayKind } from '../../../shared/calendar';
import { dayKindLabels, entryKindLabels, eventKinds, type EntryKind } from '../../../shared/calendar';
import type { CalendarEntry, CalendarView } from '../../../shared/calendar.schemas';
import { todayIso } from '../../../shared/format';
import { entriesOn, monthWeeks } from './calendar-month';

/** How each kind of day looks: letivo plain, holidays red, recess purple, extra school days green. */
export const dayStyles: Record<DayKind, string> = {
  letivo: 'bg-white',
  sabado_letivo: 'bg-green-100 text-green-900',
  dia_letivo: 'bg-green-100 text-green-900',
  feriado_nacional: 'bg-red-100 text-red-900',
  ponto_facultativo: 'bg-orange-100 text-orange-900',
  feriado_estadual: 'bg-red-100 text-red-900',
  feriado_municipal: 'bg-red-100 text-red-900',
  recesso: 'bg-purple-100 text-purple-900',
  fim_de_semana: 'bg-gray-100 text-gray-600',
  fora_do_ano_letivo: 'bg-gray-100 text-gray-600',
};

const legend: { kinds: DayKind[]; label: string }[] = [
  { kinds: ['letivo'], label: 'Dia letivo' },
  { kinds: ['sabado_letivo'], label: 'Sábado letivo / reposição' },
  { kinds: ['feriado_nacional'], label: 'Feriado' },
  { kinds: ['ponto_facultativo'], label: 'Ponto facultativo' },
  { kinds: ['recesso'], label: 'Recesso' },
  { kinds: ['fim_de_semana'], label: 'Sem aula' },
];

const eventKindSet = new Set<EntryKind>(eventKinds);
const isEvent = (tipo: EntryKind) => eventKindSet.has(tipo);

const weekdays = ['Dom', 'Seg', 'Ter', 'Qua', 'Qui', 'Sex', 'Sáb'];

/** The month as a grid: each day coloured by its kind, its holiday's name and the school's events. */
export function MonthGrid({
  view,
  onEntry,
}: {
  view: CalendarView;
  /** Administrators open an entry to edit it. */
  onEntry?: ((entry: CalendarEntry) => void) | undefined;
}) {
  const days = new Map(view.dias.map((day) => [day.data, day]));
  const today = todayIso();
  // Holidays, recesses and sábados letivos name the day itself; the chips show the events.
  const events = view.eventos.filter((entry) => isEvent(entry.tipo));
  return (
    <div>
      <table className="w-full table-fixed border-collapse text-sm">
        <caption className="sr-only">Dias do mês</caption>
        <thead>
          <tr>
            {weekdays.map((name) => (
              <th key={name} scope="col" className="py-2 text-xs font-medium text-gray-600 uppercase">
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthWeeks(view.de, view.ate).map((week) => (
            <tr key={week.find(Boolean) ?? ''}>
              {week.map((data, index) => {
                const day: CalendarDay | undefined = data ? days.get(data) : undefined;
                if (!data || !day)
                  return <td key={`pad-${String(index)}`} className="border border-gray-100" />;
                const dayEvents = entriesOn(events, data);
                return (
                  <td
                    key={data}
                    className={`h-24 border border-gray-200 p-1 align-top ${dayStyles[day.tipo]}`}
                    aria-label={`${String(Number(data.slice(8)))}: ${day.descricao ?? dayKindLabels[day.tipo]}`}
                  >
                    <span
                      className={`inline-flex h-6 w-6 items-center justify-center rounded-full text-xs font-semibold ${
                        data === today ? 'bg-primary-strong text-white' : ''
                      }`}
                    >
                      {Number(data.slice(8))}
                    </span>
                    {day.descricao && (
                      <span className="line-clamp-2 text-xs leading-tight font-medium" title={day.descricao}>
                        {day.descricao}
                      </span>
                    )}
                    {dayEvents.slice(0, 2).map((entry) =>
                      onEntry ? (
                        <button
                          key={entry.id}
                          type="button"
                          title={`${entryKindLabels[entry.tipo]}: ${entry.titulo}`}
                          onClick={() => onEntry(entry)}
                          className="mt-0.5 block w-full truncate rounded bg-blue-100 px-1 text-left text-xs text-blue-900 hover:bg-blue-200"
                        >
                          {entry.titulo}
                        </button>
                      ) : (
                        <span
                          key={entry.id}
                          title={entry.titulo}
                          className="mt-0.5 block truncate rounded bg-blue-100 px-1 text-xs text-blue-900"
                        >
                          {entry.titulo}
                        </span>
                      ),
                    )}
                    {dayEvents.length > 2 && (
                      <span className="block text-xs text-gray-600">+{dayEvents.length - 2} eventos</span>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-gray-700" aria-label="Legenda">
        {legend.map((item) => (
          <li key={item.label} className="flex items-center gap-1.5">
            <span
              className={`inline-block h-4 w-4 rounded border border-gray-400 ${dayStyles[item.kinds[0]!]}`}
            />
            {item.label}
          </li>
        ))}
        <li className="flex items-center gap-1.5">
          <span className="inline-block h-4 w-4 rounded border border-gray-400 bg-blue-100" /> Evento
        </li>
      </ul>
    </div>
  );
}
