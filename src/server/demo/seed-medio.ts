import { eq, max, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { classMemberships } from '../db/schema/attendance.js';
import { schoolYears } from '../db/schema/calendar.js';
import { classes } from '../db/schema/classes.js';
import { classItinerarios, classSubjects, studentItinerarios } from '../db/schema/curriculum.js';
import { disciplinas } from '../db/schema/disciplinas.js';
import { guardians, studentGuardians, students } from '../db/schema/students.js';
import { teachers } from '../db/schema/teachers.js';
import type { Area } from '../../shared/disciplinas.schemas.js';
import { completeCpf } from '../../shared/validators.js';
import { demoAddress } from './demo-addresses.js';
import { itinerariosOfClass, takesSubject } from '../features/curriculum/index.js';
import { random } from './seed-academics.js';
import { schoolDaysToYesterday, seedClassRolls } from './seed-rolls.js';

const CN = 'Ciências da Natureza e Matemática';
const LH = 'Linguagens e Ciências Humanas';

/** Formação geral básica of the 1ª série: 25 lessons of 50 min a week (833 h a year). */
const fgb: [string, number, number[]][] = [
  ['Português', 4, [1, 2, 3, 4]],
  ['Matemática', 4, [1, 2, 4, 5]],
  ['Inglês', 2, [2, 5]],
  ['Arte', 1, [3]],
  ['Educação Física', 2, [2, 4]],
  ['Biologia', 2, [1, 3]],
  ['Física', 2, [2, 4]],
  ['Química', 2, [3, 5]],
  ['História', 2, [1, 4]],
  ['Geografia', 2, [3, 5]],
  ['Filosofia', 1, [1]],
  ['Sociologia', 1, [5]],
];
/** Each itinerário: 5 lessons a week (167 h), so every path reaches 1.000 h a year. */
const itinerarioSubjects: [string, Area, string, number, number[]][] = [
  ['Laboratório de Ciências', 'Ciências da Natureza', CN, 3, [2, 4, 5]],
  ['Matemática Aplicada', 'Matemática', CN, 2, [1, 3]],
  ['Oficina de Redação', 'Linguagens', LH, 3, [2, 4, 5]],
  ['Sociedade e Cultura', 'Ciências Humanas', LH, 2, [1, 3]],
];
const names = [
  'Beatriz Almeida Rocha',
  'Caio Henrique Moraes',
  'Daniela Freitas Lopes',
  'Eduardo Nogueira Pires',
  'Fernanda Castro Dias',
  'Gabriel Teixeira Melo',
  'Helena Barbosa Cunha',
  'Igor Santana Ribeiro',
  'Júlia Martins Prado',
  'Lucas Ferreira Campos',
];

/**
 * The demo's Ensino Médio (ADR 0027): the '1ª série A' with the formação geral básica and two itinerários
 * formativos, ten students choosing one or the other. Runs before seedGrades, which grades it like the
 * other classes (each itinerário's subjects for its own students).
 */
export async function seedMedio(tx: Tx, today: string): Promise<void> {
  const [year] = await tx
    .select()
    .from(schoolYears)
    .where(eq(schoolYears.ano, Number(today.slice(0, 4))));
  if (!year) return;
  const [turma] = await tx
    .insert(classes)
    .values({
      nome: '1ª série A',
      nivel: 'Ensino Médio',
      serie: '1ª série',
      turno: 'manha',
      anoLetivo: String(year.ano),
      capacidadeMaxima: 35,
      frequenciaModo: 'por_aula',
      aulaMinutos: 50,
    })
    .returning();
  const [last] = await tx.select({ ordem: max(disciplinas.ordem) }).from(disciplinas);
  await tx
    .insert(disciplinas)
    .values(
      itinerarioSubjects.map(([nome, area], index) => ({
        nome,
        area,
        componenteBncc: null,
        // The itinerários' subjects are the Ensino Médio's: no Pré II or 6º ano is offered them (ADR 0132).
        etapas: ['Ensino Médio' as const],
        ordem: (last?.ordem ?? 0) + index + 1,
      })),
    )
    .onConflictDoNothing();
  const itinerarios = await tx
    .insert(classItinerarios)
    .values([
      { turmaId: turma!.id, nome: CN, ordem: 0 },
      { turmaId: turma!.id, nome: LH, ordem: 1 },
    ])
    .returning();
  const idOf = new Map(itinerarios.map((row) => [row.nome, row.id]));
  const staff = await tx.select().from(teachers).where(eq(teachers.status, 'ativo'));
  const teacherOf = (subject: string, salt: number) => {
    const able = staff.filter((teacher) => teacher.disciplinas.includes(subject));
    const pool = able.length > 0 ? able : staff;
    return pool[salt % pool.length]?.id ?? null;
  };
  await tx.insert(classSubjects).values([
    ...fgb.map(([disciplina, aulas, dias], index) => ({
      turmaId: turma!.id,
      disciplina,
      professorId: teacherOf(disciplina, index),
      aulasSemanais: aulas,
      diasSemana: dias,
    })),
    ...itinerarioSubjects.map(([disciplina, , itinerario, aulas, dias], index) => ({
      turmaId: turma!.id,
      disciplina,
      professorId: staff[(index * 5 + 3) % Math.max(staff.length, 1)]?.id ?? null,
      aulasSemanais: aulas,
      diasSemana: dias,
      itinerarioId: idOf.get(itinerario)!,
    })),
  ]);
  const enrolled = await tx
    .insert(students)
    .values(
      names.map((nome, index) => ({
        nome,
        // 15 on 31 March (the 1ª série's age): born from April of year − 16 to March of year − 15.
        dataNascimento: `${String(year.ano - (index < 3 ? 15 : 16))}-${String(1 + index).padStart(2, '0')}-15`,
        matricula: `${String(year.ano)}M${String(index + 1).padStart(3, '0')}`,
        turmaId: turma!.id,
        dataEnturmacao: year.inicio,
        dataMatricula: `${String(year.ano - 1)}-12-${String(1 + index).padStart(2, '0')}`,
      })),
    )
    .returning({ id: students.id });
  // Minors: each with a mother or a father as responsável financeiro, who pays the class's tuition
  // (seedLateClassesTuition) as the other families do.
  const guardianRows = await tx
    .insert(guardians)
    .values(
      names.map((nome, index) => ({
        nome: `${index % 2 === 0 ? 'Cláudia' : 'Marcelo'} ${nome.split(' ').slice(1).join(' ')}`,
        telefone: `1197${String(6_000_000 + index * 41).padStart(7, '0')}`,
        cpf: completeCpf(String(430_000_000 + index * 1_117)),
        ...demoAddress(index + 3, 60 + index * 11),
      })),
    )
    .returning({ id: guardians.id });
  await tx.insert(studentGuardians).values(
    enrolled.map((row, index) => ({
      alunoId: row.id,
      responsavelId: guardianRows[index]!.id,
      parentesco: index % 2 === 0 ? ('mae' as const) : ('pai' as const),
      ehPrincipal: true,
    })),
  );
  await tx
    .insert(classMemberships)
    .values(enrolled.map((row) => ({ alunoId: row.id, turmaId: turma!.id, inicio: year.inicio })));
  // Six in the first itinerário, four in the second.
  const choiceOf = (index: number) => (index < 6 ? CN : LH);
  await tx.insert(studentItinerarios).values(
    enrolled.map((row, index) => ({
      alunoId: row.id,
      turmaId: turma!.id,
      itinerarioId: idOf.get(choiceOf(index))!,
      escolhidoEm: sql`${`${year.inicio}T09:00:00-03:00`}::timestamptz`,
    })),
  );

  // The rolls of every school day to yesterday, as the other classes have them (seedClassRolls): each
  // itinerário's lessons with its own students only; one student misses school often.
  const letivos = await schoolDaysToYesterday(tx, year, today);
  const next = random(20_261_001);
  const ownSubjects = await itinerariosOfClass(tx, turma!.id);
  const teacherName = new Map(staff.map((teacher) => [teacher.id, teacher.nome]));
  await seedClassRolls(tx, {
    turma: turma!,
    grid: await tx.select().from(classSubjects).where(eq(classSubjects.turmaId, turma!.id)),
    letivos,
    members: () => enrolled.map((row) => row.id),
    rate: new Map(enrolled.map((row, index) => [row.id, index === 7 ? 0.15 : 0.005 + next() * 0.03])),
    next,
    takenBy: (professorId, fallback) => (professorId ? teacherName.get(professorId) : undefined) ?? fallback,
    takes: (alunoId, disciplina) => takesSubject(ownSubjects, alunoId, disciplina),
  });
}
