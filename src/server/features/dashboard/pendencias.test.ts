import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Pendencias } from '../../../shared/dashboard.schemas.js';
import { clock } from '../../lib/clock.js';
import { requestsOf, setupTestApp, signedIn } from '../../test/test-app.js';
import { dataOf, insertClass, insertStudent } from '../../test/records-fixtures.js';
import { staffWith } from '../../test/perfis-fixtures.js';
import { createSchoolYear } from '../../test/school-fixtures.js';
import { classSubjects } from '../../db/schema/curriculum.js';

const t = setupTestApp();
const { get, send } = requestsOf(() => t.app);

// Monday 20/04/2026: the 2nd bimestre began today; the week before had four school days and Tiradentes
// falls tomorrow.
beforeEach(() => clock.pin('2026-04-20'));
afterEach(() => clock.unpin());

describe('GET /api/dashboard/pendencias', () => {
  it('counts the rolls not taken, the students under the minimum and the grades to enter', async () => {
    const admin = await signedIn(t, 'administrador');
    await createSchoolYear(t, admin.cookie);
    const coordination = await staffWith(t, 'coordenacao');
    const turma = await insertClass(t, null);
    await t.database.db
      .insert(classSubjects)
      .values({ turmaId: turma.id, disciplina: 'Matemática', aulasSemanais: 5 });
    const absent = await insertStudent(t, turma.id);
    await insertStudent(t, turma.id);
    // The class's daily roll from Tuesday to Thursday: Friday's and today's are not taken.
    for (const data of ['2026-04-14', '2026-04-15', '2026-04-16']) {
      const roll = await send('PUT', `/api/frequencia/turmas/${turma.id}`, coordination.cookie, {
        data,
        faltas: [{ aluno_id: absent.id }],
      });
      expect(roll.statusCode, roll.body).toBe(200);
    }

    const response = await get('/api/dashboard/pendencias', coordination.cookie);
    expect(response.statusCode, response.body).toBe(200);
    expect(dataOf<Pendencias>(response)).toEqual({
      chamadas: {
        dias: ['2026-04-14', '2026-04-15', '2026-04-16', '2026-04-17', '2026-04-20'],
        aulas: 2,
        turmas: 1,
      },
      abaixo_minimo: 1,
      conselho_tutelar: 1,
      notas: { periodo_nome: '2º bimestre', sem_avaliacao: 1, notas_faltando: 0, disciplinas: 1 },
      mensagens_nao_lidas: 0,
    });
  });

  it('is the coordenação’s and the direção’s: a teacher and a family are refused', async () => {
    for (const nivel of ['professor', 'responsavel'] as const) {
      const { cookie } = await signedIn(t, nivel);
      expect((await get('/api/dashboard/pendencias', cookie)).statusCode).toBe(403);
    }
    expect((await get('/api/dashboard/pendencias', '')).statusCode).toBe(401);
  });
});
