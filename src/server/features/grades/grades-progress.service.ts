/**
 * 'Lançamento de notas' (GET /api/notas/acompanhamento?periodo_id=): for the coordenação, every subject
 * of every class of a period's year with who teaches it, how many avaliações it has and how many grades
 * are still missing — the question before a period closes is 'who has not entered grades yet?' — and,
 * asked, which classes still have rolls to take in the period.
 */
import { and, eq, sql } from 'drizzle-orm';
import { compareClasses, isInfantil } from '../../../shared/classes.schemas.js';
import { periodName } from '../../../shared/calendar.schemas.js';
import type { GradesProgress } from '../../../shared/grades-progress.schemas.js';
import type { DbOrTx } from '../../db/client.js';
import { schoolPeriods, schoolYears } from '../../db/schema/calendar.js';
import { classes } from '../../db/schema/classes.js';
import { classSubjects } from '../../db/schema/curriculum.js';
import { teachers } from '../../db/schema/teachers.js';
import { clock } from '../../lib/clock.js';
import { notFound } from '../../lib/errors.js';
import { rollsPendingBetween } from '../attendance/index.js';
import { periodStatesForClasses } from '../calendar/index.js';
import { bySubjectOrder, readSubjectOrder } from '../disciplinas/index.js';
import { pareceresProgress } from '../pareceres/index.js';

interface Tally {
  avaliacoes: number;
  vencidas: number;
  esperadas: number;
  lancadas: number;
}

/**
 * Per class and subject: the period's regular avaliações, those dated up to today ('vencidas': only these
 * can be late), and over those the grades expected — each student who belonged to the class on the
 * avaliação's day and, for a subject of an itinerário formativo, chose it (the grid's own rule) — and
 * the grades given. One grouped read for the whole school.
 */
async function tallies(db: DbOrTx, periodoId: string, today: string): Promise<Map<string, Tally>> {
  const result = await db.execute(sql`
    select a.turma_id, a.disciplina,
      count(distinct a.id)::int as avaliacoes,
      count(distinct a.id) filter (where a.data <= ${today})::int as vencidas,
      count(m.aluno_id) filter (where a.data <= ${today})::int as esperadas,
      count(g.id) filter (where a.data <= ${today})::int as lancadas
    from assessments a
    left join class_subjects cs on cs.turma_id = a.turma_id and cs.disciplina = a.disciplina
    left join class_memberships m on m.turma_id = a.turma_id and m.inicio <= a.data
      and (m.fim is null or m.fim >= a.data)
      and (cs.itinerario_id is null or exists (
        select 1 from student_itinerarios si
        where si.turma_id = a.turma_id and si.aluno_id = m.aluno_id and si.itinerario_id = cs.itinerario_id))
    left join grades g on g.avaliacao_id = a.id and g.aluno_id = m.aluno_id and g.valor is not null
    where a.periodo_id = ${periodoId} and a.tipo = 'regular'
    group by a.turma_id, a.disciplina`);
  const rows = (result as { rows: (Tally & { turma_id: string; disciplina: string })[] }).rows;
  return new Map(rows.map((row) => [`${row.turma_id}|${row.disciplina}`, row]));
}

/** `chamadas`: also the rolls not taken in the period (`rollsPendingBetween`: the whole period at once). */
export async function gradesProgress(
  db: DbOrTx,
  periodoId: string,
  options: { chamadas?: boolean } = {},
): Promise<GradesProgress> {
  const [period] = await db
    .select({ period: schoolPeriods, ano: schoolYears.ano, tipo: schoolYears.tipoPeriodo })
    .from(schoolPeriods)
    .innerJoin(schoolYears, eq(schoolYears.id, schoolPeriods.anoLetivoId))
    .where(eq(schoolPeriods.id, periodoId));
  if (!period) throw notFound('Período não encontrado.');
  const today = clock.today();
  const [subjects, counts, order, pareceres, chamadas] = await Promise.all([
    db
      .select({
        turmaId: classes.id,
        nome: classes.nome,
        serie: classes.serie,
        nivel: classes.nivel,
        disciplina: classSubjects.disciplina,
        professor: teachers.nome,
      })
      .from(classSubjects)
      .innerJoin(classes, eq(classes.id, classSubjects.turmaId))
      .leftJoin(teachers, eq(teachers.id, classSubjects.professorId))
      .where(and(eq(classes.anoLetivo, String(period.ano)), eq(classes.status, 'ativo'))),
    tallies(db, periodoId, today),
    readSubjectOrder(db),
    pareceresProgress(db, period.period, period.ano),
    options.chamadas ? rollsPendingBetween(db, period.period.inicio, period.period.fim) : undefined,
  ]);
  const graded = subjects.filter((row) => !isInfantil(row.nivel));
  const states = await periodStatesForClasses(
    db,
    [period.period],
    [...new Set(graded.map((row) => row.turmaId))],
  );
  const subjectOrder = bySubjectOrder(order);
  const linhas = graded
    .sort((a, b) => compareClasses(a, b) || subjectOrder(a.disciplina, b.disciplina))
    .map((row) => {
      const tally = counts.get(`${row.turmaId}|${row.disciplina}`);
      return {
        turma_id: row.turmaId,
        turma_nome: row.nome,
        disciplina: row.disciplina,
        professor: row.professor,
        avaliacoes: tally?.avaliacoes ?? 0,
        notas_esperadas: tally?.esperadas ?? 0,
        notas_faltando: tally ? tally.esperadas - tally.lancadas : 0,
        fechado: states.get(row.turmaId)?.get(period.period.id)?.fechado ?? false,
      };
    });
  return {
    periodo: {
      id: period.period.id,
      nome: periodName(period.tipo, period.period.numero),
      inicio: period.period.inicio,
      fim: period.period.fim,
      data_fechamento: period.period.dataFechamento,
    },
    linhas,
    pareceres,
    ...(chamadas ? { chamadas } : {}),
  };
}
