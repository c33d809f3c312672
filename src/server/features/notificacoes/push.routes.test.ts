/**
 * Web Push (issue 35 §4): the key, the subscriptions and their refusals, and a comunicado delivered to
 * the simulated push service (features/push-simulado) — which checks VAPID and decrypts what it got.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Preferencias } from '../../../shared/notificacoes.schemas.js';
import { PUSH_DEVICES_PER_PERSON, type PushAparelho, type PushChave } from '../../../shared/push.schemas.js';
import { entregas } from '../../db/schema/notificacoes.js';
import { pushAssinaturas } from '../../db/schema/push.js';
import { dataOf, insertClass } from '../../test/records-fixtures.js';
import { familyIn } from '../../test/school-fixtures.js';
import { createTestApp, otherInstance, requestsOf, signedIn, type TestApp } from '../../test/test-app.js';
import { startPushSimulator, type PushSimulator } from '../push-simulado/index.js';
import { VAPID_KEYS_FILE } from './push-keys.js';

let simulator: PushSimulator;
let t: TestApp;
const { send, get } = requestsOf(() => t.app);

beforeAll(async () => {
  simulator = await startPushSimulator();
  t = await createTestApp({
    pushAllowedOrigins: [simulator.origin],
    pushCa: simulator.caPem,
    pushRatePerSecond: 1000,
  });
});
afterAll(async () => {
  await t.close();
  await simulator.close();
});
beforeEach(() => t.reset());

async function publicKey(cookie: string): Promise<string> {
  return dataOf<PushChave>(await get('/api/notificacoes/push/chave', cookie)).publicKey;
}

/** A device of the person, made at the simulator with the server's key and registered through the API. */
async function subscribeDevice(cookie: string) {
  const subscription = simulator.subscribe(await publicKey(cookie));
  const response = await send('POST', '/api/notificacoes/push/assinaturas', cookie, subscription);
  expect(response.statusCode, response.body).toBe(201);
  return subscription;
}

async function school() {
  const admin = await signedIn(t, 'administrador');
  const classA = await insertClass(t, null);
  const classB = await insertClass(t, null);
  const x = await familyIn(t, classA.id);
  const y = await familyIn(t, classB.id);
  return { admin, classA, classB, x, y };
}

async function publish(cookie: string, turmaId: string, titulo = 'Reunião de pais da Ana Souza') {
  const response = await send('POST', '/api/comunicados', cookie, {
    titulo,
    corpo: 'A Ana Souza tirou 9,5. Reunião quinta-feira às 19h.',
    publico: { tipo: 'turmas', turmas: [turmaId] },
  });
  expect(response.statusCode, response.body).toBe(201);
  return dataOf<{ id: string }>(response).id;
}

// A comunicado's push rows are written by its fan-out job (ADR 0061), then the outbox sends them.
const deliver = async () => {
  await t.app.ctx.jobs.drain();
  await t.app.ctx.notifier.worker.drain();
};

