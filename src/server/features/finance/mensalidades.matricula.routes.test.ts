import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { clock } from '../../lib/clock.js';
import { requestsOf, signedIn, setupTestApp } from '../../test/test-app.js';
import { staffWith } from '../../test/perfis-fixtures.js';
import { validStudentBody } from '../../test/records-fixtures.js';
import { classes } from '../../db/schema/classes.js';
import { students } from '../../db/schema/students.js';
import { classTuition, mensalidades } from '../../db/schema/finance.js';
import { AVISO_MATRICULA_ANTERIOR, AVISO_SEM_GERACAO } from './mensalidades.matricula.js';

// August: a student enrolled at the desk mid-year, after the Financeiro generated the year's tuition.
const today = '2026-08-10';
beforeAll(() => clock.pin(today));
afterAll(() => clock.unpin());
const t = setupTestApp();
const { send } = requestsOf(() => t.app);

async function classOf(nome: string, ano: string, tuition: { valor: number; dia: number } | null) {
  const [turma] = await t.database.db
    .insert(classes)
    .values({ nome, nivel: 'Fundamental I', serie: '3º ano', turno: 'manha', anoLetivo: ano })
    .returning();
  if (tuition)
    await t.database.db
      .insert(classTuition)
      .values({ turmaId: turma!.id, valorMensalidade: tuition.valor, diaVencimento: tuition.dia });
  return turma!;
}

async function monthsOf(alunoId: string) {
  return t.database.db
    .select({
      mes: mensalidades.mesReferencia,
      vence: mensalidades.dataVencimento,
      valor: mensalidades.valor,
    })
    .from(mensalidades)
    .where(eq(mensalidades.alunoId, alunoId))
    .orderBy(mensalidades.mesReferencia);
}

/** The secretaria's 'Novo aluno' in a class, enrolled today unless told. */
async function enrolAtDesk(cookie: string, turmaId: string, nome: string, dataMatricula = today) {
  const response = await send(
    'POST',
    '/api/alunos',
    cookie,
    validStudentBody({ nome, turma_id: turmaId, data_matricula: dataMatricula }),
  );
  expect(response.statusCode).toBe(201);
  const body = response.json<{ message: string; data: { aluno: { id: string } } }>();
  return { id: body.data.aluno.id, message: body.message };
}

