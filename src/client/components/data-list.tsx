import { useEffect, type ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import type { RowData } from '@tanstack/react-table';
import type { ListSort } from '../lib/use-list-state';
import { DataTable, type DataTableProps } from './data-table';
import { EmptyState, ErrorBanner } from './feedback';
import { Pagination } from './pagination';

/** What DataList reads of a TanStack query. */
export interface ListQuery {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

export interface DataListProps<T extends RowData> extends Omit<
  DataTableProps<T>,
  'rows' | 'sort' | 'onSortChange' | 'busy'
> {
  query: ListQuery;
  /** Undefined until the first answer. */
  rows: T[] | undefined;
  /** The list's URL state (useListState): its sort and page. */
  list: {
    sort: ListSort | null;
    setSort: (sort: ListSort | null) => void;
    page: number;
    setPage: (page: number, options?: { replace?: boolean }) => void;
  };
  /**
   * Server paging: the footer shows '1–20 de 134' with Anterior/Próxima; `capped`: the server counted
   * only up to `total` ('de mais de 1.000').
   */
  paging?: { total: number; pageSize: number; capped?: boolean } | undefined;
  /** A heading and figures above the rows, inside the frame ('Mensalidades (12)', 'Soma do filtro'). */
  header?: ReactNode;
  /** `action`: what undoes the filter that hides everything ('Ver todos os meses'). */
  empty: { icon: LucideIcon; title: string; hint?: string | undefined; action?: ReactNode };
  errorMessage: string;
  /** The count's words for the status a screen reader hears ('aluno encontrado' / 'alunos encontrados'). */
  countWords?: { one: string; many: string };
}

const frame = 'overflow-hidden rounded-xl border border-gray-200 bg-white';

/**
 * A list screen's body: skeleton rows while loading, the error with 'Tentar novamente', the empty
 * state, or the rows (table, or cards on a phone) with the pager. Every list screen uses it.
 */
export function DataList<T extends RowData>({
  query,
  rows,
  list,
  paging,
  header,
  empty,
  errorMessage,
  countWords = { one: 'resultado', many: 'resultados' },
  layout = 'table',
  ...table
}: DataListProps<T>) {
  const { page, setPage } = list;
  const lastPage = paging ? Math.max(1, Math.ceil(paging.total / paging.pageSize)) : 1;
  // A link to page 9 of a list that now has 2 pages lands on the last one instead of an empty page.
  useEffect(() => {
    if (paging && rows?.length === 0 && paging.total > 0 && page > lastPage)
      setPage(lastPage, { replace: true });
  }, [paging, rows, page, lastPage, setPage]);

  const failure = query.isError && (
    <ErrorBanner>
      {errorMessage}.{' '}
      <button type="button" className="font-medium underline" onClick={() => void query.refetch()}>
        Tentar novamente
      </button>
    </ErrorBanner>
  );

  // A search or a filter changed the rows with nothing said: a screen reader heard no 'Nenhum aluno
  // encontrado'. One polite status per list (not per page) says the count ('0 alunos encontrados': the
  // empty state's own words, repeated, would be read twice when browsing); it stays mounted through the
  // loading, so the answer is a change a screen reader announces, not a region that appeared.
  const total = rows === undefined ? null : (paging?.total ?? rows.length);
  const status = (
    <p key="status" role="status" className="sr-only">
      {query.isError
        ? ''
        : total === null
          ? 'Carregando...'
          : `${paging?.capped ? 'Mais de ' : ''}${total.toLocaleString('pt-BR')} ${total === 1 ? countWords.one : countWords.many}`}
    </p>
  );

  // The same element in every branch (last, where space-y adds nothing that shows): React keeps it.
  if (rows === undefined)
    return (
      <div className="space-y-3">
        {query.isError ? (
          failure
        ) : (
          <ListSkeleton
            columns={table.columns.length + (table.actions ? 1 : 0)}
            framed={layout === 'table'}
            announce={false}
          />
        )}
        {status}
      </div>
    );

  const body =
    rows.length === 0 ? (
      <EmptyState icon={empty.icon} title={empty.title} hint={empty.hint} action={empty.action} />
    ) : (
      <DataTable
        {...table}
        rows={rows}
        layout={layout}
        sort={list.sort}
        onSortChange={list.setSort}
        busy={query.isFetching}
      />
    );

  return (
    <div className="space-y-3">
      {failure}
      {layout === 'cards' && rows.length > 0 ? (
        body
      ) : (
        <div className={frame}>
          {header && <div className="border-b border-gray-100 px-4 py-3">{header}</div>}
          {body}
          {paging && rows.length > 0 && (
            <Pagination
              page={page}
              pageSize={paging.pageSize}
              total={paging.total}
              capped={paging.capped ?? false}
              onChange={setPage}
            />
          )}
        </div>
      )}
      {status}
    </div>
  );
}

/** Grey rows where the list will be: the page keeps its shape while the first answer comes. */
export function ListSkeleton({
  columns,
  rows = 5,
  framed = true,
  announce = true,
}: {
  columns: number;
  rows?: number;
  framed?: boolean;
  /** False inside DataList, whose own status says 'Carregando...'. */
  announce?: boolean;
}) {
  return (
    <div role={announce ? 'status' : undefined} className={framed ? frame : ''}>
      {announce && <span className="sr-only">Carregando...</span>}
      <div className="divide-y divide-gray-100" aria-hidden="true">
        {Array.from({ length: rows }, (_, row) => (
          <div key={row} className="flex animate-pulse gap-4 px-4 py-4">
            {Array.from({ length: Math.min(columns, 5) }, (_, cell) => (
              <div
                key={cell}
                className={`h-4 rounded bg-gray-200 ${cell === 0 ? 'w-1/3' : 'hidden flex-1 md:block'}`}
              />
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}
