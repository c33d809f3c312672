import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.js';
import { setupTestApp, otherInstance } from '../../test/test-app.js';

/** Two apps on one database stand for two instances: the request limits count across both. */
const t = setupTestApp({}, { keepData: true });
let other: App;
beforeAll(async () => {
  other = await otherInstance(t);
});
afterAll(() => other.close());

const forgot = (app: App) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/forgot-password',
    payload: { email: 'ninguem@escola.test' },
    remoteAddress: '203.0.113.7',
  });

describe('rate limits in the database', () => {
  it('counts "Esqueci minha senha" from one address across instances (10 per 15 min)', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await forgot(t.app)).statusCode).toBe(200);
      expect((await forgot(other)).statusCode).toBe(200);
    }
    const refused = await forgot(t.app);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await forgot(other)).statusCode).toBe(429);
  });

  it('keeps the routes apart: the reset limit is its own count', async () => {
    const reset = await other.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: 'x'.repeat(43), novaSenha: 'Girassol-Azul-42' },
      remoteAddress: '203.0.113.7',
    });
    expect(reset.statusCode).not.toBe(429);
  });
});
