import forge from 'node-forge';
import { checkPkcs12Iterations } from '../../lib/pkcs12-limits.js';

/**
 * The school's A1 certificate (ICP-Brasil e-CNPJ, a PKCS#12 `.pfx`) opened with node-forge: the private
 * key and the certificate in PEM (to sign the DPS and for mutual TLS), the holder, its CNPJ and validity.
 * The CNPJ is read from the ICP-Brasil field of the subject alternative name (OID 2.16.76.1.3.3) or,
 * failing that, from the common name's 'NOME:CNPJ' form that ICP-Brasil certificates carry.
 */
export interface CertificadoA1 {
  chavePem: string;
  certificadoPem: string;
  titular: string;
  cnpj: string | null;
  validoDe: Date;
  validoAte: Date;
}

/** Why a `.pfx` was refused, in words for the secretaria (the route answers 422 with it). */
export class CertificadoInvalidoError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CertificadoInvalidoError';
  }
}

const CNPJ_OID = '2.16.76.1.3.3';
const OIDS = {
  shrouded: '1.2.840.113549.1.12.10.1.2',
  key: '1.2.840.113549.1.12.10.1.1',
  cert: '1.2.840.113549.1.12.10.1.3',
} as const;

function cnpjDaExtensao(certificate: forge.pki.Certificate): string | null {
  const extension = certificate.getExtension('subjectAltName') as { value?: string } | null;
  if (!extension?.value) return null;
  const oid = forge.asn1.oidToDer(CNPJ_OID).getBytes();
  const at = extension.value.indexOf(oid);
  if (at < 0) return null;
  const after = extension.value.slice(at + oid.length, at + oid.length + 40);
  return /(\d{14})/.exec(after)?.[1] ?? null;
}

function nomeComum(certificate: forge.pki.Certificate): string {
  const field = certificate.subject.getField('CN') as { value?: unknown } | null;
  return typeof field?.value === 'string' ? field.value : '';
}

function cnpjDoNome(titular: string): string | null {
  return /:(\d{14})$/.exec(titular)?.[1] ?? null;
}

const ILEGIVEL = 'O arquivo não é um certificado A1 (PKCS#12, .pfx ou .p12) legível.';

/**
 * The `.pfx` opened with its password, or a `CertificadoInvalidoError` that says why. Its iteration counts
 * are checked first, on upload and on every reopen (emission, job, readiness): a file stored before that
 * check existed fails fast here rather than freezing the server.
 */
export function abrirPfx(pfxBase64: string, senha: string, agora: Date): CertificadoA1 {
  const der = forge.util.decode64(pfxBase64.replace(/\s+/g, ''));
  // Before any hashing (ADR 0093): the file's own iteration counts would otherwise hold the server.
  const verdict = checkPkcs12Iterations(der, senha);
  if (!verdict.ok)
    throw new CertificadoInvalidoError(
      verdict.reason === 'iteracoes'
        ? `Este certificado usa um número de iterações fora do comum (${verdict.count.toLocaleString('pt-BR')}). Exporte-o de novo pelo programa da certificadora ou peça outro arquivo.`
        : ILEGIVEL,
    );
  let p12: forge.pkcs12.Pkcs12Pfx;
  try {
    p12 = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(der), senha);
  } catch (error) {
    const text = error instanceof Error ? error.message : '';
    throw new CertificadoInvalidoError(
      /mac could not be verified|invalid password/i.test(text) ? 'Senha do certificado incorreta.' : ILEGIVEL,
    );
  }
  const bagsOf = (type: string): forge.pkcs12.Bag[] => p12.getBags({ bagType: type })[type] ?? [];
  const keyBags = [...bagsOf(OIDS.shrouded), ...bagsOf(OIDS.key)];
  const certBags = bagsOf(OIDS.cert);
  const key = keyBags.find((bag) => bag.key)?.key;
  if (!key) throw new CertificadoInvalidoError('O arquivo não traz a chave privada do certificado.');
  // The holder's certificate is the one whose public key matches the private key (the rest is the chain).
  const certificate = certBags
    .map((bag) => bag.cert)
    .find(
      (cert): cert is forge.pki.Certificate =>
        cert !== undefined && (cert.publicKey as forge.pki.rsa.PublicKey).n.equals(key.n),
    );
  if (!certificate) throw new CertificadoInvalidoError('O arquivo não traz o certificado da chave privada.');
  const titular = nomeComum(certificate);
  const validoDe = certificate.validity.notBefore;
  const validoAte = certificate.validity.notAfter;
  if (validoAte.getTime() <= agora.getTime())
    throw new CertificadoInvalidoError(
      `Certificado vencido em ${validoAte.toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' })}: renove-o com a certificadora.`,
    );
  if (validoDe.getTime() > agora.getTime())
    throw new CertificadoInvalidoError('O certificado ainda não está válido (data de início no futuro).');
  const cnpj = cnpjDaExtensao(certificate) ?? cnpjDoNome(titular);
  if (!cnpj)
    throw new CertificadoInvalidoError(
      'O certificado não traz um CNPJ: use o certificado A1 e-CNPJ da escola (ICP-Brasil).',
    );
  return {
    chavePem: forge.pki.privateKeyToPem(key),
    certificadoPem: forge.pki.certificateToPem(certificate),
    titular,
    cnpj,
    validoDe,
    validoAte,
  };
}

/** The CNPJ an A1 certificate (PEM) names, or null (the simulator compares it with the prestador). */
export function cnpjDoCertificadoPem(pem: string): string | null {
  try {
    const certificate = forge.pki.certificateFromPem(pem);
    return cnpjDaExtensao(certificate) ?? cnpjDoNome(nomeComum(certificate));
  } catch {
    return null;
  }
}
