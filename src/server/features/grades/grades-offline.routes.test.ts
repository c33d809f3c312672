/**
 * Grades sent from a device's queue (ADR 0053): a retry with the same Idempotency-Key writes once;
 * a cell someone changed while the device was offline is a conflict, never overwritten.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { GradesGrid } from '../../../shared/grades.schemas.js';
import { dataOf, detailsOf } from '../../test/records-fixtures.js';
import { gradeChanges } from '../../db/schema/grades.js';
import { createAssessment, gridUrl, setupGradesTestApp, setupSchool } from './grades.test-setup.js';

const { t, get } = setupGradesTestApp();
const KEY = '5c3e1f2a-8b4d-4e6f-a1c2-d3e4f5a6b7c8';

function putGrades(cookie: string, notas: object[], key?: string) {
  return t.app.inject({
    method: 'PUT',
    url: '/api/notas',
    headers: { cookie, 'content-type': 'application/json', ...(key ? { 'idempotency-key': key } : {}) },
    payload: { notas },
  });
}

describe('notas enviadas pela fila do aparelho', () => {
  it('a retry with the same key replays the answer: one grade, one history entry', async () => {
    const s = await setupSchool();
    const column = await createAssessment(s, s.math.cookie);
    const cell = { avaliacao_id: column.id, aluno_id: s.a[0].id, valor: '7,5', version: 0 };
    const first = await putGrades(s.math.cookie, [cell], KEY);
    expect(first.statusCode).toBe(200);
    // The admin corrects it meanwhile; the device's retry must not put its 7,5 back over it.
    const grid = dataOf<GradesGrid>(await get(gridUrl(s), s.admin.cookie));
    const version = grid.alunos.find((row) => row.id === s.a[0].id)!.notas[0]!.version;
    expect((await putGrades(s.admin.cookie, [{ ...cell, valor: '8', version }])).statusCode).toBe(200);
    const retry = await putGrades(s.math.cookie, [cell], KEY);
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    const after = dataOf<GradesGrid>(await get(gridUrl(s), s.admin.cookie));
    expect(after.alunos.find((row) => row.id === s.a[0].id)!.notas[0]).toMatchObject({
      valor: 8,
      version: 2,
    });
    expect(await t.database.db.select().from(gradeChanges)).toHaveLength(2);
    expect((await putGrades(s.math.cookie, [{ ...cell, valor: '9' }], KEY)).statusCode).toBe(422);
  });

  it('a cell typed offline over a version someone else changed since is a conflict, nothing saved', async () => {
    const s = await setupSchool();
    const column = await createAssessment(s, s.math.cookie);
    const base = dataOf<GradesGrid>(await get(gridUrl(s), s.math.cookie));
    const loaded = base.alunos.find((row) => row.id === s.a[1].id)!.notas[0]!.version;
    expect(loaded).toBe(0);
    // While the teacher is offline the admin enters the cell…
    await putGrades(s.admin.cookie, [{ avaliacao_id: column.id, aluno_id: s.a[1].id, valor: 5, version: 0 }]);
    // …then the queue sends the teacher's value with the version the device had loaded.
    const late = await putGrades(
      s.math.cookie,
      [
        { avaliacao_id: column.id, aluno_id: s.a[2].id, valor: 6, version: 0 },
        { avaliacao_id: column.id, aluno_id: s.a[1].id, valor: 9, version: loaded },
      ],
      KEY,
    );
    expect(late.statusCode).toBe(409);
    expect(detailsOf(late)).toEqual([
      {
        path: 'notas.1',
        message: 'Nota alterada por outra pessoa (agora: 5,0). Recarregue para ver a versão atual.',
      },
    ]);
    const grid = dataOf<GradesGrid>(await get(gridUrl(s), s.math.cookie));
    expect(grid.alunos.find((row) => row.id === s.a[2].id)!.notas[0]!.valor).toBeNull();
    expect(grid.alunos.find((row) => row.id === s.a[1].id)!.notas[0]!.valor).toBe(5);
    expect(
      await t.database.db.select().from(gradeChanges).where(eq(gradeChanges.porNome, s.math.user.nome)),
    ).toHaveLength(0);
  });
});