describe('tuition of a student enrolled at the desk (ADR 0128)', () => {
  it('gets the remaining months of a year already generated, as the others have them', async () => {
    const admin = await signedIn(t, 'administrador');
    const secretaria = await staffWith(t, 'secretaria');
    const turma = await classOf('3º Ano A', '2026', { valor: 92_000, dia: 15 });
    const [lia] = await t.database.db
      .insert(students)
      .values(
        ['Lia Prado', 'Rui Prado'].map((nome, index) => ({
          nome,
          dataNascimento: '2017-03-01',
          matricula: `M${String(index + 1)}`,
          turmaId: turma.id,
          dataMatricula: '2026-02-02',
        })),
      )
      .returning();
    // The Financeiro's run for the year (the school's: both classmates).
    const run = await send('POST', '/api/financeiro/mensalidades/gerar', admin.cookie, { ano: 2026 });
    expect(run.statusCode).toBe(201);
    expect(await monthsOf(lia!.id)).toHaveLength(11);

    const novo = await enrolAtDesk(secretaria.cookie, turma.id, 'Caio Novo');
    expect(novo.message).toBe(
      'Aluno e responsável cadastrados com sucesso! Criadas 5 mensalidades (08/2026 a 12/2026), como as dos demais alunos.',
    );
    // The class's value and due day, from the month of the matrícula on.
    expect(await monthsOf(novo.id)).toEqual(
      ['08', '09', '10', '11', '12'].map((mes) => ({
        mes: `2026-${mes}`,
        vence: `2026-${mes}-15`,
        valor: 92_000,
      })),
    );
  });

  it('a matrícula dated in an earlier month (a student who came before, entered now) charges nothing: the Financeiro picks the months', async () => {
    const admin = await signedIn(t, 'administrador');
    const secretaria = await staffWith(t, 'secretaria');
    const turma = await classOf('5º Ano A', '2026', { valor: 90_000, dia: 10 });
    await t.database.db.insert(students).values(
      ['Bia Prado', 'Leo Prado'].map((nome, index) => ({
        nome,
        dataNascimento: '2015-03-01',
        matricula: `P${String(index + 1)}`,
        turmaId: turma.id,
        dataMatricula: '2026-02-02',
      })),
    );
    const run = await send('POST', '/api/financeiro/mensalidades/gerar', admin.cookie, { ano: 2026 });
    expect(run.statusCode).toBe(201);
    // In the school since March, entered in August: March to July would be overdue at once, with multa.
    const antigo = await enrolAtDesk(secretaria.cookie, turma.id, 'Teo Antigo', '2026-03-02');
    expect(antigo.message).toBe(`Aluno e responsável cadastrados com sucesso! ${AVISO_MATRICULA_ANTERIOR}`);
    expect(await monthsOf(antigo.id)).toEqual([]);
  });

  it('before the year is generated creates nothing and tells the secretaria when it will be', async () => {
    const secretaria = await staffWith(t, 'secretaria');
    const turma = await classOf('1º Ano B', '2027', { valor: 95_000, dia: 10 });
    const novo = await enrolAtDesk(secretaria.cookie, turma.id, 'Duda Nova');
    expect(novo.message).toBe(`Aluno e responsável cadastrados com sucesso! ${AVISO_SEM_GERACAO}`);
    expect(await monthsOf(novo.id)).toEqual([]);
  });

  it('a class that had a single student when the Financeiro ran its year counts as generated (ADR 0130)', async () => {
    const admin = await signedIn(t, 'administrador');
    const secretaria = await staffWith(t, 'secretaria');
    const turma = await classOf('2º Ano Único', '2026', { valor: 88_000, dia: 5 });
    await t.database.db.insert(students).values({
      nome: 'Rosa Sozinha',
      dataNascimento: '2018-03-01',
      matricula: 'U1',
      turmaId: turma.id,
      dataMatricula: '2026-02-02',
    });
    // The school's run for the year (not narrowed to a student): the class had Rosa only.
    const run = await send('POST', '/api/financeiro/mensalidades/gerar', admin.cookie, { ano: 2026 });
    expect(run.statusCode).toBe(201);
    const novo = await enrolAtDesk(secretaria.cookie, turma.id, 'Tito Segundo');
    expect(novo.message).toBe(
      'Aluno e responsável cadastrados com sucesso! Criadas 5 mensalidades (08/2026 a 12/2026), como as dos demais alunos.',
    );
    expect((await monthsOf(novo.id)).map((row) => row.valor)).toEqual(Array(5).fill(88_000));
  });

  it('a run made for one student only is not the class’s year: the secretaria is told, nothing created', async () => {
    const admin = await signedIn(t, 'administrador');
    const secretaria = await staffWith(t, 'secretaria');
    const turma = await classOf('4º Ano C', '2026', { valor: 90_000, dia: 10 });
    const [ana] = await t.database.db
      .insert(students)
      .values({
        nome: 'Ana Tardia',
        dataNascimento: '2016-03-01',
        matricula: 'M9',
        turmaId: turma.id,
        dataMatricula: '2026-06-01',
      })
      .returning();
    const own = await send('POST', '/api/financeiro/mensalidades/gerar', admin.cookie, { aluno_id: ana!.id });
    expect(own.statusCode).toBe(201);
    const novo = await enrolAtDesk(secretaria.cookie, turma.id, 'Gil Novo');
    expect(novo.message).toBe(`Aluno e responsável cadastrados com sucesso! ${AVISO_SEM_GERACAO}`);
    expect(await monthsOf(novo.id)).toEqual([]);
  });

  it('says nothing of tuition for a class that has none', async () => {
    const secretaria = await staffWith(t, 'secretaria');
    const turma = await classOf('Integral', '2026', null);
    const novo = await enrolAtDesk(secretaria.cookie, turma.id, 'Enzo Novo');
    expect(novo.message).toBe('Aluno e responsável cadastrados com sucesso!');
    expect(await monthsOf(novo.id)).toEqual([]);
  });
});
