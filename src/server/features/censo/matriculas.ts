/**
 * Who the census counts (issue 37): the enrolments of a census year as the class history
 * (`class_memberships`) records them. One definition for every record and check: stage 1 counts the
 * enrolments that covered the reference date; stage 2 reports those (record 90) and the ones that began
 * after it for students not enrolled on it (record 91, 'admitidos após').
 */
import { folded } from '../../lib/text-search.js';
import { and, asc, count, countDistinct, eq, gt, inArray, isNull, lte, or, gte, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { classMemberships } from '../../db/schema/attendance.js';
import { classes } from '../../db/schema/classes.js';
import { students } from '../../db/schema/students.js';

export interface MatriculaCenso {
  alunoId: string;
  turmaId: string;
  /** The membership's first and last day (null: open). */
  inicio: string;
  fim: string | null;
  aluno: {
    nome: string;
    dataNascimento: string;
    sexo: 'feminino' | 'masculino' | null;
    cpf: string | null;
    status: string;
  };
  turma: { nome: string; nivel: string; serie: string; turno: string; anoLetivo: string };
}

async function matriculas(db: DbOrTx, ano: number, where: SQL): Promise<MatriculaCenso[]> {
  const rows = await db
    .select({
      alunoId: classMemberships.alunoId,
      turmaId: classMemberships.turmaId,
      inicio: classMemberships.inicio,
      fim: classMemberships.fim,
      nome: students.nome,
      dataNascimento: students.dataNascimento,
      sexo: students.sexo,
      cpf: students.cpf,
      status: students.status,
      turmaNome: classes.nome,
      nivel: classes.nivel,
      serie: classes.serie,
      turno: classes.turno,
      anoLetivo: classes.anoLetivo,
    })
    .from(classMemberships)
    .innerJoin(students, eq(students.id, classMemberships.alunoId))
    .innerJoin(classes, eq(classes.id, classMemberships.turmaId))
    .where(and(eq(classes.anoLetivo, String(ano)), where))
    .orderBy(asc(classes.nome), asc(folded(students.nome)), asc(classMemberships.inicio));
  return rows.map((row) => ({
    alunoId: row.alunoId,
    turmaId: row.turmaId,
    inicio: row.inicio,
    fim: row.fim,
    aluno: {
      nome: row.nome,
      dataNascimento: row.dataNascimento,
      sexo: row.sexo,
      cpf: row.cpf,
      status: row.status,
    },
    turma: {
      nome: row.turmaNome,
      nivel: row.nivel,
      serie: row.serie,
      turno: row.turno,
      anoLetivo: row.anoLetivo,
    },
  }));
}

const naData = (data: string) =>
  and(lte(classMemberships.inicio, data), or(isNull(classMemberships.fim), gte(classMemberships.fim, data)))!;

/**
 * The enrolments in classes of `ano` that covered `data` (stage 1's records 20/30/60; stage 2's 90);
 * `turmaIds`: only those classes' (the stream reads a few classes at a time, issue 38).
 */
export function matriculasNaData(
  db: DbOrTx,
  ano: number,
  data: string,
  turmaIds?: readonly string[],
  alunoIds?: readonly string[],
): Promise<MatriculaCenso[]> {
  const where = and(
    naData(data),
    turmaIds ? inArray(classMemberships.turmaId, [...turmaIds]) : undefined,
    alunoIds ? inArray(classMemberships.alunoId, [...alunoIds]) : undefined,
  )!;
  return matriculas(db, ano, where);
}

/**
 * The classes with enrolments on `data`, in the order `matriculasNaData` walks them (by name, as the
 * database sorts), with how many: the stream's chunks of classes (issue 38).
 */
export async function turmasNaData(db: DbOrTx, ano: number, data: string) {
  return db
    .select({ turmaId: classMemberships.turmaId, nome: classes.nome, matriculas: count() })
    .from(classMemberships)
    .innerJoin(students, eq(students.id, classMemberships.alunoId))
    .innerJoin(classes, eq(classes.id, classMemberships.turmaId))
    .where(and(eq(classes.anoLetivo, String(ano)), naData(data)))
    .groupBy(classMemberships.turmaId, classes.nome)
    .orderBy(asc(classes.nome));
}

/**
 * The students enrolled on `data`, each once in the order of their first enrolment in
 * `matriculasNaData` (id and name only: 50,000 of them are a few MB, issue 38).
 */
export async function alunosNaData(db: DbOrTx, ano: number, data: string) {
  const rows = await db
    .select({ alunoId: classMemberships.alunoId, nome: students.nome })
    .from(classMemberships)
    .innerJoin(students, eq(students.id, classMemberships.alunoId))
    .innerJoin(classes, eq(classes.id, classMemberships.turmaId))
    .where(and(eq(classes.anoLetivo, String(ano)), naData(data)))
    .orderBy(asc(classes.nome), asc(folded(students.nome)), asc(classMemberships.inicio));
  const vistos = new Set<string>();
  return rows.filter((row) => !vistos.has(row.alunoId) && vistos.add(row.alunoId));
}

/** How many students `alunosNaData` gives, counted by the database (the progress bar's total). */
export async function contarAlunosNaData(db: DbOrTx, ano: number, data: string): Promise<number> {
  const [row] = await db
    .select({ total: countDistinct(classMemberships.alunoId) })
    .from(classMemberships)
    .innerJoin(students, eq(students.id, classMemberships.alunoId))
    .innerJoin(classes, eq(classes.id, classMemberships.turmaId))
    .where(and(eq(classes.anoLetivo, String(ano)), naData(data)));
  return row?.total ?? 0;
}

/**
 * The students a file carries (each gets an entry in the access log): those enrolled on `data`, and in
 * stage 2 those admitted after it. Ids only.
 */
export async function alunosDoArquivo(db: DbOrTx, ano: number, data: string, comAdmitidos: boolean) {
  const rows = await db
    .selectDistinct({ alunoId: classMemberships.alunoId })
    .from(classMemberships)
    .innerJoin(students, eq(students.id, classMemberships.alunoId))
    .innerJoin(classes, eq(classes.id, classMemberships.turmaId))
    .where(
      and(
        eq(classes.anoLetivo, String(ano)),
        comAdmitidos ? or(naData(data), gt(classMemberships.inicio, data)) : naData(data),
      ),
    );
  return rows.map((row) => row.alunoId);
}

/**
 * The enrolments in classes of `ano` that began after `data`, of students who had none covering `data`
 * in that year (stage 2's record 91): the first such enrolment of each student. A student who changed
 * class after the reference date is not 'admitted after': their record 90 carries the year.
 */
export async function matriculasAposData(db: DbOrTx, ano: number, data: string): Promise<MatriculaCenso[]> {
  const [depois, naData] = await Promise.all([
    matriculas(db, ano, gt(classMemberships.inicio, data)),
    matriculasNaData(db, ano, data),
  ]);
  const presentes = new Set(naData.map((matricula) => matricula.alunoId));
  const primeira = new Map<string, MatriculaCenso>();
  for (const matricula of depois) {
    if (presentes.has(matricula.alunoId)) continue;
    const atual = primeira.get(matricula.alunoId);
    if (!atual || matricula.inicio < atual.inicio) primeira.set(matricula.alunoId, matricula);
  }
  return [...primeira.values()];
}
