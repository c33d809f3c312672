/**
 * A family justifies an absence; the school accepts (abono: the figures change) or answers (it stays a
 * falta). Every refusal, another family's child, the atestado's type check, the lists, the audit, the
 * notifications (issue 32 §1, ADR 0034).
 */
import sharp from 'sharp';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { StudentAttendance } from '../../../shared/attendance.schemas.js';
import type { Justificativa, JustificativaPage } from '../../../shared/justificativas.schemas.js';
import { auditLog } from '../../db/schema/audit.js';
import { notificacoes } from '../../db/schema/notificacoes.js';
import { dataOf, messageOf } from '../../test/records-fixtures.js';
import { familyIn } from '../../test/school-fixtures.js';
import { clock } from '../../lib/clock.js';
import { get, send, setupAttendanceTestApp, setupSchool, t } from './attendance.test-setup.js';

setupAttendanceTestApp();

const photo = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#3B82F6' } })
    .jpeg()
    .toBuffer();

/** A multipart body with text fields and, optionally, the file in `arquivo`. */
function multipart(fields: Record<string, string>, file?: { name: string; bytes: Buffer }) {
  const boundary = '----justificativa';
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  if (file)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="arquivo"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

function justify(cookie: string, fields: Record<string, string>, file?: { name: string; bytes: Buffer }) {
  const body = multipart(fields, file);
  return t.app.inject({
    method: 'POST',
    url: '/api/frequencia/justificativas',
    headers: { cookie, 'content-type': body.contentType },
    payload: body.payload,
  });
}

/** Class B (daily roll): the family's child b1 misses 16/03 and 18/03, b2 misses 17/03. */
async function schoolWithAbsences() {
  const s = await setupSchool();
  const [b1, b2] = s.b;
  for (const [data, faltas] of [
    ['2026-03-16', [{ aluno_id: b1.id }]],
    ['2026-03-17', [{ aluno_id: b2.id }]],
    ['2026-03-18', [{ aluno_id: b1.id }]],
    ['2026-03-19', []],
  ] as const) {
    const response = await send('PUT', `/api/frequencia/turmas/${s.classB.id}`, s.tutor.cookie, {
      data,
      faltas,
    });
    expect(response.statusCode).toBe(200);
  }
  const figures = async (alunoId = b1.id) =>
    dataOf<StudentAttendance>(await get(`/api/frequencia/alunos/${alunoId}`, s.admin.cookie));
  const faltaOn = async (data: string, alunoId = b1.id) =>
    (await figures(alunoId)).faltas.find((falta) => falta.data === data)!;
  return { ...s, b1: b1, b2: b2, figures, faltaOn };
}

describe('justificativa de falta', () => {
  it('a guardian justifies with a photo; the school accepts: the absence is abonada and stops counting', async () => {
    const s = await schoolWithAbsences();
    expect((await s.figures()).geral).toMatchObject({ aulas_dadas: 4, faltas: 2, frequencia: 50 });
    const falta = await s.faltaOn('2026-03-16');
    const sent = await justify(
      s.guardian.cookie,
      { falta_id: falta.id, motivo: 'Febre, com atestado do pediatra' },
      { name: 'atestado.jpg', bytes: await photo() },
    );
    expect(sent.statusCode).toBe(201);
    expect(messageOf(sent)).toBe('Justificativa enviada à escola.');
    const justificativa = dataOf<Justificativa>(sent);
    expect(justificativa).toMatchObject({
      aluno: { id: s.b1.id },
      data: '2026-03-16',
      faltas: 1,
      situacao: 'enviada',
      resposta: null,
      arquivo: { tipo: 'image/jpeg', nome: 'atestado.jpg' },
    });
    // Sent is not accepted: the figures have not moved.
    expect((await s.figures()).geral).toMatchObject({ faltas: 2, faltas_abonadas: 0 });
    // The school is told, and sees it in its queue with the atestado.
    const [staffNotice] = await t.database.db
      .select()
      .from(notificacoes)
      .where(eq(notificacoes.usuarioId, s.admin.user.id));
    expect(staffNotice).toMatchObject({ titulo: expect.stringContaining('Justificativa de falta') });
    const queue = dataOf<JustificativaPage>(await get('/api/frequencia/justificativas', s.admin.cookie));
    expect(queue.items.map((item) => item.id)).toEqual([justificativa.id]);
    const file = await get(justificativa.arquivo!.url, s.admin.cookie);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect((await get(justificativa.arquivo!.url, s.guardian.cookie)).statusCode).toBe(200);
    // The class's teacher does not answer justifications nor open the atestado (ADR 0034).
    expect((await get(justificativa.arquivo!.url, s.tutor.cookie)).statusCode).toBe(404);
    expect(
      (
        await send('POST', `/api/frequencia/justificativas/${justificativa.id}/responder`, s.tutor.cookie, {
          aceita: true,
        })
      ).statusCode,
    ).toBe(403);

    const accepted = await send(
      'POST',
      `/api/frequencia/justificativas/${justificativa.id}/responder`,
      s.admin.cookie,
      { aceita: true, resposta: 'Atestado recebido. Melhoras!' },
    );
    expect(accepted.statusCode).toBe(200);
    expect(dataOf<Justificativa>(accepted)).toMatchObject({
      situacao: 'aceita',
      resposta: 'Atestado recebido. Melhoras!',
    });
    const after = await s.figures();
    expect(after.geral).toMatchObject({ aulas_dadas: 4, faltas: 1, faltas_abonadas: 1, frequencia: 75 });
    expect(after.faltas.find((item) => item.data === '2026-03-16')).toMatchObject({
      situacao: 'abonada',
      abono_motivo: 'Justificativa da família aceita: Febre, com atestado do pediatra',
    });
    // Answered once only.
    const again = await send(
      'POST',
      `/api/frequencia/justificativas/${justificativa.id}/responder`,
      s.admin.cookie,
      { aceita: false, resposta: 'Não' },
    );
    expect(again.statusCode).toBe(409);
    // The family sees the state and the answer, and is told.
    const mine = dataOf<Justificativa[]>(
      await get('/api/frequencia/justificativas/minhas', s.guardian.cookie),
    );
    expect(mine.map((item) => [item.data, item.situacao, item.resposta])).toEqual([
      ['2026-03-16', 'aceita', 'Atestado recebido. Melhoras!'],
    ]);
    const familyNotices = await t.database.db
      .select()
      .from(notificacoes)
      .where(eq(notificacoes.usuarioId, s.guardian.user.id));
    expect(familyNotices.map((notice) => notice.titulo)).toContain(`Justificativa aceita: ${s.b1.nome}`);
    const audit = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'justificativa_falta'), eq(auditLog.entityId, justificativa.id)));
    expect(audit.map((row) => row.action).sort()).toEqual(['aceitar_justificativa', 'enviar_justificativa']);
  });

  it('answered without accepting, the absence keeps counting with the school’s answer', async () => {
    const s = await schoolWithAbsences();
    const sent = dataOf<Justificativa>(
      await justify(s.guardian.cookie, {
        aluno_id: s.b1.id,
        data: '2026-03-18',
        motivo: 'Viagem da família',
      }),
    );
    expect(sent.arquivo).toBeNull();
    const noAnswer = await send(
      'POST',
      `/api/frequencia/justificativas/${sent.id}/responder`,
      s.admin.cookie,
      {
        aceita: false,
      },
    );
    expect(noAnswer.statusCode).toBe(400);
    const refused = await send(
      'POST',
      `/api/frequencia/justificativas/${sent.id}/responder`,
      s.admin.cookie,
      {
        aceita: false,
        resposta: 'Viagem não é motivo de abono; a falta continua registrada.',
      },
    );
    expect(refused.statusCode).toBe(200);
    expect(messageOf(refused)).toBe('Resposta enviada à família.');
    expect(dataOf<Justificativa>(refused).situacao).toBe('recusada');
    expect((await s.figures()).geral).toMatchObject({ faltas: 2, faltas_abonadas: 0 });
    expect((await s.faltaOn('2026-03-18')).situacao).toBe('injustificada');
    const queue = dataOf<JustificativaPage>(
      await get('/api/frequencia/justificativas?situacao=recusada', s.admin.cookie),
    );
    expect(queue.items.map((item) => item.resposta)).toEqual([
      'Viagem não é motivo de abono; a falta continua registrada.',
    ]);
    expect(dataOf<JustificativaPage>(await get('/api/frequencia/justificativas', s.admin.cookie)).total).toBe(
      0,
    );
  });

  it('refuses a day without absence, a duplicate pending one, a future date, a too old one', async () => {
    const s = await schoolWithAbsences();
    const day = (data: string) =>
      justify(s.guardian.cookie, { aluno_id: s.b1.id, data, motivo: 'Consulta médica' });
    const none = await day('2026-03-19');
    expect(none.statusCode).toBe(400);
    expect(messageOf(none)).toBe(
      `${s.b1.nome} não tem falta registrada em 19/03/2026: não há o que justificar.`,
    );
    const future = await day('2026-03-23');
    expect(future.statusCode).toBe(400);
    expect(messageOf(future)).toBe('A data da falta não pode ser no futuro.');
    expect((await day('2026-03-16')).statusCode).toBe(201);
    const duplicate = await day('2026-03-16');
    expect(duplicate.statusCode).toBe(409);
    expect(messageOf(duplicate)).toContain('aguardando a resposta da escola');
    // The reason the abono would carry: at least 5 characters, as the coordenação's own abono.
    const short = await justify(s.guardian.cookie, { aluno_id: s.b1.id, data: '2026-03-18', motivo: 'Dor' });
    expect(short.statusCode).toBe(400);
    expect(messageOf(short)).toBe('Explique o motivo da falta (ao menos 5 caracteres)');
    const missing = await justify(s.guardian.cookie, { aluno_id: s.b1.id, motivo: 'Consulta' });
    expect(missing.statusCode).toBe(400);
    expect((await justify(s.guardian.cookie, { aluno_id: s.b1.id, data: '2026-03-18' })).statusCode).toBe(
      400,
    );
    // A month and more later the portal no longer takes it (the secretaria still can abonar).
    clock.pin('2026-04-20');
    const old = await day('2026-03-18');
    expect(old.statusCode).toBe(400);
    expect(messageOf(old)).toContain('mais de 30 dias');
  });

  it('an abonada absence cannot be justified again; another family’s child or absence is a 404', async () => {
    const s = await schoolWithAbsences();
    const other = await familyIn(t, s.classB.id);
    const falta = await s.faltaOn('2026-03-17', s.b2.id);
    const foreign = await justify(s.guardian.cookie, { falta_id: falta.id, motivo: 'Doença' });
    expect(foreign.statusCode).toBe(404);
    expect(messageOf(foreign)).toBe('Falta não encontrada.');
    const foreignChild = await justify(other.cookie, {
      aluno_id: s.b1.id,
      data: '2026-03-16',
      motivo: 'Doença',
    });
    expect(foreignChild.statusCode).toBe(404);
    expect(messageOf(foreignChild)).toBe('Aluno não encontrado.');
    // Staff do not justify for families.
    expect(
      (await justify(s.admin.cookie, { aluno_id: s.b1.id, data: '2026-03-16', motivo: 'Doença' })).statusCode,
    ).toBe(404);
    const sent = dataOf<Justificativa>(
      await justify(s.guardian.cookie, { aluno_id: s.b1.id, data: '2026-03-16', motivo: 'Doença' }),
    );
    expect(dataOf<Justificativa[]>(await get('/api/frequencia/justificativas/minhas', other.cookie))).toEqual(
      [],
    );
    expect((await get(`/api/frequencia/justificativas/${sent.id}/arquivo`, other.cookie)).statusCode).toBe(
      404,
    );
    await send(
      'POST',
      `/api/frequencia/faltas/${(await s.faltaOn('2026-03-18')).id}/abonar`,
      s.admin.cookie,
      {
        motivo: 'Exercício domiciliar',
      },
    );
    const abonada = await justify(s.guardian.cookie, {
      aluno_id: s.b1.id,
      data: '2026-03-18',
      motivo: 'Doença',
    });
    expect(abonada.statusCode).toBe(409);
    expect(messageOf(abonada)).toBe(`A falta de ${s.b1.nome} em 18/03/2026 já está abonada.`);
  });

  it('takes a PDF or an image by its content, refuses anything else', async () => {
    const s = await schoolWithAbsences();
    const fields = { aluno_id: s.b1.id, data: '2026-03-16', motivo: 'Consulta' };
    const fake = await justify(s.guardian.cookie, fields, {
      name: 'atestado.pdf',
      bytes: Buffer.from('<html><script>alert(1)</script></html>'),
    });
    expect(fake.statusCode).toBe(415);
    expect(messageOf(fake)).toBe('Envie o atestado em PDF ou como foto (JPEG, PNG ou WebP).');
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    const sent = await justify(s.guardian.cookie, fields, { name: 'Atestado <b>.pdf', bytes: pdf });
    expect(sent.statusCode).toBe(201);
    const arquivo = dataOf<Justificativa>(sent).arquivo!;
    expect(arquivo).toMatchObject({ nome: 'Atestado b.pdf', tipo: 'application/pdf' });
    const served = await get(arquivo.url, s.admin.cookie);
    expect(served.rawPayload.equals(pdf)).toBe(true);
    expect(served.headers['content-disposition']).toContain('attachment');
  });
});
