import { useEffect, useRef, type RefObject } from 'react';

/**
 * An inline form that takes the place of the button that opened it (a guardian's 'Editar', 'Adicionar
 * responsável') removes the focused field when it closes, saved or cancelled: the focus would fall to
 * <body>, and a screen reader's user would start the dialog over. When `open` goes back to null, this puts
 * the focus on the element of `container` marked `data-refocus="<key>"` — the key given when closing.
 */
export function useRefocus(container: RefObject<HTMLElement | null>, open: unknown): (key: string) => void {
  const pending = useRef<string | null>(null);
  useEffect(() => {
    if (open !== null || pending.current === null) return;
    container.current?.querySelector<HTMLElement>(`[data-refocus="${pending.current}"]`)?.focus();
    pending.current = null;
  }, [container, open]);
  return (key) => {
    pending.current = key;
  };
}
