/** The calendar's list view: its rows, columns and which month a date focuses. */
import { entryKindLabels, holidayKindLabel, type EntryKind } from '../../../shared/calendar';
import {
  proposedYearDates,
  type CalendarEntry,
  type CalendarView,
  type SchoolYear,
} from '../../../shared/calendar.schemas';
import { formatDate } from '../../../shared/format';
import { yearInFocus } from '../../../shared/school-year-focus';
import type { Column } from '../../components/data-table';
import { Badge } from '../../components/feedback';

/** A row of the list view: a school entry or a national holiday. */
interface ListItem {
  id: string;
  inicio: string;
  fim: string;
  tipo: string;
  titulo: string;
  descricao: string | null;
  publico: boolean;
  entry: CalendarEntry | null;
}
const period = (item: ListItem) =>
  item.fim === item.inicio ? formatDate(item.inicio) : `${formatDate(item.inicio)} a ${formatDate(item.fim)}`;
export const columns: Column<ListItem>[] = [
  {
    id: 'inicio',
    header: 'Data',
    sortValue: (item) => item.inicio,
    cell: (item) => <span className="whitespace-nowrap text-gray-900">{period(item)}</span>,
  },
  {
    id: 'titulo',
    header: 'Título',
    card: 'title',
    sortValue: (item) => item.titulo,
    cell: (item) => (
      <>
        <p className="font-medium text-gray-900">{item.titulo}</p>
        {item.descricao && <p className="whitespace-pre-line text-gray-600">{item.descricao}</p>}
      </>
    ),
  },
  {
    id: 'tipo',
    header: 'Tipo',
    card: 'badge',
    sortValue: (item) => item.tipo,
    cell: (item) => (
      <Badge
        tone={
          item.entry
            ? item.tipo === 'sabado_letivo' || item.tipo === 'dia_letivo'
              ? 'green'
              : 'blue'
            : 'red'
        }
      >
        {item.entry ? entryKindLabels[item.tipo as EntryKind] : item.tipo}
      </Badge>
    ),
  },
  {
    id: 'publico',
    header: 'Site',
    cell: (item) => (item.publico ? 'Público' : 'Interno'),
  },
];
export function listItems(view: CalendarView): ListItem[] {
  const holidays: ListItem[] = view.feriados.map((holiday) => ({
    id: `feriado-${holiday.data}`,
    inicio: holiday.data,
    fim: holiday.data,
    tipo: holidayKindLabel(holiday.tipo),
    titulo: holiday.nome,
    descricao: null,
    publico: true,
    entry: null,
  }));
  const entries: ListItem[] = view.eventos.map((entry) => ({ ...entry, entry }));
  return [...holidays, ...entries].sort((a, b) => a.inicio.localeCompare(b.inicio));
}
/**
 * The month the Calendário opens on: today's when its year is the one in focus (school-year-focus.ts),
 * else the first month of that year — the year being prepared, when only it is open, or the one to
 * open (its proposed first day's month: December 2026 with no year open shows February 2027).
 */
export function focusMonth(years: SchoolYear[], today: string): string {
  const ano = yearInFocus(years, today);
  if (ano === Number(today.slice(0, 4))) return today.slice(0, 7);
  return (years.find((year) => year.ano === ano)?.inicio ?? proposedYearDates(ano).inicio).slice(0, 7);
}
