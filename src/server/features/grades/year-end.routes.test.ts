/** Closing the year and the rematrícula: once ended, the year-end screen and the adjustments. */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { GradesGrid } from '../../../shared/grades.schemas.js';
import type { RematriculaProposal, YearClosing, YearEndStatus } from '../../../shared/year-end.schemas.js';
import type { ReportCard } from '../../../shared/report-card.schemas.js';
import type { RollClass } from '../../../shared/attendance.schemas.js';
import { clock } from '../../lib/clock.js';
import { signedIn } from '../../test/test-app.js';
import {
  dataOf,
  detailsOf,
  insertClass,
  insertRollsWithAbsences,
  insertStudent,
  insertTeacher,
  messageOf,
} from '../../test/records-fixtures.js';
import { classMemberships } from '../../db/schema/attendance.js';
import { classes } from '../../db/schema/classes.js';
import { students } from '../../db/schema/students.js';
import {
  closeYear,
  closedFifthGradeYear,
  gradedFifthGrade,
  gradeFirstPeriod,
  gridUrl,
  setupSchool,
  setupGradesTestApp,
} from './grades.test-setup.js';
import { createSchoolYear, YEAR_2027 } from '../../test/school-fixtures.js';

const { t, send, get } = setupGradesTestApp();

describe('closing the year and rematrícula', () => {
  it('closes every period, computes situations, and the rematrícula is previewed, applied once and atomically', async () => {
    const s = await gradedFifthGrade();
    expect((await get(`/api/anos-letivos/${s.year.id}/rematricula`, s.admin.cookie)).statusCode).toBe(409);
    const closing = await closeYear(s.year.id, s.admin.cookie);
    // a1: 8,0 / 9,0 → aprovado; a2: 7,0 / 6,0 → aprovado; a3: 3,0 → reprovado por nota.
    expect(dataOf<YearClosing>(closing)).toMatchObject({ ano: 2026, periodos_fechados: 4 });
    expect(dataOf<YearClosing>(closing).situacoes).toMatchObject({ aprovado: 2, reprovado_nota: 1 });
    expect((await send('POST', `/api/anos-letivos/${s.year.id}/encerrar`, s.admin.cookie)).statusCode).toBe(
      409,
    );
    // The old year is read-only, also for the administrator's batch.
    const grid = dataOf<GradesGrid>(await get(gridUrl(s), s.admin.cookie));
    const write = await send('PUT', '/api/notas', s.admin.cookie, {
      notas: [{ avaliacao_id: grid.avaliacoes[0]!.id, aluno_id: s.a[2].id, valor: 9, version: 1 }],
    });
    expect(write.statusCode).toBe(409);
    expect(messageOf(write)).toMatch(/ano letivo 2026 foi encerrado/);

    const preview = dataOf<RematriculaProposal>(
      await get(`/api/anos-letivos/${s.year.id}/rematricula`, s.admin.cookie),
    );
    expect(preview.turmas.map((item) => [item.nome, item.serie, item.nivel, item.incluir])).toEqual([
      ['6º Ano A', '6º ano', 'Fundamental II', true],
      ['5º Ano A', '5º ano', 'Fundamental I', true],
    ]);
    const destination = new Map(
      preview.alunos.map((item) => [item.aluno_id, [item.destino, item.destino_turma_nome]]),
    );
    expect(destination.get(s.a[0].id)).toEqual(['proxima_serie', '6º Ano A']);
    expect(destination.get(s.a[2].id)).toEqual(['mesma_serie', '5º Ano A']);

    // A failure half-way (the second class names a teacher who does not exist) leaves nothing changed.
    const broken = await send('POST', `/api/anos-letivos/${s.year.id}/rematricula`, s.admin.cookie, {
      turmas: [{ origem_id: s.classA.id, professor_responsavel_id: '00000000-0000-4000-8000-000000000000' }],
      alunos: [],
    });
    expect(broken.statusCode).toBe(400);
    expect(await t.database.db.select().from(classes).where(eq(classes.anoLetivo, '2027'))).toEqual([]);

    const dry = await send('POST', `/api/anos-letivos/${s.year.id}/rematricula?dryRun=true`, s.admin.cookie, {
      turmas: [],
      alunos: [{ aluno_id: s.a[1].id, destino: 'nao_rematriculado' }],
    });
    expect(dataOf<RematriculaProposal>(dry).contagem).toEqual({
      proxima_serie: 1,
      mesma_serie: 1,
      concluido: 0,
      nao_rematriculado: 1,
      sem_turma: 0,
      turmas_novas: 2,
    });
    expect(await t.database.db.select().from(classes).where(eq(classes.anoLetivo, '2027'))).toEqual([]);

    const body = { turmas: [], alunos: [{ aluno_id: s.a[1].id, destino: 'nao_rematriculado' }] };
    const applied = await send('POST', `/api/anos-letivos/${s.year.id}/rematricula`, s.admin.cookie, body);
    expect(applied.statusCode, applied.body).toBe(200);
    const again = await send('POST', `/api/anos-letivos/${s.year.id}/rematricula`, s.admin.cookie, body);
    expect(again.statusCode).toBe(200);
    expect(dataOf<RematriculaProposal>(again).aplicada).toBe(true);
    const next = await t.database.db.select().from(classes).where(eq(classes.anoLetivo, '2027'));
    expect(next.map((row) => row.nome).sort()).toEqual(['5º Ano A', '6º Ano A']);
    const sixth = next.find((row) => row.nome === '6º Ano A')!;
    const [moved] = await t.database.db.select().from(students).where(eq(students.id, s.a[0].id));
    expect(moved?.turmaId).toBe(sixth.id);
    const memberships = await t.database.db
      .select()
      .from(classMemberships)
      .where(eq(classMemberships.alunoId, s.a[0].id));
    expect(memberships.map((row) => [row.turmaId, row.inicio, row.fim]).sort()).toEqual(
      [
        [s.classA.id, '2026-01-01', '2026-12-31'],
        [sixth.id, '2027-01-01', null],
      ].sort(),
    );
    const [left] = await t.database.db.select().from(students).where(eq(students.id, s.a[1].id));
    expect(left?.status).toBe('inativo');
    const leftHistory = await t.database.db
      .select()
      .from(classMemberships)
      .where(eq(classMemberships.alunoId, s.a[1].id));
    expect(leftHistory.map((row) => [row.turmaId, row.inicio, row.fim])).toEqual([
      [s.classA.id, '2026-01-01', '2026-12-31'],
    ]);
    const [old] = await t.database.db.select().from(classes).where(eq(classes.id, s.classA.id));
    expect(old?.status).toBe('concluido');
    // Last year's classes and grades stay reachable by year, read-only: the teacher still finds the
    // concluded class under 2026 (not among the active ones) and reads its grid.
    const active = dataOf<RollClass[]>(await get('/api/frequencia/turmas', s.math.cookie));
    expect(active.map((item) => item.id)).not.toContain(s.classA.id);
    const of2026 = dataOf<RollClass[]>(await get('/api/frequencia/turmas?ano=2026', s.math.cookie));
    expect(of2026.map((item) => item.id)).toEqual([s.classA.id]);
    const of2027 = dataOf<RollClass[]>(await get('/api/frequencia/turmas?ano=2027', s.math.cookie));
    expect(of2027.map((item) => item.nome).sort()).toEqual(['5º Ano A', '6º Ano A']);
    expect((await get('/api/frequencia/turmas?ano=dois', s.math.cookie)).statusCode).toBe(400);
    const oldGrid = dataOf<GradesGrid>(await get(gridUrl(s), s.math.cookie));
    expect(oldGrid.bloqueio).toMatch(/ano letivo 2026 foi encerrado/);
    expect(oldGrid.alunos.find((aluno) => aluno.id === s.a[0].id)!.notas[0]!.texto).toBe('8,0');
    // Last year's boletim is still reachable by year.
    const card = dataOf<ReportCard>(await get(`/api/boletins/alunos/${s.a[0].id}?ano=2026`, s.admin.cookie));
    expect(card).toMatchObject({
      ano: 2026,
      ano_encerrado: true,
      situacao: 'aprovado',
      turma: { id: s.classA.id },
    });
  });
});

