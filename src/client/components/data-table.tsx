import { useMemo, type HTMLAttributes, type ReactNode } from 'react';
import {
  constructSortFn,
  createSortedRowModel,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type ColumnDef,
  type RowData,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import type { ListSort } from '../lib/use-list-state';
import { useMediaQuery, WIDE_SCREEN } from '../lib/use-media-query';
import { SortIcon, RowCard, CardSort } from './data-table-cards';
import { canSort } from './data-table-cards';
import { ScrollArea } from './scroll-area';

/**
 * One column of a list, declared once: the desktop table and the phone cards are both drawn from it.
 * `sortable` marks a column the server sorts by (its id is the API's `sort` key); `sortValue` sorts a
 * list that is all in memory.
 */
export interface Column<T> {
  id: string;
  header: string;
  cell: (row: T) => ReactNode;
  sortable?: boolean;
  sortValue?: (row: T) => string | number | null;
  /** The table hides the column on narrower desktops (the card still shows it). */
  hideBelow?: 'lg' | 'xl' | '2xl';
  align?: 'right';
  /** In a card: the heading, the badge at the top right, a line with its label (default), or left out. */
  card?: 'title' | 'badge' | 'line' | 'hidden';
  /**
   * A wide table's row name (the student): stays on one line and at the left edge while the other
   * columns scroll sideways.
   */
  sticky?: boolean;
}

export interface DataTableProps<T extends RowData> {
  rows: T[];
  columns: Column<T>[];
  /** Names the table (caption) and the card list (aria-label). */
  label: string;
  rowKey: (row: T) => string;
  /** Buttons for one row (edit, delete, ...): the last column, or the foot of a card. */
  actions?: ((row: T) => ReactNode) | undefined;
  rowProps?: ((row: T) => HTMLAttributes<HTMLElement> & { 'data-testid'?: string }) | undefined;
  sort: ListSort | null;
  onSortChange: (sort: ListSort | null) => void;
  /** 'table' (cards on phones) or 'cards' at every width. */
  layout?: 'table' | 'cards';
  busy?: boolean;
  /**
   * A table of many columns (a mapa de notas: a column per subject): tighter cells, and its own scroll
   * area with the header row kept on top, so the sideways scrollbar is in sight on a 1366 × 768 screen.
   */
  dense?: boolean;
}

const collator = new Intl.Collator('pt-BR', { sensitivity: 'base', numeric: true });
/** Text by the pt-BR alphabet (accents where Portuguese puts them), numbers by value. */
const sortFnPtBr = constructSortFn({
  sort: (a: string | number, b: string | number) =>
    typeof a === 'number' && typeof b === 'number' ? a - b : collator.compare(String(a), String(b)),
});

const features = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns: { ptBr: sortFnPtBr },
});

const hideClass = {
  lg: 'hidden lg:table-cell',
  xl: 'hidden xl:table-cell',
  '2xl': 'hidden 2xl:table-cell',
} as const;

