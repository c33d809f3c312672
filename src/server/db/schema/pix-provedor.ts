import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { updatedAt, version } from './columns.js';

/**
 * The school's Pix PSP (Configurações → Financeiro → Pix automático, issue 33, ADR 0040): one row (id 1).
 * The `*_cifrado` columns are sealed with the installation's key (lib/secret-box.ts): a dump or a backup
 * holds only ciphertext. The webhook's secret path segment is one of them (whoever knows it can post Pix).
 */
export const pixProvedor = pgTable(
  'pix_provedor',
  {
    id: integer('id').primaryKey().default(1),
    ativo: boolean('ativo').notNull().default(false),
    baseUrl: text('base_url'),
    tokenUrl: text('token_url'),
    clientId: text('client_id'),
    clientSecretCifrado: text('client_secret_cifrado'),
    certificadoCifrado: text('certificado_cifrado'),
    chavePrivadaCifrada: text('chave_privada_cifrada'),
    /** The certificate as a PKCS#12 (.p12) and its password, instead of the PEM pair. */
    p12Cifrado: text('p12_cifrado'),
    p12SenhaCifrada: text('p12_senha_cifrada'),
    /** The client certificate's `notAfter` (PEM only), so the screen can warn before it expires. */
    certificadoValidoAte: timestamp('certificado_valido_ate', { withTimezone: true }),
    caPem: text('ca_pem'),
    chavePix: text('chave_pix'),
    validadeAposVencimento: integer('validade_apos_vencimento').notNull().default(30),
    webhookSegredoCifrado: text('webhook_segredo_cifrado').notNull(),
    webhookRegistradoEm: timestamp('webhook_registrado_em', { withTimezone: true }),
    webhookErro: text('webhook_erro'),
    version: version(),
    updatedAt: updatedAt(),
  },
  (table) => [check('pix_provedor_single_row', sql`${table.id} = 1`)],
);
export type PixProvedorRow = typeof pixProvedor.$inferSelect;
