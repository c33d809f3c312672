/**
 * The family's home (issue 32 §1, docs/familia.md): a child switcher when there is more than one child
 * ('Todos' and each child), then 'Para fazer' (what the family must do, the most urgent first) and
 * 'Novidades' (what happened and what is coming), page after page, then the figures of the child chosen
 * (or of all of them): attendance, portal accounts and tuition.
 */
import { useSearchParams } from 'react-router';
import type { DashboardResponsavel } from '../../../shared/dashboard.schemas';
import type { FeedItem } from '../../../shared/familia.schemas';
import { Button } from '../../components/button';
import { InstallAppCard } from '../../components/install-app-card';
import { ErrorBanner, Spinner } from '../../components/feedback';
import { ChildSwitcher, firstName } from '../../domain/child-switcher';
import { GuardianHome } from './dashboard-guardian-home';
import { useFamilyFeed } from './familia.api';
import { FeedItemRow } from './family-feed-item';

export interface FamilyChild {
  id: string;
  nome: string;
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

/**
 * The child the home shows (`?aluno=`, one of several children), or null for all of them: the feed and
 * every figure under it follow the same choice.
 */
function useChosenChild(filhos: FamilyChild[]) {
  const [params, setParams] = useSearchParams();
  const asked = params.get('aluno');
  const chosen = filhos.length > 1 && asked && filhos.some((filho) => filho.id === asked) ? asked : null;
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
  return { chosen, choose };
}

/** The family's whole home: the switcher and feed, then the figures, all of one child or of all. */
export function FamilyDashboard({ stats }: { stats: DashboardResponsavel }) {
  const { chosen, choose } = useChosenChild(stats.filhos);
  return (
    <div className="space-y-8">
      <FamilyHome filhos={stats.filhos} chosen={chosen} onChoose={choose} />
      <InstallAppCard />
      <GuardianHome stats={stats} chosen={chosen} />
    </div>
  );
}

function FamilyHome({
  filhos,
  chosen,
  onChoose,
}: {
  filhos: FamilyChild[];
  chosen: string | null;
  onChoose: (id: string | null) => void;
}) {
  const feed = useFamilyFeed(chosen);
  const items = feed.data?.pages.flatMap((page) => page.itens) ?? [];
  const names = new Map(filhos.map((filho) => [filho.id, firstName(filho.nome)]));
  // The child's name when all of them are shown and there is more than one.
  const nameOf = (item: FeedItem) =>
    chosen === null && filhos.length > 1 && item.aluno_id ? (names.get(item.aluno_id) ?? null) : null;
  return (
    <div className="space-y-5" data-testid="familia-feed">
      <ChildSwitcher
        items={filhos}
        selected={chosen ?? ''}
        onSelect={(id) => onChoose(id === '' ? null : id)}
        all="Todos"
      />
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
              aria-disabled={feed.isFetchingNextPage}
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
