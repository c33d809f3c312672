/** Educação Infantil has no grades (LDB art. 31) and its attendance rules follow the stage. */
import { describe, expect, it } from 'vitest';
import type { AttendanceAlerts, StudentAttendance } from '../../../shared/attendance.schemas.js';
import { INFANTIL_SEM_NOTAS } from '../../../shared/classes.schemas.js';
import { eq } from 'drizzle-orm';
import type { ReportCard } from '../../../shared/report-card.schemas.js';
import type { classes } from '../../db/schema/classes.js';
import { students } from '../../db/schema/students.js';
import {
  dataOf,
  insertClass,
  insertRollsWithAbsences,
  insertStudent,
  messageOf,
} from '../../test/records-fixtures.js';
import { familyIn, setupSchool } from '../../test/school-fixtures.js';
import { PRE_II, setupInfantilTest } from './pareceres.test-setup.js';

const { t, send, get } = setupInfantilTest();

describe('Educação Infantil', () => {
  it('has no grade grid, assessments, boletim or council: each refuses with the same message', async () => {
    const s = await setupSchool(t, { stage: PRE_II });
    const family = await familyIn(t, s.turma.id);
    const periodo = s.year!.periodos[0]!.id;
    const refusals = [
      await get(
        `/api/notas/turmas/${s.turma.id}?disciplina=Matemática&periodo_id=${periodo}`,
        s.teacher.cookie,
      ),
      await send('POST', '/api/avaliacoes', s.teacher.cookie, {
        turma_id: s.turma.id,
        disciplina: 'Matemática',
        periodo_id: periodo,
        nome: 'Prova 1',
        data: '2026-03-10',
      }),
      await get(`/api/avaliacoes?turma_id=${s.turma.id}`, s.admin.cookie),
      await get(`/api/boletins/alunos/${family.child.id}`, s.admin.cookie),
      await get(`/api/boletins/alunos/${family.child.id}`, family.cookie),
      await get(`/api/boletins/alunos/${family.child.id}.pdf`, family.cookie),
      await get(`/api/boletins/turmas/${s.turma.id}.pdf`, s.admin.cookie),
      await send('POST', `/api/conselho/${family.child.id}`, s.admin.cookie, {
        resultado: 'reprovado_falta',
        motivo: 'Faltou muito durante o ano letivo.',
      }),
    ];
    expect(refusals.map((response) => [response.statusCode, messageOf(response)])).toEqual(
      refusals.map(() => [409, INFANTIL_SEM_NOTAS]),
    );
    // Out of scope stays 404 (the refusal does not reveal the child's stage to another family).
    const stranger = await familyIn(t, null);
    expect((await get(`/api/boletins/alunos/${family.child.id}`, stranger.cookie)).statusCode).toBe(404);
  });

  it('a year spent in Educação Infantil reads as such in the boletim of a child now in the Fundamental; no PDF nor council for it', async () => {
    const s = await setupSchool(t, { stage: PRE_II });
    const family = await familyIn(t, s.turma.id);
    // Now in the 1º ano: the current class is another one; the year's class (its membership) is the Pré II.
    const first = await insertClass(t, s.teacher.teacher.id, 25, { nivel: 'Fundamental I', serie: '1º ano' });
    await t.database.db.update(students).set({ turmaId: first.id }).where(eq(students.id, family.child.id));
    for (const cookie of [s.admin.cookie, family.cookie]) {
      const card = await get(`/api/boletins/alunos/${family.child.id}?ano=2026`, cookie);
      expect(card.statusCode, card.body).toBe(200);
      expect(dataOf<ReportCard>(card)).toMatchObject({
        turma: { id: s.turma.id },
        educacao_infantil: true,
        situacao: 'cursando',
      });
    }
    const pdf = await get(`/api/boletins/alunos/${family.child.id}.pdf?ano=2026`, family.cookie);
    expect([pdf.statusCode, messageOf(pdf)]).toEqual([409, INFANTIL_SEM_NOTAS]);
    const council = await send('POST', `/api/conselho/${family.child.id}`, s.admin.cookie, {
      ano: 2026,
      resultado: 'aprovado',
      motivo: 'Decisão registrada em ata do conselho de classe.',
    });
    expect([council.statusCode, messageOf(council)]).toEqual([409, INFANTIL_SEM_NOTAS]);
  });

  it('holds attendance to the stage: 75 % (Fundamental), 60 % in the pré-escola, none in the creche', async () => {
    const s = await setupSchool(t, { stage: PRE_II });
    const stages: [Partial<typeof classes.$inferInsert>, string][] = [
      [{}, 'fundamental'],
      [PRE_II, 'pre'],
      [{ nivel: 'Educação Infantil', serie: 'Maternal I' }, 'creche'],
    ];
    const figures: Record<string, unknown> = {};
    const children: Record<string, string> = {};
    for (const [stage, name] of stages) {
      const turma = name === 'pre' ? s.turma : await insertClass(t, s.teacher.teacher.id, 25, stage);
      const child = await insertStudent(t, turma.id);
      children[child.id] = name;
      // 3 absences in every 10 days of 100: 70 %, and 30 absences past the Conselho Tutelar line of
      // the Fundamental and of the pré-escola (a count over the year's planned days, ADR 0117).
      await insertRollsWithAbsences(t, turma.id, child.id, 3, 10);
      const attendance = dataOf<StudentAttendance>(
        await get(`/api/frequencia/alunos/${child.id}`, s.admin.cookie),
      );
      figures[name] = [
        attendance.geral.frequencia,
        attendance.geral.abaixo_minimo,
        attendance.geral.acima_limite_conselho,
      ];
    }
    expect(figures).toEqual({
      fundamental: [70, true, true],
      pre: [70, false, true],
      creche: [70, false, false],
    });
    const alerts = dataOf<AttendanceAlerts>(await get('/api/frequencia/alertas?ano=2026', s.admin.cookie));
    expect(alerts.conselho_tutelar.map((item) => children[item.aluno.id]).sort()).toEqual([
      'fundamental',
      'pre',
    ]);
    expect(alerts.abaixo_minimo.map((item) => children[item.aluno.id])).toEqual(['fundamental']);
  });
});
