import type { Readable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NotificacaoPage, Preferencias } from '../../../shared/notificacoes.schemas.js';
import { dataOf } from '../../test/records-fixtures.js';
import {
  createTestApp,
  loginAs,
  requestsOf,
  signedIn,
  TEST_PASSWORD,
  type TestApp,
} from '../../test/test-app.js';
import { notifyUser } from './notificacoes.service.js';
import { eq } from 'drizzle-orm';
import { sessions } from '../auth/auth.table.js';

let t: TestApp;
const { send, get } = requestsOf(() => t.app);
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

const event = (titulo: string) => ({
  tipo: 'mensagem' as const,
  titulo,
  texto: 'Você tem uma nova mensagem.',
  link: '/dashboard/mensagens',
  email: { assunto: 'Nova mensagem', texto: 'Você tem uma nova mensagem.' },
  sms: 'Nova mensagem',
});

async function notify(usuarioId: string, titulo: string) {
  await t.database.db.transaction((tx) => notifyUser(t.app.ctx, tx, usuarioId, event(titulo)));
}

/** Reads server-sent events until `predicate` holds for the events seen so far. */
function collect(stream: Readable, predicate: (events: string[]) => boolean): Promise<string[]> {
  return new Promise((resolve, reject) => {
    let buffer = '';
    const events: string[] = [];
    const timer = setTimeout(
      () => reject(new Error(`sem o evento esperado: ${JSON.stringify(events)}`)),
      10_000,
    );
    stream.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      const parts = buffer.split('\n\n');
      buffer = parts.pop() ?? '';
      for (const part of parts)
        if (part.startsWith('event: contagem')) events.push(part.split('data: ')[1] ?? '');
      if (predicate(events)) {
        clearTimeout(timer);
        resolve(events);
      }
    });
  });
}

/** Opens the bell's event stream; `ended` settles when the server ends it (never, within `ms`: false). */
async function openStream(cookie: string) {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/notificacoes/stream',
    headers: { cookie },
    payloadAsStream: true,
  });
  expect(response.statusCode).toBe(200);
  const stream = response.stream();
  let chunks = '';
  let finished = false;
  const done = new Promise<void>((resolve) => {
    stream.on('data', (chunk: Buffer) => (chunks += chunk.toString('utf8')));
    stream.on('end', () => {
      finished = true;
      resolve();
    });
  });
  await vi.waitFor(() => expect(chunks).toContain('event: contagem'));
  return {
    stream,
    /** Whether the server ended the stream within `ms`. */
    ended: (ms = 2_000) =>
      Promise.race([
        done.then(() => true),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(finished), ms)),
      ]),
    close: () => stream.destroy(),
  };
}

