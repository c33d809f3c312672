import type { ReactNode } from 'react';
import type { Page } from '../../../shared/api';
import { DataList, type DataListProps, type ListQuery } from '../../components/data-list';
import { FilterBar, InputFilter, optionsOf, SelectFilter } from '../../components/filter-bar';
import type { Filters, ListState } from '../../lib/use-list-state';

type AuditListProps<
  T extends { id: number | string },
  F extends Filters & { de: string; ate: string },
> = Pick<DataListProps<T>, 'label' | 'columns' | 'errorMessage' | 'empty'> & {
  list: ListState<F>;
  query: ListQuery & { data: Page<T> | undefined };
  pageSize: number;
  /** The filter bar's grid at sm and up (the filters plus De and Até). */
  filterColumns: string;
  /** The tab's own filters; the period (De, Até) comes after them. */
  filters: ReactNode;
};

/**
 * The body of an Auditoria tab: its filters ending with the period, then the read-only list, paged on
 * the server, one row an entry.
 */
export function AuditList<
  T extends { id: number | string },
  F extends Filters & { de: string; ate: string },
>({ list, query, pageSize, filterColumns, filters, ...table }: AuditListProps<T, F>) {
  return (
    <>
      <FilterBar columns={filterColumns}>
        {filters}
        <InputFilter list={list} name="de" label="De" type="date" />
        <InputFilter list={list} name="ate" label="Até" type="date" />
      </FilterBar>
      <DataList
        {...table}
        query={query}
        rows={query.data?.items}
        list={list}
        paging={query.data && { total: query.data.total, pageSize }}
        rowKey={(entry) => String(entry.id)}
      />
    </>
  );
}

/** Who did it (the changes) or who looked (the accesses): the people the log names, 'Todos' first. */
export function UserFilter<F extends Filters & { usuario_id: string }>({
  list,
  label,
  users,
}: {
  list: ListState<F>;
  label: string;
  users: readonly { id: string; nome: string }[] | undefined;
}) {
  return (
    <SelectFilter
      list={list}
      name="usuario_id"
      label={label}
      options={optionsOf(
        users,
        (user) => user.id,
        (user) => user.nome,
      )}
      all="Todos"
    />
  );
}
