import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { WRITE_LIMITS } from '../../lib/write-limits.js';
import { createUserRow, setupTestApp } from '../../test/test-app.js';
import { auditLog } from '../../db/schema/audit.js';
import { jobs } from '../../db/schema/jobs.js';
import { passwordResets } from '../../db/schema/auth.js';

/** Issue 10, finding 9: 'Esqueci minha senha' does the same work whether or not the e-mail exists. */
const t = setupTestApp();

async function snapshot() {
  const { db } = t.database;
  const count = async (table: typeof jobs | typeof passwordResets | typeof auditLog) =>
    (await db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;
  return {
    jobs: await count(jobs),
    resets: await count(passwordResets),
    audit: await count(auditLog),
    mails: t.mailer.sent.length,
  };
}

const forgot = (email: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });

describe('POST /api/auth/forgot-password', () => {
  it('does the same visible work for a known and an unknown e-mail: one queued job, nothing else', async () => {
    const user = await createUserRow(t.database, 'responsavel');
    const effects = [];
    const answers = [];
    for (const email of [user.email, 'ninguem@escola.test', user.email.toUpperCase()]) {
      const before = await snapshot();
      const response = await forgot(email);
      const after = await snapshot();
      answers.push({
        status: response.statusCode,
        body: response.body,
        headers: Object.keys(response.headers).sort(),
        length: response.headers['content-length'],
      });
      effects.push({
        jobs: after.jobs - before.jobs,
        resets: after.resets - before.resets,
        audit: after.audit - before.audit,
        mails: after.mails - before.mails,
      });
    }
    // Same answer and the same single insert, whoever asked; the token and mail work waits for the worker.
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    expect(answers[0]!.status).toBe(200);
    for (const effect of effects) expect(effect).toEqual({ jobs: 1, resets: 0, audit: 0, mails: 0 });

    await t.app.ctx.jobs.drain();
    const done = await snapshot();
    // The worker mailed the account twice (the upper-case request is the same e-mail), nobody else,
    // and kept one live token; the queue is empty again (no e-mail addresses left lying in it).
    expect(t.mailer.sent.map((mail) => mail.to)).toEqual([user.email, user.email]);
    expect(done).toMatchObject({ jobs: 0, resets: 1 });
  });

  it('an inactive account gets no link either, and the queue still empties', async () => {
    const inactive = await createUserRow(t.database, 'professor', { status: 'inativo' });
    expect((await forgot(inactive.email)).statusCode).toBe(200);
    await t.app.ctx.jobs.drain();
    expect(await snapshot()).toMatchObject({ jobs: 0, resets: 0, mails: 0 });
  });
});

describe('the answer, with and without a mail server', () => {
  it('promises a link only when the server sends e-mail; otherwise it sends the person to the secretaria', async () => {
    const user = await createUserRow(t.database, 'responsavel');
    const withMail = await forgot(user.email);
    expect(withMail.json()).toMatchObject({
      message:
        'Se este e-mail estiver cadastrado, você receberá um link para redefinir a senha em alguns minutos.',
    });
    try {
      t.mailer.delivery = 'arquivo';
      for (const email of [user.email, 'ninguem@escola.test'])
        expect((await forgot(email)).json()).toMatchObject({
          message:
            'Este portal ainda não envia e-mails, então o link não chegará: peça à secretaria da escola que redefina a sua senha.',
        });
    } finally {
      t.mailer.delivery = 'smtp';
    }
  });
});

describe('how many reset links one account receives (ADR 0018)', () => {
  const limit = WRITE_LIMITS.linksRedefinicao;
  const forgotFrom = (email: string, ip: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email }, remoteAddress: ip });

  it('asked from many addresses, an account gets a few links an hour; the answer never tells; the last link sent still works', async () => {
    const victim = await createUserRow(t.database, 'responsavel');
    const bystander = await createUserRow(t.database, 'professor');
    const answers = new Set<string>();
    for (let index = 0; index < limit.max + 3; index++) {
      const response = await forgotFrom(victim.email, `203.0.113.${String(index + 1)}`);
      expect(response.statusCode).toBe(200);
      answers.add(response.body);
    }
    expect(answers.size).toBe(1);
    expect((await forgotFrom(bystander.email, '203.0.113.99')).statusCode).toBe(200);
    await t.app.ctx.jobs.drain();
    const to = t.mailer.sent.map((mail) => mail.to);
    expect(to.filter((address) => address === victim.email)).toHaveLength(limit.max);
    expect(to.filter((address) => address === bystander.email)).toHaveLength(1);
    // The requests past the cap did not replace the link already mailed.
    const lastToVictim = t.mailer.sent.filter((mail) => mail.to === victim.email).at(-1)!;
    const token = /token=([^\s]+)/.exec(lastToVictim.text)![1]!;
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: decodeURIComponent(token), novaSenha: 'Outra-Senha-Forte-77' },
      remoteAddress: '203.0.113.50',
    });
    expect(reset.statusCode, reset.body).toBe(200);
  });

  it('one address over its limit gets 429 with Retry-After and a message saying the limit and when it frees', async () => {
    for (let index = 0; index < 10; index++)
      expect((await forgotFrom(`pessoa${String(index)}@escola.test`, '198.51.100.20')).statusCode).toBe(200);
    const over = await forgotFrom('mais@escola.test', '198.51.100.20');
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(over.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    expect(over.json<{ message: string }>().message).toMatch(
      /^Muitas solicitações deste endereço \(limite: 10 a cada 15 minutos\)\. Tente de novo a partir de \d\d\/\d\d\/\d{4} \d\d:\d\d\.$/,
    );
    expect((await forgotFrom('mais@escola.test', '198.51.100.21')).statusCode).toBe(200);
  });
});
