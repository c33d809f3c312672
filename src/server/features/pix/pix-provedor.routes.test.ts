import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { PixProvedor, PixProvedorInput } from '../../../shared/pix-provedor.schemas.js';
import { auditLog } from '../../db/schema/audit.js';
import { pixProvedor } from '../../db/schema/pix-provedor.js';
import { MemoryLog, requestsOf, setupTestApp, signedIn, TEST_PASSWORD } from '../../test/test-app.js';
import { base64Of, pkcs12, withMacIterations } from '../../test/pkcs12-fixtures.js';
import { decryptedContent } from '../backup/backup.test-setup.js';
import { boxOf, SEALED } from './pix-provedor.service.js';

/** A throwaway certificate and key made by openssl (EC or RSA), PEM. */
function makeCertificate(kind: 'ec' | 'rsa', days = 30): { cert: string; key: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'pix-cert-'));
  try {
    const keyArgs =
      kind === 'ec' ? ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1'] : ['-newkey', 'rsa:2048'];
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        ...keyArgs,
        '-nodes',
        '-subj',
        '/CN=escola-teste',
        '-days',
        String(days),
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    return {
      cert: readFileSync(path.join(dir, 'cert.pem'), 'utf8'),
      key: readFileSync(path.join(dir, 'key.pem'), 'utf8'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const ec = makeCertificate('ec');
const rsa = makeCertificate('rsa');
const SECRET = 'segredo-do-cliente-XYZ-9f8e7d';

const log = new MemoryLog();
const t = setupTestApp({ publicUrl: 'https://escola.example' }, { logStream: log });
const { send, get } = requestsOf(() => t.app);
let admin: string;

beforeEach(async () => {
  admin = (await signedIn(t, 'administrador')).cookie;
});

function settings(overrides: Partial<PixProvedorInput> = {}): PixProvedorInput {
  return {
    ativo: false,
    base_url: 'https://psp.example/api/v2',
    token_url: 'https://psp.example/oauth/token',
    client_id: 'cliente-escola',
    client_secret: SECRET,
    certificado_pem: ec.cert,
    chave_privada_pem: ec.key,
    chave_pix: '12345678000195',
    validade_apos_vencimento: 30,
    ...overrides,
  };
}

const dataOf = (response: { json(): unknown }) => (response.json() as { data: PixProvedor }).data;

describe('GET|PUT /api/financeiro/pix/provedor', () => {
  it('starts off, with a webhook URL whose secret is made once (≥ 32 characters)', async () => {
    const first = await get('/api/financeiro/pix/provedor', admin);
    expect(first.statusCode).toBe(200);
    const data = dataOf(first);
    expect(data).toMatchObject({
      ativo: false,
      tem_segredo: false,
      tem_certificado: false,
      webhook_https: true,
    });
    const match = /^https:\/\/escola\.example\/api\/pix\/webhook\/([A-Za-z0-9_-]+)$/.exec(data.webhook_url);
    expect(match?.[1]?.length).toBeGreaterThanOrEqual(32);
    expect(dataOf(await get('/api/financeiro/pix/provedor', admin)).webhook_url).toBe(data.webhook_url);
    const [row] = await t.database.db.select().from(pixProvedor);
    expect(row!.webhookSegredoCifrado).not.toContain(match![1]);
  });

  it('keeps the secrets encrypted and never answers them; a PUT without them keeps them', async () => {
    const saved = await send('PUT', '/api/financeiro/pix/provedor', admin, settings());
    expect(saved.statusCode).toBe(200);
    for (const response of [saved, await get('/api/financeiro/pix/provedor', admin)]) {
      expect(response.body).not.toContain(SECRET);
      expect(response.body).not.toContain('PRIVATE KEY');
      expect(response.body).not.toContain('BEGIN CERTIFICATE');
      expect(dataOf(response)).toMatchObject({
        tem_segredo: true,
        tem_certificado: true,
        formato_certificado: 'pem',
        client_id: 'cliente-escola',
        base_url: 'https://psp.example/api/v2',
      });
      expect(dataOf(response)).not.toHaveProperty('client_secret');
      expect(dataOf(response)).not.toHaveProperty('chave_privada_pem');
    }
    expect(dataOf(saved).certificado_valido_ate).toMatch(/^\d{4}-/);

    const [row] = await t.database.db.select().from(pixProvedor);
    const rowText = JSON.stringify(row);
    expect(rowText).not.toContain(SECRET);
    expect(rowText).not.toContain('PRIVATE KEY');
    expect(rowText).not.toContain(ec.cert.split('\n')[1]!);
    const box = boxOf(t.app.ctx);
    expect(box.open(row!.clientSecretCifrado!, SEALED.clientSecret)).toBe(SECRET);
    expect(box.open(row!.chavePrivadaCifrada!, SEALED.chavePrivada)).toBe(ec.key);

    // The screen sends the form back without the secrets: they stay.
    const again = await send(
      'PUT',
      '/api/financeiro/pix/provedor',
      admin,
      settings({
        client_secret: '',
        certificado_pem: null,
        chave_privada_pem: undefined,
        client_id: 'outro',
      }),
    );
    expect(again.statusCode).toBe(200);
    expect(dataOf(again)).toMatchObject({ tem_segredo: true, tem_certificado: true, client_id: 'outro' });
    const [kept] = await t.database.db.select().from(pixProvedor);
    expect(box.open(kept!.clientSecretCifrado!, SEALED.clientSecret)).toBe(SECRET);
    expect(box.open(kept!.certificadoCifrado!, SEALED.certificado)).toBe(ec.cert);

    // Audited, without any secret.
    const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.entity, 'pix_provedor'));
    expect(entries).toHaveLength(2);
    expect(JSON.stringify(entries)).not.toContain(SECRET);
    expect(entries[0]!.details).toMatchObject({ client_secret_trocado: true, certificado_trocado: true });
    expect(entries[1]!.details).toMatchObject({ client_secret_trocado: false, certificado_trocado: false });
    // Nor in any log line.
    expect(log.text()).not.toContain(SECRET);
    expect(log.text()).not.toContain('PRIVATE KEY');
  });

  it('accepts an RSA pair as well as an EC one, and refuses a key that is not the certificate’s', async () => {
    expect(
      (
        await send(
          'PUT',
          '/api/financeiro/pix/provedor',
          admin,
          settings({
            certificado_pem: rsa.cert,
            chave_privada_pem: rsa.key,
          }),
        )
      ).statusCode,
    ).toBe(200);
    const mismatch = await send(
      'PUT',
      '/api/financeiro/pix/provedor',
      admin,
      settings({
        certificado_pem: rsa.cert,
        chave_privada_pem: ec.key,
      }),
    );
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toMatchObject({
      code: 'VALIDATION',
      details: [{ path: 'chave_privada_pem', message: expect.stringContaining('não corresponde') }],
    });
    // Only the key changes: checked against the stored certificate (RSA) too.
    const keyOnly = await send(
      'PUT',
      '/api/financeiro/pix/provedor',
      admin,
      settings({
        certificado_pem: undefined,
        chave_privada_pem: ec.key,
      }),
    );
    expect(keyOnly.statusCode).toBe(400);
    expect(mismatch.body).not.toContain('PRIVATE KEY');
  });

  it('refuses bad input with Portuguese field messages, saving nothing', async () => {
    const cases: [Partial<PixProvedorInput>, string][] = [
      [{ base_url: 'http://psp.example/api/v2' }, 'base_url'],
      [{ token_url: 'nada' }, 'token_url'],
      [{ certificado_pem: 'isto não é um PEM' }, 'certificado_pem'],
      [
        { certificado_pem: '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----' },
        'certificado_pem',
      ],
      [{ chave_pix: '' }, 'chave_pix'],
      [{ validade_apos_vencimento: 400 }, 'validade_apos_vencimento'],
      [{ ca_pem: 'não é uma CA' }, 'ca_pem'],
    ];
    for (const [overrides, path] of cases) {
      const response = await send('PUT', '/api/financeiro/pix/provedor', admin, settings(overrides));
      expect(response.statusCode, path).toBe(400);
      const body = response.json<{ message: string; details: { path: string }[] }>();
      expect(
        body.details.map((detail) => detail.path),
        path,
      ).toContain(path);
    }
    expect(dataOf(await get('/api/financeiro/pix/provedor', admin)).tem_segredo).toBe(false);
    // On with no secret stored nor given.
    const on = await send(
      'PUT',
      '/api/financeiro/pix/provedor',
      admin,
      settings({ ativo: true, client_secret: '' }),
    );
    expect(on.statusCode).toBe(400);
    expect(on.json()).toMatchObject({ details: [{ path: 'client_secret' }] });
  });

  it('refuses a .p12 that names a huge iteration count before OpenSSL hashes it (ADR 0093)', async () => {
    const hostil = base64Of(withMacIterations(pkcs12({ password: 'senha-do-p12' }), 1_000_000));
    const p12 = { certificado_pem: undefined, chave_privada_pem: undefined, certificado_p12: hostil };
    const response = await send(
      'PUT',
      '/api/financeiro/pix/provedor',
      admin,
      settings({ ...p12, senha_p12: 'errada' }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      details: [
        {
          path: 'certificado_p12',
          message: expect.stringMatching(/iterações fora do comum \(1\.000\.000\)/),
        },
      ],
    });
    const junk = await send(
      'PUT',
      '/api/financeiro/pix/provedor',
      admin,
      settings({ ...p12, certificado_p12: Buffer.from('nada').toString('base64'), senha_p12: 'x' }),
    );
    expect(junk.statusCode).toBe(400);
    expect(junk.json()).toMatchObject({ details: [{ path: 'certificado_p12' }] });
    expect(dataOf(await get('/api/financeiro/pix/provedor', admin)).tem_certificado).toBe(false);
    // One stored before the check existed counts as unreadable: 'Testar conexão' says what is missing.
    await send('PUT', '/api/financeiro/pix/provedor', admin, settings());
    const box = boxOf(t.app.ctx);
    await t.database.db.update(pixProvedor).set({
      certificadoCifrado: null,
      chavePrivadaCifrada: null,
      p12Cifrado: box.seal(hostil, SEALED.p12),
      p12SenhaCifrada: box.seal('senha-do-p12', SEALED.p12Senha),
    });
    const teste = await send('POST', '/api/financeiro/pix/provedor/testar', admin);
    expect(teste.json()).toMatchObject({
      data: { ok: false, mensagem: expect.stringContaining('Preencha') },
    });
  });

  it('refuses a stale version with 412', async () => {
    const first = dataOf(await send('PUT', '/api/financeiro/pix/provedor', admin, settings()));
    await send('PUT', '/api/financeiro/pix/provedor', admin, settings({ version: first.version }));
    const stale = await send(
      'PUT',
      '/api/financeiro/pix/provedor',
      admin,
      settings({ version: first.version }),
    );
    expect(stale.statusCode).toBe(412);
  });

  it('says what is missing when testing before configuring', async () => {
    const response = await send('POST', '/api/financeiro/pix/provedor/testar', admin);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      data: { ok: false, mensagem: expect.stringContaining('Preencha') },
    });
  });

  it('never puts the secrets in a backup in clear', async () => {
    await send('PUT', '/api/financeiro/pix/provedor', admin, settings());
    const backup = await t.app.inject({
      method: 'POST',
      url: '/api/configuracoes/backup',
      headers: { cookie: admin },
      payload: { senha: TEST_PASSWORD },
    });
    expect(backup.statusCode).toBe(200);
    // The file is encrypted (ADR 0104): what is checked is its content, as whoever holds the key reads it.
    const content = decryptedContent(t, backup.body);
    expect(content).toContain('pix_provedor');
    expect(content).not.toContain(SECRET);
    expect(content).not.toContain('PRIVATE KEY');
    const segredo = /webhook\/(.+)$/.exec(
      dataOf(await get('/api/financeiro/pix/provedor', admin)).webhook_url,
    )![1]!;
    expect(content).not.toContain(segredo);
  });
});
