import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SecretBoxError, secretBox } from './secret-box.js';

const key = randomBytes(32);

describe('secretBox', () => {
  it('seals to ciphertext that does not contain the secret, and opens it again', () => {
    const box = secretBox(key);
    const secret = 'cliente-segredo-Ω-123';
    const sealed = box.seal(secret, 'client_secret');
    expect(sealed).toMatch(/^v1:[A-Za-z0-9+/=]+$/);
    expect(sealed).not.toContain(secret);
    expect(Buffer.from(sealed.slice(3), 'base64').toString('latin1')).not.toContain(secret);
    expect(box.open(sealed, 'client_secret')).toBe(secret);
  });

  it('uses a fresh IV each time (the same secret never seals to the same text)', () => {
    const box = secretBox(key);
    expect(box.seal('x', 'p')).not.toBe(box.seal('x', 'p'));
  });

  it('refuses another installation key, another purpose, another info and tampered text', () => {
    const sealed = secretBox(key).seal('segredo', 'client_secret');
    expect(() => secretBox(randomBytes(32)).open(sealed, 'client_secret')).toThrow(SecretBoxError);
    expect(() => secretBox(key).open(sealed, 'chave_privada')).toThrow(SecretBoxError);
    expect(() => secretBox(key, 'outro').open(sealed, 'client_secret')).toThrow(SecretBoxError);
    const bytes = Buffer.from(sealed.slice(3), 'base64');
    bytes[bytes.length - 1]! ^= 1;
    expect(() => secretBox(key).open(`v1:${bytes.toString('base64')}`, 'client_secret')).toThrow(
      SecretBoxError,
    );
    expect(() => secretBox(key).open('texto claro', 'client_secret')).toThrow(SecretBoxError);
    expect(() => secretBox(key).open('v1:AAAA', 'client_secret')).toThrow(SecretBoxError);
  });

  it('keeps long values (a PEM key) intact', () => {
    const pem = `-----BEGIN PRIVATE KEY-----\n${randomBytes(1200).toString('base64')}\n-----END PRIVATE KEY-----\n`;
    const box = secretBox(key);
    expect(box.open(box.seal(pem, 'chave_privada'), 'chave_privada')).toBe(pem);
  });
});
