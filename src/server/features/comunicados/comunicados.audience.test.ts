/**
 * Notices: who a notice reaches, the scope a teacher may write to, and a scheduled notice's audience.
 */
import { DAY_MS } from '../../../shared/calendar.js';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Comunicado, ComunicadoPage, PublicoOpcoes } from '../../../shared/comunicados.schemas.js';
import type { NotificacaoPage } from '../../../shared/notificacoes.schemas.js';
import { clock } from '../../lib/clock.js';
import { dataOf, insertStudent } from '../../test/records-fixtures.js';
import { students } from '../../db/schema/students.js';
import { entregas } from '../../db/schema/notificacoes.js';
import { publishDueComunicados } from './comunicados.publish.js';
import { deliver, family, notice, school, setupComunicadosTest } from './comunicados.test-setup.js';

const { t, send, get, postNotice, publishNotice } = setupComunicadosTest();

describe('comunicados: audience and scope', () => {
  it('reaches only the families of the chosen class; others get 404 and never see it', async () => {
    const s = await school();
    const created = await postNotice(
      s.admin.cookie,
      { tipo: 'turmas', turmas: [s.classA.id] },
      { exige_ciente: true },
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
    await deliver();
    expect(dataOf<NotificacaoPage>(await get('/api/notificacoes', s.a2.cookie)).nao_lidas).toBe(1);
    expect(dataOf<NotificacaoPage>(await get('/api/notificacoes', s.b1.cookie)).nao_lidas).toBe(0);
  });

  it('sends a family with two children in two classes the notice once, naming both children', async () => {
    const s = await school();
    const second = await insertStudent(t, s.classB.id, s.a1.guardian.id);
    const created = await postNotice(s.admin.cookie, { tipo: 'escola' });
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
    await deliver();
    const rows = await t.database.db.select().from(entregas).where(eq(entregas.canal, 'email'));
    expect(rows.filter((row) => row.destino === s.a1.user.email)).toHaveLength(1);
  });

  it('resolves séries, chosen students and staff only', async () => {
    const s = await school();
    const bySerie = await postNotice(s.admin.cookie, { tipo: 'segmentos', series: ['3º ano'] });
    expect(dataOf<Comunicado>(bySerie).contagem?.destinatarios).toBe(3);
    const chosen = await postNotice(s.admin.cookie, { tipo: 'alunos', alunos: [s.b1.child.id] });
    expect(dataOf<Comunicado>(chosen).contagem?.destinatarios).toBe(1);
    const staff = await postNotice(s.admin.cookie, { tipo: 'equipe' });
    expect(dataOf<Comunicado>(staff).contagem?.destinatarios).toBe(2);
    const teacherInbox = dataOf<ComunicadoPage>(
      await get('/api/comunicados?caixa=recebidos', s.teacherAccount.cookie),
    );
    expect(teacherInbox.items.map((item) => item.id)).toEqual([dataOf<Comunicado>(staff).id]);
    // The teacher's default box is 'Enviados': it says the notice waits in 'Recebidos'.
    const teacherSent = dataOf<ComunicadoPage>(await get('/api/comunicados', s.teacherAccount.cookie));
    expect([teacherSent.items.length, teacherSent.nao_lidos]).toEqual([0, 1]);
    expect(dataOf<ComunicadoPage>(await get('/api/comunicados', s.b1.cookie)).items).toHaveLength(2);
  });

  it('lets a teacher write only to their own classes', async () => {
    const s = await school();
    const own = await postNotice(s.teacherAccount.cookie, { tipo: 'turmas', turmas: [s.classA.id] });
    expect(own.statusCode).toBe(201);
    const foreign = await postNotice(s.teacherAccount.cookie, { tipo: 'turmas', turmas: [s.classB.id] });
    expect(foreign.statusCode).toBe(404);
    const whole = await postNotice(s.teacherAccount.cookie, { tipo: 'escola' });
    expect(whole.statusCode).toBe(403);
    // A guardian cannot write at all; a teacher cannot manage someone else's notice.
    expect((await postNotice(s.a1.cookie, { tipo: 'escola' })).statusCode).toBe(403);
    const adminNotice = await publishNotice(s.admin.cookie, { tipo: 'escola' });
    expect(
      (await get(`/api/comunicados/${adminNotice.id}/leituras`, s.teacherAccount.cookie)).statusCode,
    ).toBe(404);
    expect(
      (await send('DELETE', `/api/comunicados/${adminNotice.id}`, s.teacherAccount.cookie)).statusCode,
    ).toBe(404);
  });

  it('names the chosen students to whoever manages the notice (the edit form), never to a family', async () => {
    const s = await school();
    const scheduled = await publishNotice(
      s.admin.cookie,
      { tipo: 'alunos', alunos: [s.a1.child.id, s.b1.child.id] },
      { publicar_em: new Date(Date.now() + DAY_MS).toISOString() },
    );
    const managed = dataOf<Comunicado>(await get(`/api/comunicados/${scheduled.id}`, s.admin.cookie));
    expect(new Map(managed.alunos_escolhidos.map((aluno) => [aluno.id, aluno.nome]))).toEqual(
      new Map([
        [s.a1.child.id, s.a1.child.nome],
        [s.b1.child.id, s.b1.child.nome],
      ]),
    );
    const published = await publishNotice(s.admin.cookie, {
      tipo: 'alunos',
      alunos: [s.a1.child.id, s.b1.child.id],
    });
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
    const created = await postNotice(
      s.admin.cookie,
      { tipo: 'turmas', turmas: [s.classA.id] },
      { publicar_em: '2026-05-05T08:00:00-03:00' },
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
    const typo = await postNotice(
      s.admin.cookie,
      { tipo: 'escola' },
      { publicar_em: '2062-05-05T08:00:00-03:00' },
    );
    expect(typo.statusCode).toBe(400);
    expect(typo.json()).toMatchObject({
      message: 'Agende a publicação para no máximo um ano a partir de hoje.',
      details: [{ path: 'publicar_em' }],
    });
    const scheduled = await postNotice(
      s.admin.cookie,
      { tipo: 'escola' },
      { publicar_em: '2027-05-04T08:00:00-03:00' },
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
    await postNotice(s.admin.cookie, { tipo: 'escola' }, { expira_em: '2026-05-10T00:00:00-03:00' });
    expect(dataOf<ComunicadoPage>(await get('/api/comunicados', s.a1.cookie)).items).toHaveLength(1);
    clock.pin(new Date('2026-05-11T09:00:00-03:00'));
    expect(dataOf<ComunicadoPage>(await get('/api/comunicados', s.a1.cookie)).items).toHaveLength(0);
  });
});
