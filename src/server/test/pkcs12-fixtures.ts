/**
 * PKCS#12 files for the iteration-count limit's tests (ADR 0093): a normal one made by node-forge, and
 * the same with a count rewritten in the DER afterwards — cheap to make, whereas asking node-forge for a
 * huge count would run it. A rewritten MacData count leaves the MAC wrong, which is the point: the file
 * must be refused before anything is hashed.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import forge from 'node-forge';

type Asn1 = forge.asn1.Asn1;
const { Class, Type } = forge.asn1;

const OID = {
  data: '1.2.840.113549.1.7.1',
  encryptedData: '1.2.840.113549.1.7.6',
  shroudedKeyBag: '1.2.840.113549.1.12.10.1.2',
  pbes2: '1.2.840.113549.1.5.13',
  sha1: '1.3.14.3.2.26',
} as const;

const seq = (children: Asn1[]) => forge.asn1.create(Class.UNIVERSAL, Type.SEQUENCE, true, children);
const oid = (value: string) =>
  forge.asn1.create(Class.UNIVERSAL, Type.OID, false, forge.asn1.oidToDer(value).getBytes());
const octets = (bytes: string) => forge.asn1.create(Class.UNIVERSAL, Type.OCTETSTRING, false, bytes);
const explicit0 = (child: Asn1) => forge.asn1.create(Class.CONTEXT_SPECIFIC, Type.NONE, true, [child]);
const der = (node: Asn1) => forge.asn1.toDer(node).getBytes();
const children = (node: Asn1 | undefined): Asn1[] => (Array.isArray(node?.value) ? node.value : []);

/** A positive INTEGER's content bytes, big-endian, with a leading zero when the top bit is set. */
function integerBytes(value: number): string {
  let hex = value.toString(16);
  if (hex.length % 2) hex = `0${hex}`;
  if (parseInt(hex.slice(0, 2), 16) & 0x80) hex = `00${hex}`;
  return forge.util.hexToBytes(hex);
}
const integer = (value: number) =>
  forge.asn1.create(Class.UNIVERSAL, Type.INTEGER, false, integerBytes(value));

export interface Pkcs12Options {
  password: string;
  /** The iteration count node-forge uses for the MAC and the key bag (default 2048, OpenSSL 3's). */
  count?: number;
  algorithm?: '3des' | 'aes256';
}

let keyAndCertificate: { key: forge.pki.rsa.PrivateKey; cert: forge.pki.Certificate } | null = null;

/** One self-signed RSA certificate for every file of a run (making the key is the slow part). */
function selfSigned() {
  if (keyAndCertificate) return keyAndCertificate;
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const key = forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString());
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.setRsaPublicKey(key.n, key.e);
  // A serial number far larger than any iteration limit: the check must not count it.
  cert.serialNumber = `7f${'ff'.repeat(15)}`;
  cert.validity.notBefore = new Date(Date.now() - 60 * 60 * 1000);
  cert.validity.notAfter = new Date(Date.now() + 30 * 24 * 60 * 60 * 1000);
  const subject = [{ name: 'commonName', value: 'escola-teste' }];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.sign(key, forge.md.sha256.create());
  keyAndCertificate = { key, cert };
  return keyAndCertificate;
}

/** A normal PKCS#12 file (DER, a binary string): certificate in clear, key in a shrouded bag, a MAC. */
export function pkcs12(options: Pkcs12Options): string {
  const { key, cert } = selfSigned();
  return der(
    forge.pkcs12.toPkcs12Asn1(key, cert, options.password, {
      count: options.count ?? 2048,
      algorithm: options.algorithm ?? '3des',
    }),
  );
}

/** The file with its MacData `iterations` rewritten (the MAC itself left as it was). */
export function withMacIterations(file: string, count: number): string {
  const root = forge.asn1.fromDer(file);
  const iterations = children(children(root)[2])[2];
  if (!iterations) throw new Error('pkcs12-fixtures: sem MacData');
  iterations.value = integerBytes(count);
  return der(root);
}

