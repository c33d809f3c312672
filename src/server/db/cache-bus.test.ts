import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../test/test-app.js';
import { isMaintenanceOn } from '../features/settings/settings.service.js';
import { cacheBusOf } from './cache-bus.js';
import { defaultSiteContent } from '../../shared/content.defaults.js';

/**
 * The cache bus: a write that bypasses every service (as another instance's would) still reaches
 * this process's caches through the table triggers and NOTIFY — on PGlite in-process, on PostgreSQL
 * through the listening connection.
 */
const t = setupTestApp();

async function eventually(check: () => Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('not within the time allowed');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('cache bus', () => {
  it('is live once the app is ready', () => {
    expect(cacheBusOf(t.app.ctx.db)?.isLive()).toBe(true);
  });

  it('drops the content snapshot, its ETag and the replayed 304 when the table changes underneath', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/content/public' });
    const etag = first.headers.etag as string;
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/content/public', headers: { 'if-none-match': etag } }))
        .statusCode,
    ).toBe(304);
    await t.database.db.execute(
      sql`insert into content_sections (section, data, version)
          values ('hero', ${JSON.stringify({ ...defaultSiteContent.hero, titulo: 'Outro título' })}::jsonb, 2)`,
    );
    await eventually(async () => {
      const again = await t.app.inject({
        method: 'GET',
        url: '/api/content/public',
        headers: { 'if-none-match': etag },
      });
      return again.statusCode === 200 && again.headers.etag !== etag;
    });
    const page = await t.app.inject({ method: 'GET', url: '/api/content/public' });
    expect(page.json<{ data: { hero: { titulo: string } } }>().data.hero.titulo).toBe('Outro título');
  });

  it('drops the maintenance flag when the settings row changes underneath', async () => {
    expect(await isMaintenanceOn(t.app.ctx.db)).toBe(false);
    await t.database.db.execute(
      sql`insert into settings (key, value, version) values ('sistema', '{"manutencao": true}', 1)
          on conflict (key) do update set value = settings.value || '{"manutencao": true}', version = settings.version + 1`,
    );
    await eventually(() => isMaintenanceOn(t.app.ctx.db));
  });
});
