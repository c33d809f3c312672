import { useCallback, useState, type ReactNode } from 'react';

/**
 * Which dialog of a screen is open, and on which row: one state instead of a boolean per dialog.
 * `Dialogs` maps each dialog's name to the row it works on (`null` for none), e.g.
 * `useRowDialog<{ create: null; edit: User; reset: User }>()`; then `dialog.show('edit', user)`,
 * `dialog.render('edit', (user) => <UserFormModal user={user} onClose={dialog.close} />)` and
 * `dialog.close()`.
 */
export function useRowDialog<Dialogs extends Record<string, unknown>>() {
  const [open, setOpen] = useState<{ kind: keyof Dialogs; row: unknown } | null>(null);
  const show = useCallback(
    <K extends keyof Dialogs>(kind: K, ...row: Dialogs[K] extends null ? [] : [Dialogs[K]]) =>
      setOpen({ kind, row: row[0] ?? null }),
    [],
  );
  const close = useCallback(() => setOpen(null), []);
  return {
    show,
    close,
    isOpen: (kind: keyof Dialogs) => open?.kind === kind,
    /** The row of dialog `kind` while it is open, otherwise undefined. */
    rowOf: <K extends keyof Dialogs>(kind: K): Dialogs[K] | undefined =>
      open?.kind === kind ? (open.row as Dialogs[K]) : undefined,
    /** Draws dialog `kind` with its row while it is open. */
    render: <K extends keyof Dialogs>(kind: K, draw: (row: Dialogs[K]) => ReactNode): ReactNode =>
      open?.kind === kind ? draw(open.row as Dialogs[K]) : null,
  };
}
