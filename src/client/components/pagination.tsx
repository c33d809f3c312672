import { ChevronLeft, ChevronRight } from 'lucide-react';

/** Server-side paging footer: "1–20 de 134" with previous/next. */
export function Pagination({
  page,
  pageSize,
  total,
  onChange,
}: {
  page: number;
  pageSize: number;
  total: number;
  onChange: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <nav
      aria-label="Paginação"
      className="flex items-center justify-between gap-3 border-t border-gray-200 px-4 py-3 text-sm text-gray-700"
    >
      <p>
        {first}–{last} de {total}
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
        <span aria-current="page">
          Página {page} de {pages}
        </span>
        <button
          type="button"
          className="inline-flex items-center gap-1 rounded-lg border border-gray-300 px-3 py-1.5 hover:bg-gray-50 disabled:opacity-50"
          onClick={() => onChange(page + 1)}
          disabled={page >= pages}
        >
          Próxima <ChevronRight className="h-4 w-4" aria-hidden="true" />
        </button>
      </div>
    </nav>
  );
}