describe('notificações', () => {
  it('lists newest first, counts unread, marks one and all read — only the caller’s own', async () => {
    const ana = await signedIn(t, 'responsavel');
    const bia = await signedIn(t, 'responsavel');
    await notify(ana.user.id, 'Primeira');
    await notify(ana.user.id, 'Segunda');
    await notify(bia.user.id, 'Da Bia');
    const page = dataOf<NotificacaoPage>(await get('/api/notificacoes', ana.cookie));
    expect(page.items.map((item) => item.titulo)).toEqual(['Segunda', 'Primeira']);
    expect(page.nao_lidas).toBe(2);
    const biaId = dataOf<NotificacaoPage>(await get('/api/notificacoes', bia.cookie)).items[0]!.id;
    // Someone else's id is ignored.
    await send('POST', '/api/notificacoes/lidas', ana.cookie, { ids: [biaId] });
    expect(dataOf<NotificacaoPage>(await get('/api/notificacoes', bia.cookie)).nao_lidas).toBe(1);
    const marked = await send('POST', '/api/notificacoes/lidas', ana.cookie, { ids: [page.items[0]!.id] });
    expect(dataOf<{ nao_lidas: number }>(marked).nao_lidas).toBe(1);
    expect(
      dataOf<NotificacaoPage>(await get('/api/notificacoes?nao_lidas=true', ana.cookie)).items.map(
        (item) => item.titulo,
      ),
    ).toEqual(['Primeira']);
    await send('POST', '/api/notificacoes/lidas', ana.cookie, {});
    expect(dataOf<{ nao_lidas: number }>(await get('/api/notificacoes/contagem', ana.cookie)).nao_lidas).toBe(
      0,
    );
  });

  it('streams the unread count and updates it without a new request', async () => {
    const ana = await signedIn(t, 'responsavel');
    await notify(ana.user.id, 'Antes');
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/notificacoes/stream',
      headers: { cookie: ana.cookie },
      payloadAsStream: true,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/event-stream');
    const stream = response.stream();
    const first = collect(stream, (events) => events.length >= 1);
    expect(await first).toEqual(['{"nao_lidas":1}']);
    const next = collect(stream, (events) => events.length >= 1);
    await notify(ana.user.id, 'Depois');
    expect(await next).toEqual(['{"nao_lidas":2}']);
    stream.destroy();
  });

  it('ends an open stream when its session ends: logout, Encerrar sessão, password change, deactivation, timeout', async () => {
    const admin = await signedIn(t, 'administrador');
    const ana = await signedIn(t, 'responsavel');
    const anaElsewhere = await loginAs(t.app, ana.user.email);
    const [first, second] = [await openStream(ana.cookie), await openStream(anaElsewhere)];
    // Logout ends that session's stream only.
    expect((await send('POST', '/api/auth/logout', ana.cookie)).statusCode).toBe(200);
    expect(await first.ended()).toBe(true);
    expect(await second.ended(300)).toBe(false);
    // 'Encerrar sessão' (Configurações → Segurança) ends the other one.
    const [session] = await t.database.db.select().from(sessions).where(eq(sessions.userId, ana.user.id));
    expect((await send('DELETE', `/api/configuracoes/sessoes/${session!.id}`, admin.cookie)).statusCode).toBe(
      200,
    );
    expect(await second.ended()).toBe(true);

    // A password change ends every session of the person, so every stream (the page reconnects).
    const bia = await signedIn(t, 'responsavel');
    const biaElsewhere = await loginAs(t.app, bia.user.email);
    const biaStreams = [await openStream(bia.cookie), await openStream(biaElsewhere)];
    const changed = await send('POST', '/api/auth/change-password', bia.cookie, {
      senhaAtual: TEST_PASSWORD,
      novaSenha: 'Outra-Senha-Forte-93',
    });
    expect(changed.statusCode).toBe(200);
    for (const stream of biaStreams) expect(await stream.ended()).toBe(true);

    // Deactivated by an administrator.
    const teacher = await signedIn(t, 'professor');
    const teacherStream = await openStream(teacher.cookie);
    expect(
      (
        await t.app.inject({
          method: 'PATCH',
          url: `/api/users/${teacher.user.id}/toggle-status`,
          headers: { cookie: admin.cookie },
        })
      ).statusCode,
    ).toBe(200);
    expect(await teacherStream.ended()).toBe(true);

    // Idle for more than 30 minutes (the stream does not count as use): the minute's sweep ends it.
    const idle = await signedIn(t, 'responsavel');
    const idleStream = await openStream(idle.cookie);
    const adminStream = await openStream(admin.cookie);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 20 * 60_000);
      expect((await get('/api/auth/me', admin.cookie)).statusCode).toBe(200);
      vi.setSystemTime(Date.now() + 11 * 60_000);
      t.app.ctx.notifier.sweepSessions();
      expect(await idleStream.ended()).toBe(true);
      expect(await adminStream.ended(300)).toBe(false);
    } finally {
      vi.useRealTimers();
      adminStream.close();
    }
  });

  it('keeps preferences per kind; security notices always go by e-mail', async () => {
    const ana = await signedIn(t, 'responsavel');
    const saved = await send('PUT', '/api/notificacoes/preferencias', ana.cookie, {
      itens: [
        { tipo: 'mensagem', email: false, sms: false },
        { tipo: 'seguranca', email: false, sms: false },
      ],
    });
    expect(saved.statusCode).toBe(200);
    const prefs = dataOf<Preferencias>(await get('/api/notificacoes/preferencias', ana.cookie));
    expect(prefs.itens.find((item) => item.tipo === 'mensagem')).toEqual({
      tipo: 'mensagem',
      email: false,
      sms: false,
    });
    expect(prefs.itens.find((item) => item.tipo === 'seguranca')?.email).toBe(true);
    expect(prefs.sms_disponivel).toBe(false);
    const bad = await send('PUT', '/api/notificacoes/preferencias', ana.cookie, {
      itens: [{ tipo: 'spam', email: true, sms: true }],
    });
    expect(bad.statusCode).toBe(400);
  });

  it('the bell polled by an open page does not keep an idle session alive; a click does', async () => {
    const idle = await signedIn(t, 'responsavel');
    const active = await signedIn(t, 'responsavel');
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      // Every 30 s for 35 minutes the page asks the count; meanwhile one person also opens a page.
      for (let minute = 0.5; minute <= 35; minute += 0.5) {
        vi.setSystemTime(Date.now() + 30_000);
        const polled = await get('/api/notificacoes/contagem', idle.cookie);
        if (minute < 30) expect(polled.statusCode, `minuto ${String(minute)}`).toBe(200);
        await get('/api/notificacoes/contagem', active.cookie);
        if (minute === 20) expect((await get('/api/auth/me', active.cookie)).statusCode).toBe(200);
      }
      expect((await get('/api/auth/me', idle.cookie)).statusCode).toBe(401);
      expect((await get('/api/auth/me', active.cookie)).statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });
});
