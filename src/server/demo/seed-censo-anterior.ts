import { and, asc, eq, inArray } from 'drizzle-orm';
import { addDays } from '../../shared/calendar.js';
import { classNiveis, infantilGroups, seriesByNivel, type ClassNivel } from '../../shared/classes.schemas.js';
import type { Tx } from '../db/client.js';
import { classMemberships } from '../db/schema/attendance.js';
import { schoolPeriods, schoolYears } from '../db/schema/calendar.js';
import { censoAlunos, censoMatriculas, censoTurmas } from '../db/schema/censo.js';
import { classes } from '../db/schema/classes.js';
import { classSubjects } from '../db/schema/curriculum.js';
import { assessments, grades, yearClosures } from '../db/schema/grades.js';
import { students } from '../db/schema/students.js';
import { currentAcademicValues, writePeriods } from '../features/calendar/index.js';
import { matriculasNaData } from '../features/censo/index.js';
import { dataReferencia } from '../../shared/censo.codigos.js';
import { demoSchoolYear, YEAR_END, yearEndEntries } from './seed-calendar.js';

/**
 * The previous school year, closed (issue 37): where the demo's students were the year before — each
 * class of this year has its predecessor one série below, with the same students but the ones new to
 * the school —, one assessment per subject and bimestre, the year closing, and the INEP IDs the school
 * received after that year's first census stage (as the import of IDs stores them). With it the demo's
 * Relatórios → Censo Escolar shows a census year whose two files are both ready: the previous year's
 * Situação do Aluno cannot be sent before that year closed, and this year's is not due yet.
 */

/** The série before each série the product offers, and its stage (none before Berçário, 1º ano is after Pré II). */
function previousOf(serie: string): { serie: string; nivel: ClassNivel } | null {
  const ordered = classNiveis.flatMap((nivel) =>
    seriesByNivel[nivel].map((item) => ({ serie: item, nivel })),
  );
  const index = ordered.findIndex((item) => item.serie.toLowerCase() === serie.trim().toLowerCase());
  return index > 0 ? ordered[index - 1]! : null;
}

/** '3º ano' → '3º Ano', '1ª série' → '1ª Série', 'Pré I' stays: the demo's class names. */
const classLabel = (serie: string) =>
  serie.replace(/\b(ano|série)\b/, (word) => word[0]!.toUpperCase() + word.slice(1));

const pad = (value: number, size: number) => String(value).padStart(size, '0');

