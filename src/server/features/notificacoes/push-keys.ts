import { createECDH } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import webPush from 'web-push';
import type { AppConfig } from '../../env.js';
import { PRIVATE_FILE_MODE, tightenFile } from '../../lib/data-dir.js';

export const VAPID_KEYS_FILE = 'vapid.json';

export interface VapidKeys {
  /** Uncompressed P-256 point, base64url (65 bytes): the browsers' `applicationServerKey`. */
  publicKey: string;
  /** The private scalar, base64url (32 bytes). */
  privateKey: string;
}

export class InvalidVapidKeysError extends Error {
  constructor(file: string) {
    super(
      `As chaves de notificação (VAPID) em ${file} estão inválidas. Restaure o arquivo de uma cópia, ou ` +
        'apague-o para gerar outras (os aparelhos inscritos precisarão ativar as notificações de novo).',
    );
    this.name = 'InvalidVapidKeysError';
  }
}

/** Whether the pair is a P-256 key pair whose public half is the private one's. */
function isValidPair(keys: Partial<VapidKeys>): keys is VapidKeys {
  if (typeof keys.publicKey !== 'string' || typeof keys.privateKey !== 'string') return false;
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(keys.privateKey, 'base64url'));
    return ecdh.getPublicKey().toString('base64url') === keys.publicKey;
  } catch {
    return false;
  }
}

/**
 * This installation's VAPID key pair (RFC 8292): DATA_DIR/vapid.json, created at the first start with
 * mode 0600 and kept across restarts — the browsers subscribed with its public key, and a push signed
 * with another key is refused by the push service. Kept outside the database, so never in a backup, and
 * never logged. Several instances on one PostgreSQL need the same file in each DATA_DIR (docs/push.md).
 */
export function loadVapidKeys(config: Pick<AppConfig, 'dataDir'>): VapidKeys {
  const file = path.join(config.dataDir, VAPID_KEYS_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      const keys = webPush.generateVAPIDKeys();
      try {
        // 'wx': two servers starting on one DATA_DIR cannot both create it (the second reads the first's).
        writeFileSync(file, `${JSON.stringify(keys)}\n`, { mode: PRIVATE_FILE_MODE, flag: 'wx' });
      } catch (createError) {
        if ((createError as NodeJS.ErrnoException).code !== 'EEXIST') throw createError;
      }
      continue;
    }
    let keys: Partial<VapidKeys>;
    try {
      keys = JSON.parse(text) as Partial<VapidKeys>;
    } catch {
      throw new InvalidVapidKeysError(file);
    }
    if (!isValidPair(keys)) throw new InvalidVapidKeysError(file);
    tightenFile(file);
    return { publicKey: keys.publicKey, privateKey: keys.privateKey };
  }
  throw new InvalidVapidKeysError(file);
}
