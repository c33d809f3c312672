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

const daysTable = (letivos) =>
  `(SELECT dia::date AS dia, i::int AS i, extract(isodow FROM dia::date)::int AS dow
    FROM unnest(ARRAY[${letivos.map((d) => `'${d}'`).join(',')}]::date[]) WITH ORDINALITY AS x(dia, i))`;

/** The lessons of a grid row on a weekday (shared/calendar lessonsOnWeekday; the grids' days are sorted). */
const lessonsOn = (g, dow) =>
  `(CASE WHEN array_position(${g}.dias_semana, ${dow}::smallint) IS NULL THEN 0
     ELSE ${g}.aulas_semanais / cardinality(${g}.dias_semana)
          + (array_position(${g}.dias_semana, ${dow}::smallint) - 1 < ${g}.aulas_semanais % cardinality(${g}.dias_semana))::int END)`;

/**
 * A roll of every school day up to yesterday: once a day in 'diaria' classes (by the responsible
 * teacher), once per lesson of the grid in 'por_aula' ones (by the subject's teacher), saved that morning.
 */
function rollStatements(letivos) {
  const days = daysTable(letivos);
  const savedAt = `(d.dia + time '10:30') AT TIME ZONE 'America/Sao_Paulo'`;
  return [
    `INSERT INTO attendance_rolls (id, turma_id, data, aula, disciplina, registrado_por, registrado_por_nome, created_at, updated_at)
       SELECT rede_uuid('rol-' || c.id || d.dia), c.id, d.dia, 0, NULL, t.usuario_id, t.nome, ${savedAt}, ${savedAt}
       FROM classes c JOIN teachers t ON t.id = c.professor_responsavel_id CROSS JOIN ${days} d
       WHERE c.frequencia_modo = 'diaria'`,
    `INSERT INTO attendance_rolls (id, turma_id, data, aula, disciplina, registrado_por, registrado_por_nome, created_at, updated_at)
       SELECT rede_uuid('rol-' || c.id || d.dia || g.disciplina || a), c.id, d.dia, a, g.disciplina, t.usuario_id, t.nome, ${savedAt}, ${savedAt}
       FROM classes c JOIN class_subjects g ON g.turma_id = c.id JOIN teachers t ON t.id = g.professor_id
       CROSS JOIN ${days} d CROSS JOIN LATERAL generate_series(1, ${lessonsOn('g', 'd.dow')}) a
       WHERE c.frequencia_modo = 'por_aula'`,
  ];
}

/**
 * Absences: each student misses whole days at their own rate (most 0.5–4.5 %, one in 17 12 %, one in 41
 * 30 %: past the Conselho Tutelar line and below 75 %), every roll of the class that day; a quarter
 * justified, a tenth of those excused. Days drawn by hash from the days since the student joined.
 */
function absenceStatements({ students: S, classes: C }, letivos) {
  const days = `ARRAY[${letivos.map((d) => `'${d}'`).join(',')}]::date[]`;
  const rate = `(CASE WHEN n % 41 = 3 THEN 0.3 WHEN n % 17 = 5 THEN 0.12 ELSE 0.005 + rede_r(n, 40) * 0.04 END)`;
  return [
    `CREATE TEMP TABLE rede_away AS
       SELECT DISTINCT s.aluno, s.turma, (${days})[1 + floor(rede_r(s.n * 1000 + j, 41) * ${letivos.length})::int] AS dia
       FROM (SELECT n, rede_id('s', n) AS aluno, rede_id('c', n % ${C}) AS turma, round(${rate} * ${letivos.length})::int AS k
             FROM generate_series(0, ${S - 1}) n) s
       CROSS JOIN LATERAL generate_series(1, s.k) j`,
    `INSERT INTO attendance_absences (id, chamada_id, aluno_id, justificativa, abonada, abono_motivo, abonada_por_nome, abonada_em)
       SELECT rede_uuid('aus-' || r.id || w.aluno), r.id, w.aluno,
              CASE WHEN rede_r(hashtext(w.aluno::text || w.dia), 42) < 0.25 THEN 'Atestado médico' END,
              rede_r(hashtext(w.aluno::text || w.dia), 42) < 0.025,
              CASE WHEN rede_r(hashtext(w.aluno::text || w.dia), 42) < 0.025 THEN 'Exercícios domiciliares (Decreto-Lei 1.044/1969)' END,
              CASE WHEN rede_r(hashtext(w.aluno::text || w.dia), 42) < 0.025 THEN 'Direção da Rede' END,
              CASE WHEN rede_r(hashtext(w.aluno::text || w.dia), 42) < 0.025 THEN (w.dia + time '15:00') AT TIME ZONE 'America/Sao_Paulo' END
       FROM rede_away w JOIN class_memberships m ON m.aluno_id = w.aluno AND m.inicio <= w.dia
       JOIN attendance_rolls r ON r.turma_id = w.turma AND r.data = w.dia`,
    'DROP TABLE rede_away',
  ];
}

/**
 * Grades: per class of Fundamental I, II and Médio, subject and bimestre begun, two avaliações (one in
 * the current bimestre when under way), each with a grade for every student in the class by then; the
 * finished bimestres closed and published school-wide (what a family's boletim shows).
 */
