import forge from 'node-forge';

/**
 * A PKCS#12 file (.pfx/.p12) names its own key-derivation iteration counts — the MacData `iterations`, the
 * PKCS#12 PBE parameters and the PBES2/PBKDF2 parameters of every encrypted bag — and node-forge and
 * OpenSSL run that many hash rounds on the main thread before they can tell a wrong password (ADR 0093):
 * a 2 KB file with a count of 2^31 would hold the whole server for about an hour. This reads the counts
 * from the structure alone, without hashing, so a file is refused before anything opens it.
 *
 * Real exports use 2,000–10,000 (OpenSSL 3: 2048; Windows: 2000; Java: 10,000). A count above
 * `PKCS12_MAX_ITERATIONS` is refused, and so is a file whose counts add up to more than
 * `PKCS12_MAX_TOTAL_ITERATIONS` (many bags each at the limit would otherwise multiply the cost). Measured
 * with node-forge on a 2-core machine, 100,000 rounds cost 0.1 s (PKCS#12 KDF, SHA-1) to 1.3 s (PBKDF2,
 * HMAC-SHA-512); a normal file costs a few dozen milliseconds.
 */
export const PKCS12_MAX_ITERATIONS = 100_000;
export const PKCS12_MAX_TOTAL_ITERATIONS = 200_000;

/** PKCS#12 nests about a dozen levels; deeper is not a certificate file (and would blow the stack). */
const MAX_DEPTH = 48;

const ENCRYPTED_DATA_OID = '1.2.840.113549.1.7.6';

export type Pkcs12Verdict =
  | { ok: true; iterations: number[] }
  /** Not DER, or not shaped like a PKCS#12 file. */
  | { ok: false; reason: 'ilegivel' }
  /** `count`: the largest count when one is over the limit, else the sum of them all. */
  | { ok: false; reason: 'iteracoes'; count: number };

type Asn1 = forge.asn1.Asn1;

const { Class, Type } = forge.asn1;

const isUniversal = (node: Asn1 | null | undefined, type: forge.asn1.Type): node is Asn1 =>
  node !== null && node !== undefined && node.tagClass === Class.UNIVERSAL && node.type === type;

const childrenOf = (node: Asn1): Asn1[] => (Array.isArray(node.value) ? node.value : []);

/** An OCTET STRING's bytes, BER's chunked (constructed) form included. */
function octets(node: Asn1): string {
  return typeof node.value === 'string' ? node.value : childrenOf(node).map(octets).join('');
}

/** An INTEGER read unsigned, as node-forge reads an iteration count (a 'negative' one is huge). */
function unsigned(node: Asn1): number {
  const bytes = typeof node.value === 'string' ? node.value : '';
  let value = 0;
  for (const byte of bytes) {
    value = value * 256 + byte.charCodeAt(0);
    if (value > Number.MAX_SAFE_INTEGER / 256) return Number.MAX_SAFE_INTEGER;
  }
  return value;
}

/** DER/BER that parses completely, or null. */
function parse(bytes: string): Asn1 | null {
  try {
    return forge.asn1.fromDer(bytes, true);
  } catch {
    // forge throws on malformed input and on nesting deep enough to exhaust the stack.
    return null;
  }
}

class TooDeep extends Error {}

interface Found {
  iterations: number[];
  /** EncryptedData contents (algorithm and ciphertext), opened only once every count above passed. */
  encrypted: { algorithm: Asn1; params: Asn1; content: Asn1 }[];
}

/** An EncryptedData ContentInfo: `SEQUENCE { OID encryptedData, [0] { version, EncryptedContentInfo } }`. */
function encryptedContentOf(node: Asn1): Found['encrypted'][number] | null {
  const [oid, explicit] = childrenOf(node);
  if (!isUniversal(oid, Type.OID) || typeof oid.value !== 'string') return null;
  if (forge.asn1.derToOid(oid.value) !== ENCRYPTED_DATA_OID || explicit?.tagClass !== Class.CONTEXT_SPECIFIC)
    return null;
  const encryptedData = childrenOf(explicit)[0];
  const info = encryptedData ? childrenOf(encryptedData)[1] : undefined;
  if (!info) return null;
  const [, algorithmIdentifier, content] = childrenOf(info);
  const [algorithm, params] = algorithmIdentifier ? childrenOf(algorithmIdentifier) : [];
  if (!isUniversal(algorithm, Type.OID) || !params || content?.tagClass !== Class.CONTEXT_SPECIFIC)
    return null;
  return { algorithm, params, content };
}

