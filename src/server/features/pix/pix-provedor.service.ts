import { createPrivateKey, randomBytes, X509Certificate, type KeyObject } from 'node:crypto';
import { createSecureContext } from 'node:tls';
import { and, eq } from 'drizzle-orm';
import type {
  PixProvedor,
  PixProvedorData,
  PixProvedorTeste,
  WebhookStatus,
} from '../../../shared/pix-provedor.schemas.js';
import type { FieldError } from '../../../shared/api.js';
import type { AppContext } from '../../context.js';
import { isHttpsUrl } from '../../env.js';
import type { DbOrTx } from '../../db/client.js';
import { pixProvedor, type PixProvedorRow } from '../../db/schema/pix-provedor.js';
import { badRequest } from '../../lib/errors.js';
import { checkPkcs12Iterations } from '../../lib/pkcs12-limits.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { assertVersion, staleVersion } from '../../lib/versioning.js';
import { recordAudit, type Actor } from '../audit/index.js';
import { createPixApi, withoutTrailingSlashes, type PixApiClient } from './pix-api.client.js';
import { PixApiError } from './pix-api.js';
import { boxOf, SEALED } from './pix-provedor.sealed.js';
import { wakeSync } from './sync-job.js';

/**
 * The school's Pix PSP settings (issue 33 §1, ADR 0040): one row, its secrets sealed with the
 * installation's key, the webhook's secret path segment made once per installation.
 */

/** Where the PSP posts (it appends `/pix`); served by the webhook route (`/api/pix/webhook/:segredo/pix`). */
export const WEBHOOK_PATH = '/api/pix/webhook';

export { boxOf, SEALED };

function openOrNull(box: SecretBox, sealed: string | null, purpose: string): string | null {
  if (sealed === null) return null;
  try {
    return box.open(sealed, purpose);
  } catch {
    return null;
  }
}

/** 43 URL-safe characters (256 random bits). */
const newSegredo = () => randomBytes(32).toString('base64url');

export async function loadProvedorRow(db: DbOrTx): Promise<PixProvedorRow | undefined> {
  const [row] = await db.select().from(pixProvedor).where(eq(pixProvedor.id, 1));
  return row;
}

/**
 * The row, made on first use with a new webhook secret (once per installation: two instances racing
 * both read the one that won). A secret that no longer opens (a backup restored from another
 * installation) is replaced: the new webhook URL is registered at the next save.
 */
export async function ensureProvedorRow(ctx: Pick<AppContext, 'db' | 'backupKey'>): Promise<PixProvedorRow> {
  const box = boxOf(ctx);
  let row = await loadProvedorRow(ctx.db);
  if (!row) {
    await ctx.db
      .insert(pixProvedor)
      .values({ id: 1, webhookSegredoCifrado: box.seal(newSegredo(), SEALED.webhookSegredo) })
      .onConflictDoNothing();
    row = await loadProvedorRow(ctx.db);
  }
  if (!row) throw new Error('pix_provedor: a linha não foi criada');
  if (openOrNull(box, row.webhookSegredoCifrado, SEALED.webhookSegredo) === null) {
    [row] = await ctx.db
      .update(pixProvedor)
      .set({
        webhookSegredoCifrado: box.seal(newSegredo(), SEALED.webhookSegredo),
        webhookRegistradoEm: null,
      })
      .where(eq(pixProvedor.id, 1))
      .returning();
    if (!row) throw new Error('pix_provedor: a linha sumiu');
  }
  return row;
}

/** The installation's webhook secret (the `{segredo}` of `/api/pix/webhook/{segredo}/pix`). */
export async function webhookSegredoOf(ctx: Pick<AppContext, 'db' | 'backupKey'>): Promise<string> {
  const row = await ensureProvedorRow(ctx);
  return boxOf(ctx).open(row.webhookSegredoCifrado, SEALED.webhookSegredo);
}

export function webhookUrlOf(ctx: Pick<AppContext, 'config'>, segredo: string): string {
  return `${ctx.config.publicUrl}${WEBHOOK_PATH}/${segredo}`;
}

function webhookStatusOf(row: PixProvedorRow): WebhookStatus {
  if (row.webhookErro) return 'erro';
  return row.webhookRegistradoEm ? 'registrado' : 'nao_registrado';
}