describe('Web Push: the key and the subscriptions', () => {
  it('gives the VAPID public key only to a signed-in person, kept 0600 in DATA_DIR across restarts', async () => {
    expect((await get('/api/notificacoes/push/chave')).statusCode).toBe(401);
    const { cookie } = await signedIn(t, 'responsavel');
    const key = await publicKey(cookie);
    expect(Buffer.from(key, 'base64url')).toHaveLength(65);
    const file = path.join(t.app.ctx.config.dataDir, VAPID_KEYS_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // Another start on the same DATA_DIR (a restart) keeps the key; another installation has its own.
    const restarted = await otherInstance(t, { dataDir: t.app.ctx.config.dataDir });
    const other = await otherInstance(t);
    try {
      const again = await restarted.inject({
        method: 'GET',
        url: '/api/notificacoes/push/chave',
        headers: { cookie },
      });
      expect(dataOf<PushChave>(again).publicKey).toBe(key);
      const elsewhere = await other.inject({
        method: 'GET',
        url: '/api/notificacoes/push/chave',
        headers: { cookie },
      });
      expect(dataOf<PushChave>(elsewhere).publicKey).not.toBe(key);
    } finally {
      await restarted.close();
      await other.close();
    }
  });

  it('subscribes and unsubscribes the signed-in person’s device, and only their own', async () => {
    const ana = await signedIn(t, 'responsavel');
    const bia = await signedIn(t, 'responsavel');
    const device = await subscribeDevice(ana.cookie);
    const rows = () => t.database.db.select().from(pushAssinaturas);
    expect(await rows()).toMatchObject([{ usuarioId: ana.user.id, endpoint: device.endpoint }]);
    const listed = dataOf<PushAparelho[]>(await get('/api/notificacoes/push/assinaturas', ana.cookie));
    expect(listed).toMatchObject([{ endpoint: device.endpoint, ultimo_envio_em: null }]);
    expect(dataOf<PushAparelho[]>(await get('/api/notificacoes/push/assinaturas', bia.cookie))).toEqual([]);
    // Someone else cannot turn Ana's device off.
    const foreign = await send('DELETE', '/api/notificacoes/push/assinaturas', bia.cookie, {
      endpoint: device.endpoint,
    });
    expect(dataOf<{ removidas: number }>(foreign).removidas).toBe(0);
    expect(await rows()).toHaveLength(1);
    // The same phone registered by Bia (a shared phone) moves to her.
    expect((await send('POST', '/api/notificacoes/push/assinaturas', bia.cookie, device)).statusCode).toBe(
      201,
    );
    expect(await rows()).toMatchObject([{ usuarioId: bia.user.id }]);
    const off = await send('DELETE', '/api/notificacoes/push/assinaturas', bia.cookie, {
      endpoint: device.endpoint,
    });
    expect(dataOf<{ removidas: number }>(off).removidas).toBe(1);
    expect(await rows()).toHaveLength(0);
  });

  it('keeps at most PUSH_DEVICES_PER_PERSON devices a person, dropping the oldest', async () => {
    const ana = await signedIn(t, 'responsavel');
    const first = await subscribeDevice(ana.cookie);
    for (let i = 0; i < PUSH_DEVICES_PER_PERSON; i++) await subscribeDevice(ana.cookie);
    const rows = await t.database.db.select().from(pushAssinaturas);
    expect(rows).toHaveLength(PUSH_DEVICES_PER_PERSON);
    expect(rows.map((row) => row.endpoint)).not.toContain(first.endpoint);
  });

  it('refuses endpoints outside the known push services with 400 and a message', async () => {
    const { cookie } = await signedIn(t, 'responsavel');
    const keys = simulator.subscribe().keys;
    const port = new URL(simulator.origin).port;
    const refused = [
      'https://evil.example.com/push/1',
      'https://fcm.googleapis.com.evil.example/push/1',
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com:8443/fcm/send/abc',
      'https://user:pw@fcm.googleapis.com/fcm/send/abc',
      'https://142.250.0.1/fcm/send/abc',
      'https://[::1]/push/1',
      `http://127.0.0.1:${port}/push/1`,
      `https://127.0.0.1:${String(Number(port) + 1)}/push/1`,
      `https://localhost:${port}/push/1`,
      'javascript:alert(1)',
      'não é endereço',
    ];
    for (const endpoint of refused) {
      const response = await send('POST', '/api/notificacoes/push/assinaturas', cookie, { endpoint, keys });
      expect(response.statusCode, endpoint).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(/notificações|assinatura/);
    }
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc:APA91b',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://web.push.apple.com/QGx',
      'https://wns2-bl2p.notify.windows.com/w/?token=abc',
    ]) {
      const response = await send('POST', '/api/notificacoes/push/assinaturas', cookie, { endpoint, keys });
      expect(response.statusCode, endpoint).toBe(201);
    }
  });

  it('refuses keys that are not a P-256 point and a 16-byte secret', async () => {
    const { cookie } = await signedIn(t, 'responsavel');
    const good = simulator.subscribe();
    const bad = [
      { ...good, keys: { ...good.keys, auth: Buffer.alloc(8).toString('base64url') } },
      { ...good, keys: { ...good.keys, p256dh: Buffer.alloc(65, 4).toString('base64url') } },
      { ...good, keys: { ...good.keys, p256dh: 'não+é/base64' } },
      { endpoint: good.endpoint },
      { ...good, extra: true },
    ];
    for (const body of bad) {
      const response = await send('POST', '/api/notificacoes/push/assinaturas', cookie, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('Web Push: delivery through the outbox', () => {
  it('a comunicado to family X reaches X’s device with only the generic title and the link', async () => {
    const s = await school();
    const deviceX = await subscribeDevice(s.x.cookie);
    const deviceY = await subscribeDevice(s.y.cookie);
    const id = await publish(s.admin.cookie, s.classA.id);
    await deliver();
    const got = simulator.received(deviceX.endpoint);
    expect(got).toHaveLength(1);
    expect(JSON.parse(got[0]!.text)).toEqual({
      titulo: 'Novo comunicado da escola',
      link: expect.stringContaining(id) as string,
    });
    // Nothing of the bell's words (a child's name, a grade) travels.
    expect(got[0]!.text).not.toMatch(/Ana|Souza|9,5|Reunião/);
    expect(got[0]!.vapid.sub).toMatch(/^mailto:/);
    expect(got[0]!.ttl).toBeGreaterThan(0);
    expect(simulator.received(deviceY.endpoint)).toHaveLength(0);
    // Another family's comunicado: still nothing for X.
    await publish(s.admin.cookie, s.classB.id);
    await deliver();
    expect(simulator.received(deviceX.endpoint)).toHaveLength(1);
    expect(simulator.received(deviceY.endpoint)).toHaveLength(1);
    expect(simulator.refusals()).toEqual([]);
  });

  it('sends nothing to a person who turned comunicado pushes off (other channels stay)', async () => {
    const s = await school();
    const device = await subscribeDevice(s.x.cookie);
    const prefs = dataOf<Preferencias>(await get('/api/notificacoes/preferencias', s.x.cookie));
    expect(prefs.itens.find((item) => item.tipo === 'comunicado')?.push).toBe(true);
    const saved = await send('PUT', '/api/notificacoes/preferencias', s.x.cookie, {
      itens: [{ tipo: 'comunicado', email: true, sms: true, push: false }],
    });
    expect(dataOf<Preferencias>(saved).itens.find((item) => item.tipo === 'comunicado')?.push).toBe(false);
    // A client that does not send `push` leaves it as it was.
    await send('PUT', '/api/notificacoes/preferencias', s.x.cookie, {
      itens: [{ tipo: 'comunicado', email: true, sms: false }],
    });
    await publish(s.admin.cookie, s.classA.id);
    await deliver();
    expect(simulator.received(device.endpoint)).toHaveLength(0);
    expect(await t.database.db.select().from(entregas).where(eq(entregas.canal, 'push'))).toHaveLength(0);
  });

  it('a 410 from the push service removes the subscription and closes the row, not retried', async () => {
    const s = await school();
    const device = await subscribeDevice(s.x.cookie);
    simulator.expire(device.endpoint);
    await publish(s.admin.cookie, s.classA.id);
    await deliver();
    expect(await t.database.db.select().from(pushAssinaturas)).toHaveLength(0);
    const [row] = await t.database.db.select().from(entregas).where(eq(entregas.canal, 'push'));
    expect(row).toMatchObject({ status: 'falhou', tentativas: 1 });
    expect(row?.ultimoErro).toMatch(/^HTTP_410/);
  });

  it('refuses at send time an endpoint no longer allowed (PUSH_ALLOWED_ORIGINS changed)', async () => {
    const s = await school();
    const device = await subscribeDevice(s.x.cookie);
    await publish(s.admin.cookie, s.classA.id);
    const allowed = t.app.ctx.config.pushAllowedOrigins;
    t.app.ctx.config.pushAllowedOrigins = [];
    try {
      await deliver();
    } finally {
      t.app.ctx.config.pushAllowedOrigins = allowed;
    }
    expect(simulator.received(device.endpoint)).toHaveLength(0);
    const [row] = await t.database.db.select().from(entregas).where(eq(entregas.canal, 'push'));
    expect(row).toMatchObject({ status: 'falhou' });
    expect(row?.ultimoErro).toMatch(/^PUSH_RECUSADO/);
  });

  it('paces a burst: every family gets one push, never more than a few requests in flight', async () => {
    const admin = await signedIn(t, 'administrador');
    const turma = await insertClass(t, null);
    const devices = [];
    for (let i = 0; i < 30; i++) devices.push(await subscribeDevice((await familyIn(t, turma.id)).cookie));
    simulator.resetStats();
    await publish(admin.cookie, turma.id);
    await deliver();
    const rows = await t.database.db.select().from(entregas).where(eq(entregas.canal, 'push'));
    expect(rows.flatMap((row) => (row.ultimoErro ? [row.ultimoErro] : []))).toEqual([]);
    for (const device of devices) expect(simulator.received(device.endpoint)).toHaveLength(1);
    expect(simulator.stats().peakInFlight).toBeGreaterThan(0);
    expect(simulator.stats().peakInFlight).toBeLessThanOrEqual(5);
  });
});
