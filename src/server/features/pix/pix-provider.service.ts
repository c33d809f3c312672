import type { AppContext } from '../../context.js';
import type { PixProvider } from './pix-api.js';

/**
 * The school's configured PSP (Configurações → Financeiro → Pix automático), ready to call: the adapter
 * built from the stored settings with the secrets decrypted, or `null` when Pix automático is off or not
 * configured. Issue 33 contract: the provider settings part fills this in; charges, reconciliation and
 * reminders call it.
 */
export async function pixProviderOf(ctx: AppContext): Promise<PixProvider | null> {
  void ctx;
  return null;
}