function toPixProvedor(ctx: Pick<AppContext, 'config' | 'backupKey'>, row: PixProvedorRow): PixProvedor {
  const box = boxOf(ctx);
  const segredo = box.open(row.webhookSegredoCifrado, SEALED.webhookSegredo);
  const pem =
    openOrNull(box, row.certificadoCifrado, SEALED.certificado) !== null &&
    openOrNull(box, row.chavePrivadaCifrada, SEALED.chavePrivada) !== null;
  const p12 = openOrNull(box, row.p12Cifrado, SEALED.p12) !== null;
  return {
    ativo: row.ativo,
    base_url: row.baseUrl,
    token_url: row.tokenUrl,
    client_id: row.clientId,
    ca_pem: row.caPem,
    chave_pix: row.chavePix,
    validade_apos_vencimento: row.validadeAposVencimento,
    tem_segredo: openOrNull(box, row.clientSecretCifrado, SEALED.clientSecret) !== null,
    tem_certificado: pem || p12,
    formato_certificado: p12 ? 'p12' : pem ? 'pem' : null,
    certificado_valido_ate: row.certificadoValidoAte?.toISOString() ?? null,
    webhook_url: webhookUrlOf(ctx, segredo),
    webhook_https: isHttpsUrl(ctx.config.publicUrl),
    webhook: {
      status: webhookStatusOf(row),
      registrado_em: row.webhookRegistradoEm?.toISOString() ?? null,
      erro: row.webhookErro,
    },
    version: row.version,
  };
}

export async function getPixProvedor(ctx: AppContext): Promise<PixProvedor> {
  return toPixProvedor(ctx, await ensureProvedorRow(ctx));
}

// ---------------------------------------------------------------- certificates

const field = (path: string, message: string): FieldError => ({ path, message });

function invalid(path: string, message: string): never {
  throw badRequest(message, [field(path, message)]);
}

function readCertificate(pem: string, path: string): X509Certificate {
  try {
    return new X509Certificate(pem);
  } catch {
    return invalid(path, 'Não foi possível ler o certificado: cole o PEM inteiro, de -----BEGIN a -----END.');
  }
}

function readKey(pem: string): KeyObject {
  try {
    return createPrivateKey(pem);
  } catch (error) {
    const text = error instanceof Error ? error.message : '';
    return invalid(
      'chave_privada_pem',
      /passphrase|encrypted/i.test(text)
        ? 'A chave privada está protegida por senha: exporte-a sem senha (PEM) ou envie o arquivo .p12 com a senha.'
        : 'Não foi possível ler a chave privada (RSA ou EC, formato PEM).',
    );
  }
}

interface Credentials {
  certificado?: string;
  chavePrivada?: string;
  p12?: string;
  p12Senha?: string;
  validoAte: Date | null;
}

/**
 * The client certificate the settings will keep, checked now rather than at the first charge: the PEM
 * pair must parse and belong together and be in date; a `.p12` must open with its password.
 */
function checkCredentials(input: PixProvedorData, stored: Credentials): Credentials {
  if (input.certificado_p12 !== undefined) {
    const pfx = Buffer.from(input.certificado_p12.replace(/\s+/g, ''), 'base64');
    // Before OpenSSL hashes anything (ADR 0093): the file's own iteration counts would hold the server.
    const verdict = checkPkcs12Iterations(pfx, input.senha_p12 ?? '');
    if (!verdict.ok)
      invalid(
        'certificado_p12',
        verdict.reason === 'iteracoes'
          ? `Este arquivo .p12 usa um número de iterações fora do comum (${verdict.count.toLocaleString('pt-BR')}). Exporte-o de novo ou peça outro arquivo ao banco.`
          : 'O arquivo não é um certificado .p12 legível: confira se enviou o arquivo certo.',
      );
    try {
      createSecureContext({ pfx, passphrase: input.senha_p12 ?? '' });
    } catch {
      invalid('certificado_p12', 'Não foi possível abrir o arquivo .p12: confira o arquivo e a senha.');
    }
    return { p12: pfx.toString('base64'), p12Senha: input.senha_p12 ?? '', validoAte: null };
  }
  const certificado = input.certificado_pem ?? stored.certificado;
  const chavePrivada = input.chave_privada_pem ?? stored.chavePrivada;
  if (input.certificado_pem === undefined && input.chave_privada_pem === undefined) return stored;
  if (certificado === undefined) invalid('certificado_pem', 'Cole também o certificado (PEM).');
  if (chavePrivada === undefined) invalid('chave_privada_pem', 'Cole também a chave privada (PEM).');
  const certificate = readCertificate(certificado, 'certificado_pem');
  const key = readKey(chavePrivada);
  if (!certificate.checkPrivateKey(key))
    invalid(
      'chave_privada_pem',
      'A chave privada não corresponde ao certificado: envie o par emitido junto.',
    );
  const validoAte = new Date(certificate.validTo);
  if (validoAte.getTime() < Date.now())
    invalid(
      'certificado_pem',
      `O certificado venceu em ${validoAte.toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' })}: peça um novo ao banco.`,
    );
  return { certificado, chavePrivada, validoAte };
}

