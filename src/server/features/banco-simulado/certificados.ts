/**
 * Throwaway certificates for the simulated bank (issue 33 §5, ADR 0039): a CA of its own, the server
 * certificate of its HTTPS API (127.0.0.1 and localhost) and the client certificate "the bank issues to
 * the school" for mutual TLS — the same three things a real PSP hands over, made per start in pure
 * JavaScript over Node's WebCrypto (no `openssl` on the machine needed). Valid for a short time only.
 */
// @peculiar/x509 resolves its classes through tsyringe, which needs the Reflect metadata API loaded first.
import 'reflect-metadata';
import { webcrypto } from 'node:crypto';
import * as x509 from '@peculiar/x509';
import { certificateSerial } from '../../lib/certificate-serial.js';

x509.cryptoProvider.set(webcrypto as unknown as Crypto);

/** RSA 2048 (what most PSPs issue) or EC P-256. */
export type TipoDeChave = 'rsa' | 'ec';

export interface OpcoesPki {
  /** Key type of all three certificates. Default `ec` (fast to generate); `rsa` is what most PSPs issue. */
  chave?: TipoDeChave;
  /** How long the certificates are valid, from now. Default 2 days. */
  validadeHoras?: number;
  /** Subject of the client certificate. Default `CN=Escola (cliente Pix simulado)`. */
  cliente?: string;
}

/** PEM strings: each certificate and its private key (PKCS#8). */
export interface TestPki {
  caPem: string;
  caChavePem: string;
  servidorPem: string;
  servidorChavePem: string;
  clientePem: string;
  clienteChavePem: string;
}

const RSA: RsaHashedKeyGenParams = {
  name: 'RSASSA-PKCS1-v1_5',
  modulusLength: 2048,
  publicExponent: new Uint8Array([1, 0, 1]),
  hash: 'SHA-256',
};
const EC: EcKeyGenParams & EcdsaParams = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' };

function algorithmOf(tipo: TipoDeChave): RsaHashedKeyGenParams | (EcKeyGenParams & EcdsaParams) {
  return tipo === 'rsa' ? RSA : EC;
}

async function keyPair(tipo: TipoDeChave): Promise<CryptoKeyPair> {
  return webcrypto.subtle.generateKey(algorithmOf(tipo), true, ['sign', 'verify']);
}

async function privateKeyPem(key: CryptoKey): Promise<string> {
  const der = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', key));
  const lines = der.toString('base64').match(/.{1,64}/g) ?? [];
  return `-----BEGIN PRIVATE KEY-----\n${lines.join('\n')}\n-----END PRIVATE KEY-----\n`;
}

/** A CA, a server certificate for 127.0.0.1/localhost and a client certificate, all signed by the CA. */
export async function makeTestPki(opcoes: OpcoesPki = {}): Promise<TestPki> {
  const tipo = opcoes.chave ?? 'ec';
  const algorithm = algorithmOf(tipo);
  // An hour back, so a clock a little behind on either side still accepts them.
  const notBefore = new Date(Date.now() - 60 * 60 * 1000);
  const notAfter = new Date(Date.now() + (opcoes.validadeHoras ?? 48) * 60 * 60 * 1000);
  const [caKeys, serverKeys, clientKeys] = await Promise.all([keyPair(tipo), keyPair(tipo), keyPair(tipo)]);

  const caName = 'CN=Banco Simulado - AC de teste, O=Banco Simulado, C=BR';
  const ca = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: certificateSerial(16),
    name: caName,
    notBefore,
    notAfter,
    signingAlgorithm: algorithm,
    keys: caKeys,
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      await x509.SubjectKeyIdentifierExtension.create(caKeys.publicKey),
    ],
  });

  const issued = async (
    subject: string,
    keys: CryptoKeyPair,
    usage: 'serverAuth' | 'clientAuth',
  ): Promise<x509.X509Certificate> =>
    x509.X509CertificateGenerator.create({
      serialNumber: certificateSerial(16),
      subject,
      issuer: ca.subject,
      notBefore,
      notAfter,
      signingAlgorithm: algorithm,
      publicKey: keys.publicKey,
      signingKey: caKeys.privateKey,
      extensions: [
        new x509.BasicConstraintsExtension(false, undefined, true),
        tipo === 'rsa'
          ? new x509.KeyUsagesExtension(
              x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.keyEncipherment,
              true,
            )
          : new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
        new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage[usage]]),
        await x509.AuthorityKeyIdentifierExtension.create(caKeys.publicKey),
        ...(usage === 'serverAuth'
          ? [
              new x509.SubjectAlternativeNameExtension([
                { type: 'dns', value: 'localhost' },
                { type: 'ip', value: '127.0.0.1' },
              ]),
            ]
          : []),
      ],
    });

  const server = await issued('CN=127.0.0.1, O=Banco Simulado, C=BR', serverKeys, 'serverAuth');
  const client = await issued(
    opcoes.cliente ?? 'CN=Escola (cliente Pix simulado), O=Banco Simulado, C=BR',
    clientKeys,
    'clientAuth',
  );

  return {
    caPem: ca.toString('pem'),
    caChavePem: await privateKeyPem(caKeys.privateKey),
    servidorPem: server.toString('pem'),
    servidorChavePem: await privateKeyPem(serverKeys.privateKey),
    clientePem: client.toString('pem'),
    clienteChavePem: await privateKeyPem(clientKeys.privateKey),
  };
}
