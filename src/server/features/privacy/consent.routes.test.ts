import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type {
  ClassConsents,
  ConsentPurpose,
  MediaTags,
  StudentConsents,
} from '../../../shared/consent.schemas.js';
import { previousDefaultWordings } from '../../../shared/consent.schemas.js';
import { clock } from '../../lib/clock.js';
import { WRITE_LIMITS } from '../../lib/write-limits.js';
import { otherInstance, requestsOf, signedIn, setupTestApp } from '../../test/test-app.js';
import { SYSTEM_SETTINGS_DEFAULTS } from '../../test/settings-fixtures.js';
import { dataOf, insertGuardian, insertStudent, messageOf } from '../../test/records-fixtures.js';
import { classWithFamily } from '../../test/school-fixtures.js';
import { staffWith } from '../../test/perfis-fixtures.js';
import { media } from '../../db/schema/media.js';
import { consentPurposes, consents } from '../../db/schema/consent.js';

const t = setupTestApp();
const { send, get } = requestsOf(() => t.app);

async function setup() {
  const { admin, teacher, turma, family } = await classWithFamily(t);
  const sibling = await insertStudent(t, turma.id, family.guardian.id);
  const other = await insertStudent(t, turma.id, (await insertGuardian(t)).id);
  const purposes = dataOf<ConsentPurpose[]>(await get('/api/consentimentos/finalidades', family.cookie));
  const imagem = purposes.find((purpose) => purpose.chave === 'imagem')!;
  const child = family.child;
  return { admin, parent: family, teacherUser: teacher, turma, child, sibling, other, purposes, imagem };
}

async function insertPhoto() {
  const [row] = await t.database.db
    .insert(media)
    .values({
      mimeType: 'image/webp',
      width: 1,
      height: 1,
      size: 1,
      sha256: 'x'.repeat(64),
      bytes: Buffer.from([1]),
    })
    .returning();
  return row!;
}

async function saveGallery(cookie: string, fotos: object[]) {
  const content = dataOf<{ content: { galeria: object }; versions: Record<string, number> }>(
    await get('/api/content', cookie),
  );
  return t.app.inject({
    method: 'PUT',
    url: '/api/content/galeria',
    headers: { cookie, 'content-type': 'application/json', 'if-match': `"${content.versions.galeria}"` },
    payload: { ...content.content.galeria, fotos },
  });
}

