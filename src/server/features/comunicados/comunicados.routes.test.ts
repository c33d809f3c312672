import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type {
  Comunicado,
  ComunicadoPage,
  Leituras,
  PublicoOpcoes,
  Versoes,
} from '../../../shared/comunicados.schemas.js';
import type { NotificacaoPage } from '../../../shared/notificacoes.schemas.js';
import { clock } from '../../lib/clock.js';
import { UPLOAD_LIMITS, WRITE_LIMITS } from '../../lib/write-limits.js';
import {
  dataOf,
  insertClass,
  insertGuardian,
  insertStudent,
  insertTeacher,
  messageOf,
} from '../../test/records-fixtures.js';
import { createTestApp, requestsOf, signedIn, type TestApp } from '../../test/test-app.js';
import { students } from '../students/students.table.js';
import { entregas } from '../notificacoes/notificacoes.table.js';
import { auditLog } from '../audit/audit.table.js';
import { classes } from '../classes/classes.table.js';
import { fillMissingSummaries, publishDueComunicados } from './comunicados.publish.js';
import { comunicadoAnexos, comunicadoCientes, comunicados } from './comunicados.table.js';

let t: TestApp;
const { send, get } = requestsOf(() => t.app);
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.reset());
afterEach(() => clock.unpin());

/** A guardian with a portal account and a child in the class. */
async function family(turmaId: string | null) {
  const account = await signedIn(t, 'responsavel');
  const guardian = await insertGuardian(t, account.user.id);
  const child = await insertStudent(t, turmaId, guardian.id);
  return { ...account, guardian, child };
}

async function school() {
  const admin = await signedIn(t, 'administrador');
  const teacherAccount = await signedIn(t, 'professor');
  const teacher = await insertTeacher(t, teacherAccount.user.id);
  const classA = await insertClass(t, teacher.id);
  const classB = await insertClass(t, null);
  const a1 = await family(classA.id);
  const a2 = await family(classA.id);
  const b1 = await family(classB.id);
  return { admin, teacherAccount, teacher, classA, classB, a1, a2, b1 };
}

const notice = (publico: object, extra: object = {}) => ({
  titulo: 'Reunião de pais',
  corpo: 'Reunião **quinta-feira** às 19h.\n- Traga a agenda\n- [Pauta](https://escola.test/pauta)',
  publico,
  ...extra,
});

