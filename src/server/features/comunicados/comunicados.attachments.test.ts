/**
 * Notices: attachments (a PDF by its content, served only to the audience).
 */
import { describe, expect, it } from 'vitest';
import type { Comunicado } from '../../../shared/comunicados.schemas.js';
import { dataOf } from '../../test/records-fixtures.js';
import { school, setupComunicadosTest } from './comunicados.test-setup.js';

const { t, get, postNotice } = setupComunicadosTest();

describe('comunicados: attachments', () => {
  const multipart = (name: string, bytes: Buffer) => {
    const boundary = '----anexo';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
  };

  it('accepts a PDF by its content, refuses a disguised file, and serves it only to the audience', async () => {
    const s = await school();
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    const upload = (name: string, bytes: Buffer) => {
      const body = multipart(name, bytes);
      return t.app.inject({
        method: 'POST',
        url: '/api/comunicados/anexos',
        headers: { ...body.headers, cookie: s.admin.cookie },
        payload: body.payload,
      });
    };
    const fake = await upload('circular.pdf', Buffer.from('<html><script>alert(1)</script></html>'));
    expect(fake.statusCode).toBe(415);
    const good = await upload('Circular <b>.pdf', pdf);
    expect(good.statusCode).toBe(201);
    const anexo = dataOf<{ id: string; nome: string; url: string }>(good);
    expect(anexo.nome).toBe('Circular b.pdf');
    // The address the upload answers with opens it for its uploader, and for nobody else.
    const own = await get(anexo.url, s.admin.cookie);
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload.equals(pdf)).toBe(true);
    expect((await get(anexo.url, s.teacherAccount.cookie)).statusCode).toBe(404);
    const created = await postNotice(
      s.admin.cookie,
      { tipo: 'turmas', turmas: [s.classA.id] },
      { anexos: [anexo.id] },
    );
    const comunicado = dataOf<Comunicado>(created);
    expect(comunicado.anexos).toHaveLength(1);
    const url = comunicado.anexos[0]!.url;
    const download = await get(url, s.a1.cookie);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toContain('attachment');
    expect(download.rawPayload.equals(pdf)).toBe(true);
    expect((await get(url, s.b1.cookie)).statusCode).toBe(404);
    // Attached, it is served by the notice's address only.
    expect((await get(anexo.url, s.admin.cookie)).statusCode).toBe(404);
    // An attachment already used cannot be attached to another notice.
    const reuse = await postNotice(s.admin.cookie, { tipo: 'escola' }, { anexos: [anexo.id] });
    expect(reuse.statusCode).toBe(404);
  });
});
