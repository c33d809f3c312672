/**
 * Notices: how much one account sends (ADR 0018).
 */
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Comunicado } from '../../../shared/comunicados.schemas.js';
import { clock } from '../../lib/clock.js';
import { UPLOAD_LIMITS, WRITE_LIMITS } from '../../lib/write-limits.js';
import { dataOf, insertClass, insertTeacher, messageOf } from '../../test/records-fixtures.js';
import { signedIn } from '../../test/test-app.js';
import { entregas } from '../../db/schema/notificacoes.js';
import { auditLog } from '../../db/schema/audit.js';
import { comunicadoAnexos } from '../../db/schema/comunicados.js';
import { deliver, notice, school, setupComunicadosTest } from './comunicados.test-setup.js';

const { t, send, postNotice } = setupComunicadosTest();

describe('comunicados: how much one account sends (ADR 0018)', () => {
  const T0 = new Date('2026-05-12T14:00:00-03:00');
  beforeEach(() => clock.pin(T0));

  /** `count` entries of the trail as if the account had done `action` on a notice just now. */
  async function pastEntries(actorId: string, action: string, count: number) {
    await t.database.db
      .insert(auditLog)
      .values(
        Array.from({ length: count }, () => ({ actorId, actorNome: 'Alguém', action, entity: 'comunicado' })),
      );
  }
  const dayInSeconds = 24 * 3600;
  const expectRetryAboutADay = (value: unknown) => {
    expect(Number(value)).toBeGreaterThan(dayInSeconds - 120);
    expect(Number(value)).toBeLessThanOrEqual(dayInSeconds);
  };

  async function secondTeacher() {
    const account = await signedIn(t, 'professor');
    const row = await insertTeacher(t, account.user.id);
    const turma = await insertClass(t, row.id);
    return { ...account, turma };
  }

  it('a teacher creates up to the cap a day; the next is 429 (a deletion does not give it back); others are not held', async () => {
    const limit = WRITE_LIMITS.comunicados;
    const s = await school();
    const toClassA = notice({ tipo: 'turmas', turmas: [s.classA.id] });
    await pastEntries(s.teacherAccount.user.id, 'criar', limit.max - 1);
    const last = await send('POST', '/api/comunicados', s.teacherAccount.cookie, toClassA);
    expect(last.statusCode, last.body).toBe(201);
    await deliver();
    const queued = (await t.database.db.select().from(entregas)).length;
    const over = await send('POST', '/api/comunicados', s.teacherAccount.cookie, toClassA);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    expectRetryAboutADay(over.headers['retry-after']);
    expect(messageOf(over)).toMatch(
      new RegExp(
        `^Limite de ${String(limit.max)} comunicados criados em 24 horas atingido\\. Você poderá criar outro a partir de \\d\\d/\\d\\d/\\d{4} \\d\\d:\\d\\d\\.$`,
      ),
    );
    await deliver();
    expect((await t.database.db.select().from(entregas)).length).toBe(queued);
    // Deleting a published notice does not unsend it, nor free a slot.
    const id = dataOf<Comunicado>(last).id;
    expect((await send('DELETE', `/api/comunicados/${id}`, s.teacherAccount.cookie)).statusCode).toBe(200);
    expect((await send('POST', '/api/comunicados', s.teacherAccount.cookie, toClassA)).statusCode).toBe(429);
    // Another teacher, and the school's administration, are not held by this teacher's count.
    const other = await secondTeacher();
    expect((await postNotice(other.cookie, { tipo: 'turmas', turmas: [other.turma.id] })).statusCode).toBe(
      201,
    );
    await pastEntries(s.admin.user.id, 'criar', limit.max);
    expect((await postNotice(s.admin.cookie, { tipo: 'escola' })).statusCode).toBe(201);
  });

  it('reminders and edits have their own caps', async () => {
    const s = await school();
    const created = await postNotice(s.teacherAccount.cookie, { tipo: 'turmas', turmas: [s.classA.id] });
    const comunicado = dataOf<Comunicado>(created);
    const lembretes = WRITE_LIMITS.lembretes;
    await pastEntries(s.teacherAccount.user.id, 'lembrete', lembretes.max - 1);
    const remind = () => send('POST', `/api/comunicados/${comunicado.id}/lembrete`, s.teacherAccount.cookie);
    expect((await remind()).statusCode).toBe(200);
    const tooMany = await remind();
    expect(tooMany.statusCode).toBe(429);
    expectRetryAboutADay(tooMany.headers['retry-after']);
    expect(messageOf(tooMany)).toContain(
      `Limite de ${String(lembretes.max)} lembretes reenviados em 24 horas atingido. Você poderá reenviar outro a partir de`,
    );
    // The administration still reminds.
    expect(
      (await send('POST', `/api/comunicados/${comunicado.id}/lembrete`, s.admin.cookie)).statusCode,
    ).toBe(200);

    const edicoes = WRITE_LIMITS.comunicadoEdicoes;
    await pastEntries(s.teacherAccount.user.id, 'atualizar', edicoes.max - 1);
    const edit = (version: number) =>
      send('PUT', `/api/comunicados/${comunicado.id}`, s.teacherAccount.cookie, {
        ...notice({ tipo: 'turmas', turmas: [s.classA.id] }),
        titulo: `Reunião de pais (v${String(version)})`,
        version,
      });
    const edited = await edit(comunicado.version);
    expect(edited.statusCode, edited.body).toBe(200);
    const overEdit = await edit(dataOf<Comunicado>(edited).version);
    expect(overEdit.statusCode).toBe(429);
    expect(messageOf(overEdit)).toContain(
      `Limite de ${String(edicoes.max)} edições de comunicados em 24 horas`,
    );
  });

  describe('attachments', () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    const upload = (cookie: string) => {
      const boundary = '----anexo';
      return t.app.inject({
        method: 'POST',
        url: '/api/comunicados/anexos',
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, cookie },
        payload: Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="circular.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
          ),
          pdf,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
      });
    };
    /** Stored uploads as if sent `hoursAgo`: `tamanho` is what the caps read (the bytes stay tiny). */
    async function pastUploads(enviadoPor: string, sizes: number[], hoursAgo: number) {
      await t.database.db.insert(comunicadoAnexos).values(
        sizes.map((tamanho, index) => ({
          nome: `arquivo-${String(index)}.pdf`,
          mimeType: 'application/pdf',
          tamanho,
          sha256: 'x',
          bytes: Buffer.from('x'),
          enviadoPor,
          createdAt: new Date(T0.getTime() - hoursAgo * 3600_000),
        })),
      );
    }

    it(`one account stores at most ${String(UPLOAD_LIMITS.accountBytes / 1024 / 1024)} MB a day; the next is 429 saying when it frees; others are not held`, async () => {
      const s = await school();
      await pastUploads(s.teacherAccount.user.id, [UPLOAD_LIMITS.accountBytes - pdf.length], 2);
      expect((await upload(s.teacherAccount.cookie)).statusCode).toBe(201);
      const over = await upload(s.teacherAccount.cookie);
      expect(over.statusCode).toBe(429);
      expect(over.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
      expect(Number(over.headers['retry-after'])).toBe(22 * 3600);
      expect(messageOf(over)).toBe(
        'Limite de 100 MB em anexos enviados em 24 horas atingido (você enviou 100 MB). Você poderá enviar este arquivo a partir de 13/05/2026 12:00.',
      );
      const other = await secondTeacher();
      expect((await upload(other.cookie)).statusCode).toBe(201);
      expect((await upload(s.admin.cookie)).statusCode).toBe(201);
      // Uploads older than a day no longer count.
      clock.pin(new Date(T0.getTime() + 22 * 3600_000 + 1000));
      expect((await upload(s.teacherAccount.cookie)).statusCode).toBe(201);
    });

    it(`one account sends at most ${String(UPLOAD_LIMITS.accountFiles)} files a day`, async () => {
      const s = await school();
      await pastUploads(
        s.teacherAccount.user.id,
        Array.from({ length: UPLOAD_LIMITS.accountFiles - 1 }, () => 1000),
        1,
      );
      expect((await upload(s.teacherAccount.cookie)).statusCode).toBe(201);
      const over = await upload(s.teacherAccount.cookie);
      expect(over.statusCode).toBe(429);
      expect(Number(over.headers['retry-after'])).toBe(23 * 3600);
      expect(messageOf(over)).toBe(
        `Limite de ${String(UPLOAD_LIMITS.accountFiles)} anexos enviados em 24 horas atingido. Você poderá enviar outro a partir de 13/05/2026 13:00.`,
      );
    });

    it('the uploads not yet in a notice have one cap for the whole school, administrators included', async () => {
      const s = await school();
      const other = await secondTeacher();
      await pastUploads(other.user.id, [UPLOAD_LIMITS.pendingBytes - pdf.length], 3);
      expect((await upload(s.admin.cookie)).statusCode).toBe(201);
      const over = await upload(s.admin.cookie);
      expect(over.statusCode).toBe(429);
      expect(Number(over.headers['retry-after'])).toBe(21 * 3600);
      expect(messageOf(over)).toBe(
        'O espaço da escola para anexos ainda não usados em comunicados (1 GB) está cheio; eles são apagados 1 dia depois do envio. Tente de novo a partir de 13/05/2026 11:00.',
      );
      // Used in a notice, an upload no longer counts against the school's space.
      const [pending] = await t.database.db
        .select({ id: comunicadoAnexos.id })
        .from(comunicadoAnexos)
        .where(eq(comunicadoAnexos.enviadoPor, s.admin.user.id));
      await postNotice(s.admin.cookie, { tipo: 'escola' }, { anexos: [pending!.id] });
      expect((await upload(s.admin.cookie)).statusCode).toBe(201);
    });
  });
});
