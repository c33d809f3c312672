/**
 * Copies a text (a Pix code, a link for WhatsApp, a provisional password) to the clipboard. The
 * Clipboard API exists only in secure contexts (HTTPS, localhost); a school that runs the server on its
 * own network opens the portal at http://192.168.…, where `navigator.clipboard` is undefined and every
 * 'Copiar' button threw. There the text is copied the older way: selected in a hidden field beside the
 * focused button (inside its dialog, whose focus trap would pull the focus back), then the focus returns.
 * Rejects when the browser refuses; the callers then ask the person to select and copy it.
 */
export async function copyText(text: string): Promise<void> {
  // eslint-disable-next-line no-restricted-properties -- the one place that may, in a secure context
  if (window.isSecureContext && 'clipboard' in navigator) return navigator.clipboard.writeText(text);
  const active = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const field = document.createElement('textarea');
  field.value = text;
  field.readOnly = true;
  field.tabIndex = -1;
  field.setAttribute('aria-hidden', 'true');
  field.style.cssText = 'position:fixed;top:0;left:0;width:1px;height:1px;opacity:0;pointer-events:none';
  (active?.parentElement ?? document.body).append(field);
  try {
    field.focus({ preventScroll: true });
    field.select();
    // eslint-disable-next-line @typescript-eslint/no-deprecated -- the only copy outside a secure context
    if (!document.execCommand('copy')) throw new Error('O navegador não permitiu copiar.');
  } finally {
    field.remove();
    active?.focus({ preventScroll: true });
  }
}