function storedCredentials(box: SecretBox, row: PixProvedorRow): Credentials {
  const certificado = openOrNull(box, row.certificadoCifrado, SEALED.certificado) ?? undefined;
  const chavePrivada = openOrNull(box, row.chavePrivadaCifrada, SEALED.chavePrivada) ?? undefined;
  const p12 = openOrNull(box, row.p12Cifrado, SEALED.p12) ?? undefined;
  const p12Senha = openOrNull(box, row.p12SenhaCifrada, SEALED.p12Senha) ?? undefined;
  return {
    ...(certificado === undefined ? {} : { certificado }),
    ...(chavePrivada === undefined ? {} : { chavePrivada }),
    ...(p12 === undefined ? {} : { p12, p12Senha: p12Senha ?? '' }),
    validoAte: row.certificadoValidoAte,
  };
}

// ---------------------------------------------------------------- the adapter from a row

/** Everything the adapter needs, opened; null when something is missing or no longer opens. */
function apiOf(
  ctx: Pick<AppContext, 'backupKey' | 'config'>,
  row: PixProvedorRow,
  /** OAuth2 scopes other than the standard's four (Pix Automático asks for its own). */
  scopes?: string,
): PixApiClient | null {
  const box = boxOf(ctx);
  const clientSecret = openOrNull(box, row.clientSecretCifrado, SEALED.clientSecret);
  const stored = storedCredentials(box, row);
  if (!row.baseUrl || !row.tokenUrl || !row.clientId || clientSecret === null) return null;
  if (stored.p12 === undefined && (stored.certificado === undefined || stored.chavePrivada === undefined))
    return null;
  // A `.p12` stored before its iteration counts were checked (ADR 0093) would make OpenSSL hash for as
  // long as it names at every TLS connection: parsing alone tells, and such a file counts as unreadable.
  if (stored.p12 !== undefined && !checkPkcs12Iterations(Buffer.from(stored.p12, 'base64')).ok) return null;
  return createPixApi({
    baseUrl: row.baseUrl,
    tokenUrl: row.tokenUrl,
    clientId: row.clientId,
    clientSecret,
    ...(stored.p12 === undefined
      ? { certificadoPem: stored.certificado, chavePrivadaPem: stored.chavePrivada }
      : { pfx: Buffer.from(stored.p12, 'base64'), pfxSenha: stored.p12Senha }),
    caPem: row.caPem,
    ...(scopes === undefined ? {} : { scopes }),
    ...(ctx.config.pixTimeoutMs === undefined ? {} : { timeoutMs: ctx.config.pixTimeoutMs }),
  });
}

export { apiOf as pixApiOfRow };

export const NOT_CONFIGURED =
  'Preencha e salve as configurações do banco (URLs, client id e secret, certificado e chave) antes de testar.';

export function messageOf(error: unknown): string {
  return error instanceof PixApiError ? error.mensagem : 'Falha inesperada ao falar com o banco.';
}

// ---------------------------------------------------------------- saving and testing

const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return null;
  }
};

export interface SavedProvedor {
  provedor: PixProvedor;
  mensagem: string;
}

