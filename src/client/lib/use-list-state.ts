import { useCallback, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { SortOrder } from '../../shared/validators';

/** A list's sort: the column (the API's `sort` key) and the direction. */
export interface ListSort {
  sort: string;
  order: SortOrder;
}

export type Filters = Record<string, string>;

export interface ListState<F extends Filters> {
  filters: F;
  page: number;
  /** Null: the list's natural order. */
  sort: ListSort | null;
  /** What the list's query hook sends: the filters, the page and, when chosen, `sort` and `order`. */
  query: F & { page: number; sort?: string; order?: SortOrder };
  /** True when any filter differs from its default (the empty state says 'ajuste os filtros'). */
  isFiltered: boolean;
  /** Changes one filter and goes back to page 1. `replace` for typing, so Back skips keystrokes. */
  setFilter: <K extends keyof F & string>(key: K, value: F[K], options?: { replace?: boolean }) => void;
  setPage: (page: number, options?: { replace?: boolean }) => void;
  setSort: (sort: ListSort | null) => void;
}

const PAGE = 'page';
const SORT = 'sort';
const ORDER = 'order';

/**
 * A list's filters, page and sort live in the URL (React Router search params), so a reload, Back or a
 * pasted link shows the same list. A filter equal to its default is left out of the URL; an unknown
 * sort column or a bad page number is ignored, so a hand-edited link cannot break the screen.
 * Two lists on one screen would share the names: a screen shows one list at a time (tabs reset the URL).
 */
export function useListState<F extends Filters>(options: {
  defaults: F;
  /** Columns the list sorts by; anything else in the URL is ignored. */
  sortable?: readonly string[];
}): ListState<F> {
  const { sortable = [] } = options;
  // The defaults are usually a literal in the caller: keep them by content, not identity.
  const defaultsKey = JSON.stringify(options.defaults);
  const defaults = useMemo(() => JSON.parse(defaultsKey) as F, [defaultsKey]);
  const [params, setParams] = useSearchParams();

  const filters = useMemo(() => {
    const values = { ...defaults };
    for (const key of Object.keys(defaults) as (keyof F & string)[]) {
      const value = params.get(key);
      if (value !== null) values[key] = value as F[typeof key];
    }
    return values;
  }, [params, defaults]);

  const rawPage = Number(params.get(PAGE) ?? '1');
  const page = Number.isInteger(rawPage) && rawPage >= 1 ? rawPage : 1;
  const sortParam = params.get(SORT);
  const orderParam = params.get(ORDER);
  const sort: ListSort | null =
    sortParam !== null && sortable.includes(sortParam)
      ? { sort: sortParam, order: orderParam === 'desc' ? 'desc' : 'asc' }
      : null;
  const sortKey = sort ? `${sort.sort}:${sort.order}` : '';

  // The URL as last written, so that changes compose: the router's functional update reads the params of
  // the render its setter came from, so a search applied by its debounce timer (a setter from before the
  // month was picked) or two changes in one tick would each drop the other's filter.
  // (A render with the same params, before the router's own, must not undo a write.)
  const latest = useRef(params);
  const seen = useRef(params);
  if (seen.current !== params) {
    seen.current = params;
    latest.current = params;
  }
  const update = useCallback(
    (change: (next: URLSearchParams) => void, replace = false) => {
      const next = new URLSearchParams(latest.current);
      change(next);
      latest.current = next;
      setParams(next, { replace, preventScrollReset: true });
    },
    [setParams],
  );

  const setFilter = useCallback(
    <K extends keyof F & string>(key: K, value: F[K], opts?: { replace?: boolean }) =>
      update((next) => {
        if (value === defaults[key]) next.delete(key);
        else next.set(key, value);
        next.delete(PAGE);
      }, opts?.replace),
    [update, defaults],
  );

  const setPage = useCallback(
    (value: number, opts?: { replace?: boolean }) =>
      update((next) => {
        if (value <= 1) next.delete(PAGE);
        else next.set(PAGE, String(value));
      }, opts?.replace),
    [update],
  );

  const setSort = useCallback(
    (value: ListSort | null) =>
      update((next) => {
        if (value) {
          next.set(SORT, value.sort);
          next.set(ORDER, value.order);
        } else {
          next.delete(SORT);
          next.delete(ORDER);
        }
        next.delete(PAGE);
      }),
    [update],
  );

  const isFiltered = Object.keys(defaults).some((key) => filters[key] !== defaults[key]);
  const query = useMemo(() => {
    const [column, order] = sortKey.split(':') as [string, SortOrder | undefined];
    return { ...filters, page, ...(order ? { sort: column, order } : {}) };
  }, [filters, page, sortKey]);

  return { filters, page, sort, query, isFiltered, setFilter, setPage, setSort };
}

/** Changes some of the URL's search params at once; null removes one. The others stay as they are. */
export type UpdateParams = (changes: Record<string, string | null>, options?: { replace?: boolean }) => void;

/**
 * A screen's state beyond its list (the open record, a year picked inside it) in the URL, so a reload,
 * Back or a pasted link shows the same thing. Unlike `setFilter`, an update keeps the list's page.
 */
export function useUrlParams(): [URLSearchParams, UpdateParams] {
  const [params, setParams] = useSearchParams();
  const update = useCallback<UpdateParams>(
    (changes, options) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes))
            if (value === null) next.delete(key);
            else next.set(key, value);
          return next;
        },
        { replace: options?.replace ?? false, preventScrollReset: true },
      ),
    [setParams],
  );
  return [params, update];
}

/** A screen's tab in the URL (`?aba=`), so reload and Back return to it; switching tab starts its list afresh. */
export function useTabParam<T extends string>(
  tabs: readonly T[],
  fallback: T,
  /** Parameters every tab shares and a switch keeps (the class being looked at, say). */
  keep: readonly string[] = [],
): [T, (tab: string) => void] {
  const [params, setParams] = useSearchParams();
  const current = params.get('aba');
  const tab = tabs.find((value) => value === current) ?? fallback;
  const keptKeys = keep.join(',');
  // Radix activates a tab on the mouse press and again on the focus that press gives it, before the
  // screen re-renders: two entries in the history, and Back (Android's too) seemed to do nothing.
  const asked = useRef<string | null>(null);
  const setTab = useCallback(
    (next: string) => {
      if (asked.current === next) return;
      asked.current = next;
      queueMicrotask(() => {
        asked.current = null;
      });
      setParams(
        (previous) => {
          const kept = new URLSearchParams();
          for (const key of keptKeys.split(',').filter(Boolean)) {
            const value = previous.get(key);
            if (value) kept.set(key, value);
          }
          if (next !== fallback) kept.set('aba', next);
          return kept;
        },
        { preventScrollReset: true },
      );
    },
    [setParams, fallback, keptKeys],
  );
  return [tab, setTab];
}

/**
 * The state of a small list that arrives whole and is not the screen's main list (a second list on
 * the same tab): its sort lives in memory, so it does not fight the URL's `sort` with the other list.
 */
export function useMemoryListState() {
  const [sort, setSort] = useState<ListSort | null>(null);
  return { sort, setSort, page: 1, setPage: () => undefined };
}
