import type { AppContext } from '../../context.js';
import type { PixProvider } from './pix-api.js';

/**
 * The school's configured PSP (Configurações → Financeiro → Pix automático), ready to call: the adapter
 * built from the stored settings with the secrets decrypted, or `null` when Pix automático is off or not
 * configured. Issue 33 contract: the provider settings part fills this in; charges, reconciliation and
 * reminders call it.
 */
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- filled in by the provider settings (issue 33)
export function pixProviderOf(ctx: AppContext): Promise<PixProvider | null> {
  return Promise.resolve(null);
}