function gradeStatements({ year, inicio, fim, today }) {
  const periods = bimestres(year, inicio, fim)
    .map(([start, end], i) => ({ numero: i + 1, start, end }))
    .filter((p) => p.start < today);
  const values = periods.flatMap((p) => {
    const done = p.end < today;
    const count = done ? 2 : 1;
    return Array.from({ length: count }, (_, a) => {
      const span = Math.max(
        1,
        Math.round((Date.parse(done ? p.end : today) - Date.parse(p.start)) / 86_400_000) - 3,
      );
      const at = addDays(p.start, Math.floor((span * (a + 1)) / (count + 1)));
      return `(${p.numero}, ${a + 1}, DATE '${at}', '${a === 0 ? 'Prova' : 'Trabalho'} ${a + 1}')`;
    });
  });
  const finished = periods.filter((p) => p.end < today).map((p) => `rede_id('p', ${p.numero})`);
  return [
    `INSERT INTO assessments (id, turma_id, disciplina, periodo_id, nome, data, peso, tipo)
       SELECT rede_uuid('av-' || g.turma_id || g.disciplina || v.p || '-' || v.a), g.turma_id, g.disciplina, rede_id('p', v.p), v.nome, v.dia, 1, 'regular'
       FROM class_subjects g CROSS JOIN (VALUES ${values.join(', ')}) AS v(p, a, dia, nome)`,
    // A student's level (hash of the student) plus the avaliação's spread: one decimal on 0–10.
    `INSERT INTO grades (id, avaliacao_id, aluno_id, valor)
       SELECT rede_uuid('nota-' || av.id || m.aluno_id), av.id, m.aluno_id,
              round(least(10, greatest(0, 3.5 + rede_r(hashtext(m.aluno_id::text), 43) * 5 + rede_r(hashtext(av.id::text || m.aluno_id), 44) * 3))::numeric, 1)
       FROM assessments av JOIN class_memberships m ON m.turma_id = av.turma_id AND m.inicio <= av.data`,
    ...(finished.length > 0
      ? [
          `INSERT INTO period_states (periodo_id, turma_id, fechado, publicado, alterado_por_nome)
             SELECT p, NULL, true, true, 'Direção da Rede' FROM unnest(ARRAY[${finished.join(', ')}]) p`,
        ]
      : []),
  ];
}

/**
 * A year of mensalidades: each class's tuition by stage, one per student and month from the month they
 * joined to December, due on the 10th; past ones 88 % paid (a payment each, on time or a few days late),
 * the rest overdue; 5 % of students with a 50 % bolsa.
 */
function financeStatements({ students: S }, { year, today }) {
  const due = `make_date(${year}, mes, 10)`;
  const paid = `(${due} < DATE '${today}' AND rede_r(hashtext(s.id::text) + mes, 45) < 0.88)`;
  return [
    `INSERT INTO class_tuition (turma_id, valor_mensalidade)
       SELECT id, CASE nivel WHEN 'Educação Infantil' THEN 95000 WHEN 'Fundamental I' THEN 110000
                             WHEN 'Fundamental II' THEN 125000 ELSE 140000 END FROM classes`,
    `INSERT INTO student_discounts (aluno_id, bolsa_bp, motivo)
       SELECT rede_id('s', n), 5000, 'Bolsa de estudos' FROM generate_series(0, ${S - 1}) n WHERE rede_r(n, 46) < 0.05`,
    `INSERT INTO mensalidades (id, aluno_id, turma_id, mes_referencia, data_vencimento, valor_original, valor, motivo_desconto,
                               principal_pago, data_pagamento, created_at)
       SELECT rede_uuid('men-' || s.id || mes), s.id, s.turma_id, ${year} || '-' || lpad(mes::text, 2, '0'), ${due},
              ct.valor_mensalidade, ct.valor_mensalidade * (10000 - coalesce(sd.bolsa_bp, 0)) / 10000,
              CASE WHEN sd.bolsa_bp IS NOT NULL THEN 'Bolsa de estudos' END,
              CASE WHEN ${paid} THEN ct.valor_mensalidade * (10000 - coalesce(sd.bolsa_bp, 0)) / 10000 ELSE 0 END,
              CASE WHEN ${paid} THEN ${due} - 5 + floor(rede_r(hashtext(s.id::text) + mes, 47) * 8)::int END,
              make_date(${year}, 1, 20)
       FROM students s JOIN class_tuition ct ON ct.turma_id = s.turma_id
       LEFT JOIN student_discounts sd ON sd.aluno_id = s.id
       CROSS JOIN generate_series(2, 12) mes
       WHERE make_date(${year}, mes, 1) + interval '1 month' > s.data_enturmacao`,
    `INSERT INTO pagamentos (id, mensalidade_id, valor_pago, principal, multa, juros, data_pagamento, forma, created_at)
       SELECT rede_uuid('pag-' || m.id), m.id, m.principal_pago, m.principal_pago, 0, 0, m.data_pagamento,
              (ARRAY['pix','boleto','pix','cartao','transferencia'])[1 + abs(hashtext(m.id::text)) % 5],
              (m.data_pagamento + time '14:00') AT TIME ZONE 'America/Sao_Paulo'
       FROM mensalidades m WHERE m.principal_pago > 0`,
  ];
}

/** Everything of the school year; `step(name, statements)` runs and times each part. */
export async function seedAcademicYear({ step, shape, year, inicio, fim, letivos, today, series }) {
  await step('ano letivo', calendarStatements({ year, inicio, fim }));
  await step('grade curricular', gridStatements(shape, series));
  await step('chamadas', rollStatements(letivos));
  await step('faltas', absenceStatements(shape, letivos));
  await step('notas', gradeStatements({ year, inicio, fim, today }));
  await step('mensalidades', financeStatements(shape, { year, today }));
}
