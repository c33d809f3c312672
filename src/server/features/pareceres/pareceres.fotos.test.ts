/** Photos of the child's work in a parecer (issue 31 §1): consent, limits, scope, review and the PDF. */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { ConsentPurpose } from '../../../shared/consent.schemas.js';
import { PARECER_FOTOS_MAX, type Parecer } from '../../../shared/pareceres.schemas.js';
import { auditLog } from '../../db/schema/audit.js';
import { multipartFile } from '../../test/image-fixtures.js';
import { dataOf, messageOf } from '../../test/records-fixtures.js';
import { familyIn, setupSchool } from '../../test/school-fixtures.js';
import { PRE_II, setupInfantilTest } from './pareceres.test-setup.js';
import { NO_IMAGE_CONSENT } from './pareceres.fotos.js';

const { t, send, get } = setupInfantilTest();

async function infantilSchool() {
  const school = await setupSchool(t, { stage: PRE_II });
  const family = await familyIn(t, school.turma.id);
  const periodo = school.year!.periodos[0]!.id;
  const base = `/api/pareceres/${family.child.id}/${periodo}`;
  const written = await send('PUT', base, school.teacher.cookie, { texto: 'Desenha com atenção.' });
  expect(written.statusCode, written.body).toBe(200);
  return { ...school, family, periodo, base };
}

async function giveImageConsent(cookie: string, alunoId: string, concedido = true) {
  const purposes = dataOf<ConsentPurpose[]>(await get('/api/consentimentos/finalidades', cookie));
  const imagem = purposes.find((purpose) => purpose.chave === 'imagem')!;
  const given = await send('POST', `/api/alunos/${alunoId}/consentimentos`, cookie, {
    finalidade_id: imagem.id,
    concedido,
  });
  expect(given.statusCode, given.body).toBe(200);
}

const drawing = () =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: '#F59E0B' } })
    .withMetadata({ exif: { IFD0: { Copyright: 'GPS da sala' } } })
    .jpeg()
    .toBuffer();

function upload(base: string, cookie: string, bytes: Buffer, type = 'image/jpeg') {
  const form = multipartFile(bytes, 'desenho.jpg', type, 'arquivo');
  return t.app.inject({
    method: 'POST',
    url: `${base}/fotos`,
    payload: form.payload,
    headers: { cookie, 'content-type': form.contentType },
  });
}

describe('photos in a parecer', () => {
  it('refuses a photo while the family has not given the image consent', async () => {
    const s = await infantilSchool();
    const refused = await upload(s.base, s.teacher.cookie, await drawing());
    expect(refused.statusCode).toBe(409);
    expect(messageOf(refused)).toBe(NO_IMAGE_CONSENT);
  });

  it('attaches a re-encoded photo the coordination and, once published, the family see; never publicly', async () => {
    const s = await infantilSchool();
    await giveImageConsent(s.family.cookie, s.family.child.id);
    const added = await upload(s.base, s.teacher.cookie, await drawing());
    expect(added.statusCode, added.body).toBe(201);
    const [foto] = dataOf<Parecer>(added).fotos;
    expect(foto).toMatchObject({ largura: 800, altura: 600 });
    expect(foto!.url).toMatch(/^\/api\/pareceres\//);

    // No public address: anonymous 401; the family 404 until published; the school reads it.
    expect((await get(foto!.url)).statusCode).toBe(401);
    expect((await get(foto!.url, s.family.cookie)).statusCode).toBe(404);
    const forSchool = await get(foto!.url, s.admin.cookie);
    expect(forSchool.statusCode).toBe(200);
    expect(forSchool.headers['content-type']).toBe('image/jpeg');
    expect(forSchool.headers['cache-control']).toContain('no-store');
    expect((await sharp(forSchool.rawPayload).metadata()).exif).toBeUndefined();

    const listed = dataOf<Parecer[]>(
      await get(`/api/pareceres?turma_id=${s.turma.id}&periodo_id=${s.periodo}`, s.admin.cookie),
    );
    expect(listed[0]!.fotos.map((item) => item.id)).toEqual([foto!.id]);
    expect((await send('POST', `${s.base}/revisar`, s.admin.cookie, {})).statusCode).toBe(200);
    expect((await send('POST', `${s.base}/publicar`, s.admin.cookie, {})).statusCode).toBe(200);
    const forFamily = await get(foto!.url, s.family.cookie);
    expect(forFamily.statusCode).toBe(200);
    // Another family never reaches it.
    const other = await familyIn(t, s.turma.id);
    expect((await get(foto!.url, other.cookie)).statusCode).toBe(404);

    // The PDF prints it.
    const pdf = await get(
      `/api/alunos/${s.family.child.id}/relatorio-desenvolvimento.pdf?periodo_id=${s.periodo}`,
      s.family.cookie,
    );
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.toString('latin1')).toContain('/Subtype /Image');

    // Withdrawn consent: nobody reads it any more, and the PDF leaves it out.
    await giveImageConsent(s.family.cookie, s.family.child.id, false);
    expect((await get(foto!.url, s.admin.cookie)).statusCode).toBe(404);
    const without = await get(
      `/api/alunos/${s.family.child.id}/relatorio-desenvolvimento.pdf?periodo_id=${s.periodo}`,
      s.family.cookie,
    );
    expect(without.rawPayload.toString('latin1')).not.toContain('/Subtype /Image');
  });

  it('sends a published parecer back to review when a photo is added or removed, and audits the removal', async () => {
    const s = await infantilSchool();
    await giveImageConsent(s.admin.cookie, s.family.child.id);
    const first = dataOf<Parecer>(await upload(s.base, s.teacher.cookie, await drawing())).fotos[0]!;
    await send('POST', `${s.base}/revisar`, s.admin.cookie, {});
    await send('POST', `${s.base}/publicar`, s.admin.cookie, {});
    const removed = await send('DELETE', `${s.base}/fotos/${first.id}`, s.teacher.cookie);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(dataOf<Parecer>(removed)).toMatchObject({ status: 'rascunho', fotos: [] });
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'excluir_foto'));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.details).toMatchObject({ foto_id: first.id, status_anterior: 'publicado' });
    expect((await send('DELETE', `${s.base}/fotos/${first.id}`, s.teacher.cookie)).statusCode).toBe(404);
  });

  it('takes images only, up to the limit, and only from who writes the parecer', async () => {
    const s = await infantilSchool();
    await giveImageConsent(s.admin.cookie, s.family.child.id);
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    expect((await upload(s.base, s.teacher.cookie, html, 'image/jpeg')).statusCode).toBe(415);
    expect((await upload(s.base, s.family.cookie, await drawing())).statusCode).toBe(403);
    for (let index = 0; index < PARECER_FOTOS_MAX; index += 1)
      expect((await upload(s.base, s.teacher.cookie, await drawing())).statusCode).toBe(201);
    const over = await upload(s.base, s.teacher.cookie, await drawing());
    expect(over.statusCode).toBe(409);
    expect(messageOf(over)).toBe(`Cada parecer tem no máximo ${String(PARECER_FOTOS_MAX)} fotos.`);
  });
});
