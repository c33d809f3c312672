import type { AppContext } from '../../context.js';
import { pixProvedor } from '../../db/schema/pix-provedor.js';
import { sealedTable } from '../../lib/sealed-columns.js';
import type { SecretBox } from '../../lib/secret-box.js';

/** Each sealed column's purpose (GCM additional data): a value copied into another column does not open. */
export const SEALED = {
  clientSecret: 'pix_provedor.client_secret',
  certificado: 'pix_provedor.certificado',
  chavePrivada: 'pix_provedor.chave_privada',
  p12: 'pix_provedor.p12',
  p12Senha: 'pix_provedor.p12_senha',
  webhookSegredo: 'pix_provedor.webhook_segredo',
} as const;

/** The sealed columns, which the installation key's rotation re-seals (ADR 0118). */
export const PIX_SEALED_COLUMNS = sealedTable({
  table: pixProvedor,
  id: pixProvedor.id,
  info: 'pix-provedor',
  columns: [
    [pixProvedor.clientSecretCifrado, SEALED.clientSecret],
    [pixProvedor.certificadoCifrado, SEALED.certificado],
    [pixProvedor.chavePrivadaCifrada, SEALED.chavePrivada],
    [pixProvedor.p12Cifrado, SEALED.p12],
    [pixProvedor.p12SenhaCifrada, SEALED.p12Senha],
    [pixProvedor.webhookSegredoCifrado, SEALED.webhookSegredo],
  ],
});

export const boxOf = (ctx: Pick<AppContext, 'backupKey'>): SecretBox => PIX_SEALED_COLUMNS.boxOf(ctx);
