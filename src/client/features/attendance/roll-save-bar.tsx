import { useEffect, useRef, useState } from 'react';
import { PenLine, RotateCcw, Save } from 'lucide-react';
import { formatCount } from '../../../shared/format';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ErrorBanner } from '../../components/feedback';
import { useReservedEdge } from '../../lib/use-reserved-edge';

/**
 * The roll's bar at the bottom of the screen: the server's refusal, the shortcut to the lesson's content
 * when none is written, 'Todos presentes' (which asks first: one slip of the thumb beside 'Salvar' undid
 * every absence and its justification) and the save.
 */
export function RollSaveBar({
  error,
  faltas,
  noContent,
  saving,
  label,
  redrawn = false,
  onDrawn,
  onWriteContent,
  onAllPresent,
  onSave,
}: {
  error: string | null;
  faltas: number;
  noContent: boolean;
  saving: boolean;
  label: string;
  /** The roll's sheet drawn again (saved, removed): the focus dropped with the old one comes back here. */
  redrawn?: boolean;
  onDrawn?: () => void;
  onWriteContent: () => void;
  onAllPresent: () => void;
  onSave: () => void;
}) {
  const [asking, setAsking] = useState(false);
  const bar = useRef<HTMLDivElement>(null);
  const save = useRef<HTMLButtonElement>(null);
  useReservedEdge(bar, 'bottom');
  // Read when the bar is drawn, not at each render.
  const [redrawnOnMount] = useState(redrawn);
  useEffect(() => {
    // Only a focus lost with the old sheet (on <body>), not one the person took elsewhere meanwhile.
    const lost = document.activeElement === document.body || document.activeElement === null;
    if (redrawnOnMount && lost) save.current?.focus();
    onDrawn?.();
  }, [redrawnOnMount, onDrawn]);
  return (
    <div
      ref={bar}
      className="sticky bottom-0 z-10 -mx-4 mt-4 border-t border-gray-200 bg-white/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-lg sm:border"
    >
      {error && (
        <div className="mb-2">
          <ErrorBanner>{error}</ErrorBanner>
        </div>
      )}
      {noContent && (
        // The content field is below a list of 40: one tap from the save bar reaches it.
        <button
          type="button"
          className="mb-2 flex min-h-9 items-center gap-1 text-sm font-medium text-yellow-900 underline"
          onClick={onWriteContent}
        >
          <PenLine className="h-4 w-4" aria-hidden="true" /> Sem conteúdo registrado — escrever
        </button>
      )}
      <div className="flex gap-2">
        {faltas > 0 && (
          // Held, not disabled, while the roll saves: a disabled button leaves the Tab order, and the
          // focus beside Salvar with it.
          <Button
            variant="secondary"
            className="min-h-12"
            aria-disabled={saving}
            onClick={() => setAsking(true)}
          >
            <RotateCcw className="h-4 w-4" aria-hidden="true" /> Todos presentes
          </Button>
        )}
        <Button ref={save} className="min-h-12 flex-1 text-base" loading={saving} onClick={onSave}>
          <Save className="h-5 w-5" aria-hidden="true" />
          {label}
        </Button>
      </div>
      <ConfirmDialog
        open={asking}
        title="Marcar todos como presentes?"
        message={`${formatCount(faltas, 'falta marcada é desfeita', 'faltas marcadas são desfeitas')} nesta tela, com as justificativas. Nada muda no servidor até salvar.`}
        confirmLabel="Marcar todos presentes"
        cancelLabel="Manter as faltas"
        danger={false}
        // 'Todos presentes' goes with the last falta: the focus goes on to Salvar, not to the page's top.
        returnFocus={() => save.current}
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          onAllPresent();
        }}
      />
    </div>
  );
}