describe('consent per child, by purpose', () => {
  it('starts with the four default purposes, in plain language', async () => {
    const { purposes } = await setup();
    expect(purposes.map((purpose) => purpose.titulo)).toEqual([
      'Uso de imagem no site e redes sociais',
      'Comunicados por SMS',
      'Participação em passeios e atividades externas',
      'Conta própria no Portal do Aluno',
    ]);
  });

  it("says whether the school sends SMS at all, for the family's 'Comunicados por SMS'", async () => {
    const { admin, parent, child } = await setup();
    const url = `/api/alunos/${child.id}/consentimentos`;
    // No SMS provider (SMS_URL): nothing goes by SMS, whatever the family authorised.
    expect(dataOf<StudentConsents>(await get(url, parent.cookie)).sms_disponivel).toBe(false);
    const instance = await otherInstance(t, { smsUrl: 'http://127.0.0.1:9/sms' });
    const withSms = requestsOf(() => instance);
    try {
      // A provider, but 'Notificações por SMS' still off in Configurações.
      expect(dataOf<StudentConsents>(await withSms.get(url, parent.cookie)).sms_disponivel).toBe(false);
      const on = await withSms.send('PUT', '/api/configuracoes/sistema', admin.cookie, {
        ...SYSTEM_SETTINGS_DEFAULTS,
        notificacoes_sms: true,
      });
      expect(on.statusCode, on.body).toBe(200);
      expect(dataOf<StudentConsents>(await withSms.get(url, parent.cookie)).sms_disponivel).toBe(true);
    } finally {
      await instance.close();
    }
  });

  it("gives an installation made before a default purpose existed that purpose, after the school's own", async () => {
    const { parent } = await setup();
    await t.database.db.execute(sql`delete from consent_purposes where chave = 'portal_aluno'`);
    const purposes = dataOf<ConsentPurpose[]>(await get('/api/consentimentos/finalidades', parent.cookie));
    expect(purposes.map((purpose) => purpose.chave)).toEqual(['imagem', 'sms', 'passeios', 'portal_aluno']);
  });

  it('tells that the image consent covers the photos of pareceres and of the daily agenda', async () => {
    const { imagem } = await setup();
    expect(imagem.versao).toBe(1);
    expect(imagem.descricao).toMatch(/parecer descritivo/);
    expect(imagem.descricao).toMatch(/agenda diária/);
  });

  it('gives an installation still on the earlier image wording the new one as a new version, once', async () => {
    const { parent, child, imagem } = await setup();
    const [earlier] = previousDefaultWordings.imagem!;
    await t.database.db
      .update(consentPurposes)
      .set({ descricao: earlier, versao: 1 })
      .where(eq(consentPurposes.id, imagem.id));
    const path = `/api/alunos/${child.id}/consentimentos`;
    // Given under the earlier wording: the record keeps version 1.
    const given = await send('POST', path, parent.cookie, { finalidade_id: imagem.id, concedido: true });
    expect(given.statusCode, given.body).toBe(200);
    for (let read = 0; read < 2; read++) {
      const entry = dataOf<StudentConsents>(await get(path, parent.cookie)).finalidades.find(
        (item) => item.finalidade.chave === 'imagem',
      )!;
      expect(entry.finalidade).toMatchObject({ versao: 2, titulo: imagem.titulo });
      expect(entry.finalidade.descricao).toMatch(/parecer descritivo/);
      expect(entry.concedido).toBe(true);
      expect(entry.historico.map((item) => item.versao_finalidade)).toEqual([1]);
    }
    // A wording the school wrote itself is the school's: never replaced.
    await t.database.db
      .update(consentPurposes)
      .set({ descricao: 'Texto da escola.' })
      .where(eq(consentPurposes.id, imagem.id));
    const own = dataOf<ConsentPurpose[]>(await get('/api/consentimentos/finalidades', parent.cookie));
    expect(own.find((item) => item.chave === 'imagem')).toMatchObject({
      descricao: 'Texto da escola.',
      versao: 2,
    });
  });

  it('keeps an append-only history whose latest record is the current state', async () => {
    const { parent, child, imagem } = await setup();
    const path = `/api/alunos/${child.id}/consentimentos`;
    expect(dataOf<StudentConsents>(await get(path, parent.cookie)).finalidades[0]!.concedido).toBeNull();
    await send('POST', path, parent.cookie, { finalidade_id: imagem.id, concedido: true });
    const withdrawn = await send('POST', path, parent.cookie, { finalidade_id: imagem.id, concedido: false });
    expect(messageOf(withdrawn)).toBe('Consentimento retirado.');
    const state = dataOf<StudentConsents>(withdrawn).finalidades.find(
      (item) => item.finalidade.id === imagem.id,
    )!;
    expect(state.concedido).toBe(false);
    expect(state.historico.map((entry) => entry.concedido)).toEqual([false, true]);
    expect(state.historico[0]).toMatchObject({ versao_finalidade: 1, registrado_por: 'responsavel' });
    // The database itself refuses to rewrite history.
    await expect(t.database.db.update(consents).set({ concedido: true })).rejects.toThrow();
  });

  it('records the wording version the guardian agreed to', async () => {
    const { admin, parent, child, imagem } = await setup();
    const edited = await send('PUT', `/api/consentimentos/finalidades/${imagem.id}`, admin.cookie, {
      titulo: imagem.titulo,
      descricao: 'Autorizo a publicação de fotos do meu filho no site e no Instagram da escola.',
    });
    expect(dataOf<ConsentPurpose>(edited).versao).toBe(2);
    const given = await send('POST', `/api/alunos/${child.id}/consentimentos`, parent.cookie, {
      finalidade_id: imagem.id,
      concedido: true,
    });
    expect(dataOf<StudentConsents>(given).finalidades[0]!.historico[0]!.versao_finalidade).toBe(2);
  });

  it('lets only the family (and the secretaria) decide: another family’s child is 404, teachers only read', async () => {
    const { parent, teacherUser, child, other, imagem } = await setup();
    const body = { finalidade_id: imagem.id, concedido: true };
    expect(
      (await send('POST', `/api/alunos/${other.id}/consentimentos`, parent.cookie, body)).statusCode,
    ).toBe(404);
    expect((await get(`/api/alunos/${other.id}/consentimentos`, parent.cookie)).statusCode).toBe(404);
    expect((await get(`/api/alunos/${child.id}/consentimentos`, teacherUser.cookie)).statusCode).toBe(200);
    expect(
      (await send('POST', `/api/alunos/${child.id}/consentimentos`, teacherUser.cookie, body)).statusCode,
    ).toBe(404);
  });

  it('lets the secretaria record a paper form, and no profile that only reads students', async () => {
    const { child, imagem } = await setup();
    const body = { finalidade_id: imagem.id, concedido: true };
    for (const chave of ['financeiro', 'coordenacao'] as const) {
      const staff = await staffWith(t, chave);
      const refused = await send('POST', `/api/alunos/${child.id}/consentimentos`, staff.cookie, body);
      expect(refused.statusCode, chave).toBe(403);
      expect(messageOf(refused)).toBe(
        'Registrar o consentimento de uma família pede a permissão de editar alunos ou de gerenciar consentimentos.',
      );
    }
    expect(await t.database.db.select().from(consents).where(eq(consents.alunoId, child.id))).toHaveLength(0);
    const secretaria = await staffWith(t, 'secretaria');
    const recorded = await send('POST', `/api/alunos/${child.id}/consentimentos`, secretaria.cookie, body);
    expect(recorded.statusCode, recorded.body).toBe(200);
  });

  it('shows the secretaria a per-class table of the current consents', async () => {
    const { admin, parent, turma, child, sibling, imagem, purposes } = await setup();
    await send('POST', `/api/alunos/${child.id}/consentimentos`, parent.cookie, {
      finalidade_id: imagem.id,
      concedido: true,
    });
    await send('POST', `/api/alunos/${sibling.id}/consentimentos`, parent.cookie, {
      finalidade_id: imagem.id,
      concedido: true,
    });
    await send('POST', `/api/alunos/${sibling.id}/consentimentos`, parent.cookie, {
      finalidade_id: imagem.id,
      concedido: false,
    });
    const table = dataOf<ClassConsents>(await get(`/api/consentimentos/turmas/${turma.id}`, admin.cookie));
    expect(table.finalidades).toHaveLength(purposes.length);
    const row = (id: string) => table.alunos.find((aluno) => aluno.id === id)!.consentimentos;
    expect(row(child.id)[imagem.id]).toBe(true);
    expect(row(sibling.id)[imagem.id]).toBe(false);
    expect(row(child.id)[purposes[1]!.id]).toBeNull();
    expect((await get(`/api/consentimentos/turmas/${turma.id}`, parent.cookie)).statusCode).toBe(403);
  });
});