export async function seedCensoAnoAnterior(tx: Tx, today: string): Promise<void> {
  const ano = Number(today.slice(0, 4)) - 1;
  // The same dates the demo's calendar gives that year (its closing dates are seeded with the calendar).
  const { inicio, fim } = demoSchoolYear(ano);
  const [year] = await tx
    .insert(schoolYears)
    .values({ ano, inicio, fim, tipoPeriodo: 'bimestre' })
    .returning();
  await writePeriods(tx, year!.id, { ano, inicio, fim, tipo_periodo: 'bimestre' });
  const periods = await tx
    .select()
    .from(schoolPeriods)
    .where(eq(schoolPeriods.anoLetivoId, year!.id))
    .orderBy(asc(schoolPeriods.numero));

  const current = await tx
    .select()
    .from(classes)
    .where(and(eq(classes.anoLetivo, String(ano + 1)), eq(classes.status, 'ativo')))
    .orderBy(asc(classes.nome));
  const subjectsOf = new Map<string, { disciplina: string; professorId: string | null }[]>();
  const rows = await tx
    .select({
      turmaId: classSubjects.turmaId,
      disciplina: classSubjects.disciplina,
      professorId: classSubjects.professorId,
    })
    .from(classSubjects)
    .where(
      inArray(
        classSubjects.turmaId,
        current.map((turma) => turma.id),
      ),
    );
  for (const row of rows) subjectsOf.set(row.turmaId, [...(subjectsOf.get(row.turmaId) ?? []), row]);
  /**
   * Where last year's class takes its grid and teachers from: this year's class of the same série (its
   * teachers taught that série then too), else the class that follows it.
   */
  const modelFor = (serie: string, fallback: (typeof current)[number]) =>
    current.find((turma) => turma.serie === serie) ?? fallback;

  let inepTurma = 0;
  let inepPessoa = 0;
  let studentIndex = 0;
  let admittedAfter = false;
  const gradeRows: (typeof grades.$inferInsert)[] = [];
  for (const turma of current) {
    const previous = previousOf(turma.serie);
    if (!previous) continue;
    const model = modelFor(previous.serie, turma);
    const suffix = /\s([A-Z])$/.exec(turma.nome)?.[1] ?? 'A';
    const [old] = await tx
      .insert(classes)
      .values({
        nome: `${classLabel(previous.serie)} ${suffix}`,
        nivel: previous.nivel,
        serie: previous.serie,
        turno: turma.turno,
        anoLetivo: String(ano),
        capacidadeMaxima: turma.capacidadeMaxima,
        status: 'concluido',
        // The same teachers as this year's class (a school keeps its teachers from one year to the next).
        professorResponsavelId: model.professorResponsavelId,
        frequenciaModo:
          previous.nivel === 'Fundamental II' || previous.nivel === 'Ensino Médio' ? 'por_aula' : 'diaria',
      })
      .returning();
    inepTurma += 1;
    await tx.insert(censoTurmas).values({
      turmaId: old!.id,
      inepId: String(41_000_000 + inepTurma * 7),
      tipoMediacao: '1',
      localDiferenciado: '0',
      horaInicio: turma.turno === 'manha' ? '07:30' : turma.turno === 'tarde' ? '13:00' : '19:00',
      horaFim: turma.turno === 'manha' ? '12:00' : turma.turno === 'tarde' ? '17:30' : '22:30',
      dias: ['seg', 'ter', 'qua', 'qui', 'sex'],
      tipoAtendimento: 'escolarizacao',
    });

    // The students who were here: this year's class but for the ones new to the school (one in
    // fifteen) and the ones who joined during this year; one of them joined the previous year in August.
    const members = await tx
      .select({ id: students.id, dataMatricula: students.dataMatricula, inicio: classMemberships.inicio })
      .from(classMemberships)
      .innerJoin(students, eq(students.id, classMemberships.alunoId))
      .where(and(eq(classMemberships.turmaId, turma.id), eq(students.status, 'ativo')))
      .orderBy(asc(students.matricula));
    const yearStart = members.reduce(
      (first, member) => (member.inicio < first ? member.inicio : first),
      today,
    );
    const veterans = members.filter((member) => {
      studentIndex += 1;
      return member.inicio === yearStart && studentIndex % 15 !== 0;
    });
    const lateIds = new Set<string>();
    for (const [index, member] of veterans.entries()) {
      const late =
        !admittedAfter && !infantilGroups.some((group) => group.serie === previous.serie) && index === 3;
      if (late) {
        admittedAfter = true;
        lateIds.add(member.id);
      }
      const start = late ? `${String(ano)}-08-04` : inicio;
      await tx.insert(classMemberships).values({ alunoId: member.id, turmaId: old!.id, inicio: start, fim });
      const registered = late ? start : addDays(inicio, -(10 + ((index * 13) % 60)));
      if (member.dataMatricula > registered)
        await tx.update(students).set({ dataMatricula: registered }).where(eq(students.id, member.id));
      inepPessoa += 1;
      const inepId = `1${pad(20_250_000_000 + inepPessoa * 37, 11)}`.slice(0, 12);
      await tx
        .insert(censoAlunos)
        .values({ alunoId: member.id, inepId })
        .onConflictDoUpdate({ target: censoAlunos.alunoId, set: { inepId } });
      // An enrolment admitted after the reference date has no INEP ID of its own (record 91 carries none).
      if (!late)
        await tx.insert(censoMatriculas).values({
          alunoId: member.id,
          turmaId: old!.id,
          inepId: `9${pad(ano * 10_000_000 + inepPessoa * 11, 11)}`.slice(0, 12),
        });
    }

    // Educação Infantil has no grades (pareceres); the others one assessment per subject and bimestre.
    if (previous.nivel === 'Educação Infantil') continue;
    const subjects = subjectsOf.get(model.id) ?? [];
    if (subjects.length === 0) continue;
    await tx.insert(classSubjects).values(
      subjects.map(({ disciplina, professorId }) => ({
        turmaId: old!.id,
        disciplina,
        professorId,
        aulasSemanais: 2,
        diasSemana: [1, 3],
      })),
    );
    for (const period of periods)
      for (const [subjectIndex, { disciplina }] of subjects.entries()) {
        const [assessment] = await tx
          .insert(assessments)
          .values({
            turmaId: old!.id,
            disciplina,
            periodoId: period.id,
            nome: 'Avaliação bimestral',
            data: addDays(period.fim, -7),
          })
          .returning({ id: assessments.id });
        for (const [index, member] of veterans.entries()) {
          // The one admitted in August has grades from the bimestre they joined in.
          if (lateIds.has(member.id) && period.fim < `${String(ano)}-08-04`) continue;
          const tenths = 62 + ((index * 7 + subjectIndex * 5 + period.numero * 3) % 36);
          gradeRows.push({
            avaliacaoId: assessment!.id,
            alunoId: member.id,
            valor: `${String(Math.floor(tenths / 10))}.${String(tenths % 10)}`,
          });
        }
      }
  }
  for (let index = 0; index < gradeRows.length; index += 1000)
    await tx.insert(grades).values(gradeRows.slice(index, index + 1000));
  // Closed the day its results came out, after the recuperação final and the conselho de classe final.
  const resultado = yearEndEntries(fim).find((entry) => entry.titulo === YEAR_END.resultado)!.inicio;
  await tx.insert(yearClosures).values({
    anoLetivoId: year!.id,
    encerradoEm: new Date(`${resultado}T18:00:00-03:00`),
    encerradoPorNome: 'Secretaria',
    regras: await currentAcademicValues(tx),
  });

  await seedIdsDoAnoCorrente(tx, ano + 1, inepTurma, inepPessoa);
}

