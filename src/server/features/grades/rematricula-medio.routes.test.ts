/** Rematrícula in Ensino Médio (ADR 0027): 9º ano → 1ª série, 1ª → 2ª → 3ª série, the 3ª série concludes. */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { RematriculaProposal } from '../../../shared/year-end.schemas.js';
import type { Curriculum } from '../../../shared/curriculum.schemas.js';
import { dataOf, insertClass, insertStudent } from '../../test/records-fixtures.js';
import { ITINERARIO_CN, ITINERARIO_LH, LAB, setupMedioSchool } from '../../test/medio-fixtures.js';
import { classes } from '../../db/schema/classes.js';
import { closeYear, setupGradesTestApp } from './grades.test-setup.js';

const { t, send, get } = setupGradesTestApp();

describe('rematrícula in Ensino Médio', () => {
  it('labels the next classes as Ensino Médio séries, concludes the 3ª série and carries the itinerários', async () => {
    const s = await setupMedioSchool(t);
    const ninth = await insertClass(t, null, 25, {
      nivel: 'Fundamental II',
      serie: '9º ano',
      nome: '9º Ano B',
    });
    const third = await insertClass(t, null, 25, {
      nivel: 'Ensino Médio',
      serie: '3ª série',
      nome: '3ª série A',
    });
    const leaver = await insertStudent(t, third.id);
    const ninthGrader = await insertStudent(t, ninth.id);
    await closeYear(s.year!.id, s.admin.cookie);

    const url = `/api/anos-letivos/${s.year!.id}/rematricula`;
    const preview = dataOf<RematriculaProposal>(await get(url, s.admin.cookie));
    const byOrigin = new Map(
      preview.turmas.map((item) => [item.origem_nome, [item.nome, item.serie, item.nivel]]),
    );
    expect(byOrigin.get('1ª série A')).toEqual(['2ª série A', '2ª série', 'Ensino Médio']);
    expect(byOrigin.get('9º Ano B')).toEqual(['1ª série B', '1ª série', 'Ensino Médio']);
    expect(byOrigin.get('3ª série A')).toEqual([null, null, null]);
    const destino = new Map(preview.alunos.map((item) => [item.aluno_id, item]));
    expect(destino.get(leaver.id)!.destino).toBe('concluido');
    expect(destino.get(ninthGrader.id)).toMatchObject({
      destino: 'proxima_serie',
      destino_turma_nome: '1ª série B',
    });

    const applied = await send('POST', url, s.admin.cookie, { turmas: [], alunos: [] });
    expect(applied.statusCode, applied.body).toBe(200);
    const [next] = await t.database.db.select().from(classes).where(eq(classes.nome, '2ª série A'));
    expect(next).toMatchObject({
      nivel: 'Ensino Médio',
      serie: '2ª série',
      anoLetivo: '2027',
      aulaMinutos: 60,
    });
    const grid = dataOf<Curriculum>(await get(`/api/turmas/${next!.id}/disciplinas`, s.admin.cookie));
    // The itinerários come along (new ones, of the new class); the students choose again there.
    expect(grid.itinerarios.map((item) => [item.nome, item.alunos])).toEqual([
      [ITINERARIO_CN, 0],
      [ITINERARIO_LH, 0],
    ]);
    expect(grid.disciplinas.find((item) => item.disciplina === LAB)!.itinerario).toBe(ITINERARIO_CN);
    expect(grid.itinerarios.map((item) => item.id)).not.toContain(s.itinerarioId(ITINERARIO_CN));
  });

  it('a school without Ensino Médio still sees its 9º ano finish', async () => {
    const s = await setupMedioSchool(t);
    await t.database.db
      .update(classes)
      .set({ nivel: 'Fundamental II', serie: '8º ano', nome: '8º Ano A' })
      .where(eq(classes.id, s.turma.id));
    const ninth = await insertClass(t, null, 25, {
      nivel: 'Fundamental II',
      serie: '9º ano',
      nome: '9º Ano B',
    });
    const student = await insertStudent(t, ninth.id);
    await closeYear(s.year!.id, s.admin.cookie);
    const preview = dataOf<RematriculaProposal>(
      await get(`/api/anos-letivos/${s.year!.id}/rematricula`, s.admin.cookie),
    );
    expect(preview.turmas.find((item) => item.origem_id === ninth.id)!.nome).toBeNull();
    expect(preview.alunos.find((item) => item.aluno_id === student.id)!.destino).not.toBe('proxima_serie');
  });
});
