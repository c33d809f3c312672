import { useEffect, useRef, type FocusEvent } from 'react';

/**
 * Where the focus goes as the phone's Pareceres swaps the list of children for one child's editor and
 * back: each swap removed the focused button (the child's, 'Voltar à lista', Salvar as the saved parecer's
 * new version redrew the editor), and the focus fell to <body> — a screen reader's user started the page
 * over. Picking a child focuses the editor's heading; 'Voltar à lista' focuses that child's button; an
 * editor redrawn while it held the focus gives it to its heading.
 */
export function useParecerFocus(selectedId: string | undefined, editorKey: string) {
  const list = useRef<HTMLUListElement>(null);
  const editor = useRef<HTMLDivElement>(null);
  const pending = useRef<{ heading: true } | { child: string } | null>(null);
  const heldFocus = useRef(false);

  useEffect(() => {
    const lost = !document.activeElement || document.activeElement === document.body;
    const goal = pending.current;
    pending.current = null;
    if (goal && 'child' in goal) {
      list.current?.querySelector<HTMLElement>(`[data-aluno="${goal.child}"]`)?.focus();
      return;
    }
    if ((goal || (lost && heldFocus.current)) && editor.current)
      editor.current.querySelector<HTMLElement>('h2')?.focus();
  }, [selectedId, editorKey]);

  return {
    list,
    editor,
    /** The list's button of a child was pressed. */
    onPick: () => {
      pending.current = { heading: true };
    },
    /** 'Voltar à lista' from `childId`'s editor. */
    onBack: (childId: string) => {
      pending.current = { child: childId };
    },
    editorFocus: {
      onFocus: () => {
        heldFocus.current = true;
      },
      onBlur: (event: FocusEvent) => {
        // A blur with nowhere to go is the editor redrawn under the focus; elsewhere, the user moved on.
        if (event.relatedTarget) heldFocus.current = false;
      },
    },
  };
}