/** The PBE params node of an EncryptedPrivateKeyInfo: PKCS#12 PBE's own, or PBES2's PBKDF2-params. */
function countHolder(encryptedPrivateKeyInfo: Asn1): Asn1 {
  const [algorithm, params] = children(children(encryptedPrivateKeyInfo)[0]);
  const isPbes2 = forge.asn1.derToOid(algorithm?.value as string) === OID.pbes2;
  const holder = isPbes2 ? children(children(params)[0])[1] : params;
  if (!holder) throw new Error('pkcs12-fixtures: parâmetros de PBE não encontrados');
  return holder;
}

/** The file with the shrouded key bag's iteration count rewritten (node-forge's layout: data, data). */
export function withKeyBagIterations(file: string, count: number): string {
  const root = forge.asn1.fromDer(file);
  const authSafeOctets = children(children(children(root)[1])[1])[0];
  if (!authSafeOctets) throw new Error('pkcs12-fixtures: sem authSafe');
  const authSafe = forge.asn1.fromDer(authSafeOctets.value as string);
  for (const contentInfo of children(authSafe)) {
    const safeContentsOctets = children(children(contentInfo)[1])[0];
    if (!safeContentsOctets) continue;
    const safeContents = forge.asn1.fromDer(safeContentsOctets.value as string);
    for (const bag of children(safeContents)) {
      const [type, value] = children(bag);
      if (forge.asn1.derToOid(type?.value as string) !== OID.shroudedKeyBag) continue;
      const holder = countHolder(children(value)[0] as Asn1);
      const slot = children(holder)[1];
      if (slot) slot.value = integerBytes(count);
    }
    safeContentsOctets.value = der(safeContents);
  }
  authSafeOctets.value = der(authSafe);
  return der(root);
}

/**
 * A file whose key bag, with `hiddenCount` iterations, sits inside an EncryptedData (encrypted at 2048
 * with `password`) and whose MAC is right: nothing outside the ciphertext names the huge count, and with
 * the right password node-forge would verify the MAC, decrypt and then derive the key at that count.
 */
export function hidingKeyBagCount(password: string, hiddenCount: number): string {
  const { key } = selfSigned();
  const small = { algorithm: 'aes256' as const, count: 2048, prfAlgorithm: 'sha256' as const };
  // A small count is used for real (the file then opens); a huge one is written in afterwards.
  const keyInfo = forge.pki.encryptPrivateKeyInfo(
    forge.pki.wrapRsaPrivateKey(forge.pki.privateKeyToAsn1(key)),
    password,
    { ...small, count: hiddenCount <= 10_000 ? hiddenCount : 2048 },
  );
  const slot = children(countHolder(keyInfo))[1];
  if (slot && hiddenCount > 10_000) slot.value = integerBytes(hiddenCount);
  const safeContents = seq([seq([oid(OID.shroudedKeyBag), explicit0(keyInfo)])]);
  const sealed = forge.pki.encryptPrivateKeyInfo(safeContents, password, small);
  const [algorithmIdentifier, ciphertext] = children(sealed);
  if (!algorithmIdentifier || !ciphertext) throw new Error('pkcs12-fixtures: cifragem sem partes');
  const encryptedData = seq([
    oid(OID.encryptedData),
    explicit0(
      seq([
        integer(0),
        seq([
          oid(OID.data),
          algorithmIdentifier,
          forge.asn1.create(Class.CONTEXT_SPECIFIC, Type.NONE, false, ciphertext.value),
        ]),
      ]),
    ),
  ]);
  const authSafe = der(seq([encryptedData]));
  const salt = forge.util.createBuffer(randomBytes(8).toString('binary'));
  const macSalt = salt.bytes();
  const hmac = forge.hmac.create();
  hmac.start('sha1', forge.pkcs12.generateKey(password, salt, 3, 2048, 20));
  hmac.update(authSafe);
  const macData = seq([
    seq([
      seq([oid(OID.sha1), forge.asn1.create(Class.UNIVERSAL, Type.NULL, false, '')]),
      octets(hmac.digest().getBytes()),
    ]),
    octets(macSalt),
    integer(2048),
  ]);
  return der(seq([integer(3), seq([oid(OID.data), explicit0(octets(authSafe))]), macData]));
}

/** Binary string → base64, as the uploads send it. */
export const base64Of = (file: string) => forge.util.encode64(file);