/**
 * Saves the settings (a secret left out keeps the stored one) and, when on, registers the webhook
 * with the PSP (`PUT /webhook/{chave}`). The settings are saved even when the registration fails: the
 * failure is kept on the row and said in the answer, and the daily reconciliation still finds every
 * Pix received (ADR 0040).
 */
export async function updatePixProvedor(
  ctx: AppContext,
  input: PixProvedorData,
  expectedVersion: number | undefined,
  actor: Actor,
): Promise<SavedProvedor> {
  const box = boxOf(ctx);
  const current = await ensureProvedorRow(ctx);
  assertVersion(expectedVersion, current.version);
  const credentials = checkCredentials(input, storedCredentials(box, current));
  const clientSecret =
    input.client_secret ?? openOrNull(box, current.clientSecretCifrado, SEALED.clientSecret);
  const caPem = input.ca_pem === undefined ? current.caPem : input.ca_pem?.trim() || null;
  if (caPem !== null) readCertificate(caPem, 'ca_pem');
  if (input.ativo) {
    if (clientSecret === null) invalid('client_secret', 'Informe o client secret que o banco forneceu.');
    if (credentials.p12 === undefined && credentials.certificado === undefined)
      invalid('certificado_pem', 'Envie o certificado e a chave privada (PEM) ou o arquivo .p12.');
  }
  const values = {
    ativo: input.ativo,
    baseUrl: withoutTrailingSlashes(input.base_url),
    tokenUrl: input.token_url,
    clientId: input.client_id,
    clientSecretCifrado: clientSecret === null ? null : box.seal(clientSecret, SEALED.clientSecret),
    certificadoCifrado:
      credentials.certificado === undefined ? null : box.seal(credentials.certificado, SEALED.certificado),
    chavePrivadaCifrada:
      credentials.chavePrivada === undefined ? null : box.seal(credentials.chavePrivada, SEALED.chavePrivada),
    p12Cifrado: credentials.p12 === undefined ? null : box.seal(credentials.p12, SEALED.p12),
    p12SenhaCifrada:
      credentials.p12Senha === undefined ? null : box.seal(credentials.p12Senha, SEALED.p12Senha),
    certificadoValidoAte: credentials.validoAte,
    caPem,
    chavePix: input.chave_pix,
    validadeAposVencimento: input.validade_apos_vencimento,
    version: current.version + 1,
    updatedAt: new Date(),
  };
  const saved = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(pixProvedor)
      .set(values)
      .where(and(eq(pixProvedor.id, 1), eq(pixProvedor.version, current.version)))
      .returning();
    if (!row) throw staleVersion();
    await recordAudit(tx, actor, {
      action: 'atualizar',
      entity: 'pix_provedor',
      entityId: '1',
      // What changed, never a secret: whether one was replaced, and where the bank is.
      details: {
        ativo: values.ativo,
        api: hostOf(values.baseUrl),
        token: hostOf(values.tokenUrl),
        client_secret_trocado: input.client_secret !== undefined,
        certificado_trocado:
          input.certificado_pem !== undefined ||
          input.chave_privada_pem !== undefined ||
          input.certificado_p12 !== undefined,
        ca_propria: caPem !== null,
      },
    });
    return row;
  });
  if (saved.ativo) {
    // Switched on (charges for every open tuition) or changed (a new validadeAposVencimento, key or
    // bank): the sync compares each charge with what it should be now.
    await wakeSync(ctx);
    return registerWebhook(ctx, saved);
  }
  if (current.ativo || current.webhookRegistradoEm !== null)
    return unregisterWebhook(ctx, saved, current.chavePix ?? saved.chavePix);
  return { provedor: toPixProvedor(ctx, saved), mensagem: 'Configurações do Pix automático salvas.' };
}

/** What switching off leaves behind, said once in the answer (docs/pix.md, "Desligar"). */
const OFF_CONSEQUENCES =
  'As cobranças já enviadas seguem válidas no banco e o portal volta ao código Pix estático; um pagamento feito nelas agora só entra ao religar, por Conciliar agora.';

