/**
 * An account deactivated (a teacher who left, a family whose child left the school): its devices stop
 * being notified at once — not only for what is published later, but for what already waits in the
 * delivery queue, and nothing of theirs is left registered for a phone someone else may now hold.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PushChave } from '../../../shared/push.schemas.js';
import { pushAssinaturas } from '../../db/schema/push.js';
import { dataOf } from '../../test/records-fixtures.js';
import { createTestApp, requestsOf, signedIn, type TestApp } from '../../test/test-app.js';
import { startPushSimulator, type PushSimulator } from '../push-simulado/index.js';

let simulator: PushSimulator;
let t: TestApp;
const { send, get } = requestsOf(() => t.app);

beforeAll(async () => {
  simulator = await startPushSimulator();
  t = await createTestApp({ pushAllowedOrigins: [simulator.origin], pushCa: simulator.caPem });
});
afterAll(async () => {
  await t.close();
  await simulator.close();
});
beforeEach(() => t.reset());

describe('push devices of a deactivated account', () => {
  it('are forgotten when the account is deactivated', async () => {
    const admin = await signedIn(t, 'administrador');
    const teacher = await signedIn(t, 'professor');
    const key = dataOf<PushChave>(await get('/api/notificacoes/push/chave', teacher.cookie)).publicKey;
    const subscribed = await send(
      'POST',
      '/api/notificacoes/push/assinaturas',
      teacher.cookie,
      simulator.subscribe(key),
    );
    expect(subscribed.statusCode, subscribed.body).toBe(201);
    const devices = () =>
      t.database.db.select().from(pushAssinaturas).where(eq(pushAssinaturas.usuarioId, teacher.user.id));
    expect(await devices()).toHaveLength(1);

    const off = await send('PATCH', `/api/users/${teacher.user.id}/toggle-status`, admin.cookie);
    expect(off.statusCode, off.body).toBe(200);
    expect(await devices()).toEqual([]);
  });
});
