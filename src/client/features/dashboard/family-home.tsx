/**
 * The family's home (issue 32 §1, docs/familia.md): a child switcher when there is more than one child
 * ('Todos' and each child), then 'Para fazer' (what the family must do, the most urgent first) and
 * 'Novidades' (what happened and what is coming), page after page.
 */
import { Users } from 'lucide-react';
import { useSearchParams } from 'react-router';
import type { FeedItem } from '../../../shared/familia.schemas';
import { Button } from '../../components/button';
import { ErrorBanner, Spinner } from '../../components/feedback';
import { useFamilyFeed } from './familia.api';
import { FeedItemRow } from './family-feed-item';

export interface FamilyChild {
  id: string;
  nome: string;
}

const firstName = (nome: string) => nome.trim().split(/\s+/)[0] ?? nome;
const initialsOf = (nome: string) => {
  // The words of the name (not a number or a 'Jr.' sign someone typed after it).
  const parts = nome
    .trim()
    .split(/\s+/)
    .filter((part) => /^\p{L}/u.test(part));
  return `${parts[0]?.[0] ?? ''}${parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : ''}`.toUpperCase();
};

function ChildSwitcher({
  filhos,
  chosen,
  onChoose,
}: {
  filhos: FamilyChild[];
  chosen: string | null;
  onChoose: (id: string | null) => void;
}) {
  const options = [{ id: null, nome: 'Todos' }, ...filhos];
  return (
    <div
      role="group"
      aria-label="Mostrar de qual filho"
      className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-1"
    >
      {options.map((option) => {
        const pressed = option.id === chosen;
        return (
          <button
            key={option.id ?? 'todos'}
            type="button"
            aria-pressed={pressed}
            onClick={() => onChoose(option.id)}
            className={`flex min-h-11 shrink-0 items-center gap-2 rounded-full border py-1 pl-1 pr-4 text-sm font-medium focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary ${
              pressed
                ? 'border-primary-strong bg-primary-strong text-white'
                : 'border-gray-300 bg-white text-gray-800 hover:border-primary'
            }`}
          >
            <span
              aria-hidden="true"
              className={`flex h-8 w-8 items-center justify-center rounded-full text-xs font-semibold ${
                pressed ? 'bg-white/20 text-white' : 'bg-primary/10 text-primary-strong'
              }`}
            >
              {option.id === null ? <Users className="h-4 w-4" /> : initialsOf(option.nome)}
            </span>
            {option.id === null ? 'Todos' : firstName(option.nome)}
          </button>
        );
      })}
    </div>
  );
}

function FeedSection({
  id,
  title,
  items,
  nameOf,
  counted = false,
}: {
  id: string;
  title: string;
  items: FeedItem[];
  nameOf: (item: FeedItem) => string | null;
  /** Say how many (what to do: they all come on the first pages, before any news). */
  counted?: boolean;
}) {
  if (items.length === 0) return null;
  return (
    <section aria-labelledby={id} className="space-y-2">
      <h2 id={id} className="text-lg font-semibold text-gray-900">
        {title}
        {counted && <span className="ml-1 text-sm font-normal text-gray-600">({items.length})</span>}
      </h2>
      <ul className="space-y-2">
        {items.map((item) => (
          <FeedItemRow key={item.id} item={item} childName={nameOf(item)} />
        ))}
      </ul>
    </section>
  );
}

export function FamilyHome({ filhos }: { filhos: FamilyChild[] }) {
  const [params, setParams] = useSearchParams();
  const asked = params.get('aluno');
  const chosen = filhos.length > 1 && asked && filhos.some((filho) => filho.id === asked) ? asked : null;
  const feed = useFamilyFeed(chosen);
  const items = feed.data?.pages.flatMap((page) => page.itens) ?? [];
  const names = new Map(filhos.map((filho) => [filho.id, firstName(filho.nome)]));
  // The child's name when all of them are shown and there is more than one.
  const nameOf = (item: FeedItem) =>
    chosen === null && filhos.length > 1 && item.aluno_id ? (names.get(item.aluno_id) ?? null) : null;
  const choose = (id: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id) next.set('aluno', id);
        else next.delete('aluno');
        return next;
      },
      { replace: true },
    );
  return (
    <div className="space-y-5" data-testid="familia-feed">
      {filhos.length > 1 && <ChildSwitcher filhos={filhos} chosen={chosen} onChoose={choose} />}
      {feed.isPending ? (
        <Spinner label="Carregando as novidades..." />
      ) : feed.isError && !feed.isFetchNextPageError ? (
        <ErrorBanner>
          Não foi possível carregar as novidades.{' '}
          <button type="button" className="font-medium underline" onClick={() => void feed.refetch()}>
            Tentar de novo
          </button>
        </ErrorBanner>
      ) : items.length === 0 ? (
        <div className="rounded-xl border border-gray-200 bg-white p-6 text-center" role="status">
          <p className="font-semibold text-gray-900">Tudo em dia por aqui</p>
          <p className="mt-1 text-sm text-gray-600">Nada a fazer e nenhuma novidade nos últimos dias.</p>
        </div>
      ) : (
        <>
          <FeedSection
            id="familia-para-fazer"
            title="Para fazer"
            items={items.filter((item) => item.pendente)}
            nameOf={nameOf}
            counted
          />
          <FeedSection
            id="familia-novidades"
            title="Novidades"
            items={items.filter((item) => !item.pendente)}
            nameOf={nameOf}
          />
          {feed.hasNextPage && (
            <Button
              variant="secondary"
              className="w-full"
              disabled={feed.isFetchingNextPage}
              onClick={() => void feed.fetchNextPage()}
            >
              {feed.isFetchingNextPage ? 'Carregando...' : 'Carregar mais'}
            </Button>
          )}
          {feed.isFetchNextPageError && (
            <p role="alert" className="text-sm text-red-700">
              Não foi possível carregar mais. Tente de novo.
            </p>
          )}
        </>
      )}
    </div>
  );
}
