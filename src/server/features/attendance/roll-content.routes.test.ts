/**
 * The diário de classe's registro de conteúdo (ADR 0078): the lesson's content saved with the roll and its
 * rules (limits, closed periods, audit, a device's base). The diary that reads it is in features/diario.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Roll } from '../../../shared/attendance.schemas.js';
import { clock } from '../../lib/clock.js';
import { dataOf, messageOf } from '../../test/records-fixtures.js';
import { auditLog } from '../../db/schema/audit.js';
import { attendanceRolls } from '../../db/schema/attendance.js';
import { mathRoll, send, setupSchool, t, setupAttendanceTestApp } from './attendance.test-setup.js';

setupAttendanceTestApp();

const put = (turmaId: string, cookie: string, body: object) =>
  send('PUT', `/api/frequencia/turmas/${turmaId}`, cookie, body);

const corrections = () =>
  t.database.db.select().from(auditLog).where(eq(auditLog.action, 'corrigir_frequencia'));

describe('conteúdo da aula com a chamada', () => {
  it('is saved with the roll, kept when a save leaves it out, and its later changes are audited', async () => {
    const s = await setupSchool();
    const first = await put(s.classA.id, s.math.cookie, {
      ...mathRoll('2026-03-16', [{ aluno_id: s.a[0].id }]),
      conteudo: '  Frações equivalentes: simplificação  ',
      atividades: 'Exercícios 1 a 5, página 42',
    });
    expect(first.statusCode).toBe(200);
    expect(dataOf<Roll>(first).chamada).toMatchObject({
      conteudo: 'Frações equivalentes: simplificação',
      atividades: 'Exercícios 1 a 5, página 42',
    });
    // The first save is the roll itself: not a correction.
    expect(await corrections()).toHaveLength(0);

    // A save without the fields (an older device's queue) keeps them, and changes nothing.
    await put(s.classA.id, s.math.cookie, mathRoll('2026-03-16', [{ aluno_id: s.a[0].id }]));
    const [row] = await t.database.db.select().from(attendanceRolls);
    expect(row).toMatchObject({ conteudo: 'Frações equivalentes: simplificação', version: 1 });

    const edited = await put(s.classA.id, s.math.cookie, {
      ...mathRoll('2026-03-16', [{ aluno_id: s.a[0].id }]),
      conteudo: 'Frações equivalentes',
      atividades: '',
    });
    expect(dataOf<Roll>(edited).chamada).toMatchObject({
      conteudo: 'Frações equivalentes',
      atividades: null,
    });
    const [audit] = await corrections();
    expect(audit!.details).toMatchObject({
      conteudo_antes: 'Frações equivalentes: simplificação',
      conteudo_depois: 'Frações equivalentes',
      atividades_antes: 'Exercícios 1 a 5, página 42',
      atividades_depois: null,
    });
  });

  it('refuses a content too long in Portuguese, and a closed period for the teacher', async () => {
    const s = await setupSchool();
    const long = await put(s.classA.id, s.math.cookie, {
      ...mathRoll('2026-03-16', []),
      conteudo: 'x'.repeat(2001),
    });
    expect(long.statusCode).toBe(400);
    expect(JSON.stringify(long.json())).toContain('Conteúdo da aula: no máximo 2000 caracteres');

    await put(s.classA.id, s.math.cookie, mathRoll('2026-03-16', []));
    clock.pin('2026-04-27');
    const late = await put(s.classA.id, s.math.cookie, { ...mathRoll('2026-03-16', []), conteudo: 'Depois' });
    expect(late.statusCode).toBe(409);
    expect(messageOf(late)).toContain('1º bimestre foi encerrado');
    // The administrator still corrects it.
    const byAdmin = await put(s.classA.id, s.admin.cookie, {
      ...mathRoll('2026-03-16', []),
      conteudo: 'Revisão',
    });
    expect(dataOf<Roll>(byAdmin).chamada?.conteudo).toBe('Revisão');
  });

  it('from a device: a field the teacher did not change keeps what another person wrote meanwhile', async () => {
    const s = await setupSchool();
    const loaded = dataOf<Roll>(
      await put(s.classA.id, s.math.cookie, { ...mathRoll('2026-03-16', []), conteudo: 'Frações' }),
    );
    await put(s.classA.id, s.admin.cookie, {
      ...mathRoll('2026-03-16', []),
      conteudo: 'Frações',
      atividades: 'Lista 3',
    });
    const base = {
      faltas: [],
      atualizada_em: loaded.chamada!.atualizada_em,
      conteudo: 'Frações',
      atividades: null,
    };
    // The device changed the content and not the activities: its content, and the admin's activities.
    const saved = await put(s.classA.id, s.math.cookie, {
      ...mathRoll('2026-03-16', [{ aluno_id: s.a[1].id }]),
      conteudo: 'Frações e decimais',
      atividades: null,
      base,
    });
    expect(saved.statusCode).toBe(200);
    expect(dataOf<Roll>(saved).chamada).toMatchObject({
      conteudo: 'Frações e decimais',
      atividades: 'Lista 3',
    });
  });

  it('a daily-roll class records the day’s content', async () => {
    const s = await setupSchool();
    const saved = await put(s.classB.id, s.tutor.cookie, {
      data: '2026-03-16',
      faltas: [],
      conteudo: 'Roda de conversa: as estações do ano',
    });
    expect(dataOf<Roll>(saved).chamada?.conteudo).toBe('Roda de conversa: as estações do ano');
  });
});
