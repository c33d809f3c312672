import type { ReactNode } from 'react';
import { ScrollArea } from '../../components/scroll-area';

/**
 * A class's students × columns (days of the month, a subject's avaliações): scrolls sideways inside its
 * frame with the students' names held at the left edge. `head` are the column headers after 'Aluno';
 * the rows start with `StudentRowHeader`.
 */
export function StudentGrid({
  caption,
  head,
  children,
}: {
  caption: string;
  head: ReactNode;
  children: ReactNode;
}) {
  return (
    <ScrollArea label={caption} className="rounded-xl border border-gray-200 bg-white">
      <table className="min-w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-gray-50">
          <tr>
            <th
              scope="col"
              className="sticky left-0 bg-gray-50 px-3 py-2 text-left font-medium text-gray-700"
            >
              Aluno
            </th>
            {head}
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">{children}</tbody>
      </table>
    </ScrollArea>
  );
}

/**
 * A row's student, held at the left edge as the grid scrolls. On a phone the name wraps within a third of
 * the screen: on one line it took 70 % of the width and left four days of the month (or the Média past
 * the edge) to scroll to.
 */
export function StudentRowHeader({ nome }: { nome: string }) {
  return (
    <th
      scope="row"
      className="sticky left-0 max-w-32 bg-white px-3 py-1.5 text-left leading-tight font-normal break-words sm:max-w-none sm:whitespace-nowrap"
    >
      {nome}
    </th>
  );
}
