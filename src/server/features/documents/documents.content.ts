import { and, asc, eq, lte } from 'drizzle-orm';
import { attendancePercent } from '../../../shared/attendance.schemas.js';
import { formatDate } from '../../../shared/format.js';
import { periodLastDay } from '../../../shared/calendar.js';
import { periodName } from '../../../shared/calendar.schemas.js';
import { situacaoLabels } from '../../../shared/averages.js';
import { turnoLabels } from '../../../shared/classes.schemas.js';
import {
  resultadoAnteriorLabels,
  type DocumentContent,
  type DocumentoTipo,
  type HistoryYear,
} from '../../../shared/documents.schemas.js';
import type { DbOrTx } from '../../db/client.js';
import { clock } from '../../lib/clock.js';
import { classMemberships } from '../../db/schema/attendance.js';
import { classSubjects } from '../../db/schema/curriculum.js';
import { AULA_MINUTOS_PADRAO, minutesToHours, SEMANAS_LETIVAS } from '../../../shared/ensino-medio.js';
import { getStudentAttendance } from '../attendance/index.js';
import { studentTotals } from '../attendance/index.js';
import type { Viewer } from '../classes/index.js';
import { listSchoolYears, resolveYear } from '../calendar/index.js';
import { schoolPeriods } from '../../db/schema/calendar.js';
import { classes, type ClassRow } from '../../db/schema/classes.js';
import { buildReportCards } from '../grades/index.js';
import type { ReportCardSubject } from '../../../shared/report-card.schemas.js';
import { getSchoolIdentity } from '../settings/index.js';
import { students, type StudentRow } from '../../db/schema/students.js';
import { priorSchoolYears } from '../../db/schema/documents.js';

/**
 * What an issued document says, read from the records once, at issue time (the snapshot stored with
 * the document). The figures are the ones the rest of the system shows: attendance from
 * attendance.figures, averages and results from the boletim.
 */

/** Weeks of a school year for the planned hours: its dias letivos over a five-day week. */
const WEEKDAYS = 5;

async function schoolOf(db: DbOrTx): Promise<DocumentContent['escola']> {
  const school = await getSchoolIdentity(db);
  return {
    nome: school.nome,
    cnpj: school.cnpj,
    codigo_inep: school.codigo_inep,
    endereco: school.endereco,
    telefone: school.telefone,
    email: school.email,
    logo: school.logo,
    diretor: school.diretor,
  };
}

function classOf(turma: ClassRow | null): DocumentContent['turma'] {
  if (!turma) return null;
  return {
    nome: turma.nome,
    serie: turma.serie,
    nivel: turma.nivel,
    turno: turnoLabels[turma.turno],
    ano_letivo: turma.anoLetivo,
  };
}

async function attendanceOf(
  db: DbOrTx,
  viewer: Viewer,
  alunoId: string,
  /** A transferred student's first day out: the figures run up to it, not to the issue date. */
  saida: string | null,
): Promise<NonNullable<DocumentContent['frequencia']>> {
  const figures = await getStudentAttendance(db, viewer, alunoId, {});
  const issued = clock.today();
  const upTo = saida && saida < issued ? saida : issued;
  const year = await resolveYear(db, figures.ano);
  const periods = year
    ? await db
        .select()
        .from(schoolPeriods)
        .where(and(eq(schoolPeriods.anoLetivoId, year.id), lte(schoolPeriods.inicio, upTo)))
        .orderBy(asc(schoolPeriods.numero))
    : [];
  const periodos = [];
  for (const [index, period] of periods.entries()) {
    // Only the periods already started are read: a gap up to the last day read counts in the last of them.
    const end = periodLastDay(periods, index, year!.fim);
    const ate = end < upTo ? end : upTo;
    // The same sums as the dashboard's and the alerts' (active students: others have no current period).
    const [totals] = await studentTotals(db, { de: period.inicio, ate }, eq(students.id, alunoId));
    if (!totals) continue;
    periodos.push({
      nome: periodName(year!.tipoPeriodo, period.numero),
      de: period.inicio,
      ate,
      aulas_dadas: totals.given,
      faltas: totals.counted,
      frequencia: attendancePercent(totals.given, totals.counted),
    });
  }
  return {
    ano: figures.ano,
    de: figures.de,
    ate: figures.ate < upTo ? figures.ate : upTo,
    // A class with one roll a day counts school days, not lessons (as lessonsGivenText says).
    por_dia: figures.por_disciplina.length === 0,
    aulas_dadas: figures.geral.aulas_dadas,
    faltas: figures.geral.faltas,
    frequencia: figures.geral.frequencia,
    periodos,
  };
}

