import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FirstSteps } from '../../../shared/first-steps.schemas.js';
import type { ReportCard } from '../../../shared/report-card.schemas.js';
import type { StudentAttendance } from '../../../shared/attendance.schemas.js';
import { clock } from '../../lib/clock.js';
import { requestsOf, setupTestApp, signedIn } from '../../test/test-app.js';
import { dataOf, insertClass, insertStudent, insertTeacher } from '../../test/records-fixtures.js';
import { classes } from '../../db/schema/classes.js';
import { classTuition } from '../../db/schema/finance.js';

const t = setupTestApp();
const { send, get } = requestsOf(() => t.app);
beforeEach(() => clock.pin('2026-11-28'));
afterEach(() => clock.unpin());

const year2027 = {
  ano: 2027,
  inicio: '2027-02-01',
  fim: '2027-12-10',
  tipo_periodo: 'bimestre',
};

describe("'Primeiros passos' on the administrator's home (issue 29)", () => {
  it('ticks each step from the school’s own data, and hides when dismissed', async () => {
    const admin = await signedIn(t, 'administrador');
    const steps = async () => {
      const { etapas, dispensado } = dataOf<FirstSteps>(
        await get('/api/dashboard/primeiros-passos', admin.cookie),
      );
      return { done: etapas.filter((step) => step.feita).map((step) => step.id), dispensado };
    };
    expect(await steps()).toEqual({ done: [], dispensado: false });

    // A name alone is not the school's identity: its address and a way to reach it are.
    const first = dataOf<{ version: number }>(await get('/api/configuracoes/escola', admin.cookie));
    const named = await send('PUT', '/api/configuracoes/escola', admin.cookie, {
      nome: 'Escola Ipê',
      version: first.version,
    });
    expect(named.statusCode).toBe(200);
    expect((await steps()).done).toEqual([]);
    await send('PUT', '/api/configuracoes/escola', admin.cookie, {
      nome: 'Escola Ipê',
      endereco: 'Rua das Palmeiras, 40 - Centro, Goiânia - GO',
      telefone: '(62) 3212-4455',
      version: dataOf<{ version: number }>(named).version,
    });
    expect((await steps()).done).toEqual(['escola']);

    expect((await send('POST', '/api/anos-letivos', admin.cookie, year2027)).statusCode).toBe(201);
    const turma = await insertClass(t, null);
    await t.database.db.update(classes).set({ anoLetivo: '2027' }).where(eq(classes.id, turma.id));
    // A class without its grade curricular is not a class ready for the year.
    expect((await steps()).done).toEqual(['escola', 'ano_letivo']);
    const teacher = await insertTeacher(t);
    const grid = await send('PUT', `/api/turmas/${turma.id}/disciplinas`, admin.cookie, {
      frequencia_modo: 'diaria',
      disciplinas: [
        { disciplina: 'Matemática', professor_id: teacher.id, aulas_semanais: 5, dias_semana: [1, 3, 5] },
      ],
    });
    expect(grid.statusCode, grid.body).toBe(200);
    expect((await steps()).done).toEqual(['escola', 'ano_letivo', 'turmas', 'professores']);

    await insertStudent(t, turma.id, undefined, '2027-02-01');
    await t.database.db.insert(classTuition).values({ turmaId: turma.id, valorMensalidade: 85_000 });
    expect((await steps()).done).toEqual([
      'escola',
      'ano_letivo',
      'turmas',
      'professores',
      'alunos',
      'mensalidades',
    ]);

    const content = dataOf<{ content: { hero: object }; versions: { hero: number } }>(
      await get('/api/content', admin.cookie),
    );
    const hero = await t.app.inject({
      method: 'PUT',
      url: '/api/content/hero',
      headers: { cookie: admin.cookie, 'if-match': `"${String(content.versions.hero)}"` },
      payload: { ...content.content.hero, titulo: 'Escola Ipê: aprender com alegria' },
    });
    expect(hero.statusCode, hero.body).toBe(200);
    expect(await steps()).toEqual({
      done: ['escola', 'ano_letivo', 'turmas', 'professores', 'alunos', 'mensalidades', 'site'],
      dispensado: false,
    });

    const hidden = await send('POST', '/api/dashboard/primeiros-passos/ocultar', admin.cookie, {});
    expect(hidden.statusCode).toBe(200);
    expect((await steps()).dispensado).toBe(true);
  });

  it('is the administrators’ only', async () => {
    const teacher = await signedIn(t, 'professor');
    expect((await get('/api/dashboard/primeiros-passos', teacher.cookie)).statusCode).toBe(403);
  });
});

describe("a student's record shows the year of the student's class (issue 29)", () => {
  it('a 2027 student, with 2027 open and 2026 not, shows 2027 in the boletim and the attendance', async () => {
    const admin = await signedIn(t, 'administrador');
    expect((await send('POST', '/api/anos-letivos', admin.cookie, year2027)).statusCode).toBe(201);
    const turma = await insertClass(t, null);
    await t.database.db.update(classes).set({ anoLetivo: '2027' }).where(eq(classes.id, turma.id));
    const student = await insertStudent(t, turma.id, undefined, '2027-02-01');

    const card = dataOf<ReportCard>(await get(`/api/boletins/alunos/${student.id}`, admin.cookie));
    // It said 'O ano letivo 2026 não foi aberto' with a button to open it.
    expect(card.ano).toBe(2027);
    expect(card.ano_letivo_id).not.toBeNull();
    expect(card.turma?.id).toBe(turma.id);
    const attendance = dataOf<StudentAttendance>(
      await get(`/api/frequencia/alunos/${student.id}`, admin.cookie),
    );
    expect(attendance.ano).toBe(2027);
    // A year asked for is still the one shown.
    expect(
      dataOf<ReportCard>(await get(`/api/boletins/alunos/${student.id}?ano=2026`, admin.cookie)).ano,
    ).toBe(2026);
  });
});
