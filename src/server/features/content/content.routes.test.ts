import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { defaultSiteContent } from '../../../shared/content.defaults.js';
import { exampleSiteContent } from '../../../shared/content.examples.js';
import { isSafeLink } from '../../../shared/content.schemas.js';
import { signedIn, setupTestApp } from '../../test/test-app.js';
import { contentAnswer } from '../../test/content-fixtures.js';
import { auditLog } from '../../db/schema/audit.js';

const t = setupTestApp();
beforeEach(() => t.app.ctx.content.invalidate());

async function admin() {
  return (await signedIn(t, 'administrador')).cookie;
}

const put = (cookie: string, section: string, payload: object, ifMatch?: string) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/content/${section}`,
    payload,
    headers: { cookie, ...(ifMatch === undefined ? {} : { 'if-match': ifMatch }) },
  });

describe('GET /api/content/public', () => {
  it('answers the defaults with a strong ETag and 304 on revalidation', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/content/public' });
    expect(first.statusCode).toBe(200);
    expect(contentAnswer(first)).toEqual({ success: true, data: defaultSiteContent });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    const second = await t.app.inject({
      method: 'GET',
      url: '/api/content/public',
      headers: { 'if-none-match': etag },
    });
    expect(second.statusCode).toBe(304);
    expect(second.body).toBe('');
  });

  it('changes the ETag when a section is saved', async () => {
    const cookie = await admin();
    const before = (await t.app.inject({ method: 'GET', url: '/api/content/public' })).headers.etag;
    const saved = await put(cookie, 'hero', { ...defaultSiteContent.hero, titulo: 'Novo título' }, '"1"');
    expect(saved.statusCode).toBe(200);
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/content/public',
      headers: { 'if-none-match': before as string },
    });
    expect(after.statusCode).toBe(200);
    expect(contentAnswer(after).data.hero.titulo).toBe('Novo título');
  });
});

describe('GET /api/content/viewer', () => {
  it('names the signed-in visitor and answers null otherwise', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/content/viewer' });
    expect(anonymous.statusCode).toBe(200);
    expect(contentAnswer(anonymous).data).toBeNull();
    const { user, cookie } = await signedIn(t, 'professor');
    const named = await t.app.inject({ method: 'GET', url: '/api/content/viewer', headers: { cookie } });
    expect(contentAnswer(named).data).toEqual({ nome: user.nome });
  });
});

describe('PUT /api/content/:section', () => {
  it('needs If-Match (428) and refuses a stale version (412)', async () => {
    const cookie = await admin();
    const hero = { ...defaultSiteContent.hero, titulo: 'Primeiro' };
    expect((await put(cookie, 'hero', hero)).statusCode).toBe(428);
    const ok = await put(cookie, 'hero', hero, '"1"');
    expect(ok.statusCode).toBe(200);
    expect(contentAnswer(ok).data.versions.hero).toBe(2);
    const stale = await put(cookie, 'hero', { ...hero, titulo: 'Segundo' }, '"1"');
    expect(stale.statusCode).toBe(412);
    expect(contentAnswer(stale).code).toBe('PRECONDITION_FAILED');
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.entity, 'conteudo'));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'editar', entityId: 'hero' });
  });

  it('validates fields and link rules', async () => {
    const cookie = await admin();
    const empty = await put(cookie, 'hero', { ...defaultSiteContent.hero, titulo: '' }, '1');
    expect(empty.statusCode).toBe(400);
    expect(contentAnswer(empty).details[0]?.path).toBe('titulo');
    for (const bad of ['javascript:alert(1)', 'data:text/html,<b>x</b>', '//evil.example', 'JaVaScRiPt:x']) {
      const response = await put(cookie, 'contato', { ...defaultSiteContent.contato, facebook: bad }, '1');
      expect(response.statusCode, bad).toBe(400);
    }
    const links = await put(
      cookie,
      'footer',
      {
        ...defaultSiteContent.footer,
        links_rapidos: [{ nome: 'X', href: 'javascript:alert(1)' }],
      },
      '1',
    );
    expect(links.statusCode).toBe(400);
    const tooMany = await put(
      cookie,
      'galeria',
      {
        // The demo's gallery has the 10 photos a gallery may hold.
        ...exampleSiteContent.galeria,
        fotos: [...exampleSiteContent.galeria.fotos, { id: 'x', url: '/x.webp', titulo: 'X', descricao: '' }],
      },
      '1',
    );
    expect(tooMany.statusCode).toBe(400);
    expect(contentAnswer(tooMany).message).toBe('Máximo de 10 fotos permitido');
  });

  it('is admin-only', async () => {
    const teacher = (await signedIn(t, 'professor')).cookie;
    expect((await put(teacher, 'hero', defaultSiteContent.hero, '1')).statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'PUT', url: '/api/content/hero', payload: {} });
    expect(anonymous.statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/content/reset', headers: { cookie: teacher } }))
        .statusCode,
    ).toBe(403);
  });

  it('renames the school for password checks', async () => {
    const cookie = await admin();
    await put(
      cookie,
      'configuracoes',
      { ...defaultSiteContent.configuracoes, nome_escola: 'Colégio Ipê' },
      '1',
    );
    expect(await t.app.ctx.getSchoolName()).toBe('Colégio Ipê');
  });

  it("carries the contact section's phone and e-mail to the footer; a footer line written apart stays", async () => {
    const cookie = await admin();
    const contato = { ...defaultSiteContent.contato, telefone: '(41) 3333-4444', email: 'a@ipe.edu.br' };
    const first = await put(cookie, 'contato', contato, '1');
    expect(contentAnswer(first).data.content.footer).toMatchObject({
      telefone: '(41) 3333-4444',
      email: 'a@ipe.edu.br',
    });
    // The school writes the footer's e-mail apart; the phone still repeats the contact section's.
    const footer = { ...contentAnswer(first).data.content.footer, email: 'rodape@ipe.edu.br' };
    await put(cookie, 'footer', footer, String(contentAnswer(first).data.versions.footer));
    const second = await put(
      cookie,
      'contato',
      { ...contato, telefone: '41 3333-5555', email: 'b@ipe.edu.br' },
      '2',
    );
    expect(contentAnswer(second).data.content.footer).toMatchObject({
      telefone: '41 3333-5555',
      email: 'rodape@ipe.edu.br',
    });
    const unknownField = await t.app.inject({
      method: 'POST',
      url: '/api/content/contato/restore',
      payload: { version: 2, content: { telefone: '0' } },
      headers: { cookie },
    });
    expect(unknownField.statusCode).toBe(400);
    // Restoring the contact section's first version is a change of the identity too.
    const restored = await t.app.inject({
      method: 'POST',
      url: '/api/content/contato/restore',
      payload: { version: 2 },
      headers: { cookie },
    });
    expect(restored.statusCode).toBe(200);
    expect(contentAnswer(restored).data.content.footer.telefone).toBe('(41) 3333-4444');
  });
});

describe('import, reset, history', () => {
  it('imports atomically: one bad section saves nothing', async () => {
    const cookie = await admin();
    const bad = structuredClone(defaultSiteContent) as Record<string, Record<string, unknown>>;
    bad.hero!.titulo = 'Importado';
    bad.contato!.facebook = 'javascript:alert(1)';
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/content',
      payload: bad,
      headers: { cookie },
    });
    expect(refused.statusCode).toBe(400);
    const after = await t.app.inject({ method: 'GET', url: '/api/content/public' });
    expect(contentAnswer(after).data.hero.titulo).toBe(defaultSiteContent.hero.titulo);

    bad.contato!.facebook = 'https://facebook.com/escola';
    const accepted = await t.app.inject({
      method: 'POST',
      url: '/api/content',
      payload: bad,
      headers: { cookie },
    });
    expect(accepted.statusCode).toBe(200);
    expect(contentAnswer(accepted).data.content.hero.titulo).toBe('Importado');
    expect(contentAnswer(accepted).data.versions).toMatchObject({ hero: 2, contato: 2, sobre: 1 });
  });

  it('keeps history, restores an earlier version and resets to defaults', async () => {
    const cookie = await admin();
    await put(cookie, 'hero', { ...defaultSiteContent.hero, titulo: 'Versão 2' }, '1');
    await put(cookie, 'hero', { ...defaultSiteContent.hero, titulo: 'Versão 3' }, '2');
    const history = await t.app.inject({
      method: 'GET',
      url: '/api/content/hero/history',
      headers: { cookie },
    });
    const entries = contentAnswer(history).data as unknown as {
      version: number;
      current: boolean;
      data: { titulo: string };
    }[];
    expect(entries.map((entry) => entry.version)).toEqual([3, 2, 1]);
    expect(entries[1]!.data.titulo).toBe('Versão 2');

    const restored = await t.app.inject({
      method: 'POST',
      url: '/api/content/hero/restore',
      payload: { version: 2 },
      headers: { cookie },
    });
    expect(restored.statusCode).toBe(200);
    expect(contentAnswer(restored).data.content.hero.titulo).toBe('Versão 2');
    expect(contentAnswer(restored).data.versions.hero).toBe(4);

    const reset = await t.app.inject({ method: 'POST', url: '/api/content/reset', headers: { cookie } });
    expect(reset.statusCode).toBe(200);
    expect(contentAnswer(reset).data.content).toEqual(defaultSiteContent);
    expect(contentAnswer(reset).message).toBe('Conteúdo restaurado para o padrão!');
  });
});

describe('isSafeLink', () => {
  it('accepts only web, mail, phone, path and anchor links', () => {
    for (const good of [
      'https://x.com/a',
      'http://x',
      'mailto:a@b.c',
      'tel:+55 11 3456-7890',
      '/login',
      '/#sobre',
      '#',
      '',
    ])
      expect(isSafeLink(good), good).toBe(true);
    for (const bad of [
      'javascript:alert(1)',
      'data:image/png;base64,AA',
      'vbscript:x',
      '//x.com',
      'ftp://x',
      'x',
    ])
      expect(isSafeLink(bad), bad).toBe(false);
  });
});
