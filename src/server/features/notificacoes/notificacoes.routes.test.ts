import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Readable } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import type { NotificacaoPage, Preferencias } from '../../../shared/notificacoes.schemas.js';
import { dataOf } from '../../test/records-fixtures.js';
import {
  createTestApp,
  loginAs,
  requestsOf,
  signedIn,
  TEST_PASSWORD,
  setupTestApp,
} from '../../test/test-app.js';
import { notifyUser } from './notificacoes.service.js';
import { STREAM_LIMITS } from './notifier.js';
import { testTiming } from '../../../../test-timing.config.js';
import { eq } from 'drizzle-orm';
import { sessions } from '../../db/schema/auth.js';

const t = setupTestApp();
const { send, get } = requestsOf(() => t.app);

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
  await vi.waitFor(() => expect(chunks).toContain('event: contagem'), { timeout: testTiming.waitMs });
  return {
    stream,
    /** Whether the server ended the stream within `ms`. */
    ended: (ms = testTiming.waitMs) =>
      Promise.race([
        done.then(() => true),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(finished), ms)),
      ]),
    close: () => stream.destroy(),
    /** Everything the server wrote so far. */
    text: () => chunks,
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
      // Not sent: push stays on (its default).
      push: true,
    });
    expect(prefs.itens.find((item) => item.tipo === 'seguranca')?.email).toBe(true);
    expect(prefs.sms_disponivel).toBe(false);
    // A family never receives the school's own kinds (a grade's retificação): not offered to it.
    expect(prefs.itens.map((item) => item.tipo)).not.toContain('retificacao');
    const teacher = await signedIn(t, 'professor');
    const teacherPrefs = dataOf<Preferencias>(await get('/api/notificacoes/preferencias', teacher.cookie));
    expect(teacherPrefs.itens.map((item) => item.tipo)).toContain('retificacao');
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

  it('caps the streams of a session and of a person: a new one ends the oldest, which is told why', async () => {
    const ana = await signedIn(t, 'responsavel');
    const { perSession, perUser } = STREAM_LIMITS;
    const notifier = t.app.ctx.notifier;
    const first = [];
    for (let index = 0; index < perSession; index++) first.push(await openStream(ana.cookie));
    expect(notifier.openStreams).toBe(perSession);
    // One more tab of the same session: the oldest stream ends, with `event: fim`, and only it.
    const newest = await openStream(ana.cookie);
    expect(await first[0]!.ended()).toBe(true);
    expect(first[0]!.text()).toContain('event: fim\ndata: {"motivo":"substituido"}');
    expect(await first[1]!.ended(200)).toBe(false);
    expect(notifier.openStreams).toBe(perSession);

    // Other sessions of the same person (other devices) fill the person's cap; past it, the person's
    // oldest stream ends, whichever session it belongs to.
    const others = [];
    for (let index = 0; index < perUser - perSession; index++)
      others.push(await openStream(await loginAs(t.app, ana.user.email)));
    expect(notifier.openStreams).toBe(perUser);
    expect(await first[1]!.ended(200)).toBe(false);
    const past = await openStream(await loginAs(t.app, ana.user.email));
    expect(await first[1]!.ended()).toBe(true);
    expect(notifier.openStreams).toBe(perUser);

    // Someone else's streams are not touched by Ana's.
    const bia = await signedIn(t, 'responsavel');
    const biaStream = await openStream(bia.cookie);
    expect(notifier.openStreams).toBe(perUser + 1);
    for (const stream of [...first, newest, ...others, past, biaStream]) stream.close();
  });

  it('refuses a stream past the instance’s ceiling with 503 and Retry-After; one frees a place', async () => {
    const small = await createTestApp({ eventStreamsMax: 3 });
    try {
      const people = await Promise.all([0, 1, 2, 3].map(() => signedIn(small, 'responsavel')));
      const open = (cookie: string) =>
        small.app.inject({
          method: 'GET',
          url: '/api/notificacoes/stream',
          headers: { cookie },
          payloadAsStream: true,
        });
      const streams = [];
      for (const person of people.slice(0, 3)) {
        const response = await open(person.cookie);
        expect(response.statusCode).toBe(200);
        streams.push(response.stream());
      }
      const refused = await open(people[3]!.cookie);
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBe('300');
      expect(refused.headers['content-type']).toContain('application/json');
      const body = await new Promise<string>((resolve) => {
        let text = '';
        refused.stream().on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        refused.stream().on('end', () => resolve(text));
      });
      expect(JSON.parse(body)).toMatchObject({ success: false, code: 'UNAVAILABLE' });
      expect(small.app.ctx.notifier.openStreams).toBe(3);
      // The bell's count is still there to poll.
      const polled = await small.app.inject({
        method: 'GET',
        url: '/api/notificacoes/contagem',
        headers: { cookie: people[3]!.cookie },
      });
      expect(polled.statusCode).toBe(200);
      // One person signs out: their stream ends and frees a place.
      const logout = await small.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { cookie: people[0]!.cookie },
      });
      expect(logout.statusCode).toBe(200);
      await vi.waitFor(() => expect(small.app.ctx.notifier.openStreams).toBe(2), {
        timeout: testTiming.waitMs,
      });
      const admitted = await open(people[3]!.cookie);
      expect(admitted.statusCode).toBe(200);
      admitted.stream().destroy();
      for (const stream of streams) stream.destroy();
    } finally {
      await small.close();
    }
  });

  it('on a listening server, a replaced stream’s response ends and its connection is freed', async () => {
    const served = await createTestApp();
    try {
      await served.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = served.app.server.address() as AddressInfo;
      const ana = await signedIn(served, 'responsavel');
      const connections = () =>
        new Promise<number>((resolve, reject) =>
          served.app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
        );
      const agent = new http.Agent({ keepAlive: true, maxSockets: 100 });
      const opened: { ended: Promise<string>; request: http.ClientRequest }[] = [];
      // Three times the session's cap, one after the other, as a page reloaded over and over would.
      for (let index = 0; index < STREAM_LIMITS.perSession * 3; index++) {
        opened.push(
          await new Promise((resolve, reject) => {
            const request = http.get(
              {
                host: '127.0.0.1',
                port,
                path: '/api/notificacoes/stream',
                headers: { cookie: ana.cookie },
                // A browser keeps connections alive: the server must close a replaced stream's itself.
                agent,
              },
              (response) => {
                expect(response.statusCode).toBe(200);
                let text = '';
                const ended = new Promise<string>((done) => response.on('end', () => done(text)));
                response.on('data', (chunk: Buffer) => {
                  text += chunk.toString('utf8');
                  if (text.includes('event: contagem')) resolve({ ended, request });
                });
              },
            );
            request.on('error', reject);
          }),
        );
      }
      expect(served.app.ctx.notifier.openStreams).toBe(STREAM_LIMITS.perSession);
      const replaced = opened.slice(0, -STREAM_LIMITS.perSession);
      for (const stream of replaced) expect(await stream.ended).toContain('event: fim');
      // Each replaced stream's connection was closed by the server, not kept open: only the live ones stay.
      await vi.waitFor(async () => expect(await connections()).toBe(STREAM_LIMITS.perSession), {
        timeout: testTiming.waitMs,
      });
      for (const stream of opened) stream.request.destroy();
      agent.destroy();
      await vi.waitFor(async () => expect(served.app.ctx.notifier.openStreams).toBe(0), {
        timeout: testTiming.waitMs,
      });
    } finally {
      await served.close();
    }
  });
});
