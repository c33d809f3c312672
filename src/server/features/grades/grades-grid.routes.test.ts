/** Avaliações and the grade grid: scope, saving, conflicts, recuperação, concepts. */
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { SchoolYear } from '../../../shared/calendar.schemas.js';
import type { AcademicSettings } from '../../../shared/academic-settings.schemas.js';
import type { Assessment } from '../../../shared/assessments.schemas.js';
import type { GradesGrid, SavedGrades } from '../../../shared/grades.schemas.js';
import { dataOf, detailsOf, messageOf } from '../../test/records-fixtures.js';
import { grades } from '../../db/schema/grades.js';
import {
  createAssessment,
  gridUrl,
  settingsBody,
  setupSchool,
  setupGradesTestApp,
} from './grades.test-setup.js';
import { SCHOOL_YEAR_2026 } from '../../test/school-fixtures.js';

const { t, send, get } = setupGradesTestApp();

describe('avaliações and the grade grid', () => {
  it('a teacher works only on the subjects they teach (404 elsewhere); an admin on all', async () => {
    const s = await setupSchool();
    const column = await createAssessment(s, s.math.cookie);
    expect(column).toMatchObject({
      nome: 'Prova 1',
      peso: 1,
      tipo: 'regular',
      periodo_nome: '1º bimestre',
      notas_lancadas: 0,
    });
    const other = await send('POST', '/api/avaliacoes', s.portuguese.cookie, {
      turma_id: s.classA.id,
      disciplina: 'Matemática',
      periodo_id: s.p[0]!.id,
      nome: 'Intrusa',
      data: '2026-03-10',
    });
    expect(other.statusCode).toBe(404);
    expect((await get(gridUrl(s), s.portuguese.cookie)).statusCode).toBe(404);
    const write = await send('PUT', '/api/notas', s.portuguese.cookie, {
      notas: [{ avaliacao_id: column.id, aluno_id: s.a[0].id, valor: 5 }],
    });
    expect(write.statusCode).toBe(404);
    expect((await send('DELETE', `/api/avaliacoes/${column.id}`, s.portuguese.cookie)).statusCode).toBe(404);
    expect(
      dataOf<Assessment[]>(await get(`/api/avaliacoes?turma_id=${s.classA.id}`, s.portuguese.cookie)),
    ).toEqual([]);
    expect(
      dataOf<Assessment[]>(await get(`/api/avaliacoes?turma_id=${s.classA.id}`, s.math.cookie)),
    ).toHaveLength(1);
    expect(
      dataOf<Assessment[]>(await get(`/api/avaliacoes?disciplina=Matem%C3%A1tica`, s.admin.cookie)),
    ).toHaveLength(1);
    // Guardians have no grade book at all.
    expect((await get(gridUrl(s), s.guardian.cookie)).statusCode).toBe(403);
    // A date outside the period and a second recuperação are refused.
    const outside = await send('POST', '/api/avaliacoes', s.math.cookie, {
      turma_id: s.classA.id,
      disciplina: 'Matemática',
      periodo_id: s.p[0]!.id,
      nome: 'Fora',
      data: '2026-05-10',
    });
    expect(outside.statusCode).toBe(400);
    await createAssessment(s, s.math.cookie, {
      nome: 'Recuperação',
      tipo: 'recuperacao',
      data: '2026-04-15',
    });
    const twice = await send('POST', '/api/avaliacoes', s.math.cookie, {
      turma_id: s.classA.id,
      disciplina: 'Matemática',
      periodo_id: s.p[0]!.id,
      nome: 'Recuperação 2',
      data: '2026-04-16',
      tipo: 'recuperacao',
    });
    expect(twice.statusCode).toBe(409);
  });

  it('editing the school year keeps its periods (and their assessments); dropping a used period is a 409', async () => {
    const s = await setupSchool();
    const first = await createAssessment(s, s.math.cookie);
    await createAssessment(s, s.math.cookie, { periodo_id: s.p[3]!.id, nome: 'Prova 4', data: '2026-10-05' });
    // The same year, its 1st bimestre now closing on 30/04 (not 24/04).
    const [bimestre1, ...others] = SCHOOL_YEAR_2026.periodos;
    const body = {
      ...SCHOOL_YEAR_2026,
      periodos: [{ ...bimestre1, data_fechamento: '2026-04-30' }, ...others],
    };
    const edited = await send('PUT', `/api/anos-letivos/${s.year.id}`, s.admin.cookie, body);
    expect(edited.statusCode, edited.body).toBe(200);
    expect(dataOf<SchoolYear>(edited).periodos.map((period) => period.id)).toEqual(
      s.p.map((period) => period.id),
    );
    const kept = dataOf<Assessment[]>(await get(`/api/avaliacoes?periodo_id=${s.p[0]!.id}`, s.admin.cookie));
    expect(kept.map((item) => item.id)).toEqual([first.id]);
    const semesters = await send('PUT', `/api/anos-letivos/${s.year.id}`, s.admin.cookie, {
      ...body,
      tipo_periodo: 'semestre',
      periodos: [
        { inicio: '2026-02-02', fim: '2026-07-03', data_fechamento: '2026-07-10' },
        { inicio: '2026-07-20', fim: '2026-12-11', data_fechamento: '2026-12-18' },
      ],
    });
    expect(semesters.statusCode).toBe(409);
    expect(messageOf(semesters)).toMatch(/avaliações lançadas nos períodos que seriam removidos/);
  });

  it('saves exact decimals; empty is not zero; out-of-scale cells are refused one by one; all or nothing', async () => {
    const s = await setupSchool();
    const p1 = await createAssessment(s, s.math.cookie, { nome: 'Prova', peso: 2 });
    const p2 = await createAssessment(s, s.math.cookie, {
      nome: 'Trabalho',
      peso: '1,0',
      data: '2026-03-12',
    });
    const saved = await send('PUT', '/api/notas', s.math.cookie, {
      notas: [
        { avaliacao_id: p1.id, aluno_id: s.a[0].id, valor: '7,5' },
        { avaliacao_id: p2.id, aluno_id: s.a[0].id, valor: '8.5' },
        { avaliacao_id: p1.id, aluno_id: s.a[1].id, valor: 0 },
        { avaliacao_id: p1.id, aluno_id: s.a[2].id, valor: null },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(dataOf<SavedGrades>(saved).salvas).toBe(3);
    const stored = await t.database.db.select().from(grades).where(eq(grades.avaliacaoId, p1.id));
    expect(stored.find((row) => row.alunoId === s.a[0].id)?.valor).toBe('7.5');
    expect(stored.find((row) => row.alunoId === s.a[1].id)?.valor).toBe('0.0');
    expect(stored.find((row) => row.alunoId === s.a[2].id)?.valor).toBeNull();

    const grid = dataOf<GradesGrid>(await get(gridUrl(s), s.math.cookie));
    expect(grid.avaliacoes.map((item) => [item.nome, item.peso])).toEqual([
      ['Prova', 2],
      ['Trabalho', 1],
    ]);
    expect(grid.alunos).toHaveLength(3);
    const first = grid.alunos.find((row) => row.id === s.a[0].id)!;
    // (7,5 × 2 + 8,5 × 1) / 3 = 7,833… → 7,8
    expect(first).toMatchObject({ media: 7.8, media_texto: '7,8' });
    expect(first.notas.map((cell) => [cell.valor, cell.texto, cell.version])).toEqual([
      [7.5, '7,5', 1],
      [8.5, '8,5', 1],
    ]);
    expect(grid.alunos.find((row) => row.id === s.a[1].id)).toMatchObject({ media: 0 });
    // Empty is not given: no average at all (not zero).
    expect(grid.alunos.find((row) => row.id === s.a[2].id)).toMatchObject({ media: null });

    const bad = await send('PUT', '/api/notas', s.math.cookie, {
      notas: [
        { avaliacao_id: p2.id, aluno_id: s.a[1].id, valor: '9' },
        { avaliacao_id: p2.id, aluno_id: s.a[2].id, valor: '10,5' },
        { avaliacao_id: p1.id, aluno_id: s.a[2].id, valor: '7,25', version: 1 },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(detailsOf(bad)).toEqual([
      { path: 'notas.1.valor', message: 'Nota fora da escala: de 0 a 10' },
      { path: 'notas.2.valor', message: 'Nota inválida: use um número de 0 a 10, com até uma casa decimal' },
    ]);
    // Nothing of that batch was saved, not even the valid first cell.
    const after = await t.database.db
      .select()
      .from(grades)
      .where(and(eq(grades.avaliacaoId, p2.id), eq(grades.alunoId, s.a[1].id)));
    expect(after).toEqual([]);
  });

  it('takes the parameters by the names issue 14 gave them: ?periodo=, ?turma=, a bare batch (issue 29)', async () => {
    const s = await setupSchool();
    const column = await createAssessment(s, s.math.cookie);
    const saved = await send('PUT', '/api/notas', s.math.cookie, [
      { avaliacao_id: column.id, aluno_id: s.a[0].id, valor: '6,5', version: 0 },
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(dataOf<SavedGrades>(saved).salvas).toBe(1);

    const asNamed = await get(
      `/api/notas/turmas/${s.classA.id}?disciplina=Matem%C3%A1tica&periodo=${s.p[0]!.id}`,
      s.math.cookie,
    );
    expect(asNamed.statusCode, asNamed.body).toBe(200);
    expect(dataOf<GradesGrid>(asNamed)).toEqual(dataOf<GradesGrid>(await get(gridUrl(s), s.math.cookie)));
    expect(dataOf<GradesGrid>(asNamed).alunos.find((row) => row.id === s.a[0].id)).toMatchObject({
      media: 6.5,
    });
    const conflicting = await get(
      `/api/notas/turmas/${s.classA.id}?disciplina=Matem%C3%A1tica&periodo=${s.p[0]!.id}&periodo_id=${s.p[1]!.id}`,
      s.math.cookie,
    );
    expect(conflicting.statusCode).toBe(400);
    expect(detailsOf(conflicting)).toEqual([
      { path: 'periodo', message: 'Informe periodo_id ou periodo, não os dois com valores diferentes' },
    ]);
    const missing = await get(`/api/notas/turmas/${s.classA.id}?disciplina=Matem%C3%A1tica`, s.math.cookie);
    expect(detailsOf(missing)).toEqual([{ path: 'periodo_id', message: 'Campo obrigatório' }]);

    const listed = await get(`/api/avaliacoes?turma=${s.classA.id}&periodo=${s.p[0]!.id}`, s.math.cookie);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(dataOf<Assessment[]>(listed).map((item) => item.id)).toEqual([column.id]);
    const otherPeriod = await get(
      `/api/avaliacoes?turma=${s.classA.id}&periodo=${s.p[1]!.id}`,
      s.math.cookie,
    );
    expect(dataOf<Assessment[]>(otherPeriod)).toEqual([]);
  });

  it('two people editing the same cell: the second gets a 409 for that cell and nothing is saved', async () => {
    const s = await setupSchool();
    const column = await createAssessment(s, s.math.cookie);
    const cell = (aluno: string, valor: number | null, version?: number) => ({
      avaliacao_id: column.id,
      aluno_id: aluno,
      valor,
      ...(version === undefined ? {} : { version }),
    });
    await send('PUT', '/api/notas', s.math.cookie, { notas: [cell(s.a[0].id, 6)] });
    // The teacher changes it (version 1 → 2)…
    expect(
      (await send('PUT', '/api/notas', s.math.cookie, { notas: [cell(s.a[0].id, 6.5, 1)] })).statusCode,
    ).toBe(200);
    // …while the admin, who read version 1, saves it together with another cell.
    const late = await send('PUT', '/api/notas', s.admin.cookie, {
      notas: [cell(s.a[1].id, 9), cell(s.a[0].id, 4, 1)],
    });
    expect(late.statusCode).toBe(409);
    expect(detailsOf(late)).toEqual([
      {
        path: 'notas.1',
        message: 'Nota alterada por outra pessoa (agora: 6,5). Recarregue para ver a versão atual.',
      },
    ]);
    const grid = dataOf<GradesGrid>(await get(gridUrl(s), s.admin.cookie));
    expect(grid.alunos.find((row) => row.id === s.a[0].id)!.notas[0]).toMatchObject({
      valor: 6.5,
      version: 2,
    });
    expect(grid.alunos.find((row) => row.id === s.a[1].id)!.notas[0]).toMatchObject({
      valor: null,
      version: 0,
    });
    // A cell never written, sent as new by two people: the second is a conflict too.
    expect((await send('PUT', '/api/notas', s.math.cookie, { notas: [cell(s.a[2].id, 5)] })).statusCode).toBe(
      200,
    );
    expect(
      (await send('PUT', '/api/notas', s.admin.cookie, { notas: [cell(s.a[2].id, 3)] })).statusCode,
    ).toBe(409);
  });

  it('applies the recuperação by the school rule (replace when higher, or the mean of both)', async () => {
    const s = await setupSchool();
    const exam = await createAssessment(s, s.math.cookie);
    const recovery = await createAssessment(s, s.math.cookie, {
      nome: 'Recuperação',
      tipo: 'recuperacao',
      data: '2026-04-15',
    });
    await send('PUT', '/api/notas', s.math.cookie, {
      notas: [
        { avaliacao_id: exam.id, aluno_id: s.a[0].id, valor: 4.5 },
        { avaliacao_id: recovery.id, aluno_id: s.a[0].id, valor: 7 },
        { avaliacao_id: exam.id, aluno_id: s.a[1].id, valor: 5 },
        { avaliacao_id: recovery.id, aluno_id: s.a[1].id, valor: 3 },
      ],
    });
    const grid = dataOf<GradesGrid>(await get(gridUrl(s), s.math.cookie));
    expect(grid.avaliacoes.map((item) => item.tipo)).toEqual(['regular', 'recuperacao']);
    expect(grid.alunos.find((row) => row.id === s.a[0].id)!.media).toBe(7);
    expect(grid.alunos.find((row) => row.id === s.a[1].id)!.media).toBe(5);
    const settings = dataOf<AcademicSettings>(await get('/api/configuracoes/academico', s.admin.cookie));
    const values = settingsBody(settings);
    await send('PUT', '/api/configuracoes/academico', s.admin.cookie, { ...values, recuperacao: 'media' });
    const mean = dataOf<GradesGrid>(await get(gridUrl(s), s.math.cookie));
    // (4,5 + 7,0) / 2 = 5,75 → 5,8
    expect(mean.alunos.find((row) => row.id === s.a[0].id)!.media).toBe(5.8);
  });

  it('concepts A–E are entered as letters and averaged by their values', async () => {
    const s = await setupSchool();
    const settings = dataOf<AcademicSettings>(await get('/api/configuracoes/academico', s.admin.cookie));
    const values = settingsBody(settings);
    expect(
      (await send('PUT', '/api/configuracoes/academico', s.admin.cookie, { ...values, escala: 'conceitos' }))
        .statusCode,
    ).toBe(200);
    const a = await createAssessment(s, s.math.cookie);
    const b = await createAssessment(s, s.math.cookie, { nome: 'Prova 2' });
    const saved = await send('PUT', '/api/notas', s.math.cookie, {
      notas: [
        { avaliacao_id: a.id, aluno_id: s.a[0].id, valor: 'b' },
        { avaliacao_id: b.id, aluno_id: s.a[0].id, valor: 'C' },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const bad = await send('PUT', '/api/notas', s.math.cookie, {
      notas: [{ avaliacao_id: a.id, aluno_id: s.a[1].id, valor: 'F' }],
    });
    expect(detailsOf(bad)[0]?.message).toBe('Conceito inválido: use A, B, C, D, E');
    const grid = dataOf<GradesGrid>(await get(gridUrl(s), s.math.cookie));
    // B = 7,0 and C = 6,0 → 6,5 → C.
    expect(grid.alunos.find((row) => row.id === s.a[0].id)).toMatchObject({ media: 6.5, media_texto: 'C' });
    expect(grid.alunos.find((row) => row.id === s.a[0].id)!.notas.map((cell) => cell.texto)).toEqual([
      'B',
      'C',
    ]);
  });
});