describe('closing the year only once it has ended', () => {
  it('refuses to close before the last day, and applies the rematrícula only after it: students stay in this year’s class until then', async () => {
    const s = await gradedFifthGrade();
    await createSchoolYear(t, s.admin.cookie, YEAR_2027);
    const statusUrl = `/api/anos-letivos/${s.year.id}/encerramento`;
    const closeUrl = `/api/anos-letivos/${s.year.id}/encerrar?confirmar_pendencias=true`;
    const url = `/api/anos-letivos/${s.year.id}/rematricula`;

    // November, the 4th bimestre still in progress: refused, with the reason on the screen too.
    clock.pin('2026-11-20');
    const early = await send('POST', closeUrl, s.admin.cookie);
    expect(early.statusCode).toBe(409);
    const reason =
      'O ano letivo 2026 vai até 11/12/2026 e só pode ser encerrado a partir desse dia: encerrar antes fecharia as notas e as chamadas dos dias letivos que ainda faltam.';
    expect(messageOf(early)).toBe(reason);
    expect(dataOf<YearEndStatus>(await get(statusUrl, s.admin.cookie))).toMatchObject({
      encerrado: false,
      encerramento_bloqueio: reason,
    });
    expect(dataOf<GradesGrid>(await get(gridUrl(s, 3), s.math.cookie)).bloqueio).toBeNull();

    // The last day: it closes; the rematrícula is previewed and simulated but not applied yet.
    clock.pin('2026-12-11');
    expect((await send('POST', closeUrl, s.admin.cookie)).statusCode).toBe(200);
    const closed = dataOf<YearEndStatus>(await get(statusUrl, s.admin.cookie));
    expect(closed.encerramento_bloqueio).toBeNull();
    expect(closed.rematricula_bloqueio).toMatch(/depois do último dia do ano letivo 2026 \(11\/12\/2026\)/);
    expect((await send('POST', `${url}?dryRun=true`, s.admin.cookie, {})).statusCode).toBe(200);
    const tooSoon = await send('POST', url, s.admin.cookie, {});
    expect(tooSoon.statusCode).toBe(409);
    expect(messageOf(tooSoon)).toBe(closed.rematricula_bloqueio);
    const [still] = await t.database.db.select().from(students).where(eq(students.id, s.a[0].id));
    expect(still?.turmaId).toBe(s.classA.id);
    expect(await t.database.db.select().from(classes).where(eq(classes.anoLetivo, '2027'))).toEqual([]);
    const [open] = await t.database.db.select().from(classes).where(eq(classes.id, s.classA.id));
    expect(open?.status).toBe('ativo');

    // After the year ended, before the next begins: applied. The new class's membership starts on
    // 2027's first day; until then the history keeps the student in 2026's class.
    clock.pin('2026-12-14');
    expect(dataOf<YearEndStatus>(await get(statusUrl, s.admin.cookie)).rematricula_bloqueio).toBeNull();
    const applied = await send('POST', url, s.admin.cookie, {});
    expect(applied.statusCode, applied.body).toBe(200);
    const sixth = (await t.database.db.select().from(classes).where(eq(classes.anoLetivo, '2027'))).find(
      (row) => row.nome === '6º Ano A',
    )!;
    const memberships = await t.database.db
      .select()
      .from(classMemberships)
      .where(eq(classMemberships.alunoId, s.a[0].id));
    expect(memberships.map((row) => [row.turmaId, row.inicio, row.fim]).sort()).toEqual(
      [
        [s.classA.id, '2026-01-01', '2027-01-31'],
        [sixth.id, '2027-02-01', null],
      ].sort(),
    );
    const card = dataOf<ReportCard>(await get(`/api/boletins/alunos/${s.a[0].id}?ano=2026`, s.admin.cookie));
    expect(card.turma).toMatchObject({ id: s.classA.id });
  });
});

