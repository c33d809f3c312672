/** The data table on a phone: each row as a card, the sort control of the cards, and the sort icon. */
import { useId, type HTMLAttributes, type ReactNode } from 'react';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type { ListSort } from '../lib/use-list-state';
import type { Column } from './data-table';

export function SortIcon({ direction }: { direction: false | 'asc' | 'desc' }) {
  const Icon = direction === 'asc' ? ArrowUp : direction === 'desc' ? ArrowDown : ArrowUpDown;
  return (
    <Icon
      className={`h-3.5 w-3.5 ${direction ? 'text-primary-strong' : 'text-gray-400'}`}
      aria-hidden="true"
    />
  );
}
/**
 * Marks the link in a card's title that opens the row: on a phone the whole card is then its tap target
 * (the link's ::after spans the card), still one link named by the title, reached and opened with the
 * keyboard like any link. In the desktop table it is an ordinary link.
 */
export const CARD_LINK = { 'data-card-link': '' } as const;

/**
 * The card around a CARD_LINK: the link's ::after covers it, its hover and keyboard focus ring are the
 * card's; buttons and links inside stay above it when `relative`.
 */
export const CARD_WITH_LINK =
  'relative **:data-card-link:after:absolute **:data-card-link:after:inset-0 has-data-card-link:hover:bg-gray-50 has-[[data-card-link]:focus-visible]:ring-2 has-[[data-card-link]:focus-visible]:ring-primary';

export function RowCard<T>({
  row,
  columns,
  actions,
  boxed,
  ...props
}: {
  row: T;
  columns: Column<T>[];
  actions: ((row: T) => ReactNode) | undefined;
  boxed: boolean;
} & HTMLAttributes<HTMLLIElement>) {
  const title = columns.find((column) => column.card === 'title') ?? columns[0];
  const badge = columns.find((column) => column.card === 'badge');
  const lines = columns.filter(
    (column) => column !== title && column !== badge && (column.card ?? 'line') === 'line',
  );
  return (
    <li
      // A title link marked CARD_LINK covers the card; the row's buttons stay above it (`relative`).
      className={`${CARD_WITH_LINK} flex flex-col gap-3 p-4 text-sm ${boxed ? 'rounded-xl border border-gray-200 bg-white shadow-sm' : ''}`}
      {...props}
    >
      <div className="flex items-start justify-between gap-2">
        {title && <div className="min-w-0">{title.cell(row)}</div>}
        {badge && <div className="shrink-0">{badge.cell(row)}</div>}
      </div>
      {lines.length > 0 && (
        <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
          {lines.map((column) => (
            <div key={column.id} className="min-w-0">
              <dt className="text-xs text-gray-500">{column.header}</dt>
              <dd className="text-gray-900">{column.cell(row)}</dd>
            </div>
          ))}
        </dl>
      )}
      {actions && (
        <div className={`relative mt-auto flex flex-wrap gap-2 ${boxed ? '' : 'justify-end'}`}>
          {actions(row)}
        </div>
      )}
    </li>
  );
}
/** On cards there are no column headers: the sort is a select. */
export function CardSort<T>({
  columns,
  sort,
  onSortChange,
  framed,
}: {
  columns: Column<T>[];
  sort: ListSort | null;
  onSortChange: (sort: ListSort | null) => void;
  framed: boolean;
}) {
  const id = useId();
  const value = sort ? `${sort.sort}:${sort.order}` : '';
  return (
    <div className={`flex items-center justify-end gap-2 text-sm ${framed ? 'px-4 pt-3' : 'mb-3'}`}>
      <label htmlFor={id} className="shrink-0 text-gray-600">
        Ordenar por
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => {
          const [column, order] = event.target.value.split(':');
          onSortChange(column ? { sort: column, order: order === 'desc' ? 'desc' : 'asc' } : null);
        }}
        className="min-w-0 rounded-lg border border-gray-300 bg-white px-2 py-1.5 text-sm text-gray-900 focus:border-primary focus:ring-2 focus:ring-primary/25 focus:outline-none"
      >
        <option value="">Padrão</option>
        {columns.filter(canSort).flatMap((column) => [
          <option key={`${column.id}:asc`} value={`${column.id}:asc`}>
            {column.header} (crescente)
          </option>,
          <option key={`${column.id}:desc`} value={`${column.id}:desc`}>
            {column.header} (decrescente)
          </option>,
        ])}
      </select>
    </div>
  );
}

export function canSort<T>(column: Column<T>) {
  return column.sortable === true || column.sortValue !== undefined;
}
