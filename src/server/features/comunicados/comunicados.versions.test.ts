/**
 * Notices: a notice confirmed by families keeps every version (issue 29, item 4).
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Comunicado, ComunicadoPage, Leituras, Versoes } from '../../../shared/comunicados.schemas.js';
import type { NotificacaoPage } from '../../../shared/notificacoes.schemas.js';
import { dataOf, messageOf } from '../../test/records-fixtures.js';
import { auditLog } from '../../db/schema/audit.js';
import { comunicadoCientes } from '../../db/schema/comunicados.js';
import { deliver, school, setupComunicadosTest } from './comunicados.test-setup.js';

const { t, send, get, publishNotice } = setupComunicadosTest();

describe('comunicados: a notice confirmed by families keeps every version (issue 29, item 4)', () => {
  const passeio = (corpo: string, extra: object = {}) => ({
    titulo: 'Passeio ao museu',
    corpo,
    publico: { tipo: 'turmas', turmas: [] as string[] },
    exige_ciente: true,
    ...extra,
  });

  async function confirmed() {
    const s = await school();
    const body = passeio('O passeio custa R$ 20.');
    body.publico.turmas = [s.classA.id];
    const created = dataOf<Comunicado>(await send('POST', '/api/comunicados', s.teacherAccount.cookie, body));
    await get(`/api/comunicados/${created.id}`, s.a1.cookie);
    const ciente = await send('POST', `/api/comunicados/${created.id}/ciente`, s.a1.cookie, { versao: 1 });
    expect(dataOf<{ versao: number }>(ciente).versao).toBe(1);
    await deliver();
    return { s, created, body };
  }

  it('a change of the text after a ciente is a new version: the family sees what they confirmed and is asked again', async () => {
    const { s, created, body } = await confirmed();
    const id = created.id;
    const changed = await send('PUT', `/api/comunicados/${id}`, s.teacherAccount.cookie, {
      ...body,
      corpo: 'O passeio custa R$ 350 e a família autoriza o uso de imagem.',
      version: created.version,
    });
    expect(changed.statusCode).toBe(200);
    expect(dataOf<Comunicado>(changed)).toMatchObject({ versao_texto: 2, contagem: { cientes: 0 } });

    // The family: the ciente was on version 1, the text in force asks for a new one.
    await deliver();
    const seen = dataOf<Comunicado>(await get(`/api/comunicados/${id}`, s.a1.cookie));
    expect(seen.corpo).toContain('R$ 350');
    expect(seen.recebido).toMatchObject({ ciente_em: null, cientes: [{ versao: 1 }] });
    const inbox = dataOf<ComunicadoPage>(await get('/api/comunicados', s.a1.cookie));
    expect(inbox.items[0]?.recebido).toMatchObject({ ciente_em: null, cientes: [{ versao: 1 }] });
    const bell = dataOf<NotificacaoPage>(await get('/api/notificacoes', s.a1.cookie));
    expect(bell.items[0]).toMatchObject({ titulo: 'Comunicado alterado: Passeio ao museu' });
    // The other family never confirmed: no notice of the change.
    expect(dataOf<NotificacaoPage>(await get('/api/notificacoes', s.a2.cookie)).items).toHaveLength(1);
    const versoes = dataOf<Versoes>(await get(`/api/comunicados/${id}/versoes`, s.a1.cookie));
    expect(versoes.atual).toBe(2);
    expect(versoes.versoes.map((item) => [item.numero, item.corpo, item.cientes])).toEqual([
      [2, 'O passeio custa R$ 350 e a família autoriza o uso de imagem.', null],
      [1, 'O passeio custa R$ 20.', null],
    ]);

    // A ciente sent for the version the family read before the change is refused, not moved to the new text.
    const stale = await send('POST', `/api/comunicados/${id}/ciente`, s.a1.cookie, { versao: 1 });
    expect(stale.statusCode).toBe(409);
    expect(messageOf(stale)).toContain('versão 2');
    const again = await send('POST', `/api/comunicados/${id}/ciente`, s.a1.cookie, { versao: 2 });
    expect(dataOf<{ versao: number }>(again).versao).toBe(2);

    // The school: who confirmed which version, and the edit's before and after in the audit.
    const leituras = dataOf<Leituras>(await get(`/api/comunicados/${id}/leituras`, s.admin.cookie));
    expect(leituras.versao_texto).toBe(2);
    expect(
      leituras.itens.find((item) => item.usuario_id === s.a1.user.id)?.cientes.map((c) => c.versao),
    ).toEqual([1, 2]);
    const perVersion = dataOf<Versoes>(await get(`/api/comunicados/${id}/versoes`, s.admin.cookie));
    expect(perVersion.versoes.map((item) => item.cientes)).toEqual([1, 1]);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'atualizar')));
    expect(audit?.details).toMatchObject({
      antes: { corpo: 'O passeio custa R$ 20.' },
      depois: { corpo: 'O passeio custa R$ 350 e a família autoriza o uso de imagem.' },
      versao_texto: 2,
      nova_versao: true,
      cientes_pedidos_de_novo: 1,
    });
  });

  it('a change of the expiry alone keeps the version; before any ciente the text is corrected in place', async () => {
    const { s, created, body } = await confirmed();
    const expiry = await send('PUT', `/api/comunicados/${created.id}`, s.teacherAccount.cookie, {
      ...body,
      expira_em: '2099-01-01T00:00:00-03:00',
      version: created.version,
    });
    expect(dataOf<Comunicado>(expiry)).toMatchObject({ versao_texto: 1, contagem: { cientes: 1 } });

    const fresh = passeio('Reunião às 19h.');
    fresh.publico.turmas = [s.classA.id];
    const other = dataOf<Comunicado>(await send('POST', '/api/comunicados', s.admin.cookie, fresh));
    const fixed = dataOf<Comunicado>(
      await send('PUT', `/api/comunicados/${other.id}`, s.admin.cookie, {
        ...fresh,
        corpo: 'Reunião às 19h30.',
        version: other.version,
      }),
    );
    expect(fixed.versao_texto).toBe(1);
    const versoes = dataOf<Versoes>(await get(`/api/comunicados/${other.id}/versoes`, s.admin.cookie));
    expect(versoes.versoes.map((item) => item.corpo)).toEqual(['Reunião às 19h30.']);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, other.id), eq(auditLog.action, 'atualizar')));
    expect(audit?.details).toMatchObject({
      antes: { corpo: 'Reunião às 19h.' },
      depois: { corpo: 'Reunião às 19h30.' },
    });
  });

  it('an attachment taken out after a ciente stays with the version that had it', async () => {
    const { s, created, body } = await confirmed();
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    const boundary = '----anexo';
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/comunicados/anexos',
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        cookie: s.teacherAccount.cookie,
      },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="autorizacao.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
        ),
        pdf,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    const anexo = dataOf<{ id: string }>(uploaded);
    const withFile = dataOf<Comunicado>(
      await send('PUT', `/api/comunicados/${created.id}`, s.teacherAccount.cookie, {
        ...body,
        anexos: [anexo.id],
        version: created.version,
      }),
    );
    expect(withFile.versao_texto).toBe(2);
    await send('POST', `/api/comunicados/${created.id}/ciente`, s.a1.cookie, { versao: 2 });
    const without = dataOf<Comunicado>(
      await send('PUT', `/api/comunicados/${created.id}`, s.teacherAccount.cookie, {
        ...body,
        anexos: [],
        version: withFile.version,
      }),
    );
    expect(without).toMatchObject({ versao_texto: 3, anexos: [] });
    const versoes = dataOf<Versoes>(await get(`/api/comunicados/${created.id}/versoes`, s.a1.cookie));
    expect(versoes.versoes.map((item) => item.anexos.length)).toEqual([0, 1, 0]);
    const download = await get(versoes.versoes[1]!.anexos[0]!.url, s.a1.cookie);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(pdf)).toBe(true);
  });

  it('a delete after a ciente only marks it removed: gone for families, versions and cientes kept for the school', async () => {
    const { s, created } = await confirmed();
    const id = created.id;
    const removed = await send('DELETE', `/api/comunicados/${id}`, s.teacherAccount.cookie);
    expect(removed.statusCode).toBe(200);
    expect(messageOf(removed)).toContain('ficam guardadas');
    // Families: gone from the list, the notice and the bell.
    expect(dataOf<ComunicadoPage>(await get('/api/comunicados', s.a1.cookie)).items).toEqual([]);
    expect((await get(`/api/comunicados/${id}`, s.a1.cookie)).statusCode).toBe(404);
    expect((await get(`/api/comunicados/${id}/versoes`, s.a1.cookie)).statusCode).toBe(404);
    expect((await send('POST', `/api/comunicados/${id}/ciente`, s.a2.cookie, { versao: 1 })).statusCode).toBe(
      404,
    );
    expect(dataOf<NotificacaoPage>(await get('/api/notificacoes', s.a2.cookie)).nao_lidas).toBe(0);
    // The school: still listed (marked), who confirmed it, its text.
    const sent = dataOf<ComunicadoPage>(await get('/api/comunicados?caixa=enviados', s.admin.cookie));
    expect(sent.items.find((item) => item.id === id)).toMatchObject({
      removido_por: s.teacherAccount.user.nome,
      pode_editar: false,
    });
    const leituras = dataOf<Leituras>(await get(`/api/comunicados/${id}/leituras`, s.admin.cookie));
    expect(leituras.contagem.cientes).toBe(1);
    expect(leituras.itens.find((item) => item.usuario_id === s.a1.user.id)?.cientes).toHaveLength(1);
    const versoes = dataOf<Versoes>(await get(`/api/comunicados/${id}/versoes`, s.admin.cookie));
    expect(versoes.versoes.map((item) => item.corpo)).toEqual(['O passeio custa R$ 20.']);
    expect(
      await t.database.db.select().from(comunicadoCientes).where(eq(comunicadoCientes.comunicadoId, id)),
    ).toHaveLength(1);
    // Nothing more is done with it.
    expect((await send('DELETE', `/api/comunicados/${id}`, s.admin.cookie)).statusCode).toBe(409);
    expect((await send('POST', `/api/comunicados/${id}/lembrete`, s.admin.cookie)).statusCode).toBe(409);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'excluir')));
    expect(audit?.details).toMatchObject({ mantido: true, cientes: 1 });

    // Before any ciente a delete is still a delete.
    const other = await publishNotice(s.admin.cookie, { tipo: 'turmas', turmas: [s.classA.id] });
    expect((await send('DELETE', `/api/comunicados/${other.id}`, s.admin.cookie)).statusCode).toBe(200);
    expect((await get(`/api/comunicados/${other.id}`, s.admin.cookie)).statusCode).toBe(404);
  });
});
