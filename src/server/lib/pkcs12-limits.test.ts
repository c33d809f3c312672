import forge from 'node-forge';
import { describe, expect, it } from 'vitest';
import {
  hidingKeyBagCount,
  pkcs12,
  withKeyBagIterations,
  withMacIterations,
} from '../test/pkcs12-fixtures.js';
import { checkPkcs12Iterations, PKCS12_MAX_ITERATIONS } from './pkcs12-limits.js';

const SENHA = 'senha-do-arquivo';

describe('checkPkcs12Iterations', () => {
  it('passes a normal file (2048, as OpenSSL 3 exports) and finds its MAC and key-bag counts', () => {
    for (const algorithm of ['3des', 'aes256'] as const) {
      const file = pkcs12({ password: SENHA, algorithm });
      expect(checkPkcs12Iterations(file)).toEqual({ ok: true, iterations: [2048, 2048] });
      expect(checkPkcs12Iterations(Buffer.from(file, 'binary'), SENHA)).toMatchObject({ ok: true });
      // The file still opens: the check reads, it does not change anything.
      expect(forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(file), SENHA).safeContents).toHaveLength(2);
    }
  });

  it('refuses a huge MacData count, whatever the password', () => {
    const file = withMacIterations(pkcs12({ password: SENHA }), 2 ** 31 - 1);
    for (const password of [undefined, SENHA, 'errada'])
      expect(checkPkcs12Iterations(file, password)).toEqual({
        ok: false,
        reason: 'iteracoes',
        count: 2 ** 31 - 1,
      });
  });

  it('refuses a huge count in a key bag: PBES2/PBKDF2 and PKCS#12 PBE', () => {
    const pbes2 = withKeyBagIterations(pkcs12({ password: SENHA, algorithm: 'aes256' }), 5_000_000);
    expect(checkPkcs12Iterations(pbes2)).toEqual({ ok: false, reason: 'iteracoes', count: 5_000_000 });
    const pbe = withKeyBagIterations(pkcs12({ password: SENHA, algorithm: '3des' }), 1_000_000);
    expect(checkPkcs12Iterations(pbe)).toEqual({ ok: false, reason: 'iteracoes', count: 1_000_000 });
  });

  it('takes the limit itself and refuses one more; bounds the sum of the counts too', () => {
    const file = pkcs12({ password: SENHA });
    expect(checkPkcs12Iterations(withMacIterations(file, PKCS12_MAX_ITERATIONS))).toMatchObject({ ok: true });
    expect(checkPkcs12Iterations(withMacIterations(file, PKCS12_MAX_ITERATIONS + 1))).toMatchObject({
      ok: false,
      count: PKCS12_MAX_ITERATIONS + 1,
    });
    // Each count at the limit: the sum is at the total's limit (200,000) and passes...
    const both = withKeyBagIterations(withMacIterations(file, PKCS12_MAX_ITERATIONS), PKCS12_MAX_ITERATIONS);
    expect(checkPkcs12Iterations(both)).toMatchObject({ ok: true });
    // ...but a third count past it (the encrypted contents' 2048) is refused, the sum named.
    const three = withMacIterations(hidingKeyBagCount(SENHA, PKCS12_MAX_ITERATIONS), PKCS12_MAX_ITERATIONS);
    expect(checkPkcs12Iterations(three, SENHA)).toEqual({ ok: false, reason: 'iteracoes', count: 202_048 });
  });

  it('finds a count hidden in encrypted contents when given the password', () => {
    const file = hidingKeyBagCount(SENHA, 50_000_000);
    // Nothing in clear names it: without the password (or with a wrong one) the parse alone passes,
    // and the opener then refuses a wrong password at the MAC, before reaching the hidden bag.
    expect(checkPkcs12Iterations(file)).toMatchObject({ ok: true });
    expect(checkPkcs12Iterations(file, 'errada')).toMatchObject({ ok: true });
    expect(checkPkcs12Iterations(file, SENHA)).toEqual({ ok: false, reason: 'iteracoes', count: 50_000_000 });
    // The same layout at an ordinary count is a file node-forge opens: the count is really used.
    const ordinary = hidingKeyBagCount(SENHA, 4096);
    expect(forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(ordinary), SENHA).safeContents).toHaveLength(1);
    expect(checkPkcs12Iterations(ordinary, SENHA)).toEqual({ ok: true, iterations: [2048, 2048, 4096] });
  });

  it('calls garbage, truncated DER and absurd nesting unreadable', () => {
    const file = pkcs12({ password: SENHA });
    for (const bytes of [
      Buffer.from('isto não é um certificado'),
      Buffer.alloc(0),
      Buffer.from(file.slice(0, file.length - 40), 'binary'),
      Buffer.from('0'.repeat(2000)),
    ])
      expect(checkPkcs12Iterations(bytes)).toEqual({ ok: false, reason: 'ilegivel' });
    // 60 SEQUENCEs, each wrapped in an OCTET STRING: parseable, but not a certificate file.
    let deep = forge.asn1.create(forge.asn1.Class.UNIVERSAL, forge.asn1.Type.SEQUENCE, true, []);
    for (let level = 0; level < 60; level += 1) {
      const wrapped = forge.asn1.create(
        forge.asn1.Class.UNIVERSAL,
        forge.asn1.Type.OCTETSTRING,
        false,
        forge.asn1.toDer(deep).getBytes(),
      );
      deep = forge.asn1.create(forge.asn1.Class.UNIVERSAL, forge.asn1.Type.SEQUENCE, true, [wrapped]);
    }
    expect(checkPkcs12Iterations(forge.asn1.toDer(deep).getBytes())).toEqual({
      ok: false,
      reason: 'ilegivel',
    });
  });

  it('does not count a certificate serial number or other integers outside the PBE shapes', () => {
    // The fixtures' certificate has a 16-byte serial number (far above the limit): only the MAC and the
    // key bag count.
    const file = pkcs12({ password: SENHA });
    const certBag = '1.2.840.113549.1.12.10.1.3';
    const cert = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(file), SENHA).getBags({ bagType: certBag })[
      certBag
    ]?.[0]?.cert;
    expect(cert?.serialNumber).toHaveLength(32);
    expect(checkPkcs12Iterations(file)).toEqual({ ok: true, iterations: [2048, 2048] });
  });
});