describe('comunicados: audience and scope', () => {
  it('reaches only the families of the chosen class; others get 404 and never see it', async () => {
    const s = await school();
    const created = await send(
      'POST',
      '/api/comunicados',
      s.admin.cookie,
      notice({ tipo: 'turmas', turmas: [s.classA.id] }, { exige_ciente: true }),
    );
    expect(created.statusCode).toBe(201);
    const id = dataOf<Comunicado>(created).id;
    expect(dataOf<Comunicado>(created).contagem).toEqual({ destinatarios: 2, lidos: 0, cientes: 0 });

    const mine = dataOf<ComunicadoPage>(await get('/api/comunicados', s.a1.cookie));
    expect(mine.items.map((item) => item.id)).toEqual([id]);
    expect(mine.nao_lidos).toBe(1);
    expect(mine.items[0]!.recebido?.alunos).toEqual([{ id: s.a1.child.id, nome: s.a1.child.nome }]);

    const other = dataOf<ComunicadoPage>(await get('/api/comunicados', s.b1.cookie));
    expect(other.items).toEqual([]);
    expect((await get(`/api/comunicados/${id}`, s.b1.cookie)).statusCode).toBe(404);
    expect((await send('POST', `/api/comunicados/${id}/ciente`, s.b1.cookie)).statusCode).toBe(404);
    // The bell: the class's families have one, the other family none.
    expect(dataOf<NotificacaoPage>(await get('/api/notificacoes', s.a2.cookie)).nao_lidas).toBe(1);
    expect(dataOf<NotificacaoPage>(await get('/api/notificacoes', s.b1.cookie)).nao_lidas).toBe(0);
  });

  it('sends a family with two children in two classes the notice once, naming both children', async () => {
    const s = await school();
    const second = await insertStudent(t, s.classB.id, s.a1.guardian.id);
    const created = await send('POST', '/api/comunicados', s.admin.cookie, notice({ tipo: 'escola' }));
    const id = dataOf<Comunicado>(created).id;
    expect(dataOf<Comunicado>(created).contagem?.destinatarios).toBe(3);
    const page = dataOf<ComunicadoPage>(await get('/api/comunicados', s.a1.cookie));
    expect(page.items).toHaveLength(1);
    expect(page.items[0]!.recebido?.alunos.map((aluno) => aluno.id).sort()).toEqual(
      [s.a1.child.id, second.id].sort(),
    );
    // Filter by child.
    const byChild = dataOf<ComunicadoPage>(await get(`/api/comunicados?aluno_id=${second.id}`, s.a1.cookie));
    expect(byChild.items.map((item) => item.id)).toEqual([id]);
    const rows = await t.database.db.select().from(entregas).where(eq(entregas.canal, 'email'));
    expect(rows.filter((row) => row.destino === s.a1.user.email)).toHaveLength(1);
  });

  it('resolves séries, chosen students and staff only', async () => {
    const s = await school();
    const bySerie = await send(
      'POST',
      '/api/comunicados',
      s.admin.cookie,
      notice({ tipo: 'segmentos', series: ['3º ano'] }),
    );
    expect(dataOf<Comunicado>(bySerie).contagem?.destinatarios).toBe(3);
    const chosen = await send(
      'POST',
      '/api/comunicados',
      s.admin.cookie,
      notice({ tipo: 'alunos', alunos: [s.b1.child.id] }),
    );
    expect(dataOf<Comunicado>(chosen).contagem?.destinatarios).toBe(1);
    const staff = await send('POST', '/api/comunicados', s.admin.cookie, notice({ tipo: 'equipe' }));
    expect(dataOf<Comunicado>(staff).contagem?.destinatarios).toBe(2);
    const teacherInbox = dataOf<ComunicadoPage>(
      await get('/api/comunicados?caixa=recebidos', s.teacherAccount.cookie),
    );
    expect(teacherInbox.items.map((item) => item.id)).toEqual([dataOf<Comunicado>(staff).id]);
    expect(dataOf<ComunicadoPage>(await get('/api/comunicados', s.b1.cookie)).items).toHaveLength(2);
  });

  it('lets a teacher write only to their own classes', async () => {
    const s = await school();
    const own = await send(
      'POST',
      '/api/comunicados',
      s.teacherAccount.cookie,
      notice({ tipo: 'turmas', turmas: [s.classA.id] }),
    );
    expect(own.statusCode).toBe(201);
    const foreign = await send(
      'POST',
      '/api/comunicados',
      s.teacherAccount.cookie,
      notice({ tipo: 'turmas', turmas: [s.classB.id] }),
    );
    expect(foreign.statusCode).toBe(404);
    const whole = await send('POST', '/api/comunicados', s.teacherAccount.cookie, notice({ tipo: 'escola' }));
    expect(whole.statusCode).toBe(403);
    // A guardian cannot write at all; a teacher cannot manage someone else's notice.
    expect((await send('POST', '/api/comunicados', s.a1.cookie, notice({ tipo: 'escola' }))).statusCode).toBe(
      403,
    );
    const adminNotice = dataOf<Comunicado>(
      await send('POST', '/api/comunicados', s.admin.cookie, notice({ tipo: 'escola' })),
    );
    expect(
      (await get(`/api/comunicados/${adminNotice.id}/leituras`, s.teacherAccount.cookie)).statusCode,
    ).toBe(404);
    expect(
      (await send('DELETE', `/api/comunicados/${adminNotice.id}`, s.teacherAccount.cookie)).statusCode,
    ).toBe(404);
  });

  it('names the chosen students to whoever manages the notice (the edit form), never to a family', async () => {
    const s = await school();
    const scheduled = dataOf<Comunicado>(
      await send(
        'POST',
        '/api/comunicados',
        s.admin.cookie,
        notice(
          { tipo: 'alunos', alunos: [s.a1.child.id, s.b1.child.id] },
          { publicar_em: new Date(Date.now() + 86_400_000).toISOString() },
        ),
      ),
    );
    const managed = dataOf<Comunicado>(await get(`/api/comunicados/${scheduled.id}`, s.admin.cookie));
    expect(new Map(managed.alunos_escolhidos.map((aluno) => [aluno.id, aluno.nome]))).toEqual(
      new Map([
        [s.a1.child.id, s.a1.child.nome],
        [s.b1.child.id, s.b1.child.nome],
      ]),
    );
    const published = dataOf<Comunicado>(
      await send(
        'POST',
        '/api/comunicados',
        s.admin.cookie,
        notice({ tipo: 'alunos', alunos: [s.a1.child.id, s.b1.child.id] }),
      ),
    );
    const asFamily = dataOf<Comunicado>(await get(`/api/comunicados/${published.id}`, s.a1.cookie));
    expect(asFamily.alunos_escolhidos).toEqual([]);
    // Nor the other chosen children's ids, in the notice or in the family's list.
    expect(asFamily.publico).toMatchObject({ tipo: 'alunos', alunos: [] });
    const familyList = dataOf<ComunicadoPage>(await get('/api/comunicados', s.a1.cookie));
    const listed = familyList.items.find((item) => item.id === published.id);
    expect(listed?.publico.alunos).toEqual([]);
    expect(JSON.stringify(familyList)).not.toContain(s.b1.child.id);
    const asAuthor = dataOf<Comunicado>(await get(`/api/comunicados/${published.id}`, s.admin.cookie));
    expect(asAuthor.publico.alunos.sort()).toEqual([s.a1.child.id, s.b1.child.id].sort());
  });

  it('offers the classes a teacher may address with their count of active students', async () => {
    const s = await school();
    const opcoes = dataOf<PublicoOpcoes>(await get('/api/comunicados/opcoes', s.teacherAccount.cookie));
    expect(opcoes.turmas.map((turma) => [turma.id, turma.alunos])).toEqual([[s.classA.id, 2]]);
    const all = dataOf<PublicoOpcoes>(await get('/api/comunicados/opcoes', s.admin.cookie));
    expect(new Map(all.turmas.map((turma) => [turma.id, turma.alunos]))).toEqual(
      new Map([
        [s.classA.id, 2],
        [s.classB.id, 1],
      ]),
    );
  });

  it('resolves a future-dated notice at its publication; a student who joins later gets it only on resend', async () => {
    const s = await school();
    clock.pin(new Date('2026-05-04T09:00:00-03:00'));
    const created = await send(
      'POST',
      '/api/comunicados',
      s.admin.cookie,
      notice({ tipo: 'turmas', turmas: [s.classA.id] }, { publicar_em: '2026-05-05T08:00:00-03:00' }),
    );
    const id = dataOf<Comunicado>(created).id;
    expect(dataOf<Comunicado>(created).publicado_em).toBeNull();
    expect(dataOf<ComunicadoPage>(await get('/api/comunicados', s.a1.cookie)).items).toEqual([]);
    // Joins before publication: receives it.
    const early = await family(s.classA.id);
    expect(await publishDueComunicados(t.app.ctx)).toBe(0);
    clock.pin(new Date('2026-05-05T08:00:01-03:00'));
    expect(await publishDueComunicados(t.app.ctx)).toBe(1);
    expect(
      dataOf<ComunicadoPage>(await get('/api/comunicados', early.cookie)).items.map((item) => item.id),
    ).toEqual([id]);
    // Joins after: does not, until the author resends.
    const late = await family(s.classB.id);
    await t.database.db.update(students).set({ turmaId: s.classA.id }).where(eq(students.id, late.child.id));
    expect(dataOf<ComunicadoPage>(await get('/api/comunicados', late.cookie)).items).toEqual([]);
    const reminder = await send('POST', `/api/comunicados/${id}/lembrete`, s.admin.cookie);
    expect(dataOf<{ novos: number; lembrados: number }>(reminder)).toEqual({ novos: 1, lembrados: 3 });
    expect(dataOf<ComunicadoPage>(await get('/api/comunicados', late.cookie)).items).toHaveLength(1);
  });

  it('refuses a publication date more than a year ahead, on creating and on editing', async () => {
    const s = await school();
    clock.pin(new Date('2026-05-04T09:00:00-03:00'));
    const typo = await send(
      'POST',
      '/api/comunicados',
      s.admin.cookie,
      notice({ tipo: 'escola' }, { publicar_em: '2062-05-05T08:00:00-03:00' }),
    );
    expect(typo.statusCode).toBe(400);
    expect(typo.json()).toMatchObject({
      message: 'Agende a publicação para no máximo um ano a partir de hoje.',
      details: [{ path: 'publicar_em' }],
    });
    const scheduled = await send(
      'POST',
      '/api/comunicados',
      s.admin.cookie,
      notice({ tipo: 'escola' }, { publicar_em: '2027-05-04T08:00:00-03:00' }),
    );
    expect(scheduled.statusCode).toBe(201);
    const created = dataOf<Comunicado>(scheduled);
    const edited = await send(
      'PUT',
      `/api/comunicados/${created.id}`,
      s.admin.cookie,
      notice({ tipo: 'escola' }, { publicar_em: '9999-12-31T08:00:00-03:00', version: created.version }),
    );
    expect(edited.statusCode).toBe(400);
    expect(edited.json()).toMatchObject({ details: [{ path: 'publicar_em' }] });
  });

  it('hides an expired notice from the families list', async () => {
    const s = await school();
    clock.pin(new Date('2026-05-04T09:00:00-03:00'));
    await send(
      'POST',
      '/api/comunicados',
      s.admin.cookie,
      notice({ tipo: 'escola' }, { expira_em: '2026-05-10T00:00:00-03:00' }),
    );
    expect(dataOf<ComunicadoPage>(await get('/api/comunicados', s.a1.cookie)).items).toHaveLength(1);
    clock.pin(new Date('2026-05-11T09:00:00-03:00'));
    expect(dataOf<ComunicadoPage>(await get('/api/comunicados', s.a1.cookie)).items).toHaveLength(0);
  });
});