/** A list's table with sortable headers, or its cards on a phone, both from one column declaration. */
export function DataTable<T extends RowData>({
  rows,
  columns,
  label,
  rowKey,
  actions,
  rowProps,
  sort,
  onSortChange,
  layout = 'table',
  busy = false,
  dense = false,
}: DataTableProps<T>) {
  const wide = useMediaQuery(WIDE_SCREEN);
  const inMemory = columns.some((column) => column.sortValue !== undefined);
  const definitions = useMemo<ColumnDef<typeof features, T>[]>(
    () =>
      columns.map((column) => ({
        id: column.id,
        header: column.header,
        enableSorting: canSort(column),
        sortDescFirst: false,
        sortUndefined: 'last',
        sortFn: 'ptBr',
        ...(column.sortValue
          ? { accessorFn: (row: T) => column.sortValue?.(row) ?? undefined }
          : { accessorFn: () => undefined }),
      })),
    [columns],
  );
  const sorting = useMemo<SortingState>(
    () => (sort ? [{ id: sort.sort, desc: sort.order === 'desc' }] : []),
    [sort],
  );
  const table = useTable({
    features,
    columns: definitions,
    data: rows,
    getRowId: rowKey,
    state: { sorting },
    manualSorting: !inMemory,
    enableMultiSort: false,
    onSortingChange: (updater: Updater<SortingState>) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      const first = next[0];
      onSortChange(first ? { sort: first.id, order: first.desc ? 'desc' : 'asc' } : null);
    },
  });
  const ordered = table.getRowModel().rows.map((row) => row.original);

  if (layout === 'cards' || !wide) {
    return (
      <div aria-busy={busy || undefined}>
        {columns.some(canSort) && (
          <CardSort columns={columns} sort={sort} onSortChange={onSortChange} framed={layout === 'table'} />
        )}
        <ul
          aria-label={label}
          className={
            layout === 'cards' ? 'grid gap-4 sm:grid-cols-2 xl:grid-cols-3' : 'divide-y divide-gray-100'
          }
        >
          {ordered.map((row) => (
            <RowCard
              key={rowKey(row)}
              row={row}
              columns={columns}
              actions={actions}
              boxed={layout === 'cards'}
              {...rowProps?.(row)}
            />
          ))}
        </ul>
      </div>
    );
  }

  const pad = dense ? 'px-2 py-2' : 'px-4 py-3';
  // A sticky cell is opaque (the columns scroll under it) with a line at its right edge.
  const stuck = 'sticky left-0 shadow-[inset_-1px_0_0_#e5e7eb] whitespace-nowrap';
  const cellClass = (column: Column<T>, header: boolean) =>
    [
      pad,
      column.hideBelow ? hideClass[column.hideBelow] : '',
      column.align === 'right' ? 'text-right' : '',
      column.sticky ? `${stuck} ${header ? 'z-20 bg-gray-50' : 'z-10 bg-white group-hover:bg-gray-50'}` : '',
    ].join(' ');
  const grid = (
    <table className="min-w-full divide-y divide-gray-200 text-sm" aria-busy={busy || undefined}>
      <caption className="sr-only">{label}</caption>
      <thead
        className={`bg-gray-50 text-left text-xs font-semibold tracking-wide text-gray-600 uppercase ${dense ? 'sticky top-0 z-30' : ''}`}
      >
        <tr>
          {table.getHeaderGroups()[0]?.headers.map((header, index) => {
            const column = columns[index]!;
            const direction = header.column.getIsSorted();
            return (
              <th
                key={header.id}
                scope="col"
                aria-sort={
                  direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : undefined
                }
                className={cellClass(column, true)}
              >
                {header.column.getCanSort() ? (
                  <button
                    type="button"
                    onClick={header.column.getToggleSortingHandler()}
                    className="-mx-1 inline-flex min-h-6 items-center gap-1 rounded px-1 text-left uppercase hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-primary"
                  >
                    {column.header}
                    <SortIcon direction={direction} />
                  </button>
                ) : (
                  column.header
                )}
              </th>
            );
          })}
          {actions && (
            <th scope="col" className={`${pad} text-right`}>
              Ações
            </th>
          )}
        </tr>
      </thead>
      <tbody className="divide-y divide-gray-100">
        {ordered.map((row) => (
          <tr key={rowKey(row)} className="group hover:bg-gray-50" {...rowProps?.(row)}>
            {columns.map((column) =>
              column.sticky ? (
                <th
                  key={column.id}
                  scope="row"
                  className={`${cellClass(column, false)} text-left font-normal`}
                >
                  {column.cell(row)}
                </th>
              ) : (
                <td key={column.id} className={cellClass(column, false)}>
                  {column.cell(row)}
                </td>
              ),
            )}
            {actions && (
              <td className={pad}>
                <div className="flex justify-end gap-1">{actions(row)}</div>
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
  // A region a keyboard can reach and scroll with the arrows while it scrolls: a dense list both ways
  // (its head stays put), an ordinary one sideways on a narrow screen.
  return (
    <ScrollArea label={label} both={dense} className={dense ? 'max-h-[70vh]' : ''}>
      {grid}
    </ScrollArea>
  );
}
