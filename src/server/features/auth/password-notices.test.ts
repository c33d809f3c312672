import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loginAs, requestsOf, signedIn, TEST_PASSWORD, setupTestApp } from '../../test/test-app.js';
import { entregas, notificacoes } from '../../db/schema/notificacoes.js';

/**
 * Issue 16: every way a password changes tells the account's owner (a security notice in the bell and
 * by e-mail, queued in the change's transaction) — and nobody else.
 */
const t = setupTestApp();
const { send } = requestsOf(() => t.app);

/** Every security notice in the bell and every queued e-mail (the tables start empty in each test). */
async function securityNotices() {
  const { db } = t.database;
  const bell = await db.select().from(notificacoes);
  const emails = await db.select().from(entregas).where(eq(entregas.canal, 'email'));
  return {
    bell: bell.map((row) => ({ usuarioId: row.usuarioId, tipo: row.tipo, titulo: row.titulo })),
    emails: emails.map((row) => ({ usuarioId: row.usuarioId, destino: row.destino, texto: row.texto })),
  };
}

/** The owner, an administrator and a bystander, all signed in once (a first sign-in warns of nothing). */
async function people() {
  const owner = await signedIn(t, 'responsavel');
  const admin = await signedIn(t, 'administrador');
  const bystander = await signedIn(t, 'responsavel');
  expect(await securityNotices()).toEqual({ bell: [], emails: [] });
  return { owner, admin, bystander };
}

describe('aviso de segurança a cada troca de senha', () => {
  it('the owner changing it while signed in: one notice to the owner, none to anyone else', async () => {
    const { owner } = await people();
    const changed = await send('POST', '/api/auth/change-password', owner.cookie, {
      senhaAtual: TEST_PASSWORD,
      novaSenha: 'Outra-Senha-Forte-77',
    });
    expect(changed.statusCode).toBe(200);
    const notices = await securityNotices();
    expect(notices.bell).toEqual([
      { usuarioId: owner.user.id, tipo: 'seguranca', titulo: 'Sua senha foi alterada' },
    ]);
    expect(notices.emails).toHaveLength(1);
    expect(notices.emails[0]).toMatchObject({ usuarioId: owner.user.id, destino: owner.user.email });
  });

  it('an administrator resetting it: one notice to the owner (not the administrator), e-mailed too', async () => {
    const { owner, admin } = await people();
    const reset = await send('POST', `/api/users/${owner.user.id}/reset-password`, admin.cookie, {
      senha_atual: TEST_PASSWORD,
    });
    expect(reset.statusCode).toBe(200);
    const notices = await securityNotices();
    expect(notices.bell).toEqual([
      { usuarioId: owner.user.id, tipo: 'seguranca', titulo: 'Sua senha foi redefinida pela escola' },
    ]);
    expect(notices.emails).toHaveLength(1);
    expect(notices.emails[0]?.destino).toBe(owner.user.email);
    expect(notices.emails[0]?.texto).toContain('Um administrador da escola acabou de redefinir');
    // The e-mailed notice never carries the new password (that goes only in the access mail).
    const { novaSenha } = reset.json<{ data: { novaSenha: string } }>().data;
    expect(notices.emails[0]?.texto).not.toContain(novaSenha);

    // The forced change at the next sign-in replaces the temporary password: already announced.
    const fresh = await loginAs(t.app, owner.user.email, novaSenha);
    const forced = await send('POST', '/api/auth/change-password', fresh, {
      senhaAtual: novaSenha,
      novaSenha: 'Outra-Senha-Forte-77',
    });
    expect(forced.statusCode).toBe(200);
    expect((await securityNotices()).bell).toHaveLength(1);
  });

  it('a failed reset (wrong administrator password) changes nothing and tells nobody', async () => {
    const { owner, admin } = await people();
    const reset = await send('POST', `/api/users/${owner.user.id}/reset-password`, admin.cookie, {
      senha_atual: 'chute-errado',
    });
    expect(reset.statusCode).toBe(400);
    expect(await securityNotices()).toEqual({ bell: [], emails: [] });
  });

  it('the owner through the e-mailed link of "Esqueci minha senha": one notice, only once per link', async () => {
    const { owner } = await people();
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: owner.user.email },
    });
    expect(asked.statusCode).toBe(200);
    await t.app.ctx.jobs.drain();
    const mail = t.mailer.sent.find((sent) => sent.to === owner.user.email);
    const token = /token=([^\s&]+)/.exec(mail?.text ?? '')?.[1];
    expect(token).toBeDefined();
    // Asking for the link is no change yet.
    expect((await securityNotices()).bell).toEqual([]);

    const body = { token: decodeURIComponent(token!), novaSenha: 'Outra-Senha-Forte-77' };
    const reset = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: body });
    expect(reset.statusCode).toBe(200);
    const notices = await securityNotices();
    expect(notices.bell).toEqual([
      { usuarioId: owner.user.id, tipo: 'seguranca', titulo: 'Sua senha foi alterada' },
    ]);
    expect(notices.emails).toHaveLength(1);
    expect(notices.emails[0]?.destino).toBe(owner.user.email);
    await loginAs(t.app, owner.user.email, 'Outra-Senha-Forte-77');

    // The link works once: a second use fails and tells nobody again.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { ...body, novaSenha: 'Mais-Uma-Senha-Forte-88' },
    });
    expect(again.statusCode).toBe(400);
    expect((await securityNotices()).bell).toHaveLength(1);
  });
});
