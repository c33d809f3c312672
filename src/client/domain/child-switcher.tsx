/**
 * The family's child switcher (issue 32 §1): one child at a time, chosen from a row of chips at the top
 * of the family's screens; the choice is in the URL (`?aluno=`), so a reload, Back or a link from the
 * feed keep it. With one child there is nothing to choose and nothing is shown.
 */
import { Users } from 'lucide-react';
import type { ReactNode } from 'react';
import type { StudentListItem } from '../../shared/students.schemas';
import { EmptyState, ErrorBanner, Spinner } from '../components/feedback';
import { useUrlParams } from '../lib/use-list-state';
import { useFamilyChildren } from './family.api';

export function firstName(nome: string): string {
  return nome.trim().split(/\s+/)[0] ?? nome;
}

/** The words of a name (not a number or a 'Jr.' typed after it). */
const wordsOf = (nome: string) =>
  nome
    .trim()
    .split(/\s+/)
    .filter((part) => /^\p{L}/u.test(part));

type Initials = (words: string[]) => string;
/** Two letters, first and last names (Lucas Freitas → LF): what a child alone, or unlike the siblings, shows. */
const firstAndLast: Initials = (words) =>
  `${words[0]?.[0] ?? ''}${words.length > 1 ? (words.at(-1)?.[0] ?? '') : ''}`.toUpperCase();
/** First and second names (Ana Clara Souza → AC). */
const firstAndSecond: Initials = (words) => `${words[0]?.[0] ?? ''}${words[1]?.[0] ?? ''}`.toUpperCase();
/** The first name's first `length` letters (Lucas → Luc). */
const prefixOf =
  (length: number): Initials =>
  (words) => {
    const first = words[0] ?? '';
    return `${first.slice(0, 1).toUpperCase()}${first.slice(1, length).toLowerCase()}`;
  };
const INITIALS: Initials[] = [firstAndLast, firstAndSecond, prefixOf(2), prefixOf(3), prefixOf(4)];

type Sibling = Pick<StudentListItem, 'id' | 'nome'>;

/**
 * How the family's screens tell a child from the siblings — who share a surname, so Lucas Freitas and
 * Luiza Freitas were both 'LF' and 'L': the name the child goes by (the first name; the first two when a
 * sibling has the same first name) and the avatar's letters (first and last names' initials; when a
 * sibling's are the same, the first and second names', else the first name's first letters up to where
 * they differ: Luc and Lui).
 */
export function siblingNames(
  child: Sibling,
  siblings: readonly Sibling[],
): { nome: string; iniciais: string } {
  const others = siblings.filter((item) => item.id !== child.id).map((item) => wordsOf(item.nome));
  const words = wordsOf(child.nome);
  const first = firstName(child.nome);
  const sameFirst = others.some((other) => other[0]?.toLowerCase() === first.toLowerCase());
  const distinct = INITIALS.find((initials) => others.every((other) => initials(other) !== initials(words)));
  return {
    nome: sameFirst && words.length > 2 ? words.slice(0, 2).join(' ') : first,
    iniciais: (distinct ?? firstAndLast)(words),
  };
}

/**
 * The one child picker of the family's screens (the home, Comunicados, Boletim, Frequência…): a row of
 * chips, the chosen one pressed, in the darker brand shade (white text at AA contrast).
 */
export function ChildSwitcher({
  items,
  selected,
  onSelect,
  all,
}: {
  items: Pick<StudentListItem, 'id' | 'nome'>[];
  /** The child's id; '' for all of them (with `all`). */
  selected: string;
  onSelect: (id: string) => void;
  /** The chip for every child at once ('Todos'), chosen by ''. */
  all?: string;
}) {
  if (items.length < 2) return null;
  const chips = [...(all ? [{ id: '', nome: all }] : []), ...items];
  return (
    <div
      role="group"
      aria-label="Escolher filho ou filha"
      className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1"
    >
      {chips.map((child) => {
        const pressed = child.id === selected;
        return (
          <button
            key={child.id}
            type="button"
            aria-pressed={pressed}
            onClick={() => onSelect(child.id)}
            className={`flex min-h-11 shrink-0 items-center gap-2 rounded-full border py-1 pr-4 pl-1 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary ${
              pressed
                ? 'border-primary-strong bg-primary-strong text-white'
                : 'border-gray-300 bg-white text-gray-800 hover:bg-gray-50'
            }`}
          >
            <span
              aria-hidden="true"
              className={`flex h-8 w-8 items-center justify-center rounded-full text-xs font-semibold ${
                pressed ? 'bg-white/20 text-white' : 'bg-primary/10 text-primary-strong'
              }`}
            >
              {child.id === '' ? <Users className="h-4 w-4" /> : siblingNames(child, items).iniciais}
            </span>
            {child.id === '' ? child.nome : siblingNames(child, items).nome}
          </button>
        );
      })}
    </div>
  );
}

/**
 * A family screen about one child: the switcher, then `render` with the child chosen (`?aluno=`, the
 * first child when absent or not the family's). Loading, an error and no child at all are said here.
 */
export function OneChildAtATime({
  render,
  header,
  resets = ['ano'],
}: {
  render: (child: StudentListItem, all: StudentListItem[]) => ReactNode;
  /** Above the switcher: the page's heading when it names the child. */
  header?: (child: StudentListItem) => ReactNode;
  /** The page's other parameters that belong to one child, dropped when another is chosen. */
  resets?: readonly string[];
}) {
  const children = useFamilyChildren();
  const [params, update] = useUrlParams();
  if (children.isPending) return <Spinner label="Carregando..." />;
  if (children.isError) return <ErrorBanner>Não foi possível carregar os seus filhos.</ErrorBanner>;
  const list = children.data;
  const child = list.find((item) => item.id === params.get('aluno')) ?? list[0];
  if (!child)
    return (
      <EmptyState
        icon={Users}
        title="Nenhum aluno vinculado à sua conta"
        hint="Procure a secretaria da escola para vincular seus filhos."
      />
    );
  return (
    <div className="space-y-4">
      {header?.(child)}
      <ChildSwitcher
        items={list}
        selected={child.id}
        onSelect={(id) => update({ aluno: id, ...Object.fromEntries(resets.map((key) => [key, null])) })}
      />
      {render(child, list)}
    </div>
  );
}
