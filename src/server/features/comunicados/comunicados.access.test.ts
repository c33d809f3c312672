/**
 * Notices: a teacher no longer in the class loses the old notice's actions (issue 29, item 6).
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Comunicado, ComunicadoPage, Leituras } from '../../../shared/comunicados.schemas.js';
import type { NotificacaoPage } from '../../../shared/notificacoes.schemas.js';
import { clock } from '../../lib/clock.js';
import { dataOf, insertTeacher } from '../../test/records-fixtures.js';
import { staffWith } from '../../test/perfis-fixtures.js';
import { auditLog } from '../../db/schema/audit.js';
import { classes } from '../../db/schema/classes.js';
import { publishDueComunicados } from './comunicados.publish.js';
import { deliver, family, notice, school, setupComunicadosTest } from './comunicados.test-setup.js';

const { t, send, get, publishNotice } = setupComunicadosTest();

describe('comunicados: staff who send none', () => {
  it('Financeiro reads no class notice, its versions or attachments — as it reads no school notice it was not sent', async () => {
    const s = await school();
    const created = await publishNotice(s.admin.cookie, { tipo: 'turmas', turmas: [s.classA.id] });
    const financeiro = await staffWith(t, 'financeiro');
    const answers = await Promise.all([
      get(`/api/comunicados/${created.id}`, financeiro.cookie),
      get(`/api/comunicados/${created.id}/versoes`, financeiro.cookie),
    ]);
    expect(answers.map((response) => response.statusCode)).toEqual([404, 404]);
    // The secretaria, who sends to classes, still reads it.
    const secretaria = await staffWith(t, 'secretaria');
    expect((await get(`/api/comunicados/${created.id}`, secretaria.cookie)).statusCode).toBe(200);
  });
});

describe('comunicados: a teacher no longer in the class (issue 29, item 6)', () => {
  it('loses every action on the old notice — reminder, reads, versions, attachments, edit, delete — while the administrator keeps them', async () => {
    const s = await school();
    const created = await publishNotice(
      s.teacherAccount.cookie,
      { tipo: 'turmas', turmas: [s.classA.id] },
      { exige_ciente: true },
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
    await deliver();
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
    const created = await publishNotice(
      s.teacherAccount.cookie,
      { tipo: 'turmas', turmas: [s.classA.id] },
      { publicar_em: '2026-05-05T08:00:00-03:00' },
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
