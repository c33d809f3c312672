/** The grade grid's two layouts: one student at a time on a phone, the whole class in a table on a wide screen. */
import type { ReactNode } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { GradesGrid } from '../../../shared/grades.schemas';
import { Button } from '../../components/button';
import { SelectField } from '../../components/field';
import { ScrollArea } from '../../components/scroll-area';
import { itinerarioChangeNote } from './grade-grid-logic';

/** Where a cell sits: in a phone's card, one student's grades, or in the table of the class. */
export type CellPlace = 'card' | 'table';
type CellRenderer = (row: number, col: number, label: string, place: CellPlace) => ReactNode;

/** A cell's input: a finger's size in the card, a spreadsheet's in the table. */
export const cellSize: Record<CellPlace, string> = { card: 'h-11 w-20', table: 'h-9 w-16' };

/**
 * A cell's input and actions, with why its value was refused. The message moves nothing on the screen:
 * in the card it has a line of its own kept under the grade (two lines of text, empty until needed); in
 * the table it is a callout over the row above, seen while the cell has the focus or the pointer, so the
 * column keeps its width and the row its height (it widened the column and pushed the rows below down).
 * Either way it is in the accessibility tree, announced and named by the input's aria-describedby.
 */
export function GradeCell({
  place,
  editable,
  messageId,
  message,
  children,
}: {
  place: CellPlace;
  /** A cell that can be typed in (a closed period's cannot be refused: no line kept). */
  editable: boolean;
  messageId: string;
  message: string | undefined;
  /** The input and its actions. */
  children: ReactNode;
}) {
  const alert = (className = '') =>
    message ? (
      <span id={messageId} role="alert" className={className}>
        {message}
      </span>
    ) : null;
  if (place === 'card')
    return (
      <>
        <div className="flex items-center gap-1">{children}</div>
        {editable && <div className="col-span-2 min-h-10 py-1 text-xs leading-4 text-red-700">{alert()}</div>}
      </>
    );
  return (
    <div className="group relative flex items-center gap-1">
      {children}
      {alert(
        'pointer-events-none absolute right-0 bottom-full z-10 mb-1 w-60 rounded border border-red-300 bg-white px-2 py-1 text-left text-xs text-red-700 opacity-0 shadow-md transition-opacity group-focus-within:opacity-100 group-hover:opacity-100',
      )}
    </div>
  );
}

/** One student's grades as a card (narrow screens). */
export function GradeStudentCard({
  grid,
  index,
  status,
  cell,
  average,
}: {
  grid: GradesGrid;
  index: number;
  status: ReactNode;
  cell: CellRenderer;
  /** The student's period average as the grades on screen make it. */
  average: string | null;
}) {
  const aluno = grid.alunos[index]!;
  const rows = grid.alunos.length;
  return (
    <section aria-label={`Notas de ${aluno.nome}`} className="rounded-xl border border-gray-200 bg-white p-4">
      {/* The saving state on the small line above the name: beside the name, its appearing wrapped a long one. */}
      <div className="mb-3">
        <p className="flex items-start justify-between gap-2 text-xs text-gray-500">
          <span>
            Aluno {index + 1} de {rows}
          </span>
          {status}
        </p>
        <h3 className="text-lg font-semibold text-gray-900">{aluno.nome}</h3>
        <p className="text-xs text-gray-500">{itinerarioChangeNote(aluno)}</p>
      </div>
      {/* An editable card keeps a line under each grade for why it was refused: the space between them. */}
      <ul className={grid.bloqueio === null ? undefined : 'space-y-3'}>
        {grid.avaliacoes.map((avaliacao, col) => (
          <li key={avaliacao.id} className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3">
            <span className="text-sm text-gray-800">
              {avaliacao.nome}
              <span className="block text-xs text-gray-500">
                peso {String(avaliacao.peso).replace('.', ',')}
              </span>
            </span>
            {cell(index, col, `${avaliacao.nome} de ${aluno.nome}`, 'card')}
          </li>
        ))}
      </ul>
      <p className="mt-3 text-sm text-gray-700">
        Média do período: <strong>{average ?? '—'}</strong>
      </p>
    </section>
  );
}