describe('the year-end screen and the adjustments of the rematrícula', () => {
  it('shows each period across the classes, then the closing and the applied rematrícula', async () => {
    const s = await setupSchool();
    await insertClass(t, null);
    await gradeFirstPeriod(s);
    const statusUrl = `/api/anos-letivos/${s.year.id}/encerramento`;
    expect((await get(statusUrl, s.math.cookie)).statusCode).toBe(403);
    expect(
      (await get('/api/anos-letivos/00000000-0000-4000-8000-000000000000/encerramento', s.admin.cookie))
        .statusCode,
    ).toBe(404);
    // Before anything: every period open in both classes; closing the 1st for class A only.
    await send('POST', `/api/periodos/${s.p[0]!.id}/fechar`, s.admin.cookie, { turma_id: s.classA.id });
    await send('POST', `/api/periodos/${s.p[0]!.id}/publicar`, s.admin.cookie, { turma_id: s.classA.id });
    const before = dataOf<YearEndStatus>(await get(statusUrl, s.admin.cookie));
    expect(before).toMatchObject({ ano: 2026, turmas: 2, alunos: 3, encerrado: false, rematricula_em: null });
    expect(before.periodos.map((item) => [item.nome, item.turmas_abertas, item.turmas_publicadas])).toEqual([
      ['1º bimestre', 1, 1],
      ['2º bimestre', 2, 0],
      ['3º bimestre', 2, 0],
      ['4º bimestre', 2, 0],
    ]);
    await closeYear(s.year.id, s.admin.cookie);
    const closed = dataOf<YearEndStatus>(await get(statusUrl, s.admin.cookie));
    expect(closed.encerrado).toBe(true);
    expect(closed.encerrado_por_nome).toBe(s.admin.user.nome);
    expect(closed.periodos.every((item) => item.turmas_abertas === 0)).toBe(true);

    await send('POST', `/api/anos-letivos/${s.year.id}/rematricula`, s.admin.cookie, {});
    const applied = dataOf<YearEndStatus>(await get(statusUrl, s.admin.cookie));
    expect(applied.rematricula_em).not.toBeNull();
    expect(applied.rematricula_resumo).toMatchObject({ proxima_serie: 2, mesma_serie: 1 });
  });

  it('a class left out leaves its students active and without a class (counted apart from the inactivated), never inactivated', async () => {
    const s = await closedFifthGradeYear();
    const url = `/api/anos-letivos/${s.year.id}/rematricula`;
    // '6º Ano A' unchecked; a2 explicitly not re-enrolled.
    const body = {
      turmas: [{ origem_id: s.classA.id, incluir: false }],
      alunos: [{ aluno_id: s.a[1].id, destino: 'nao_rematriculado' }],
    };
    const dry = dataOf<RematriculaProposal>(await send('POST', `${url}?dryRun=true`, s.admin.cookie, body));
    expect(dry.contagem).toEqual({
      proxima_serie: 1,
      mesma_serie: 1,
      concluido: 0,
      nao_rematriculado: 1,
      sem_turma: 1,
      turmas_novas: 1,
    });
    expect(dry.alunos.find((item) => item.aluno_id === s.a[0].id)).toMatchObject({
      destino: 'proxima_serie',
      destino_turma_nome: null,
    });
    const applied = await send('POST', url, s.admin.cookie, body);
    expect(applied.statusCode, applied.body).toBe(200);
    const rows = await t.database.db.select().from(students);
    const byId = new Map(rows.map((row) => [row.id, row]));
    // Without a class, still active: the secretary places them.
    expect(byId.get(s.a[0].id)).toMatchObject({ status: 'ativo', turmaId: null });
    expect(byId.get(s.a[1].id)?.status).toBe('inativo');
    expect(byId.get(s.a[2].id)?.status).toBe('ativo');
    const history = await t.database.db
      .select()
      .from(classMemberships)
      .where(eq(classMemberships.alunoId, s.a[0].id));
    expect(history.map((row) => [row.turmaId, row.fim])).toEqual([[s.classA.id, '2026-12-31']]);
    const status = dataOf<YearEndStatus>(
      await get(`/api/anos-letivos/${s.year.id}/encerramento`, s.admin.cookie),
    );
    expect(status.rematricula_resumo).toMatchObject({ nao_rematriculado: 1, sem_turma: 1 });
  });

  it('the dry run reports, field by field, what applying would refuse or merge: an unknown teacher, two classes with one name', async () => {
    const s = await closedFifthGradeYear();
    const url = `/api/anos-letivos/${s.year.id}/rematricula`;
    const ghostBody = {
      turmas: [{ origem_id: s.classA.id, professor_responsavel_id: '00000000-0000-4000-8000-000000000000' }],
    };
    const ghost = dataOf<RematriculaProposal>(
      await send('POST', `${url}?dryRun=true`, s.admin.cookie, ghostBody),
    );
    expect(ghost.erros).toEqual([
      { path: 'turmas.0.professor_responsavel_id', message: 'Professor não encontrado: escolha outro' },
    ]);
    expect(ghost.turmas.find((item) => !item.para_retidos)!.erros.professor_responsavel_id).toBe(
      'Professor não encontrado: escolha outro',
    );
    const refused = await send('POST', url, s.admin.cookie, ghostBody);
    expect(refused.statusCode).toBe(400);
    expect(detailsOf(refused)).toEqual(ghost.erros);
    // The 5º ano moving up renamed '5º ano a': the retained students' copy of 5º Ano A has that name too.
    const twiceBody = { turmas: [{ origem_id: s.classA.id, nome: '5º ano a' }] };
    const twice = dataOf<RematriculaProposal>(
      await send('POST', `${url}?dryRun=true`, s.admin.cookie, twiceBody),
    );
    const message =
      'Duas turmas de 2027 com o nome “5º ano a” (de 5º Ano A e de 5º Ano A, para os retidos): dê um nome diferente a cada uma';
    expect(twice.erros).toEqual([{ path: 'turmas.0.nome', message }]);
    expect(twice.turmas.map((item) => item.erros.nome)).toEqual([message, message]);
    const applied = await send('POST', url, s.admin.cookie, twiceBody);
    expect(applied.statusCode).toBe(400);
    expect(detailsOf(applied)).toEqual([{ path: 'turmas.0.nome', message }]);
    expect(await t.database.db.select().from(classes).where(eq(classes.anoLetivo, '2027'))).toEqual([]);
    // Two classes of this year with one name (no adjustment at all): the proposal itself says so.
    const twin = await insertClass(t, null);
    await t.database.db
      .update(classes)
      .set({ serie: '5º ano', nome: '5º ANO A' })
      .where(eq(classes.id, twin.id));
    const proposal = dataOf<RematriculaProposal>(await get(url, s.admin.cookie));
    expect(proposal.erros).toEqual([
      { path: 'turmas', message: expect.stringMatching(/^Duas turmas de 2027 com o nome “6º/) },
    ]);
    expect(proposal.turmas.filter((item) => item.erros.nome !== null)).toHaveLength(2);
  });

  it('places a student in the class the administrator chose, and refuses a class not in the proposal', async () => {
    const s = await gradedFifthGrade();
    const classB = await insertClass(t, null);
    await t.database.db
      .update(classes)
      .set({ serie: '5º ano', nome: '5º Ano B', turno: 'tarde' })
      .where(eq(classes.id, classB.id));
    clock.pin('2026-12-20');
    await send('POST', `/api/anos-letivos/${s.year.id}/encerrar?confirmar_pendencias=true`, s.admin.cookie);
    const url = `/api/anos-letivos/${s.year.id}/rematricula`;
    const wrong = await send('POST', `${url}?dryRun=true`, s.admin.cookie, {
      alunos: [{ aluno_id: s.a[0].id, destino: 'proxima_serie', turma_nome: '7º Ano Z' }],
    });
    expect(wrong.statusCode).toBe(400);
    expect(detailsOf(wrong)).toEqual([
      { path: 'alunos.0.turma_nome', message: expect.stringMatching(/7º Ano Z/) },
    ]);
    // a1 (approved) goes to 6º Ano B instead of 6º Ano A; class B gets another teacher and capacity.
    const teacher = await insertTeacher(t, (await signedIn(t, 'professor')).user.id);
    const body = {
      turmas: [{ origem_id: classB.id, capacidade_maxima: 30, professor_responsavel_id: teacher.id }],
      alunos: [{ aluno_id: s.a[0].id, destino: 'proxima_serie', turma_nome: '6º Ano B' }],
    };
    const dry = dataOf<RematriculaProposal>(await send('POST', `${url}?dryRun=true`, s.admin.cookie, body));
    const first = dry.alunos.find((item) => item.aluno_id === s.a[0].id)!;
    expect(first).toMatchObject({
      destino: 'proxima_serie',
      destino_turma_nome: '6º Ano B',
      origem_turma_nome: '5º Ano A',
    });
    expect(dry.turmas.find((item) => item.origem_id === classB.id)).toMatchObject({
      nome: '6º Ano B',
      capacidade_maxima: 30,
      professor_responsavel_id: teacher.id,
    });
    expect(await t.database.db.select().from(classes).where(eq(classes.anoLetivo, '2027'))).toEqual([]);
    const applied = await send('POST', url, s.admin.cookie, body);
    expect(applied.statusCode, applied.body).toBe(200);
    const next = await t.database.db.select().from(classes).where(eq(classes.anoLetivo, '2027'));
    const sixthB = next.find((row) => row.nome === '6º Ano B')!;
    expect(sixthB).toMatchObject({
      capacidadeMaxima: 30,
      professorResponsavelId: teacher.id,
      turno: 'tarde',
    });
    const [moved] = await t.database.db.select().from(students).where(eq(students.id, s.a[0].id));
    expect(moved?.turmaId).toBe(sixthB.id);
  });
});