describe('comunicados: read and ciente', () => {
  it('records read and ciente once, with their first time; the author sees who is pending', async () => {
    const s = await school();
    clock.pin(new Date('2026-05-04T09:00:00-03:00'));
    const id = dataOf<Comunicado>(
      await send(
        'POST',
        '/api/comunicados',
        s.admin.cookie,
        notice({ tipo: 'turmas', turmas: [s.classA.id] }, { exige_ciente: true }),
      ),
    ).id;
    clock.pin(new Date('2026-05-04T10:00:00-03:00'));
    const opened = dataOf<Comunicado>(await get(`/api/comunicados/${id}`, s.a1.cookie));
    expect(opened.recebido?.lido_em).toBe('2026-05-04T13:00:00.000Z');
    // Opening it read the bell's entry too.
    expect(dataOf<NotificacaoPage>(await get('/api/notificacoes', s.a1.cookie)).nao_lidas).toBe(0);
    const first = await send('POST', `/api/comunicados/${id}/ciente`, s.a1.cookie);
    expect(dataOf<{ ciente_em: string }>(first).ciente_em).toBe('2026-05-04T13:00:00.000Z');
    clock.pin(new Date('2026-05-06T10:00:00-03:00'));
    const again = await send('POST', `/api/comunicados/${id}/ciente`, s.a1.cookie);
    expect(dataOf<{ ciente_em: string }>(again).ciente_em).toBe('2026-05-04T13:00:00.000Z');
    expect(dataOf<Comunicado>(await get(`/api/comunicados/${id}`, s.a1.cookie)).recebido?.lido_em).toBe(
      '2026-05-04T13:00:00.000Z',
    );
    // The author opening it records nothing for anyone; the author cannot confirm for a family.
    await get(`/api/comunicados/${id}`, s.admin.cookie);
    expect((await send('POST', `/api/comunicados/${id}/ciente`, s.admin.cookie)).statusCode).toBe(404);
    const leituras = dataOf<Leituras>(await get(`/api/comunicados/${id}/leituras`, s.admin.cookie));
    expect(leituras.contagem).toEqual({ destinatarios: 2, lidos: 1, cientes: 1 });

    const pending = dataOf<Leituras>(
      await get(`/api/comunicados/${id}/leituras?situacao=pendentes`, s.admin.cookie),
    );
    expect(pending.itens.map((item) => item.usuario_id)).toEqual([s.a2.user.id]);
    expect(pending.itens[0]!.alunos).toEqual([s.a2.child.nome]);
    // Reminder goes to the pending family only.
    const reminder = dataOf<{ lembrados: number; novos: number }>(
      await send('POST', `/api/comunicados/${id}/lembrete`, s.admin.cookie),
    );
    expect(reminder).toEqual({ lembrados: 1, novos: 0 });
    expect(dataOf<NotificacaoPage>(await get('/api/notificacoes', s.a2.cookie)).nao_lidas).toBe(2);
    expect(dataOf<NotificacaoPage>(await get('/api/notificacoes', s.a1.cookie)).nao_lidas).toBe(0);
  });

  it('refuses ciente on a notice that does not ask for it', async () => {
    const s = await school();
    const id = dataOf<Comunicado>(
      await send('POST', '/api/comunicados', s.admin.cookie, notice({ tipo: 'escola' })),
    ).id;
    expect((await send('POST', `/api/comunicados/${id}/ciente`, s.a1.cookie)).statusCode).toBe(409);
  });
});

