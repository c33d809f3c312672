/**
 * The user agent's side of RFC 8291 (Message Encryption for Web Push) with the aes128gcm content coding
 * of RFC 8188, written on node:crypto alone — so the simulator checks the product's encryption instead
 * of trusting the library that made it. One record (a push is at most 4096 bytes).
 */
import { createDecipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';

export interface UserAgentKeys {
  /** The browser's P-256 key pair: `p256dh` is the public point (65 bytes, uncompressed). */
  privateKey: Buffer;
  publicKey: Buffer;
  /** The 16-byte authentication secret. */
  auth: Buffer;
}

export function newUserAgentKeys(): UserAgentKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { privateKey: ecdh.getPrivateKey(), publicKey: ecdh.getPublicKey(), auth: randomBytes(16) };
}

const hkdf = (ikm: Buffer, salt: Buffer, info: Buffer, length: number) =>
  Buffer.from(hkdfSync('sha256', ikm, salt, info, length));

export class DecryptionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DecryptionError';
  }
}

/** The plaintext of an aes128gcm push message addressed to `keys`, or a DecryptionError. */
export function decryptPushMessage(body: Buffer, keys: UserAgentKeys): Buffer {
  // RFC 8188 §2.1 header: salt (16) | rs (4) | idlen (1) | keyid (idlen); RFC 8291 §4: keyid = as_public.
  if (body.length < 21) throw new DecryptionError('mensagem curta demais');
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  if (idLength !== 65) throw new DecryptionError('keyid deve ser a chave pública do servidor (65 bytes)');
  const asPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  if (recordSize < 18 || ciphertext.length > recordSize)
    throw new DecryptionError('registro maior que o tamanho declarado');
  if (ciphertext.length < 17) throw new DecryptionError('registro sem conteúdo');

  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(keys.privateKey);
  let ecdhSecret: Buffer;
  try {
    ecdhSecret = ecdh.computeSecret(asPublic);
  } catch {
    throw new DecryptionError('chave pública do servidor inválida');
  }
  // RFC 8291 §3.4: IKM from the ECDH secret, keyed by the auth secret, bound to both public keys.
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), keys.publicKey, asPublic]);
  const ikm = hkdf(ecdhSecret, keys.auth, keyInfo, 32);
  // RFC 8188 §2.2–2.3: the content-encryption key and the nonce (record 0: the nonce as derived).
  const cek = hkdf(ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  let padded: Buffer;
  try {
    padded = Buffer.concat([
      decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
      decipher.final(),
    ]);
  } catch {
    throw new DecryptionError('falha na autenticação (AES-GCM): chaves ou conteúdo errados');
  }
  // The last (and only) record ends with the delimiter 0x02 followed by zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (end < 0 || padded[end] !== 2) throw new DecryptionError('delimitador do último registro ausente');
  return padded.subarray(0, end);
}