describe('the public gallery enforces image consent', () => {
  it('refuses to publish a tagged photo without consent, and withdrawal unpublishes it at once', async () => {
    const { admin, parent, child, sibling, imagem } = await setup();
    const photo = await insertPhoto();
    const url = `/media/${photo.id}`;
    const tagged = await send('PUT', `/api/media/${photo.id}/alunos`, admin.cookie, {
      aluno_ids: [child.id, sibling.id],
    });
    expect(dataOf<MediaTags>(tagged).publicavel).toBe(false);

    const refused = await saveGallery(admin.cookie, [
      { id: 'f1', url, titulo: 'Festa junina', descricao: '' },
    ]);
    expect(refused.statusCode).toBe(409);
    expect(messageOf(refused)).toMatch(/Festa junina.*sem consentimento de uso de imagem/);

    for (const aluno of [child, sibling])
      await send('POST', `/api/alunos/${aluno.id}/consentimentos`, parent.cookie, {
        finalidade_id: imagem.id,
        concedido: true,
      });
    expect(dataOf<MediaTags>(await get(`/api/media/${photo.id}/alunos`, admin.cookie)).publicavel).toBe(true);
    expect(
      (await saveGallery(admin.cookie, [{ id: 'f1', url, titulo: 'Festa junina', descricao: '' }]))
        .statusCode,
    ).toBe(200);
    const published = await get('/api/content/public');
    expect(published.body).toContain(url);
    const etag = published.headers.etag as string;
    expect(
      (await t.app.inject({ url: '/api/content/public', headers: { 'if-none-match': etag } })).statusCode,
    ).toBe(304);

    await send('POST', `/api/alunos/${sibling.id}/consentimentos`, parent.cookie, {
      finalidade_id: imagem.id,
      concedido: false,
    });
    const after = await t.app.inject({ url: '/api/content/public', headers: { 'if-none-match': etag } });
    expect(after.statusCode).toBe(200);
    expect(after.body).not.toContain(url);
    const audit = await t.database.db.execute(
      sql`select action from audit_log where action = 'despublicar_fotos_sem_consentimento'`,
    );
    expect((audit as { rows: unknown[] }).rows).toHaveLength(1);
  });

  it('stops serving a photo once consent is withdrawn: 404 to the public, an uncached preview for the admin', async () => {
    const { admin, parent, teacherUser, child, imagem } = await setup();
    const photo = await insertPhoto();
    const url = `/media/${photo.id}`;
    await send('PUT', `/api/media/${photo.id}/alunos`, admin.cookie, { aluno_ids: [child.id] });
    await send('POST', `/api/alunos/${child.id}/consentimentos`, parent.cookie, {
      finalidade_id: imagem.id,
      concedido: true,
    });
    const served = await get(url);
    expect(served.statusCode).toBe(200);
    // Revalidated before each use, never kept as immutable for a year by a browser or a CDN.
    expect(served.headers['cache-control']).toBe('public, no-cache');
    const etag = served.headers.etag as string;
    expect((await t.app.inject({ url, headers: { 'if-none-match': etag } })).statusCode).toBe(304);

    await send('POST', `/api/alunos/${child.id}/consentimentos`, parent.cookie, {
      finalidade_id: imagem.id,
      concedido: false,
    });
    // A cache asking again with the ETag it kept gets 404, not 304; so does every signed-in non-admin.
    for (const [who, headers] of [
      ['anônimo', {}],
      ['revalidação', { 'if-none-match': etag }],
      ['responsável', { cookie: parent.cookie }],
      ['professor', { cookie: teacherUser.cookie }],
    ] as const) {
      const hidden = await t.app.inject({ url, headers });
      expect(hidden.statusCode, who).toBe(404);
      expect(hidden.headers['cache-control'], who).toBe('no-store');
      expect(hidden.json(), who).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
    const preview = await get(url, admin.cookie);
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['cache-control']).toBe('private, no-store');
    expect(preview.headers.etag).toBeUndefined();
    expect(preview.rawPayload).toEqual(Buffer.from([1]));

    // Consent given again: public again.
    await send('POST', `/api/alunos/${child.id}/consentimentos`, parent.cookie, {
      finalidade_id: imagem.id,
      concedido: true,
    });
    expect((await get(url)).statusCode).toBe(200);
  });

  it('takes a published photo down when a child without consent is tagged in it', async () => {
    const { admin, child } = await setup();
    const photo = await insertPhoto();
    const url = `/media/${photo.id}`;
    expect(
      (await saveGallery(admin.cookie, [{ id: 'f1', url, titulo: 'Recreio', descricao: '' }])).statusCode,
    ).toBe(200);
    expect((await get('/api/content/public')).body).toContain(url);
    const tagged = await send('PUT', `/api/media/${photo.id}/alunos`, admin.cookie, {
      aluno_ids: [child.id],
    });
    expect(messageOf(tagged)).toMatch(/não fica na galeria pública/);
    expect((await get('/api/content/public')).body).not.toContain(url);
  });
});

