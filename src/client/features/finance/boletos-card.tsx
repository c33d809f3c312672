import type { ReactNode } from 'react';

/** A section of the Boletos tab with its heading. */
export function Card({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-gray-200 bg-white">
      <h2 id={id} className="border-b border-gray-100 px-4 py-3 text-base font-semibold text-gray-900">
        {title}
      </h2>
      {children}
    </section>
  );
}
