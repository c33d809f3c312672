import {
  createContext,
  useContext,
  useEffect,
  useRef,
  useState,
  type InputHTMLAttributes,
  type ReactNode,
} from 'react';
import { Search } from 'lucide-react';
import type { Filters, ListState } from '../lib/use-list-state';
import { Button } from './button';
import { InputField, SelectField } from './field';

/** Search fields register here so 'Filtrar' (or Enter) applies what was typed without waiting. */
const FlushContext = createContext<Set<() => void> | null>(null);

/**
 * The card of filters above a list. `columns` is the grid at sm and up (e.g.
 * 'sm:grid-cols-[1fr_auto_auto]'); `submitLabel` adds a button that applies the search at once.
 */
export function FilterBar({
  children,
  columns = 'sm:grid-cols-[1fr_auto_auto]',
  submitLabel,
}: {
  children: ReactNode;
  columns?: string;
  submitLabel?: string;
}) {
  const flushers = useRef(new Set<() => void>());
  return (
    <FlushContext.Provider value={flushers.current}>
      <form
        role="search"
        aria-label="Filtros"
        className={`mb-4 grid gap-3 rounded-xl border border-gray-200 bg-white p-4 sm:items-end ${columns}`}
        onSubmit={(event) => {
          event.preventDefault();
          for (const flush of flushers.current) flush();
        }}
      >
        {children}
        {submitLabel && <Button type="submit">{submitLabel}</Button>}
      </form>
    </FlushContext.Provider>
  );
}

export const SEARCH_DELAY_MS = 300;

/**
 * A search box bound to one filter of the list's URL state: typing waits a moment before the list asks
 * the server (and replaces the history entry, so Back does not replay keystrokes).
 */
export function SearchFilter<F extends Filters>({
  list,
  name,
  label = 'Buscar',
  placeholder,
}: {
  list: Pick<ListState<F>, 'filters' | 'setFilter'>;
  name: keyof F & string;
  label?: string;
  placeholder?: string;
}) {
  const value = list.filters[name] ?? '';
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pending = useRef<string | null>(null);
  const flushers = useContext(FlushContext);
  const { setFilter } = list;

  // The URL changed under us (Back, a link, a reset): show what it says.
  if (value !== shown) {
    setShown(value);
    if (value !== text.trim()) setText(value);
  }

  // The setter changes with every URL change (another filter picked): the typing still waiting must
  // survive that, so the timer and 'Filtrar' reach the newest setter through a ref.
  const apply = useRef(setFilter);
  useEffect(() => {
    apply.current = setFilter;
  }, [setFilter]);

  useEffect(() => {
    const flush = () => {
      clearTimeout(timer.current);
      if (pending.current !== null) apply.current(name, pending.current as F[typeof name], { replace: true });
      pending.current = null;
    };
    flushers?.add(flush);
    return () => {
      flushers?.delete(flush);
      clearTimeout(timer.current);
    };
  }, [flushers, name]);

  return (
    <InputField
      label={label}
      type="search"
      placeholder={placeholder}
      value={text}
      onChange={(event) => {
        const next = event.target.value;
        setText(next);
        pending.current = next.trim();
        clearTimeout(timer.current);
        timer.current = setTimeout(() => {
          if (pending.current !== null)
            apply.current(name, pending.current as F[typeof name], { replace: true });
          pending.current = null;
        }, SEARCH_DELAY_MS);
      }}
      trailing={<Search className="mr-2 h-4 w-4 text-gray-400" aria-hidden="true" />}
    />
  );
}

/** A select of one filter: 'all' first (the empty value), then the options of a shared label map. */
export function SelectFilter<F extends Filters>({
  list,
  name,
  label,
  options,
  all,
}: {
  list: Pick<ListState<F>, 'filters' | 'setFilter'>;
  name: keyof F & string;
  label: string;
  /** value → label, usually a shared `…Labels` map. */
  options: Readonly<Record<string, string>>;
  /** The label of the empty value ('Todos os status'); without it the select has no 'all'. */
  all?: string;
}) {
  return (
    <SelectField
      label={label}
      value={list.filters[name]}
      onChange={(event) => list.setFilter(name, event.target.value as F[typeof name])}
    >
      {all !== undefined && <option value="">{all}</option>}
      {Object.entries(options).map(([value, text]) => (
        <option key={value} value={value}>
          {text}
        </option>
      ))}
    </SelectField>
  );
}

/** A date or month filter. */
export function InputFilter<F extends Filters>({
  list,
  name,
  label,
  type,
}: {
  list: Pick<ListState<F>, 'filters' | 'setFilter'>;
  name: keyof F & string;
  label: string;
  type: NonNullable<InputHTMLAttributes<HTMLInputElement>['type']>;
}) {
  return (
    <InputField
      label={label}
      type={type}
      value={list.filters[name]}
      onChange={(event) => list.setFilter(name, event.target.value as F[typeof name])}
    />
  );
}

/** `[{id, nome}]` → the `{id: nome}` map SelectFilter takes. */
export function optionsOf<T>(
  items: readonly T[] | undefined,
  value: (item: T) => string,
  text: (item: T) => string,
) {
  return Object.fromEntries((items ?? []).map((item) => [value(item), text(item)]));
}
