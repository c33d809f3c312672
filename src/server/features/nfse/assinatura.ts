import { X509Certificate } from 'node:crypto';
import { DOMParser } from '@xmldom/xmldom';
import { SignedXml } from 'xml-crypto';

/**
 * XMLDSig of the national layouts (ADR 0057): an enveloped signature over the `inf*` element (Reference
 * URI '#'+Id), RSA-SHA256 with a SHA-256 digest, the transforms enveloped-signature and C14N 1.0
 * (inclusive, without comments: `REC-xml-c14n-20010315`, the canonicalisation the national documentation
 * and the xmldsig schema of the layout name), and KeyInfo with the signer's X509Certificate. The
 * Signature goes after the signed element, inside the root (`DPS`, `pedRegEvento`, `NFSe`).
 */
export const ALGORITMOS = {
  assinatura: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
  digest: 'http://www.w3.org/2001/04/xmlenc#sha256',
  c14n: 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315',
  enveloped: 'http://www.w3.org/2000/09/xmldsig#enveloped-signature',
} as const;

const DSIG = 'http://www.w3.org/2000/09/xmldsig#';

export function assinarXml(xml: string, elemento: string, chavePem: string, certificadoPem: string): string {
  const signer = new SignedXml({
    privateKey: chavePem,
    publicCert: certificadoPem,
    signatureAlgorithm: ALGORITMOS.assinatura,
    canonicalizationAlgorithm: ALGORITMOS.c14n,
  });
  signer.addReference({
    xpath: `/*/*[local-name(.)='${elemento}']`,
    transforms: [ALGORITMOS.enveloped, ALGORITMOS.c14n],
    digestAlgorithm: ALGORITMOS.digest,
  });
  signer.computeSignature(xml, {
    location: { reference: `/*/*[local-name(.)='${elemento}']`, action: 'after' },
  });
  return signer.getSignedXml();
}

export type VerificacaoAssinatura =
  { valida: true; certificadoPem: string } | { valida: false; motivo: string; certificadoPem: string | null };

function pemOf(base64: string): string {
  const lines = base64.replace(/\s+/g, '').match(/.{1,64}/g) ?? [];
  return `-----BEGIN CERTIFICATE-----\n${lines.join('\n')}\n-----END CERTIFICATE-----\n`;
}

/**
 * Checks the enveloped signature of `elemento` as a receiver must: exactly one Signature under the root,
 * one Reference pointing at that element's Id, the prescribed algorithms, and the value verified with the
 * certificate in KeyInfo (returned, so the caller can compare it with who sent the document).
 */
export function verificarAssinatura(xml: string, elemento: string): VerificacaoAssinatura {
  let children: Element[];
  try {
    const root = new DOMParser({
      errorHandler: {
        warning: () => undefined,
        error: (message: string) => {
          throw new Error(message);
        },
        fatalError: (message: string) => {
          throw new Error(message);
        },
      },
    }).parseFromString(xml, 'text/xml').documentElement;
    children = Array.from(root.childNodes as unknown as ArrayLike<Node>).filter(
      (node): node is Element => node.nodeType === 1,
    );
  } catch {
    return { valida: false, motivo: 'XML malformado', certificadoPem: null };
  }
  const signatures = children.filter((node) => node.localName === 'Signature' && node.namespaceURI === DSIG);
  const signed = children.filter((node) => node.localName === elemento);
  if (signatures.length !== 1 || signed.length !== 1)
    return { valida: false, motivo: 'Assinatura ausente ou duplicada', certificadoPem: null };
  const signature = signatures[0] as Element;
  const id = (signed[0] as Element).getAttribute('Id');
  const certificado = signature.getElementsByTagNameNS(DSIG, 'X509Certificate')[0]?.textContent ?? '';
  if (certificado.trim() === '')
    return { valida: false, motivo: 'Certificado ausente do KeyInfo', certificadoPem: null };
  const certificadoPem = pemOf(certificado);
  try {
    new X509Certificate(certificadoPem);
  } catch {
    return { valida: false, motivo: 'Certificado do KeyInfo ilegível', certificadoPem: null };
  }
  const algorithm = (name: string) =>
    signature.getElementsByTagNameNS(DSIG, name)[0]?.getAttribute('Algorithm');
  if (
    algorithm('SignatureMethod') !== ALGORITMOS.assinatura ||
    algorithm('CanonicalizationMethod') !== ALGORITMOS.c14n
  )
    return { valida: false, motivo: 'Algoritmo de assinatura não aceito', certificadoPem };
  const references = signature.getElementsByTagNameNS(DSIG, 'Reference');
  if (references.length !== 1 || !id || references[0]?.getAttribute('URI') !== `#${id}`)
    return { valida: false, motivo: `A assinatura não referencia o ${elemento}`, certificadoPem };
  const verifier = new SignedXml({ publicCert: certificadoPem });
  try {
    verifier.loadSignature(signature);
    if (!verifier.checkSignature(xml))
      return { valida: false, motivo: 'Assinatura inválida', certificadoPem };
  } catch {
    return { valida: false, motivo: 'Assinatura inválida', certificadoPem };
  }
  return { valida: true, certificadoPem };
}