/** The years the student spent in this school's classes, from the boletim of each. */
/** The year a transferred student left in closes with 'Transferido em …', its subjects unfinished. */
function transferredIn(student: StudentRow, year: { inicio: string; fim: string }): string | null {
  const data = student.status === 'transferido' ? student.dataSaida : null;
  return data && data >= year.inicio && data <= year.fim ? `Transferido em ${formatDate(data)}` : null;
}

/**
 * A subject of an itinerário the student left during the year (ADR 0027's boletim keeps it): the grades
 * of the periods studied, and until when — no result of the year, which the student did not finish there.
 */
function leftItinerario(subject: ReportCardSubject) {
  if (!subject.itinerario_trocado_em) return leftClass(subject);
  const grades = subject.periodos.flatMap((period) => period.media_texto ?? []);
  return {
    itinerario_trocado_em: subject.itinerario_trocado_em,
    nota: grades.length === 0 ? '—' : grades.join(' · '),
    resultado: `Trocado em ${formatDate(subject.itinerario_trocado_em)}`,
  };
}

/**
 * A subject of a class the student left during the year, which their class of the year does not have
 * (ADR 0136): the grades of the periods studied, and until when — no result of its own.
 */
function leftClass(subject: ReportCardSubject) {
  if (!subject.turma_deixada_em) return {};
  const grades = subject.periodos.flatMap((period) => period.media_texto ?? []);
  return {
    nota: grades.length === 0 ? '—' : grades.join(' · '),
    resultado: `Saiu da turma em ${formatDate(subject.turma_deixada_em)}`,
  };
}

async function schoolYearsOf(
  db: DbOrTx,
  viewer: Viewer,
  student: StudentRow,
  escola: DocumentContent['escola'],
): Promise<HistoryYear[]> {
  const alunoId = student.id;
  const memberships = await db
    .selectDistinct({ ano: classes.anoLetivo })
    .from(classMemberships)
    .innerJoin(classes, eq(classes.id, classMemberships.turmaId))
    .where(eq(classMemberships.alunoId, alunoId));
  const calendar = await listSchoolYears(db);
  const years: HistoryYear[] = [];
  // After a recuperação final the grade of record is the final average, with the exam's grade (ADR 0097).
  const historyGrade = (subject: ReportCardSubject) =>
    subject.recuperacao_final_texto === null
      ? (subject.media_anual_texto ?? '—')
      : `${subject.media_final_texto ?? '—'} (RF ${subject.recuperacao_final_texto})`;
  for (const { ano: text } of memberships) {
    const ano = Number(text);
    const year = calendar.find((item) => item.ano === ano);
    if (!Number.isInteger(ano) || !year) continue;
    // The year's record without the boletim's refusal of a child now in the Educação Infantil: the histórico
    // is the documentation the school owes every child who leaves (LDB art. 31, V), grades or not.
    const [card] = await buildReportCards(db, viewer, [alunoId], { ano });
    if (!card?.turma) continue;
    const [grid, [turma]] = await Promise.all([
      db
        .select({ disciplina: classSubjects.disciplina, aulas: classSubjects.aulasSemanais })
        .from(classSubjects)
        .where(eq(classSubjects.turmaId, card.turma.id)),
      db.select({ aulaMinutos: classes.aulaMinutos }).from(classes).where(eq(classes.id, card.turma.id)),
    ]);
    // Hours of 60 minutes, as LDB art. 24 counts them (ADR 0110): the grid's lessons a year × the class's
    // lesson length. Fundamental over the year's weeks; Médio over the law's 40 (ADR 0027).
    const minutos = turma?.aulaMinutos ?? AULA_MINUTOS_PADRAO;
    const weeks = card.ensino_medio ? SEMANAS_LETIVAS : Math.round(year.dias_letivos / WEEKDAYS);
    const lessonsOf = new Map(grid.map((row) => [row.disciplina, row.aulas * weeks]));
    const hoursOf = (disciplina: string) => {
      const lessons = lessonsOf.get(disciplina);
      return lessons === undefined ? null : minutesToHours(lessons * minutos);
    };
    // Ensino Médio: the grade curricular's clock hours (ADR 0027), with the área and the itinerário.
    const disciplinas = card.disciplinas.map((subject) =>
      card.ensino_medio
        ? {
            disciplina: subject.disciplina,
            nota: historyGrade(subject),
            resultado: situacaoLabels[subject.situacao],
            // An itinerário joined or left mid-year: the hours of the lessons the student had there
            // (ADR 0111, 0115); the others the grid's year.
            carga_horaria: subject.carga_horaria,
            area: subject.area,
            itinerario: subject.itinerario,
            ...leftItinerario(subject),
          }
        : {
            disciplina: subject.disciplina,
            nota: historyGrade(subject),
            resultado: situacaoLabels[subject.situacao],
            carga_horaria: hoursOf(subject.disciplina),
            ...leftClass(subject),
          },
    );
    const transferido = transferredIn(student, year);
    if (transferido) for (const subject of disciplinas) subject.resultado = '—';
    // A year not closed has no final result on a document, even with every period closed early: its
    // averages may hold grades the families have not seen, and the closing is what makes them final.
    const emCurso = !transferido && !card.ano_encerrado;
    if (emCurso)
      for (const [index, subject] of disciplinas.entries()) {
        subject.nota = '—';
        // A subject left (an itinerário, a class: ADR 0136) keeps saying until when.
        if (!('itinerario_trocado_em' in subject) && !card.disciplinas[index]?.turma_deixada_em)
          subject.resultado = situacaoLabels.cursando;
      }
    // The year's carga horária is the sum of its lines (ADR 0115): the grid's lessons of each subject, and
    // for an itinerário changed during the year — the one left and the one joined — the lessons the student
    // had there. Added up in lessons and converted once (a sum of rounded hours drifts from the grid's).
    const had = card.disciplinas.some((subject) => subject.aulas_cursadas !== undefined);
    const lessons = card.disciplinas
      .filter((_, index) => disciplinas[index]!.carga_horaria !== null)
      .reduce((sum, subject) => sum + (subject.aulas_cursadas ?? lessonsOf.get(subject.disciplina) ?? 0), 0);
    years.push({
      ano,
      serie: card.turma.serie,
      escola: escola.nome,
      cidade_uf: null,
      origem: 'escola',
      disciplinas,
      carga_horaria_total: lessons === 0 ? null : minutesToHours(lessons * minutos),
      ...(lessons === 0 ? {} : { aulas: { total: lessons, minutos } }),
      ...(had ? { horas_cursadas: true } : {}),
      frequencia: card.frequencia.frequencia,
      resultado: transferido ?? (emCurso ? situacaoLabels.cursando : situacaoLabels[card.situacao]),
      ...(card.ensino_medio ? { ensino_medio: true } : {}),
      ...(card.educacao_infantil ? { educacao_infantil: true as const } : {}),
    });
  }
  return years;
}