describe('below the minimum attendance (LDB art. 24, VI; ADR 0077)', () => {
  it("reads 'Frequência abaixo do mínimo' while the year runs and fails by absence once it is closed", async () => {
    const s = await gradedFifthGrade();
    // a1 passes on grades (8,0 / 9,0) but missed 5 of 10 days.
    await insertRollsWithAbsences(t, s.classA.id, s.a[0].id, 5);
    const card = async () =>
      dataOf<ReportCard>(await get(`/api/boletins/alunos/${s.a[0].id}?ano=2026`, s.admin.cookie));
    expect((await card()).situacao).toBe('abaixo_frequencia');

    const closing = await closeYear(s.year.id, s.admin.cookie);
    expect(dataOf<YearClosing>(closing).situacoes).toMatchObject({
      aprovado: 1,
      reprovado_nota: 1,
      reprovado_falta: 1,
      abaixo_frequencia: 0,
    });
    expect((await card()).situacao).toBe('reprovado_falta');
    const preview = dataOf<RematriculaProposal>(
      await get(`/api/anos-letivos/${s.year.id}/rematricula`, s.admin.cookie),
    );
    expect(preview.alunos.find((item) => item.aluno_id === s.a[0].id)).toMatchObject({
      situacao: 'reprovado_falta',
      destino: 'mesma_serie',
    });
  });
});

describe('Educação Infantil in the closed year (LDB art. 31, ADR 0038)', () => {
  it("counts a child of the Infantil as 'Concluiu o ano', neither 'Cursando' nor approved or retained", async () => {
    const s = await gradedFifthGrade();
    const preII = await insertClass(t, null, 20, {
      nivel: 'Educação Infantil',
      serie: 'Pré II',
      nome: 'Pré II A',
    });
    const child = await insertStudent(t, preII.id);
    const closing = await closeYear(s.year.id, s.admin.cookie);
    expect(dataOf<YearClosing>(closing).situacoes).toMatchObject({
      aprovado: 2,
      reprovado_nota: 1,
      concluiu_ano: 1,
      cursando: 0,
    });
    const preview = dataOf<RematriculaProposal>(
      await get(`/api/anos-letivos/${s.year.id}/rematricula`, s.admin.cookie),
    );
    expect(preview.alunos.find((item) => item.aluno_id === child.id)).toMatchObject({
      situacao: 'concluiu_ano',
      destino: 'proxima_serie',
    });
  });
});