describe('comunicados: delivery switches and preferences', () => {
  it('queues e-mail only when the school has it on and the person did not turn it off', async () => {
    const s = await school();
    await send('PUT', '/api/notificacoes/preferencias', s.a1.cookie, {
      itens: [{ tipo: 'comunicado', email: false, sms: true }],
    });
    await send('POST', '/api/comunicados', s.admin.cookie, notice({ tipo: 'turmas', turmas: [s.classA.id] }));
    const mails = await t.database.db.select().from(entregas);
    expect(mails.map((row) => row.destino)).toEqual([s.a2.user.email]);
    expect(mails[0]!.texto).toContain('http://localhost:3000/dashboard/comunicados?id=');
    expect(mails.every((row) => row.canal === 'email')).toBe(true);

    await t.database.db.execute(sql`delete from entregas`);
    const settings = dataOf<Record<string, unknown>>(await get('/api/configuracoes/sistema', s.admin.cookie));
    const values = Object.fromEntries(
      Object.entries(settings).filter(([key]) => key !== 'sms_disponivel' && key !== 'updated_at'),
    );
    const saved = await send('PUT', '/api/configuracoes/sistema', s.admin.cookie, {
      ...values,
      notificacoes_email: false,
    });
    expect(saved.statusCode).toBe(200);
    await send('POST', '/api/comunicados', s.admin.cookie, notice({ tipo: 'escola' }));
    expect(await t.database.db.select().from(entregas)).toEqual([]);
    // The bell still has it.
    expect(dataOf<NotificacaoPage>(await get('/api/notificacoes', s.b1.cookie)).nao_lidas).toBe(1);
  });
});

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
    const created = await send(
      'POST',
      '/api/comunicados',
      s.admin.cookie,
      notice({ tipo: 'turmas', turmas: [s.classA.id] }, { anexos: [anexo.id] }),
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
    const reuse = await send(
      'POST',
      '/api/comunicados',
      s.admin.cookie,
      notice({ tipo: 'escola' }, { anexos: [anexo.id] }),
    );
    expect(reuse.statusCode).toBe(404);
  });
});

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
    expect((await t.database.db.select().from(entregas)).length).toBe(queued);
    // Deleting a published notice does not unsend it, nor free a slot.
    const id = dataOf<Comunicado>(last).id;
    expect((await send('DELETE', `/api/comunicados/${id}`, s.teacherAccount.cookie)).statusCode).toBe(200);
    expect((await send('POST', '/api/comunicados', s.teacherAccount.cookie, toClassA)).statusCode).toBe(429);
    // Another teacher, and the school's administration, are not held by this teacher's count.
    const other = await secondTeacher();
    expect(
      (
        await send(
          'POST',
          '/api/comunicados',
          other.cookie,
          notice({ tipo: 'turmas', turmas: [other.turma.id] }),
        )
      ).statusCode,
    ).toBe(201);
    await pastEntries(s.admin.user.id, 'criar', limit.max);
    expect(
      (await send('POST', '/api/comunicados', s.admin.cookie, notice({ tipo: 'escola' }))).statusCode,
    ).toBe(201);
  });

  it('reminders and edits have their own caps', async () => {
    const s = await school();
    const created = await send(
      'POST',
      '/api/comunicados',
      s.teacherAccount.cookie,
      notice({ tipo: 'turmas', turmas: [s.classA.id] }),
    );
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
      await send(
        'POST',
        '/api/comunicados',
        s.admin.cookie,
        notice({ tipo: 'escola' }, { anexos: [pending!.id] }),
      );
      expect((await upload(s.admin.cookie)).statusCode).toBe(201);
    });
  });
});