async function priorYearsOf(db: DbOrTx, alunoId: string): Promise<HistoryYear[]> {
  const rows = await db
    .select()
    .from(priorSchoolYears)
    .where(eq(priorSchoolYears.alunoId, alunoId))
    .orderBy(asc(priorSchoolYears.ano));
  return rows.map((row) => {
    const known = row.disciplinas.filter((subject) => typeof subject.carga_horaria === 'number');
    return {
      ano: row.ano,
      serie: row.serie,
      escola: row.escola,
      cidade_uf: `${row.cidade}/${row.uf}`,
      origem: 'anterior',
      disciplinas: row.disciplinas.map((subject) => ({
        disciplina: subject.disciplina,
        nota: subject.nota,
        resultado: resultadoAnteriorLabels[subject.resultado],
        carga_horaria: subject.carga_horaria ?? null,
      })),
      carga_horaria_total:
        known.length === 0 ? null : known.reduce((sum, subject) => sum + (subject.carga_horaria ?? 0), 0),
      frequencia: row.frequencia === null ? null : Number(row.frequencia),
      resultado: resultadoAnteriorLabels[row.resultado],
    };
  });
}

export async function buildDocumentContent(
  db: DbOrTx,
  viewer: Viewer,
  student: StudentRow,
  tipo: DocumentoTipo,
): Promise<DocumentContent> {
  const [escola, turma] = await Promise.all([
    schoolOf(db),
    student.turmaId
      ? db
          .select()
          .from(classes)
          .where(eq(classes.id, student.turmaId))
          .then((rows) => rows[0] ?? null)
      : Promise.resolve(null),
  ]);
  const content: DocumentContent = {
    escola,
    aluno: {
      nome: student.nome,
      matricula: student.matricula,
      data_nascimento: student.dataNascimento,
      data_matricula: student.dataMatricula,
      status: student.status,
      sexo: student.sexo,
      ...(student.status === 'transferido' && student.dataSaida
        ? {
            transferencia: {
              data: student.dataSaida,
              escola: student.escolaDestino,
              municipio: student.municipioDestino,
              uf: student.ufDestino,
            },
          }
        : {}),
    },
    turma: classOf(turma),
    data: clock.today(),
  };
  if (tipo === 'declaracao_frequencia' || tipo === 'declaracao_transferencia')
    content.frequencia = await attendanceOf(
      db,
      viewer,
      student.id,
      content.aluno.transferencia?.data ?? null,
    );
  if (tipo === 'historico_escolar') {
    const [own, prior] = await Promise.all([
      schoolYearsOf(db, viewer, student, escola),
      priorYearsOf(db, student.id),
    ]);
    content.historico = [...prior, ...own].sort((a, b) => a.ano - b.ano);
  }
  return content;
}