/**
 * This year's first stage was sent in May and its return imported (as the import of IDs stores it): an
 * INEP code for each class with students on the reference date, an ID for each student and enrolment
 * then — so this year's Situação do Aluno waits only for the year closing.
 */
async function seedIdsDoAnoCorrente(tx: Tx, ano: number, turmas: number, pessoas: number): Promise<void> {
  const enrolments = await matriculasNaData(tx, ano, dataReferencia(ano));
  const turmaIds = [...new Set(enrolments.map((matricula) => matricula.turmaId))];
  for (const [index, turmaId] of turmaIds.entries()) {
    const inepId = String(41_000_000 + (turmas + index + 1) * 7);
    await tx
      .insert(censoTurmas)
      .values({ turmaId, inepId })
      .onConflictDoUpdate({ target: censoTurmas.turmaId, set: { inepId } });
  }
  const known = new Set(
    (await tx.select({ alunoId: censoAlunos.alunoId, inepId: censoAlunos.inepId }).from(censoAlunos))
      .filter((row) => row.inepId)
      .map((row) => row.alunoId),
  );
  for (const [index, matricula] of enrolments.entries()) {
    const serial = pessoas + index + 1;
    if (!known.has(matricula.alunoId)) {
      const inepId = `1${pad(20_250_000_000 + serial * 37, 11)}`.slice(0, 12);
      await tx
        .insert(censoAlunos)
        .values({ alunoId: matricula.alunoId, inepId })
        .onConflictDoUpdate({ target: censoAlunos.alunoId, set: { inepId } });
      known.add(matricula.alunoId);
    }
    await tx
      .insert(censoMatriculas)
      .values({
        alunoId: matricula.alunoId,
        turmaId: matricula.turmaId,
        inepId: `9${pad(ano * 10_000_000 + serial * 11, 11)}`.slice(0, 12),
      })
      .onConflictDoNothing();
  }
}