/**
 * Every iteration count, by shape rather than by object identifier, so none is missed wherever it sits:
 * PKCS#12 PBE params `SEQUENCE { salt OCTET STRING, iterations INTEGER }` and PBKDF2-params
 * `SEQUENCE { salt OCTET STRING, iterationCount INTEGER, ... }` (also inside a PBMAC1), and MacData
 * `SEQUENCE { DigestInfo SEQUENCE, macSalt OCTET STRING, iterations INTEGER }`. Other integers (a
 * certificate's serial number, the version) sit elsewhere and do not count. OCTET STRINGs whose content is
 * itself DER are descended into: the authSafe and each SafeContents are wrapped that way.
 */
function walk(node: Asn1, found: Found, depth: number): void {
  if (depth > MAX_DEPTH) throw new TooDeep();
  if (isUniversal(node, Type.OCTETSTRING)) {
    const bytes = octets(node);
    const inner = bytes.length > 1 && (bytes.charCodeAt(0) & 0x20) !== 0 ? parse(bytes) : null;
    if (inner) walk(inner, found, depth + 1);
    return;
  }
  const children = childrenOf(node);
  if (isUniversal(node, Type.SEQUENCE)) {
    const [first, second, third] = children;
    if (isUniversal(first, Type.OCTETSTRING) && isUniversal(second, Type.INTEGER))
      found.iterations.push(unsigned(second));
    else if (
      isUniversal(first, Type.SEQUENCE) &&
      isUniversal(second, Type.OCTETSTRING) &&
      isUniversal(third, Type.INTEGER) &&
      children.length === 3
    )
      found.iterations.push(unsigned(third));
    const encrypted = encryptedContentOf(node);
    if (encrypted) found.encrypted.push(encrypted);
  }
  for (const child of children) walk(child, found, depth + 1);
}

function judge(iterations: number[]): Pkcs12Verdict {
  const largest = Math.max(0, ...iterations);
  if (largest > PKCS12_MAX_ITERATIONS) return { ok: false, reason: 'iteracoes', count: largest };
  const total = iterations.reduce((sum, count) => sum + count, 0);
  if (total > PKCS12_MAX_TOTAL_ITERATIONS) return { ok: false, reason: 'iteracoes', count: total };
  return { ok: true, iterations };
}

/** The subset of node-forge's PBE API used here (absent from its type definitions). */
interface ForgePbe {
  getCipher(oid: string, params: Asn1, password: string): forge.cipher.BlockCipher;
}

/** An EncryptedData's SafeContents, decrypted; null when the password or the cipher does not fit. */
function decrypt(encrypted: Found['encrypted'][number], password: string): Asn1 | null {
  try {
    const { pbe } = forge.pki as unknown as { pbe: ForgePbe };
    const cipher = pbe.getCipher(
      forge.asn1.derToOid(encrypted.algorithm.value as string),
      encrypted.params,
      password,
    );
    cipher.update(forge.util.createBuffer(octets(encrypted.content)));
    return cipher.finish() ? parse(cipher.output.getBytes()) : null;
  } catch {
    return null;
  }
}

/**
 * Whether the PKCS#12 file's iteration counts are within bounds, read without hashing. With the password,
 * the encrypted SafeContents are also opened (each at a count already checked) and the bags inside them
 * checked: a key bag hidden in there would otherwise be derived at whatever count it names. A part the
 * password does not open is left to the caller's opener, which then refuses the file the usual way.
 */
export function checkPkcs12Iterations(der: Uint8Array | string, password?: string): Pkcs12Verdict {
  const bytes = typeof der === 'string' ? der : Buffer.from(der).toString('binary');
  const root = parse(bytes);
  if (!isUniversal(root, Type.SEQUENCE)) return { ok: false, reason: 'ilegivel' };
  const found: Found = { iterations: [], encrypted: [] };
  try {
    walk(root, found, 0);
  } catch (error) {
    if (error instanceof TooDeep) return { ok: false, reason: 'ilegivel' };
    throw error;
  }
  const shallow = judge(found.iterations);
  if (!shallow.ok || password === undefined || found.encrypted.length === 0) return shallow;
  const inside: Found = { iterations: [...found.iterations], encrypted: [] };
  for (const encrypted of found.encrypted) {
    const contents = decrypt(encrypted, password);
    if (!contents) continue;
    try {
      walk(contents, inside, 0);
    } catch (error) {
      if (error instanceof TooDeep) return { ok: false, reason: 'ilegivel' };
      throw error;
    }
  }
  return judge(inside.iterations);
}