describe('how many consent records one account adds (ADR 0018)', () => {
  const T0 = new Date('2026-05-12T14:00:00-03:00');
  beforeEach(() => clock.pin(T0));
  afterEach(() => clock.unpin());

  it('a family records up to the cap a day; the next is 429 with Retry-After; others are not held', async () => {
    const limit = WRITE_LIMITS.consentimentos;
    const { admin, parent, turma, child, imagem } = await setup();
    await t.database.db.insert(consents).values(
      Array.from({ length: limit.max - 1 }, (_, index) => ({
        alunoId: child.id,
        finalidadeId: imagem.id,
        concedido: index % 2 === 0,
        versaoFinalidade: imagem.versao,
        usuarioId: parent.user.id,
        registradoEm: new Date(T0.getTime() - 30 * 60_000),
      })),
    );
    const path = `/api/alunos/${child.id}/consentimentos`;
    const body = { finalidade_id: imagem.id, concedido: true };
    expect((await send('POST', path, parent.cookie, body)).statusCode).toBe(200);
    const over = await send('POST', path, parent.cookie, { ...body, concedido: false });
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    expect(Number(over.headers['retry-after'])).toBe(23 * 3600 + 30 * 60);
    expect(messageOf(over)).toBe(
      `Limite de ${String(limit.max)} registros de consentimento em 24 horas atingido. Você poderá registrar outro a partir de 13/05/2026 13:30.`,
    );
    // The refused withdrawal recorded nothing: the current state is still the consent given.
    expect(dataOf<StudentConsents>(await get(path, parent.cookie)).finalidades[0]!.concedido).toBe(true);
    // The secretaria (a paper form) and another family are not held by this family's count.
    expect((await send('POST', path, admin.cookie, { ...body, concedido: false })).statusCode).toBe(200);
    const otherParent = await signedIn(t, 'responsavel');
    const otherChild = await insertStudent(t, turma.id, (await insertGuardian(t, otherParent.user.id)).id);
    expect(
      (await send('POST', `/api/alunos/${otherChild.id}/consentimentos`, otherParent.cookie, body))
        .statusCode,
    ).toBe(200);
  });
});
