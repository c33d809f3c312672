/**
 * The coordenação's 'Lançamento de notas' of a period (GET /api/notas/acompanhamento) lists the
 * Educação Infantil classes too, with how many of their children have no parecer of the period yet.
 */
import { describe, expect, it } from 'vitest';
import type { GradesProgress } from '../../../shared/grades-progress.schemas.js';
import { dataOf, insertClass, insertStudent } from '../../test/records-fixtures.js';
import { familyIn, setupSchool } from '../../test/school-fixtures.js';
import { PRE_II, setupInfantilTest } from './pareceres.test-setup.js';

const { t, send, get } = setupInfantilTest();

const progressOf = async (periodoId: string, cookie: string) =>
  dataOf<GradesProgress>(await get(`/api/notas/acompanhamento?periodo_id=${periodoId}`, cookie));

describe('Lançamento de notas: pareceres da Educação Infantil', () => {
  it('counts, per Infantil class, the children of the period without a parecer', async () => {
    const s = await setupSchool(t, { stage: PRE_II });
    const written = await familyIn(t, s.turma.id);
    await familyIn(t, s.turma.id);
    // Joined after the 1st bimestre (which ends on 17/04): no parecer of it is expected of him.
    await insertStudent(t, s.turma.id, undefined, '2026-04-20');
    // A Fundamental class of the same year: its subjects are in `linhas`, not here.
    await insertClass(t, null);
    const [first, second] = s.year!.periodos;
    const saved = await send('PUT', `/api/pareceres/${written.child.id}/${first!.id}`, s.teacher.cookie, {
      texto: 'Participa das rodas de conversa e reconta histórias.',
      campos: {},
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const progress = await progressOf(first!.id, s.admin.cookie);
    expect(progress.linhas).toEqual([]);
    expect(progress.pareceres).toEqual([
      {
        turma_id: s.turma.id,
        turma_nome: s.turma.nome,
        professor: s.teacher.teacher.nome,
        criancas: 2,
        sem_parecer: 1,
      },
    ]);
    // The 2nd bimestre: all three children, none written yet.
    expect((await progressOf(second!.id, s.admin.cookie)).pareceres).toMatchObject([
      { criancas: 3, sem_parecer: 3 },
    ]);
  });
});
