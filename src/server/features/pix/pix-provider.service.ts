import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { pixProvedor } from '../../db/schema/pix-provedor.js';
import type { PixApiClient } from './pix-api.client.js';
import type { PixProvider } from './pix-api.js';
import { PIX_DEVOLUCAO_SCOPES, pixDevolucaoOf, type PixDevolucaoApi } from './pix-devolucao.client.js';
import { loadProvedorRow, pixApiOfRow } from './pix-provedor.service.js';

type Provider = PixProvider & {
  api: PixApiClient;
  /** Devoluções, on an adapter of their own scopes (ADR 0092). */
  devolucoes: PixDevolucaoApi & { client: PixApiClient };
};

interface Built {
  /** The settings' version and when they were saved (a restored backup may repeat a version number). */
  version: string;
  provider: Provider | null;
}

function close(provider: Provider | null | undefined): void {
  provider?.api.close();
  provider?.devolucoes.client.close();
}

/** One adapter per app (its connections and token reused), rebuilt when the settings' version changes. */
const built = new WeakMap<AppContext, Built>();

/**
 * The school's configured PSP (Configurações → Financeiro → Pix automático), ready to call: the adapter
 * built from the stored settings with the secrets decrypted, or `null` when Pix automático is off or not
 * configured. Issue 33 contract: charges, reconciliation and reminders call it. Each call reads the
 * settings' version (one indexed row), so a change saved on any instance is seen at the next call.
 */
export async function pixProviderOf(ctx: AppContext): Promise<Provider | null> {
  const [head] = await ctx.db
    .select({ version: pixProvedor.version, updatedAt: pixProvedor.updatedAt, ativo: pixProvedor.ativo })
    .from(pixProvedor)
    .where(eq(pixProvedor.id, 1));
  const version = head?.ativo ? `${String(head.version)}@${String(head.updatedAt.getTime())}` : 'desligado';
  const cached = built.get(ctx);
  if (cached?.version === version) return cached.provider;
  close(cached?.provider);
  let provider: Built['provider'] = null;
  if (version !== 'desligado') {
    const row = await loadProvedorRow(ctx.db);
    const api = row?.ativo ? pixApiOfRow(ctx, row) : null;
    const devolucoes = row && api ? pixApiOfRow(ctx, row, PIX_DEVOLUCAO_SCOPES) : null;
    if (row && api && devolucoes && row.chavePix) {
      provider = {
        api,
        devolucoes: { ...pixDevolucaoOf(devolucoes), client: devolucoes },
        chave: row.chavePix,
        validadeAposVencimento: row.validadeAposVencimento,
      };
    } else if (row?.ativo) {
      // On but unusable: the secrets do not open (a backup from another installation) or are missing.
      ctx.log.warn({}, 'pix: Pix automático ligado, mas as credenciais do banco não puderam ser lidas');
    }
  }
  // Two calls racing to build: the later one wins, the other's connections are closed.
  const raced = built.get(ctx);
  if (raced && raced !== cached && raced.version === version) {
    close(provider);
    return raced.provider;
  }
  built.set(ctx, { version, provider });
  return provider;
}

/** Closes the cached adapter's connections (the app stops). */
export function closePixProvider(ctx: AppContext): void {
  close(built.get(ctx)?.provider);
  built.delete(ctx);
}