describe('comunicados: summaries written with the text (issue 29, item 1)', () => {
  it('stores the summary when the text is written and lists it without parsing the body again', async () => {
    const s = await school();
    const created = dataOf<Comunicado>(
      await send(
        'POST',
        '/api/comunicados',
        s.admin.cookie,
        notice({ tipo: 'turmas', turmas: [s.classA.id] }),
      ),
    );
    const [stored] = await t.database.db.select().from(comunicados).where(eq(comunicados.id, created.id));
    expect(stored?.resumo).toBe(
      'Reunião quinta-feira às 19h. - Traga a agenda - Pauta (https://escola.test/pauta)',
    );
    // The lists read the stored summary: a body changed under it does not show (it is not parsed again).
    await t.database.db
      .update(comunicados)
      .set({ corpo: 'Outro texto' })
      .where(eq(comunicados.id, created.id));
    const listed = (page: ComunicadoPage) => page.items.find((item) => item.id === created.id)?.resumo;
    expect(listed(dataOf<ComunicadoPage>(await get('/api/comunicados', s.a1.cookie)))).toBe(stored?.resumo);
    expect(listed(dataOf<ComunicadoPage>(await get('/api/comunicados', s.admin.cookie)))).toBe(
      stored?.resumo,
    );
    // An edit writes it again.
    const edited = await send(
      'PUT',
      `/api/comunicados/${created.id}`,
      s.admin.cookie,
      notice(
        { tipo: 'turmas', turmas: [s.classA.id] },
        { corpo: 'Reunião **adiada**.', version: created.version },
      ),
    );
    expect(edited.statusCode).toBe(200);
    expect(listed(dataOf<ComunicadoPage>(await get('/api/comunicados', s.a1.cookie)))).toBe(
      'Reunião adiada.',
    );
    // Rows without one (written before the column, restored, or by an older instance) are listed with
    // one computed on the spot, and the poll stores it.
    await t.database.db.update(comunicados).set({ resumo: null }).where(eq(comunicados.id, created.id));
    expect(listed(dataOf<ComunicadoPage>(await get('/api/comunicados', s.a1.cookie)))).toBe(
      'Reunião adiada.',
    );
    expect(await fillMissingSummaries(t.database.db)).toBe(1);
    expect(await fillMissingSummaries(t.database.db)).toBe(0);
    const [filled] = await t.database.db.select().from(comunicados).where(eq(comunicados.id, created.id));
    expect(filled?.resumo).toBe('Reunião adiada.');
  });
});

