import { Smartphone } from 'lucide-react';

const KEPT = 'Rascunho guardado neste aparelho — ainda não salvo na escola.';
/** A save that found no connection (the note's text then, and the editor's toast). */
export const UNSENT =
  'Sem conexão: o parecer ficou guardado neste aparelho. Salve de novo quando a internet voltar.';

/**
 * Says where the text on screen is: kept on this device and not at the school yet (a draft), and what to
 * do about it with the connection as it is now. A polite status (as the toasts are): announced without
 * taking the focus, and its text changes with the state, not with each letter typed.
 */
export function ParecerDraftNote({
  kept,
  stale,
  unsent,
  online,
}: {
  /** A draft of what is on screen is on the device. */
  kept: boolean;
  /** The parecer was saved at the school (by someone) after this draft was started. */
  stale: boolean;
  /** The last save found no connection. */
  unsent: boolean;
  online: boolean;
}) {
  const text = !online
    ? unsent
      ? UNSENT
      : `${KEPT} Salve quando a internet voltar.`
    : unsent
      ? `${KEPT} A conexão voltou: toque em Salvar.`
      : KEPT;
  if (!kept) return null;
  const changed = stale
    ? ' O parecer foi alterado na escola depois deste rascunho: confira antes de salvar, ou o rascunho substitui o que está lá.'
    : '';
  return (
    <p role="status" className="rounded-lg border border-sky-200 bg-sky-50 p-3 text-sm text-sky-900">
      <Smartphone className="mr-1 inline h-4 w-4 align-text-bottom" aria-hidden />
      {text}
      {changed}
    </p>
  );
}