/** A phone's Anterior/Próximo under the student's card (`onMove` may hold the student back). */
export function StudentPager({
  index,
  names,
  onMove,
}: {
  index: number;
  /** The class's students in the grid's order: any of them one choice away (test papers come unsorted). */
  names: readonly string[];
  onMove: (to: number) => void;
}) {
  const rows = names.length;
  return (
    <div className="mt-3 space-y-3">
      <div className="flex justify-between gap-2">
        <Button
          variant="secondary"
          className="min-h-11"
          disabled={index === 0}
          onClick={() => onMove(index - 1)}
        >
          <ChevronLeft className="h-4 w-4" aria-hidden /> Anterior
        </Button>
        <Button
          variant="secondary"
          className="min-h-11"
          disabled={index === rows - 1}
          onClick={() => onMove(index + 1)}
        >
          Próximo <ChevronRight className="h-4 w-4" aria-hidden />
        </Button>
      </div>
      <SelectField
        label="Ir para o aluno"
        value={String(index)}
        onChange={(event) => onMove(Number(event.target.value))}
        className="min-h-11"
      >
        {names.map((nome, at) => (
          <option key={`${String(at)}:${nome}`} value={at}>
            {at + 1}. {nome}
          </option>
        ))}
      </SelectField>
    </div>
  );
}

/** The class's grades as a table: students down, assessments across (wide screens). */
export function GradeTable({
  grid,
  status,
  cell,
  hint,
  average,
}: {
  grid: GradesGrid;
  status: (alunoId: string) => ReactNode;
  cell: CellRenderer;
  /** A student's period average as the grades on screen make it. */
  average: (aluno: GradesGrid['alunos'][number]) => string | null;
  /** How to type in it (an editable grid). */
  hint: boolean;
}) {
  return (
    <>
      {hint && (
        <p className="mb-2 text-sm text-gray-600">
          Digite e use Enter ou as setas para andar; cole uma coluna do Excel ou Planilhas para preencher para
          baixo. Em branco = não lançada (diferente de 0). Salva sozinho.
        </p>
      )}
      <ScrollArea
        label={`Notas de ${grid.disciplina}, ${grid.turma.nome}`}
        className="rounded-xl border border-gray-200 bg-white"
      >
        <table className="min-w-full text-sm">
          <caption className="sr-only">
            Notas de {grid.disciplina}, {grid.turma.nome}, {grid.periodo.nome}
          </caption>
          <thead className="bg-gray-50 text-left text-gray-700">
            <tr>
              <th scope="col" className="sticky left-0 bg-gray-50 px-3 py-2">
                Aluno
              </th>
              {grid.avaliacoes.map((avaliacao) => (
                <th key={avaliacao.id} scope="col" className="px-2 py-2 text-center font-medium">
                  {avaliacao.nome}
                  <span className="block text-xs font-normal text-gray-500">
                    peso {String(avaliacao.peso).replace('.', ',')}
                    {avaliacao.tipo === 'recuperacao' ? ' · recuperação' : ''}
                  </span>
                </th>
              ))}
              <th scope="col" className="px-3 py-2 text-center">
                Média
              </th>
              {/* Wide enough for the longest state ('pendente (no aparelho)'): its appearing moved the columns. */}
              <th scope="col" className="w-40 px-3 py-2">
                <span className="sr-only">Situação do salvamento</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {grid.alunos.map((aluno, row) => (
              <tr key={aluno.id} className="border-t border-gray-100 align-top">
                <th
                  scope="row"
                  className="sticky left-0 bg-white px-3 py-2 text-left font-normal text-gray-900"
                >
                  {aluno.nome}
                  <span className="block text-xs text-gray-500">{itinerarioChangeNote(aluno)}</span>
                </th>
                {grid.avaliacoes.map((avaliacao, col) => (
                  <td key={avaliacao.id} className="px-2 py-1.5 text-center">
                    {cell(row, col, `${avaliacao.nome} de ${aluno.nome}`, 'table')}
                  </td>
                ))}
                <td className="px-3 py-2 text-center font-semibold text-gray-900">{average(aluno) ?? '—'}</td>
                <td className="px-3 py-2" aria-live="polite">
                  {status(aluno.id)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollArea>
    </>
  );
}
