import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Pendencias } from '../../../shared/dashboard.schemas.js';
import type { EtapaFunil } from '../../../shared/matriculas.schemas.js';
import { clock } from '../../lib/clock.js';
import { requestsOf, setupTestApp, signedIn } from '../../test/test-app.js';
import { dataOf, insertClass, insertStudent } from '../../test/records-fixtures.js';
import { staffWith } from '../../test/perfis-fixtures.js';
import { rollsPendingBetween } from '../attendance/index.js';
import { createSchoolYear } from '../../test/school-fixtures.js';
import { schoolPeriods } from '../../db/schema/calendar.js';
import { classSubjects } from '../../db/schema/curriculum.js';
import { assessments, rectificationRequests } from '../../db/schema/grades.js';
import { pareceres } from '../../db/schema/pareceres.js';
import { interessados } from '../../db/schema/matriculas.js';
import { studentAccounts } from '../../db/schema/student-accounts.js';

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
    // Next year's class, already open with a student: no roll of this year is its to take.
    const nextYear = await insertClass(t, null, 25, { anoLetivo: '2027', nome: 'Turma de 2027' });
    await insertStudent(t, nextYear.id);
    // The class's daily roll from Tuesday to Thursday: Friday's and today's are not taken. Fourteen
    // earlier days of March, away at all: 17 absences, past the Conselho Tutelar line (more than 7,5 % of
    // the year's planned school days, ADR 0117).
    const march = ['02', '03', '04', '05', '06', '09', '10', '11', '12', '13', '16', '17', '18', '19'];
    for (const data of [...march.map((day) => `2026-03-${day}`), '2026-04-14', '2026-04-15', '2026-04-16']) {
      const roll = await send('PUT', `/api/frequencia/turmas/${turma.id}`, coordination.cookie, {
        data,
        faltas: [{ aluno_id: absent.id }],
      });
      expect(roll.statusCode, roll.body).toBe(200);
    }

    const response = await get('/api/dashboard/pendencias', coordination.cookie);
    expect(response.statusCode, response.body).toBe(200);
    expect(dataOf<Pendencias>(response)).toEqual({
      academico: {
        ano_letivo_cadastrado: true,
        chamadas: {
          dias: ['2026-04-14', '2026-04-15', '2026-04-16', '2026-04-17', '2026-04-20'],
          aulas: 2,
          turmas: 1,
        },
        abaixo_minimo: 1,
        conselho_tutelar: 1,
        notas: { periodo_nome: '2º bimestre', sem_avaliacao: 1, notas_faltando: 0, disciplinas: 1 },
        // No Educação Infantil class: no parecer to write.
        pareceres_faltando: null,
        pareceres_para_revisao: 0,
        retificacoes_pendentes: 0,
      },
      // The coordenação does not run the enrolments.
      secretaria: null,
      mensagens_nao_lidas: 0,
    });
  });

  it('before the school registers its first school year, says so instead of counting nothing', async () => {
    const coordination = await staffWith(t, 'coordenacao');
    const before = dataOf<Pendencias>(await get('/api/dashboard/pendencias', coordination.cookie));
    expect(before.academico?.ano_letivo_cadastrado).toBe(false);
    const admin = await signedIn(t, 'administrador');
    await createSchoolYear(t, admin.cookie);
    const after = dataOf<Pendencias>(await get('/api/dashboard/pendencias', coordination.cookie));
    expect(after.academico?.ano_letivo_cadastrado).toBe(true);
  });

  it('a new school’s first day: no roll owed before a class existed, nor by a class with no students', async () => {
    const admin = await signedIn(t, 'administrador');
    await createSchoolYear(t, admin.cookie);
    const coordination = await staffWith(t, 'coordenacao');
    // Set up this morning, its students enrolled since the year began: only today's roll is owed.
    const setUpToday = await insertClass(t, null, 25, {
      nome: 'Turma de hoje',
      createdAt: new Date('2026-04-20T07:00:00-03:00'),
    });
    await insertStudent(t, setUpToday.id, undefined, '2026-02-02');
    // Created last week, nobody enrolled yet: no roll to take.
    await insertClass(t, null, 25, { nome: 'Turma vazia', createdAt: new Date('2026-04-13T09:00:00-03:00') });

    const pendencias = dataOf<Pendencias>(await get('/api/dashboard/pendencias', coordination.cookie));
    expect(pendencias.academico?.chamadas).toMatchObject({ aulas: 1, turmas: 1 });
    // Closing a period asks the same question.
    expect(await rollsPendingBetween(t.database.db, '2026-04-13', '2026-04-20')).toEqual([
      { turma_id: setUpToday.id, turma_nome: 'Turma de hoje', aulas: 1 },
    ]);
  });

  it('counts what waits on the coordenação’s decision: pareceres to review or publish, rectifications', async () => {
    const admin = await signedIn(t, 'administrador');
    await createSchoolYear(t, admin.cookie);
    const coordination = await staffWith(t, 'coordenacao');
    const turma = await insertClass(t, null, 25, { nivel: 'Educação Infantil', serie: 'Pré II' });
    const [ana, bia, caio] = [
      await insertStudent(t, turma.id),
      await insertStudent(t, turma.id),
      await insertStudent(t, turma.id),
    ];
    const [first] = await t.database.db.select().from(schoolPeriods).orderBy(schoolPeriods.numero).limit(1);
    const parecer = { periodoId: first!.id, turmaId: turma.id, texto: 'Desenvolveu-se bem.' };
    await t.database.db.insert(pareceres).values([
      // Sent for review, reviewed and unpublished: both wait; a draft not sent and a published one do not.
      { ...parecer, alunoId: ana.id, status: 'rascunho', enviadoEm: new Date() },
      { ...parecer, alunoId: bia.id, status: 'revisado', enviadoEm: new Date() },
      { ...parecer, alunoId: caio.id, status: 'rascunho' },
    ]);
    const [prova] = await t.database.db
      .insert(assessments)
      .values({
        turmaId: turma.id,
        disciplina: 'Matemática',
        periodoId: first!.id,
        nome: 'Prova',
        data: '2026-04-01',
      })
      .returning();
    await t.database.db.insert(rectificationRequests).values([
      { avaliacaoId: prova!.id, alunoId: ana.id, depois: '7.0', motivo: 'Erro de soma' },
      { avaliacaoId: prova!.id, alunoId: bia.id, depois: '8.0', motivo: 'Erro', situacao: 'aprovada' },
    ]);
    const found = dataOf<Pendencias>(await get('/api/dashboard/pendencias', coordination.cookie));
    expect(found.academico).toMatchObject({ pareceres_para_revisao: 2, retificacoes_pendentes: 1 });
  });

  it('counts the Educação Infantil children without a parecer of the current period, per class', async () => {
    const admin = await signedIn(t, 'administrador');
    await createSchoolYear(t, admin.cookie);
    const coordination = await staffWith(t, 'coordenacao');
    const infantil = { nivel: 'Educação Infantil', serie: 'Pré II' } as const;
    const preA = await insertClass(t, null, 25, { ...infantil, nome: 'Pré II A' });
    const preB = await insertClass(t, null, 25, { ...infantil, nome: 'Pré II B' });
    const [ana, bia] = [await insertStudent(t, preA.id), await insertStudent(t, preA.id)];
    await insertStudent(t, preA.id);
    const [duda] = [await insertStudent(t, preB.id)];
    const periods = await t.database.db.select().from(schoolPeriods).orderBy(schoolPeriods.numero);
    const [first, second] = periods;
    const parecer = { turmaId: preA.id, texto: 'Desenvolveu-se bem.' };
    await t.database.db.insert(pareceres).values([
      // The 2nd bimestre (today's): Ana's written, Bia's left blank; Duda's class all written.
      { ...parecer, periodoId: second!.id, alunoId: ana.id },
      { ...parecer, periodoId: second!.id, alunoId: bia.id, texto: '  ' },
      { periodoId: second!.id, turmaId: preB.id, alunoId: duda.id, texto: 'Brinca com os colegas.' },
      // The 1st bimestre's is not the current period's.
      { ...parecer, periodoId: first!.id, alunoId: bia.id },
    ]);
    const found = dataOf<Pendencias>(await get('/api/dashboard/pendencias', coordination.cookie));
    expect(found.academico?.pareceres_faltando).toEqual({
      periodo_id: second!.id,
      periodo_nome: '2º bimestre',
      criancas: 2,
      turmas: [{ turma_id: preA.id, turma_nome: 'Pré II A', sem_parecer: 2, criancas: 3 }],
    });
    // Outside a period (the holidays after the year): nothing to ask.
    clock.pin('2027-01-10');
    const holidays = dataOf<Pendencias>(await get('/api/dashboard/pendencias', coordination.cookie));
    expect(holidays.academico?.pareceres_faltando).toBeNull();
  });

  it('the secretaria’s: families waiting in the funnel, per year, and the Portal do Aluno requests', async () => {
    const secretaria = await staffWith(t, 'secretaria');
    const family = (anoLetivo: number, etapa: EtapaFunil): typeof interessados.$inferInsert => ({
      anoLetivo,
      etapa,
      serie: '1º ano',
      responsavelNome: 'Família Teste',
      email: 'familia@teste.test',
      telefone: '11987654321',
      alunoNome: 'Criança Teste',
      alunoNascimento: '2020-05-10',
    });
    await t.database.db
      .insert(interessados)
      .values([
        family(2026, 'pre_matricula'),
        family(2027, 'interessado'),
        family(2027, 'interessado'),
        family(2027, 'pre_matricula'),
        family(2027, 'contrato_assinado'),
        family(2027, 'matriculado'),
        family(2025, 'interessado'),
      ]);
    // A guardian asked the school to disable their child's portal account.
    const child = await insertStudent(t, null);
    const { user: studentUser } = await signedIn(t, 'aluno');
    await t.database.db.insert(studentAccounts).values({
      alunoId: child.id,
      usuarioId: studentUser.id,
      consentimentoResponsavelNome: 'Mãe',
      consentimentoMeio: 'presencial',
      consentimentoEm: new Date(),
      desativacaoPedidaEm: new Date(),
    });
    const response = await get('/api/dashboard/pendencias', secretaria.cookie);
    expect(response.statusCode, response.body).toBe(200);
    expect(dataOf<Pendencias>(response)).toEqual({
      academico: null,
      secretaria: {
        matriculas: [
          { ano: 2026, interessados: 0, pre_matriculas: 1, contratos_assinados: 0 },
          { ano: 2027, interessados: 2, pre_matriculas: 1, contratos_assinados: 1 },
        ],
        pedidos_portal: 1,
      },
      mensagens_nao_lidas: 0,
    });
  });

  it('a teacher and a family are refused: they have no pendências of the school to chase', async () => {
    for (const nivel of ['professor', 'responsavel'] as const) {
      const { cookie } = await signedIn(t, nivel);
      expect((await get('/api/dashboard/pendencias', cookie)).statusCode).toBe(403);
    }
    expect((await get('/api/dashboard/pendencias', '')).statusCode).toBe(401);
  });
});
