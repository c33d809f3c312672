import { generateKeyPairSync, randomBytes } from 'node:crypto';
import forge from 'node-forge';
import { certificateSerial } from '../../lib/certificate-serial.js';

/**
 * Throwaway certificates for the simulated national API (issue 36 §2, ADR 0057): a test CA, the HTTPS
 * server's certificate (127.0.0.1 and localhost) and A1 certificates 'e-CNPJ' for schools, as a PKCS#12
 * `.pfx` with a password — the file a school buys from a certificadora. Made per start or per test, in
 * memory; never ICP-Brasil, so the real national API refuses them.
 */
export interface CertificadoGerado {
  chavePem: string;
  certificadoPem: string;
}

export interface A1Gerado extends CertificadoGerado {
  pfxBase64: string;
  senha: string;
}

const HORA = 60 * 60 * 1000;

function chaveRsa(): { privada: forge.pki.rsa.PrivateKey; publica: forge.pki.rsa.PublicKey; pem: string } {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pem = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
  const privada = forge.pki.privateKeyFromPem(pem);
  return { privada, publica: forge.pki.setRsaPublicKey(privada.n, privada.e), pem };
}

interface Emissao {
  subject: forge.pki.CertificateField[];
  extensions: object[];
  de: Date;
  ate: Date;
  emissor?: { certificado: forge.pki.Certificate; chave: forge.pki.rsa.PrivateKey };
}

function emitir(
  opcoes: Emissao,
): CertificadoGerado & { cert: forge.pki.Certificate; chave: forge.pki.rsa.PrivateKey } {
  const keys = chaveRsa();
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publica;
  cert.serialNumber = certificateSerial(12);
  cert.validity.notBefore = opcoes.de;
  cert.validity.notAfter = opcoes.ate;
  cert.setSubject(opcoes.subject);
  cert.setIssuer(opcoes.emissor ? opcoes.emissor.certificado.subject.attributes : opcoes.subject);
  cert.setExtensions(opcoes.extensions);
  cert.sign(opcoes.emissor?.chave ?? keys.privada, forge.md.sha256.create());
  return { cert, chave: keys.privada, chavePem: keys.pem, certificadoPem: forge.pki.certificateToPem(cert) };
}

export interface AcDeTeste extends CertificadoGerado {
  cert: forge.pki.Certificate;
  chave: forge.pki.rsa.PrivateKey;
}

export function gerarAc(): AcDeTeste {
  const agora = Date.now();
  return emitir({
    subject: [
      { name: 'commonName', value: 'AC de teste - NFS-e simulada' },
      { name: 'organizationName', value: 'Sistema Escolar (simulação)' },
      { name: 'countryName', value: 'BR' },
    ],
    extensions: [
      { name: 'basicConstraints', cA: true },
      { name: 'keyUsage', keyCertSign: true, cRLSign: true },
    ],
    de: new Date(agora - HORA),
    ate: new Date(agora + 30 * 24 * HORA),
  });
}

/** The simulator's HTTPS certificate for 127.0.0.1 and localhost, issued by `ac`. */
export function gerarCertificadoServidor(ac: AcDeTeste): CertificadoGerado {
  const agora = Date.now();
  const { chavePem, certificadoPem } = emitir({
    subject: [{ name: 'commonName', value: 'localhost' }],
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
        ],
      },
    ],
    de: new Date(agora - HORA),
    ate: new Date(agora + 30 * 24 * HORA),
    emissor: { certificado: ac.cert, chave: ac.chave },
  });
  return { chavePem, certificadoPem };
}

export interface OpcoesA1 {
  cnpj: string;
  razaoSocial?: string;
  senha?: string;
  /** Validity window; default from an hour ago to 30 days ahead. */
  de?: Date;
  ate?: Date;
  /** false: a certificate with no CNPJ anywhere (a person's e-CPF, say). */
  comCnpj?: boolean;
}

/**
 * An A1 'e-CNPJ' as ICP-Brasil shapes it: CN 'RAZÃO SOCIAL:CNPJ', the CNPJ in the subject alternative
 * name (otherName 2.16.76.1.3.3), client-auth and signing usages; in a password-protected `.pfx`.
 */
export function gerarA1(ac: AcDeTeste, opcoes: OpcoesA1): A1Gerado {
  const agora = Date.now();
  const razao = opcoes.razaoSocial ?? 'ESCOLA DE TESTE LTDA';
  const comCnpj = opcoes.comCnpj ?? true;
  const otherName = forge.asn1.create(forge.asn1.Class.CONTEXT_SPECIFIC, forge.asn1.Type.NONE, true, [
    forge.asn1.create(
      forge.asn1.Class.UNIVERSAL,
      forge.asn1.Type.OID,
      false,
      forge.asn1.oidToDer('2.16.76.1.3.3').getBytes(),
    ),
    forge.asn1.create(forge.asn1.Class.CONTEXT_SPECIFIC, forge.asn1.Type.NONE, true, [
      forge.asn1.create(forge.asn1.Class.UNIVERSAL, forge.asn1.Type.OCTETSTRING, false, opcoes.cnpj),
    ]),
  ]);
  const gerado = emitir({
    subject: [
      { name: 'commonName', value: comCnpj ? `${razao}:${opcoes.cnpj}` : razao },
      { name: 'organizationName', value: 'ICP-Brasil (simulação)' },
      { name: 'countryName', value: 'BR' },
    ],
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, keyEncipherment: true },
      { name: 'extKeyUsage', clientAuth: true, emailProtection: true },
      ...(comCnpj
        ? [
            {
              name: 'subjectAltName',
              value: forge.asn1
                .toDer(
                  forge.asn1.create(forge.asn1.Class.UNIVERSAL, forge.asn1.Type.SEQUENCE, true, [otherName]),
                )
                .getBytes(),
            },
          ]
        : []),
    ],
    de: opcoes.de ?? new Date(agora - HORA),
    ate: opcoes.ate ?? new Date(agora + 30 * 24 * HORA),
    emissor: { certificado: ac.cert, chave: ac.chave },
  });
  const senha = opcoes.senha ?? randomBytes(9).toString('base64url');
  const p12 = forge.pkcs12.toPkcs12Asn1(gerado.chave, [gerado.cert, ac.cert], senha, { algorithm: '3des' });
  return {
    chavePem: gerado.chavePem,
    certificadoPem: gerado.certificadoPem,
    pfxBase64: forge.util.encode64(forge.asn1.toDer(p12).getBytes()),
    senha,
  };
}
