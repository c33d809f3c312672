import { describe, expect, it } from 'vitest';
import { contrastRatio } from '../../../shared/contrast.js';
import { eq } from 'drizzle-orm';
import type { PrivacyStatus } from '../../../shared/privacy.schemas.js';
import { requestsOf, signedIn, setupTestApp } from '../../test/test-app.js';
import { dataOf } from '../../test/records-fixtures.js';
import { privacyAcceptances } from '../../db/schema/privacy.js';

const t = setupTestApp();
const { send, get } = requestsOf(() => t.app);

async function editPrivacy(cookie: string, texto: string) {
  const current = dataOf<{ versions: Record<string, number> }>(await get('/api/content', cookie));
  const response = await t.app.inject({
    method: 'PUT',
    url: '/api/content/privacidade',
    headers: { cookie, 'content-type': 'application/json', 'if-match': `"${current.versions.privacidade}"` },
    payload: { titulo: 'Aviso de Privacidade', texto },
  });
  expect(response.statusCode, response.body).toBe(200);
}

describe('privacy notice and terms', () => {
  it('serves /privacidade and /termos from the content manager’s text, escaped', async () => {
    const admin = await signedIn(t, 'administrador');
    const page = await get('/privacidade');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Seus direitos');
    expect(page.body).toContain('Versão 1.');
    expect((await get('/termos')).body).toContain('Acesso ao portal');
    // In the school's colour (the default's #3b82f6 gave 3.7:1), darkened until it reads: the band behind
    // the white school name, the headings on white, the links on the footer's gray-50.
    const colours = [
      /header\{background:(#\w{6})/,
      /h2\{[^}]*color:(#\w{6})/,
      /footer a\{color:(#\w{6})/,
    ].map((rule) => page.body.match(rule)?.[1] ?? 'ausente');
    for (const colour of colours)
      expect(contrastRatio(colour, '#f9fafb'), colour).toBeGreaterThanOrEqual(4.5);

    await editPrivacy(admin.cookie, '## Novo título\nTexto <script>alert(1)</script> novo.');
    const edited = await get('/privacidade');
    expect(edited.body).toContain('<h2>Novo título</h2>');
    expect(edited.body).toContain('&lt;script&gt;');
    expect(edited.body).not.toContain('<script>alert');
    expect(edited.body).toMatch(/Versão 2, atualizada em \d{2}\/\d{2}\/\d{4}/);
  });

  it('asks a guardian to accept at first sign-in and again when the text changes, recording who, version, when and IP', async () => {
    const admin = await signedIn(t, 'administrador');
    const parent = await signedIn(t, 'responsavel');
    const first = dataOf<PrivacyStatus>(await get('/api/privacidade', parent.cookie));
    expect(first.pendente).toBe(true);
    expect(first.ultimo_aceite).toBeNull();

    const accepted = await send('POST', '/api/privacidade/aceite', parent.cookie, {
      versao_privacidade: first.privacidade.versao,
      versao_termos: first.termos.versao,
    });
    expect(accepted.statusCode).toBe(200);
    expect(dataOf<PrivacyStatus>(accepted).pendente).toBe(false);
    const [row] = await t.database.db
      .select()
      .from(privacyAcceptances)
      .where(eq(privacyAcceptances.usuarioId, parent.user.id));
    expect(row).toMatchObject({ versaoPrivacidade: 1, versaoTermos: 1, ip: '127.0.0.1' });

    await editPrivacy(admin.cookie, 'Texto revisto.');
    const again = dataOf<PrivacyStatus>(await get('/api/privacidade', parent.cookie));
    expect(again.pendente).toBe(true);
    expect(again.privacidade.versao).toBe(2);
    // Accepting the text read before the change is refused.
    const stale = await send('POST', '/api/privacidade/aceite', parent.cookie, {
      versao_privacidade: 1,
      versao_termos: 1,
    });
    expect(stale.statusCode).toBe(409);
    await send('POST', '/api/privacidade/aceite', parent.cookie, { versao_privacidade: 2, versao_termos: 1 });
    expect(dataOf<PrivacyStatus>(await get('/api/privacidade', parent.cookie)).pendente).toBe(false);
    expect(await t.database.db.select().from(privacyAcceptances)).toHaveLength(2);
  });

  it('records the same acceptance once, however often it is sent (ADR 0018)', async () => {
    const parent = await signedIn(t, 'responsavel');
    const other = await signedIn(t, 'responsavel');
    const body = { versao_privacidade: 1, versao_termos: 1 };
    for (let index = 0; index < 5; index++) {
      const response = await send('POST', '/api/privacidade/aceite', parent.cookie, body);
      expect(response.statusCode).toBe(200);
      expect(dataOf<PrivacyStatus>(response).pendente).toBe(false);
    }
    await send('POST', '/api/privacidade/aceite', other.cookie, body);
    const rows = await t.database.db.select().from(privacyAcceptances);
    expect(rows.map((row) => row.usuarioId).sort()).toEqual([parent.user.id, other.user.id].sort());
  });

  it('does not hold staff back and refuses anonymous callers', async () => {
    const teacher = await signedIn(t, 'professor');
    expect(dataOf<PrivacyStatus>(await get('/api/privacidade', teacher.cookie)).pendente).toBe(false);
    expect((await get('/api/privacidade')).statusCode).toBe(401);
    expect(
      (await send('POST', '/api/privacidade/aceite', '', { versao_privacidade: 1, versao_termos: 1 }))
        .statusCode,
    ).toBe(401);
  });
});
