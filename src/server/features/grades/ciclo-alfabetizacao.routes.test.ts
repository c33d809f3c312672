/**
 * The school's ciclo de alfabetização (ADR 0125; Res. CNE/CEB 7/2010 art. 30): in the first years of
 * Fundamental I the school chose, no student is retained by grade — the year ends 'Aprovado', the conselho
 * cannot record 'Reprovado por nota', and the closing has no recuperação final pending there. Retention by
 * absence (LDB art. 24, VI) still holds; the other years keep retaining by grade.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AcademicSettings } from '../../../shared/academic-settings.schemas.js';
import type { ReportCard } from '../../../shared/report-card.schemas.js';
import type { YearClosing } from '../../../shared/year-end.schemas.js';
import { classes } from '../../db/schema/classes.js';
import { clock } from '../../lib/clock.js';
import { dataOf, detailsOf, insertRollsWithAbsences, messageOf } from '../../test/records-fixtures.js';
import { CICLO_SEM_REPROVACAO } from './council.service.js';
import { gradeFirstPeriod, settingsBody, setupGradesTestApp, setupSchool } from './grades.test-setup.js';

const { t, send, get } = setupGradesTestApp();

/** Class A as the `serie` (a1 8,0/9,0, a2 7,0/6,0, a3 3,0 in Matemática) and the school's ciclo up to `ate`. */
async function schoolWithCiclo(serie: string, ate: number | null) {
  const s = await setupSchool();
  await gradeFirstPeriod(s);
  await t.database.db.update(classes).set({ serie }).where(eq(classes.id, s.classA.id));
  const current = dataOf<AcademicSettings>(await get('/api/configuracoes/academico', s.admin.cookie));
  const saved = await send('PUT', '/api/configuracoes/academico', s.admin.cookie, {
    ...settingsBody(current),
    etapas: { fundamental_1: { ciclo_sem_reprovacao_ate: ate } },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  expect(dataOf<AcademicSettings>(saved).etapas.fundamental_1.ciclo_sem_reprovacao_ate).toBe(ate);
  return s;
}

/** Closes 2026 on 20/12 without confirming pendencies: the answer. */
async function closeWithoutConfirming(yearId: string, cookie: string) {
  clock.pin('2026-12-20');
  return send('POST', `/api/anos-letivos/${yearId}/encerrar`, cookie);
}

describe('the ciclo de alfabetização (no retention by grade in its years)', () => {
  it("ends the year 'Aprovado' for a student below the average in a year of the ciclo; the conselho cannot retain by grade", async () => {
    const s = await schoolWithCiclo('2º ano', 2);
    const card = async () =>
      dataOf<ReportCard>(await get(`/api/boletins/alunos/${s.a[2].id}?ano=2026`, s.admin.cookie));
    // While the year runs, the recuperação is still owed (LDB art. 24, V, e).
    expect((await card()).situacao).toBe('em_recuperacao');
    expect((await card()).ciclo_sem_reprovacao).toBe(true);
    // No recuperação final pending to confirm: no one fails by grade in the ciclo.
    const closing = await closeWithoutConfirming(s.year.id, s.admin.cookie);
    expect(closing.statusCode, closing.body).toBe(200);
    expect(dataOf<YearClosing>(closing).situacoes).toMatchObject({ aprovado: 3, reprovado_nota: 0 });
    const closed = await card();
    expect([
      closed.situacao,
      closed.disciplinas.find((item) => item.disciplina === 'Matemática')?.situacao,
    ]).toEqual(['aprovado', 'aprovado']);
    const council = await send('POST', `/api/conselho/${s.a[2].id}`, s.admin.cookie, {
      resultado: 'reprovado_nota',
      motivo: 'Decisão registrada em ata do conselho de classe.',
    });
    expect([council.statusCode, messageOf(council)]).toEqual([400, CICLO_SEM_REPROVACAO]);
    expect(detailsOf(council)).toEqual([{ path: 'resultado', message: CICLO_SEM_REPROVACAO }]);
  });

  it('still retains by grade in a year after the ciclo', async () => {
    const s = await schoolWithCiclo('3º ano', 2);
    const card = dataOf<ReportCard>(await get(`/api/boletins/alunos/${s.a[2].id}?ano=2026`, s.admin.cookie));
    expect(card.ciclo_sem_reprovacao).toBeUndefined();
    // a3's recuperação final is pending: closing asks for the confirmation that fails them by grade.
    expect((await closeWithoutConfirming(s.year.id, s.admin.cookie)).statusCode).toBe(409);
  });

  it('still fails by absence in the ciclo (LDB art. 24, VI)', async () => {
    const s = await schoolWithCiclo('1º ano', 3);
    // a1 passes on grades (8,0 / 9,0) but missed 5 of 10 days.
    await insertRollsWithAbsences(t, s.classA.id, s.a[0].id, 5);
    const closed = await closeWithoutConfirming(s.year.id, s.admin.cookie);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(dataOf<YearClosing>(closed).situacoes).toMatchObject({ aprovado: 2, reprovado_falta: 1 });
  });

  it('exists only in Fundamental I, up to the 3º ano; none by default', async () => {
    const s = await setupSchool();
    const current = dataOf<AcademicSettings>(await get('/api/configuracoes/academico', s.admin.cookie));
    expect(current.etapas.fundamental_1.ciclo_sem_reprovacao_ate).toBeNull();
    const paths = [];
    for (const etapas of [
      { fundamental_2: { ciclo_sem_reprovacao_ate: 2 } },
      { fundamental_1: { ciclo_sem_reprovacao_ate: 4 } },
    ]) {
      const refused = await send('PUT', '/api/configuracoes/academico', s.admin.cookie, {
        ...settingsBody(current),
        etapas,
      });
      paths.push([refused.statusCode, detailsOf(refused).map((item) => item.path)]);
    }
    expect(paths).toEqual([
      [400, ['etapas.fundamental_2.ciclo_sem_reprovacao_ate']],
      [400, ['etapas.fundamental_1.ciclo_sem_reprovacao_ate']],
    ]);
  });
});
