import { X509Certificate, createPrivateKey } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { makeTestPki } from './certificados.js';

describe('makeTestPki (the simulated bank’s throwaway certificates)', () => {
  it.each(['ec', 'rsa'] as const)(
    '%s: CA, server and client certificates signed by the CA',
    async (chave) => {
      const pki = await makeTestPki({ chave });
      const ca = new X509Certificate(pki.caPem);
      const server = new X509Certificate(pki.servidorPem);
      const client = new X509Certificate(pki.clientePem);

      expect(ca.ca).toBe(true);
      expect(server.ca).toBe(false);
      expect(server.verify(ca.publicKey)).toBe(true);
      expect(client.verify(ca.publicKey)).toBe(true);
      expect(server.checkIssued(ca)).toBe(true);
      expect(server.checkIP('127.0.0.1')).toBe('127.0.0.1');
      expect(server.checkHost('localhost')).toBe('localhost');
      expect(client.checkIP('127.0.0.1')).toBeUndefined();
      expect(server.keyUsage).toContain('1.3.6.1.5.5.7.3.1');
      expect(client.keyUsage).toContain('1.3.6.1.5.5.7.3.2');

      // Each key is the one of its certificate, in a PEM Node reads.
      const clientKey = createPrivateKey(pki.clienteChavePem);
      expect(clientKey.asymmetricKeyType).toBe(chave);
      expect(client.checkPrivateKey(clientKey)).toBe(true);
      expect(server.checkPrivateKey(createPrivateKey(pki.servidorChavePem))).toBe(true);
      expect(server.checkPrivateKey(clientKey)).toBe(false);

      // Short-lived: two days by default.
      const validTo = new Date(client.validTo).getTime();
      expect(validTo - Date.now()).toBeGreaterThan(47 * 3600_000);
      expect(validTo - Date.now()).toBeLessThanOrEqual(48 * 3600_000);
    },
  );
});
