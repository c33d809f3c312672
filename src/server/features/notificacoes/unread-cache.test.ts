import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { dataOf } from '../../test/records-fixtures.js';
import { requestsOf, setupTestApp, signedIn } from '../../test/test-app.js';
import { markReadByLink, notifyUser } from './notificacoes.service.js';
import { notificacoes } from '../../db/schema/notificacoes.js';
import { applyUnreadChange, UNREAD_CACHE_TTL_MS, unreadCacheOf, UnreadCountCache } from './unread-cache.js';

describe('UnreadCountCache', () => {
  it('forgets a count once its life is over', () => {
    let now = 1_000;
    const cache = new UnreadCountCache(() => now);
    cache.set('u1', 3, cache.begin());
    now += UNREAD_CACHE_TTL_MS - 1;
    expect(cache.get('u1')).toBe(3);
    now += 1;
    expect(cache.get('u1')).toBeUndefined();
  });

  it('does not store a count read before an invalidation (the read may predate the write)', () => {
    const cache = new UnreadCountCache();
    const generation = cache.begin();
    cache.forget(['someone-else']);
    cache.set('u1', 3, generation);
    expect(cache.get('u1')).toBeUndefined();
    cache.set('u1', 3, cache.begin());
    expect(cache.get('u1')).toBe(3);
  });

  it('applies the triggers’ payloads: some accounts, or everyone; stores nothing while suspended', () => {
    const cache = new UnreadCountCache();
    for (const id of ['u1', 'u2', 'u3']) cache.set(id, 1, cache.begin());
    applyUnreadChange(cache, 'u1,u3');
    expect([cache.get('u1'), cache.get('u2'), cache.get('u3')]).toEqual([undefined, 1, undefined]);
    applyUnreadChange(cache, '*');
    expect(cache.size).toBe(0);
    cache.suspend();
    cache.set('u1', 1, cache.begin());
    expect(cache.get('u1')).toBeUndefined();
    cache.resume();
    cache.set('u1', 1, cache.begin());
    expect(cache.get('u1')).toBe(1);
  });

  it('keeps at most its bound, dropping the oldest', () => {
    const cache = new UnreadCountCache(Date.now, UNREAD_CACHE_TTL_MS, 2);
    for (const id of ['u1', 'u2', 'u3']) cache.set(id, 1, cache.begin());
    expect([cache.get('u1'), cache.get('u2'), cache.get('u3')]).toEqual([undefined, 1, 1]);
  });
});

const t = setupTestApp();
const { send, get } = requestsOf(() => t.app);

const event = (titulo: string, link = '/dashboard/mensagens') => ({
  tipo: 'mensagem' as const,
  titulo,
  texto: 'Você tem uma nova mensagem.',
  link,
  email: { assunto: 'Nova mensagem', texto: 'Você tem uma nova mensagem.' },
  sms: 'Nova mensagem',
});

describe('the bell’s count stays true with the cache', () => {
  const count = async (cookie: string) =>
    dataOf<{ nao_lidas: number }>(await get('/api/notificacoes/contagem', cookie)).nao_lidas;
  /** The count, once the change's notification has reached the cache (at once on PGlite). */
  const eventually = (cookie: string, expected: number) =>
    vi.waitFor(async () => expect(await count(cookie)).toBe(expected), { timeout: 10_000 });

  async function setUp() {
    const ana = await signedIn(t, 'responsavel');
    const bia = await signedIn(t, 'responsavel');
    for (const titulo of ['Primeira', 'Segunda'])
      await t.database.db.transaction((tx) => notifyUser(t.app.ctx, tx, ana.user.id, event(titulo)));
    await eventually(ana.cookie, 2);
    // Now cached: the count is answered without the database.
    expect(unreadCacheOf(t.app.ctx.db)?.get(ana.user.id)).toBe(2);
    return { ana, bia };
  }

  it('after marking one and all read, at once on this instance', async () => {
    const { ana } = await setUp();
    const [first] = await t.database.db.select().from(notificacoes).limit(1);
    const one = await send('POST', '/api/notificacoes/lidas', ana.cookie, { ids: [first!.id] });
    expect(one.statusCode).toBe(200);
    expect(await count(ana.cookie)).toBe(1);
    await send('POST', '/api/notificacoes/lidas', ana.cookie, {});
    expect(await count(ana.cookie)).toBe(0);
  });

  it('after a new notice, and after writes straight to the database (another instance: the triggers)', async () => {
    const { ana, bia } = await setUp();
    expect(await count(bia.cookie)).toBe(0);
    await t.database.db.transaction((tx) => notifyUser(t.app.ctx, tx, ana.user.id, event('Terceira')));
    await eventually(ana.cookie, 3);
    // Read elsewhere.
    await t.database.db
      .update(notificacoes)
      .set({ lidaEm: new Date() })
      .where(eq(notificacoes.titulo, 'Terceira'));
    await eventually(ana.cookie, 2);
    // Deleted (a notice withdrawn by its author, an account erased).
    await t.database.db.delete(notificacoes).where(eq(notificacoes.titulo, 'Segunda'));
    await eventually(ana.cookie, 1);
    // A notice to many at once names no one: everyone's count is recounted.
    await t.database.db.insert(notificacoes).values([
      ...Array.from({ length: 150 }, () => ({
        usuarioId: bia.user.id,
        tipo: 'mensagem' as const,
        titulo: 'Em massa',
        texto: '.',
      })),
      { usuarioId: ana.user.id, tipo: 'mensagem' as const, titulo: 'Em massa', texto: '.' },
    ]);
    await eventually(ana.cookie, 2);
    await eventually(bia.cookie, 150);
    await t.database.db.execute(sql`truncate notificacoes`);
    await eventually(ana.cookie, 0);
    await eventually(bia.cookie, 0);
  });

  it('answers many people asking at once, each their own count (read together after a notice to all)', async () => {
    const people = await Promise.all(Array.from({ length: 12 }, () => signedIn(t, 'responsavel')));
    await t.database.db.insert(notificacoes).values(
      people.flatMap((person, n) =>
        Array.from({ length: n }, () => ({
          usuarioId: person.user.id,
          tipo: 'mensagem' as const,
          titulo: 'Aviso',
          texto: '.',
        })),
      ),
    );
    const asked = people.flatMap((person) => [person, person]);
    const counts = await Promise.all(asked.map((person) => count(person.cookie)));
    expect(counts).toEqual(people.flatMap((_, n) => [n, n]));
    // Cached now, and still right after everyone's are dropped at once.
    expect(unreadCacheOf(t.app.ctx.db)?.get(people[5]!.user.id)).toBe(5);
    await t.database.db
      .update(notificacoes)
      .set({ lidaEm: new Date() })
      .where(eq(notificacoes.usuarioId, people[3]!.user.id));
    await eventually(people[3]!.cookie, 0);
    expect(await Promise.all(people.map((person) => count(person.cookie)))).toEqual(
      people.map((_, n) => (n === 3 ? 0 : n)),
    );
  });

  it('after opening the notice the bell points at (read by link), at once', async () => {
    const ana = await signedIn(t, 'responsavel');
    await t.database.db.transaction((tx) =>
      notifyUser(t.app.ctx, tx, ana.user.id, event('Mensagem', '/dashboard/mensagens?conversa=x')),
    );
    await eventually(ana.cookie, 1);
    await markReadByLink(t.app.ctx.db, ana.user.id, '/dashboard/mensagens?conversa=x');
    expect(await count(ana.cookie)).toBe(0);
  });
});