describe('comunicados: a teacher no longer in the class (issue 29, item 6)', () => {
  it('loses every action on the old notice — reminder, reads, versions, attachments, edit, delete — while the administrator keeps them', async () => {
    const s = await school();
    const created = dataOf<Comunicado>(
      await send(
        'POST',
        '/api/comunicados',
        s.teacherAccount.cookie,
        notice({ tipo: 'turmas', turmas: [s.classA.id] }, { exige_ciente: true }),
      ),
    );
    const id = created.id;
    expect((await get(`/api/comunicados/${id}/leituras`, s.teacherAccount.cookie)).statusCode).toBe(200);
    // The class gets another teacher; a new family joins it.
    const other = await insertTeacher(t);
    await t.database.db
      .update(classes)
      .set({ professorResponsavelId: other.id })
      .where(eq(classes.id, s.classA.id));
    const late = await family(s.classA.id);

    const teacher = s.teacherAccount.cookie;
    const denied = await Promise.all([
      send('POST', `/api/comunicados/${id}/lembrete`, teacher),
      get(`/api/comunicados/${id}/leituras`, teacher),
      get(`/api/comunicados/${id}/versoes`, teacher),
      get(`/api/comunicados/${id}`, teacher),
      send('PUT', `/api/comunicados/${id}`, teacher, notice({ tipo: 'turmas', turmas: [s.classA.id] })),
      send('DELETE', `/api/comunicados/${id}`, teacher),
    ]);
    expect(denied.map((response) => response.statusCode)).toEqual([404, 404, 404, 404, 404, 404]);
    // Nothing reached the class's families, old or new.
    expect(dataOf<ComunicadoPage>(await get('/api/comunicados', late.cookie)).items).toEqual([]);
    expect(dataOf<NotificacaoPage>(await get('/api/notificacoes', s.a2.cookie)).nao_lidas).toBe(1);
    // Nor is it in the teacher's 'enviados' any more.
    const sent = dataOf<ComunicadoPage>(await get('/api/comunicados?caixa=enviados', teacher));
    expect(sent.items.map((item) => item.id)).not.toContain(id);

    // The school's reads are the notice's own recipients, as published — not the class's roster now.
    const leituras = dataOf<Leituras>(await get(`/api/comunicados/${id}/leituras`, s.admin.cookie));
    expect(leituras.itens.map((item) => item.usuario_id).sort()).toEqual([s.a1.user.id, s.a2.user.id].sort());
    // The administrator may still remind (and the family that joined since receives it, as documented).
    const reminder = await send('POST', `/api/comunicados/${id}/lembrete`, s.admin.cookie);
    expect(dataOf<{ lembrados: number; novos: number }>(reminder)).toEqual({ lembrados: 2, novos: 1 });
  });

  it('does not publish a notice scheduled by a teacher who left the class before its date', async () => {
    const s = await school();
    clock.pin(new Date('2026-05-04T09:00:00-03:00'));
    const created = dataOf<Comunicado>(
      await send(
        'POST',
        '/api/comunicados',
        s.teacherAccount.cookie,
        notice({ tipo: 'turmas', turmas: [s.classA.id] }, { publicar_em: '2026-05-05T08:00:00-03:00' }),
      ),
    );
    await t.database.db
      .update(classes)
      .set({ professorResponsavelId: null })
      .where(eq(classes.id, s.classA.id));
    clock.pin(new Date('2026-05-05T08:00:01-03:00'));
    expect(await publishDueComunicados(t.app.ctx)).toBe(0);
    expect(dataOf<ComunicadoPage>(await get('/api/comunicados', s.a1.cookie)).items).toEqual([]);
    const kept = dataOf<Comunicado>(await get(`/api/comunicados/${created.id}`, s.admin.cookie));
    expect(kept).toMatchObject({ publicado_em: null, removido_por: 'Sistema' });
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, created.id), eq(auditLog.action, 'cancelar')));
    expect(audit?.details).toMatchObject({ motivo: expect.stringContaining('não leciona mais') });
  });
});

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
    const other = dataOf<Comunicado>(
      await send(
        'POST',
        '/api/comunicados',
        s.admin.cookie,
        notice({ tipo: 'turmas', turmas: [s.classA.id] }),
      ),
    );
    expect((await send('DELETE', `/api/comunicados/${other.id}`, s.admin.cookie)).statusCode).toBe(200);
    expect((await get(`/api/comunicados/${other.id}`, s.admin.cookie)).statusCode).toBe(404);
  });
});
