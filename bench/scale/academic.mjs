// The network's school year, as SQL over the classes and students network.mjs wrote: the year and its
// bimestres, each class's grade curricular with its teachers, a roll of every school day (or every
// lesson) from February to yesterday with the absences, the grades of every period, and a mensalidade
// per student and month. Only absences are rows (features/attendance: whoever belonged to the class
// that day and has no absence row was present).
import { sqlTextArray } from './names.mjs';

/** The four bimestres of the year, as bench/school.mjs has them. */
export function bimestres(year, inicio, fim) {
  const y = String(year);
  return [
    [inicio, `${y}-04-17`],
    [`${y}-04-18`, `${y}-07-03`],
    [`${y}-07-04`, `${y}-09-30`],
    [`${y}-10-01`, fim],
  ];
}

const addDays = (date, days) =>
  new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

function calendarStatements({ year, inicio, fim }) {
  const periods = bimestres(year, inicio, fim)
    .map(
      ([start, end], i) =>
        `(rede_id('p', ${i + 1}), rede_id('y', ${year}), ${i + 1}, DATE '${start}', DATE '${end}', DATE '${addDays(end, 7)}')`,
    )
    .join(',\n');
  return [
    `INSERT INTO school_years (id, ano, inicio, fim, tipo_periodo) VALUES (rede_id('y', ${year}), ${year}, DATE '${inicio}', DATE '${fim}', 'bimestre')`,
    `INSERT INTO school_periods (id, ano_letivo_id, numero, inicio, fim, data_fechamento) VALUES ${periods}`,
  ];
}

/**
 * The grid of every class by its stage: Fundamental I's subjects by the responsible teacher except
 * Educação Física and Inglês (a specialist); Fundamental II and Médio: Português by the responsible
 * teacher, every other subject by the teacher of a class of the same série (c + 15 k).
 */
function gridStatements({ classes: C, teachers: T }, series) {
  const values = [];
  for (const [s, serie] of series.entries())
    for (const [k, [disciplina, aulas, dias]] of serie.grid.entries())
      values.push(`(${s}, ${k}, '${disciplina}', ${aulas}, ARRAY[${dias.join(',')}]::smallint[])`);
  const K = series.length;
  const specialists = T - C;
  return [
    `INSERT INTO class_subjects (turma_id, disciplina, professor_id, aulas_semanais, dias_semana)
       SELECT rede_id('c', c), g.disciplina,
              CASE WHEN g.disciplina = 'Português' THEN rede_id('t', c)
                   WHEN (${sqlTextArray(series.map((x) => x.nivel))})[1 + g.serie] = 'Fundamental I'
                     THEN CASE WHEN g.disciplina IN ('Educação Física', 'Inglês') THEN rede_id('t', ${C} + c % ${specialists}) ELSE rede_id('t', c) END
                   ELSE rede_id('t', (c + ${K} * (g.k + 1)) % ${C}) END,
              g.aulas, g.dias
       FROM generate_series(0, ${C - 1}) c
       JOIN (VALUES ${values.join(', ')}) AS g(serie, k, disciplina, aulas, dias) ON g.serie = c % ${K}`,
  ];
}

/** Everything of the school year; `step(name, statements)` runs and times each part. */
export async function seedAcademicYear({ step, shape, year, inicio, fim, series }) {
  await step('ano letivo', calendarStatements({ year, inicio, fim }));
  await step('grade curricular', gridStatements(shape, series));
}
