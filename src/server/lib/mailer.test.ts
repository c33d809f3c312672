import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { systemActor } from '../features/audit/audit.service.js';
import { saveSchoolIdentity } from '../features/settings/school-identity.js';
import { testConfig, setupTestApp } from '../test/test-app.js';
import { createMailer, fromAddress, parseMailFrom } from './mailer.js';

/** The From header of an .eml, with RFC 2047 encoded words (=?UTF-8?Q?…?= / ?B?) decoded. */
function fromOf(eml: string): string {
  const header = /^From: (.*(?:\n[ \t].*)*)/m.exec(eml)?.[1] ?? '';
  return (
    header
      .replace(/\n[ \t]+/g, ' ')
      // Whitespace between two encoded words is not part of the text.
      .replace(/\?=\s+=\?/g, '?==?')
      .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_match, kind: string, text: string) =>
        kind.toUpperCase() === 'B'
          ? Buffer.from(text, 'base64').toString('utf8')
          : Buffer.from(
              text
                .replace(/_/g, ' ')
                .replace(/=([0-9A-F]{2})/gi, (_hex, code: string) => String.fromCharCode(parseInt(code, 16))),
              'latin1',
            ).toString('utf8'),
      )
  );
}

function outboxMessages(dataDir: string): string[] {
  const outbox = path.join(dataDir, 'outbox');
  return readdirSync(outbox)
    .sort()
    .map((file) => readFileSync(path.join(outbox, file), 'utf8'));
}

describe('the sender of e-mails', () => {
  it('reads MAIL_FROM with or without a name', () => {
    expect(parseMailFrom('Sistema Escolar <nao-responda@escola.local>')).toEqual({
      name: 'Sistema Escolar',
      address: 'nao-responda@escola.local',
    });
    expect(parseMailFrom('"Secretaria, Colégio" <sec@colegio.test>')).toEqual({
      name: 'Secretaria, Colégio',
      address: 'sec@colegio.test',
    });
    expect(parseMailFrom(' nao-responda@escola.local ')).toEqual({
      name: null,
      address: 'nao-responda@escola.local',
    });
    expect(fromAddress('Sistema Escolar <x@escola.test>', 'Colégio Girassol')).toEqual({
      name: 'Colégio Girassol',
      address: 'x@escola.test',
    });
    expect(fromAddress('Sistema Escolar <x@escola.test>', null)).toEqual({
      name: 'Sistema Escolar',
      address: 'x@escola.test',
    });
    expect(fromAddress('x@escola.test', null)).toEqual({ name: '', address: 'x@escola.test' });
  });

  it("is the school's name at MAIL_FROM's address, accents and commas included", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'escola-mailer-'));
    const mailer = createMailer({
      smtpUrl: undefined,
      from: 'Sistema Escolar <nao-responda@escola.local>',
      dataDir,
      schoolName: () => Promise.resolve('Colégio São José, Unidade "Centro"'),
    });
    await mailer.send({ to: 'mae@familia.test', subject: 'Aviso', text: 'Olá' });
    const [eml] = outboxMessages(dataDir);
    // An encoded word carries the name as it is (no quoting needed inside it).
    expect(eml).toMatch(/^From: =\?UTF-8\?Q\?Col=C3=A9gio/m);
    expect(fromOf(eml!)).toBe('Colégio São José, Unidade "Centro" <nao-responda@escola.local>');
  });
});

describe('the app sends as the school', () => {
  const t = setupTestApp({}, { keepData: true });

  it('names the school from Configurações → Escola, and MAIL_FROM’s name while it has none', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'escola-mailer-app-'));
    const app = await buildApp(
      testConfig({ dataDir, mailFrom: 'Sistema Escolar <nao-responda@escola.local>' }),
      { database: t.database, serveClient: false },
    );
    try {
      await app.ctx.mailer.send({ to: 'mae@familia.test', subject: 'Antes', text: 'Olá' });
      await saveSchoolIdentity(t.database.db, { nome: 'Escola Girassol' }, { actor: systemActor });
      await app.ctx.content.refresh();
      await app.ctx.mailer.send({ to: 'mae@familia.test', subject: 'Depois', text: 'Olá' });
      const sent = outboxMessages(dataDir);
      const bySubject = (subject: string) => sent.find((eml) => eml.includes(`Subject: ${subject}`))!;
      expect(fromOf(bySubject('Antes'))).toBe('Sistema Escolar <nao-responda@escola.local>');
      expect(fromOf(bySubject('Depois'))).toBe('Escola Girassol <nao-responda@escola.local>');
    } finally {
      await app.close();
    }
  });
});
