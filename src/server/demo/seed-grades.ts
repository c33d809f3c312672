import { and, asc, eq, lt } from 'drizzle-orm';
import { addDays } from '../../shared/calendar.js';
import type { Tx } from '../db/client.js';
import { classSubjects } from '../features/academics/academics.table.js';
import { schoolPeriods, schoolYears } from '../features/calendar/calendar.table.js';
import { classes } from '../features/classes/classes.table.js';
import {
  assessments,
  councilDecisions,
  gradeChanges,
  grades,
  periodStates,
} from '../features/grades/grades.table.js';
import { students } from '../features/students/students.table.js';

/** Deterministic pseudo-random numbers: the demo is the same on every start. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const numericText = (tenths: number) => `${String(Math.floor(tenths / 10))}.${String(tenths % 10)}`;

async function insertChunked<T>(insert: (rows: T[]) => Promise<unknown>, rows: T[]): Promise<void> {
  for (let index = 0; index < rows.length; index += 1000) await insert(rows.slice(index, index + 1000));
}

/**
 * The demo's grades: for every class and subject, a prova (peso 2) and a trabalho (peso 1) in each
 * period already closed by date, a recuperação for the students below 6,0, one decision of the
 * conselho de classe, and the first bimestre closed and published for the whole school.
 */
export async function seedGrades(tx: Tx, today: string): Promise<void> {
  const next = random(20_261_114);
  const [year] = await tx
    .select()
    .from(schoolYears)
    .where(eq(schoolYears.ano, Number(today.slice(0, 4))));
  if (!year) return;
  const periods = await tx
    .select()
    .from(schoolPeriods)
    .where(and(eq(schoolPeriods.anoLetivoId, year.id), lt(schoolPeriods.dataFechamento, today)))
    .orderBy(asc(schoolPeriods.numero));
  if (periods.length === 0) return;
  const classRows = await tx
    .select()
    .from(classes)
    .where(eq(classes.anoLetivo, String(year.ano)));
  const grid = await tx.select().from(classSubjects);
  const members = await tx
    .select({ id: students.id, turmaId: students.turmaId })
    .from(students)
    .where(eq(students.status, 'ativo'))
    .orderBy(asc(students.nome));
  // Each student has a level, so their grades look like one person's over the year.
  const level = new Map(members.map((member) => [member.id, 45 + Math.floor(next() * 50)]));
  const gradeRows: (typeof grades.$inferInsert & { id: string })[] = [];
  let firstBelow: { alunoId: string; disciplina: string } | null = null;
  for (const turma of classRows) {
    const classMembers = members.filter((member) => member.turmaId === turma.id);
    for (const subject of grid.filter((row) => row.turmaId === turma.id)) {
      for (const period of periods) {
        const [prova, trabalho] = await tx
          .insert(assessments)
          .values([
            {
              turmaId: turma.id,
              disciplina: subject.disciplina,
              periodoId: period.id,
              nome: 'Prova bimestral',
              data: addDays(period.fim, -10),
              peso: '2.0',
            },
            {
              turmaId: turma.id,
              disciplina: subject.disciplina,
              periodoId: period.id,
              nome: 'Trabalho',
              data: addDays(period.fim, -20),
              peso: '1.0',
            },
          ])
          .returning({ id: assessments.id });
        let recoveryId: string | null = null;
        for (const member of classMembers) {
          const base = level.get(member.id)!;
          const value = (spread: number) =>
            Math.max(0, Math.min(100, base + Math.round((next() - 0.5) * spread)));
          const p = value(30);
          const w = value(20);
          gradeRows.push({
            id: crypto.randomUUID(),
            avaliacaoId: prova!.id,
            alunoId: member.id,
            valor: numericText(p),
          });
          gradeRows.push({
            id: crypto.randomUUID(),
            avaliacaoId: trabalho!.id,
            alunoId: member.id,
            valor: numericText(w),
          });
          // Below 6,0: the period's recuperação.
          if ((p * 2 + w) / 3 < 60) {
            if (!recoveryId) {
              const [row] = await tx
                .insert(assessments)
                .values({
                  turmaId: turma.id,
                  disciplina: subject.disciplina,
                  periodoId: period.id,
                  nome: 'Recuperação',
                  data: addDays(period.fim, -2),
                  peso: '1.0',
                  tipo: 'recuperacao',
                })
                .returning({ id: assessments.id });
              recoveryId = row!.id;
            }
            gradeRows.push({
              id: crypto.randomUUID(),
              avaliacaoId: recoveryId,
              alunoId: member.id,
              valor: numericText(Math.min(100, 50 + Math.floor(next() * 40))),
            });
            firstBelow ??= { alunoId: member.id, disciplina: subject.disciplina };
          }
        }
      }
    }
  }
  await insertChunked((rows) => tx.insert(grades).values(rows), gradeRows);
  await insertChunked(
    (rows) => tx.insert(gradeChanges).values(rows),
    gradeRows.map((row) => ({
      notaId: row.id,
      tipo: 'lancamento' as const,
      antes: null,
      depois: row.valor ?? null,
      porNome: 'Professor(a) da disciplina',
    })),
  );
  await tx.insert(periodStates).values({
    periodoId: periods[0]!.id,
    turmaId: null,
    fechado: true,
    publicado: true,
    alteradoPorNome: 'Secretaria',
  });
  if (firstBelow)
    await tx.insert(councilDecisions).values({
      alunoId: firstBelow.alunoId,
      anoLetivoId: year.id,
      disciplina: firstBelow.disciplina,
      resultado: 'aprovado',
      motivo:
        'Conselho de classe: evolução consistente nas avaliações e participação; aprovado(a) na disciplina conforme ata.',
      porNome: 'Secretaria',
    });
}
