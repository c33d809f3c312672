/** Beside a cell of a closed period: 'Retificar' (the secretaria) or 'Solicitar retificação' (the teacher). */
import { Clock, FilePenLine, History } from 'lucide-react';

// A finger's size on a phone (44 px, where the teacher enters grades), the icon's on a desktop.
const iconButton =
  'inline-flex min-h-11 min-w-11 items-center justify-center rounded p-1 text-gray-600 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-primary sm:min-h-0 sm:min-w-0';

export function CellActions({
  label,
  rectify,
  ask,
  pending,
}: {
  /** The cell's name ('Prova 1 de Ana Souza'). */
  label: string;
  /** The administrator corrects it directly (every cell, also one never given: a make-up test). */
  rectify?: (() => void) | undefined;
  /** The teacher asks the coordenação to correct it. */
  ask?: (() => void) | undefined;
  /** A request already waiting for this cell: the value asked for. */
  pending?: { depois: string | null } | undefined;
}) {
  return (
    <>
      {rectify && (
        <button
          type="button"
          className={iconButton}
          aria-label={`Retificar ${label}`}
          title="Retificar"
          onClick={rectify}
        >
          <History className="h-4 w-4" aria-hidden />
        </button>
      )}
      {ask &&
        (pending ? (
          <span
            role="img"
            className="rounded p-1 text-amber-700"
            aria-label={`Retificação pendente de ${label}: ${pending.depois ?? 'sem nota'}, aguardando a coordenação`}
            title={`Retificação pendente: ${pending.depois ?? 'sem nota'}`}
          >
            <Clock className="h-4 w-4" aria-hidden />
          </span>
        ) : (
          <button
            type="button"
            className={iconButton}
            aria-label={`Solicitar retificação de ${label}`}
            title="Solicitar retificação"
            onClick={ask}
          >
            <FilePenLine className="h-4 w-4" aria-hidden />
            {/* On a phone there is no hover to show the title: the words the notice above refers to. */}
            <span className="ml-1 text-xs whitespace-nowrap sm:hidden">Solicitar</span>
          </button>
        ))}
    </>
  );
}
