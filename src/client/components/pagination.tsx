import { ChevronLeft, ChevronRight } from 'lucide-react';

/**
 * Server-side paging footer: "1–20 de 134" with previous/next. `capped`: the server stopped counting at
 * `total` (a search, issue 38) — "1–20 de mais de 1.000", no last page, and 'Próxima' stays on.
 */
export function Pagination({
  page,
  pageSize,
  total,
  capped = false,
  onChange,
}: {
  page: number;
  pageSize: number;
  total: number;
  capped?: boolean;
  onChange: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = capped ? page * pageSize : Math.min(total, page * pageSize);
  const count = total.toLocaleString('pt-BR');
  return (
    <nav
      aria-label="Paginação"
      className="flex flex-wrap items-center justify-between gap-3 border-t border-gray-200 px-4 py-3 text-sm text-gray-700"
    >
      <p className="whitespace-nowrap">
        {first.toLocaleString('pt-BR')}–{last.toLocaleString('pt-BR')} de{' '}
        {capped ? `mais de ${count}` : count}
      </p>
      <div className="flex items-center gap-2">
        <button
          type="button"
          className="inline-flex items-center gap-1 rounded-lg border border-gray-300 px-3 py-1.5 hover:bg-gray-50 disabled:opacity-50"
          onClick={() => onChange(page - 1)}
          disabled={page <= 1}
        >
          <ChevronLeft className="h-4 w-4" aria-hidden="true" /> Anterior
        </button>
        <span aria-current="page" className="whitespace-nowrap">
          {capped ? `Página ${page}` : `Página ${page} de ${pages}`}
        </span>
        <button
          type="button"
          className="inline-flex items-center gap-1 rounded-lg border border-gray-300 px-3 py-1.5 hover:bg-gray-50 disabled:opacity-50"
          onClick={() => onChange(page + 1)}
          disabled={!capped && page >= pages}
        >
          Próxima <ChevronRight className="h-4 w-4" aria-hidden="true" />
        </button>
      </div>
    </nav>
  );
}