/**
 * Switched off: the PSP stops posting to this installation (`DELETE /webhook/{chave}`, the key it was
 * registered for). The setting stays off when the PSP fails this: the row keeps the registration
 * (`webhook.status: registrado` while off) and the answer says why (a webhook the PSP keeps calling still
 * records what it posts).
 */
async function unregisterWebhook(
  ctx: AppContext,
  row: PixProvedorRow,
  chave: string | null,
): Promise<SavedProvedor> {
  const erro = chave
    ? await webhookAtBank(ctx, row, (api) => api.deleteWebhook(chave), 'pix: webhook não removido do banco')
    : null;
  // A failure leaves the row as it was: still registered at the PSP (`webhook.status` says so).
  const [updated] =
    erro === null
      ? await ctx.db
          .update(pixProvedor)
          .set({ webhookRegistradoEm: null, webhookErro: null })
          .where(eq(pixProvedor.id, 1))
          .returning()
      : [row];
  return {
    provedor: toPixProvedor(ctx, updated ?? row),
    mensagem:
      erro === null
        ? `Pix automático desligado e webhook removido do banco. ${OFF_CONSEQUENCES}`
        : `Pix automático desligado, mas o banco não removeu o cadastro do webhook: ${erro} Os avisos que ele ainda enviar continuam sendo registrados; salve de novo para tentar outra vez. ${OFF_CONSEQUENCES}`,
  };
}

async function registerWebhook(ctx: AppContext, row: PixProvedorRow): Promise<SavedProvedor> {
  const url = webhookUrlOf(ctx, boxOf(ctx).open(row.webhookSegredoCifrado, SEALED.webhookSegredo));
  const chave = row.chavePix;
  const erro = chave
    ? await webhookAtBank(
        ctx,
        row,
        (api) => api.putWebhook(chave, url),
        'pix: webhook não cadastrado no banco',
      )
    : NOT_CONFIGURED;
  const [updated] = await ctx.db
    .update(pixProvedor)
    .set(erro === null ? { webhookRegistradoEm: new Date(), webhookErro: null } : { webhookErro: erro })
    .where(eq(pixProvedor.id, 1))
    .returning();
  return {
    provedor: toPixProvedor(ctx, updated ?? row),
    mensagem:
      erro === null
        ? 'Pix automático ligado: configurações salvas e webhook cadastrado no banco.'
        : `Configurações salvas, mas o banco não aceitou o cadastro do webhook: ${erro} Até ele ser cadastrado, os pagamentos entram pela conciliação diária.`,
  };
}

/** One webhook call with the saved settings' adapter: null when done, else the failure in Portuguese. */
async function webhookAtBank(
  ctx: AppContext,
  row: PixProvedorRow,
  work: (api: PixApiClient) => Promise<void>,
  logMessage: string,
): Promise<string | null> {
  const api = apiOf(ctx, row);
  try {
    if (!api) throw new PixApiError('credenciais', NOT_CONFIGURED);
    await work(api);
    return null;
  } catch (error) {
    ctx.log.warn({ kind: error instanceof PixApiError ? error.kind : 'erro' }, logMessage);
    return messageOf(error);
  } finally {
    api?.close();
  }
}

/** Testar conexão: a fresh token and one page of `/pix`, with the stored settings, on or off. */
export async function testPixProvedor(ctx: AppContext, actor: Actor): Promise<PixProvedorTeste> {
  const row = await ensureProvedorRow(ctx);
  const api = apiOf(ctx, row);
  let result: PixProvedorTeste & { kind?: string };
  if (!api) result = { ok: false, mensagem: NOT_CONFIGURED, kind: 'configuracao' };
  else {
    try {
      await api.testConnection();
      result = {
        ok: true,
        mensagem: 'Conexão com o banco funcionando: token obtido e Pix recebidos consultados.',
      };
    } catch (error) {
      result = {
        ok: false,
        mensagem: messageOf(error),
        kind: error instanceof PixApiError ? error.kind : 'erro',
      };
    } finally {
      api.close();
    }
  }
  await recordAudit(ctx.db, actor, {
    action: 'testar_conexao_pix',
    entity: 'pix_provedor',
    entityId: '1',
    details: { ok: result.ok, ...(result.kind ? { falha: result.kind } : {}) },
  });
  return { ok: result.ok, mensagem: result.mensagem };
}
