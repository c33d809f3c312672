import { addDays, DAY_MS } from '../../shared/calendar.js';
import { completeCpf } from '../../shared/validators.js';
import type { Tx } from '../db/client.js';
import { recordAudit, systemActor } from '../features/audit/index.js';
import { classes } from '../db/schema/classes.js';
import { guardians, studentGuardians, students } from '../db/schema/students.js';
import { teachers } from '../db/schema/teachers.js';
import { clock } from '../lib/clock.js';
import { DEMO_STREET_COUNT, demoAddress } from './demo-addresses.js';
import { defaultDisciplinas } from '../../shared/disciplinas.schemas.js';

const firstNames = [
  'Ana',
  'Beatriz',
  'Bruno',
  'Camila',
  'Daniel',
  'Eduarda',
  'Felipe',
  'Gabriel',
  'Giovanna',
  'Gustavo',
  'Helena',
  'Isabela',
  'João',
  'Júlia',
  'Laura',
  'Lucas',
  'Luiza',
  'Manuela',
  'Mariana',
  'Matheus',
  'Miguel',
  'Nicolas',
  'Pedro',
  'Rafael',
  'Samuel',
  'Sofia',
  'Valentina',
  'Vinícius',
  'Arthur',
  'Heitor',
  'Lorena',
  'Alice',
  'Davi',
  'Enzo',
  'Lívia',
  'Cecília',
  'Bernardo',
  'Heloísa',
  'Théo',
  'Yasmin',
];
const surnames = [
  'Silva',
  'Santos',
  'Oliveira',
  'Souza',
  'Rodrigues',
  'Ferreira',
  'Alves',
  'Pereira',
  'Lima',
  'Gomes',
  'Costa',
  'Ribeiro',
  'Martins',
  'Carvalho',
  'Almeida',
  'Lopes',
  'Soares',
  'Fernandes',
  'Vieira',
  'Barbosa',
  'Rocha',
  'Dias',
  'Nascimento',
  'Andrade',
  'Moreira',
  'Nunes',
  'Marques',
  'Machado',
  'Mendes',
  'Freitas',
];
const adultFirst = {
  mae: [
    'Adriana',
    'Patrícia',
    'Fernanda',
    'Cláudia',
    'Renata',
    'Simone',
    'Luciana',
    'Vanessa',
    'Aline',
    'Tatiane',
  ],
  pai: [
    'Marcelo',
    'Rodrigo',
    'André',
    'Fábio',
    'Ricardo',
    'Alexandre',
    'Leandro',
    'Marcos',
    'Paulo',
    'Thiago',
  ],
};
/** Indexes of the demo streets (demo-addresses.ts): drawn as before, so the rest of the demo is unchanged. */
const streets = Array.from({ length: DEMO_STREET_COUNT }, (_, index) => index);

/** Deterministic pseudo-random numbers: the demo is the same on every start. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

function isoDaysAgo(days: number): string {
  return clock
    .ago(days * DAY_MS)
    .toISOString()
    .slice(0, 10);
}

const classPlan = [
  ['1º Ano A', 'Fundamental I', '1º ano', 'manha'],
  ['2º Ano A', 'Fundamental I', '2º ano', 'manha'],
  ['3º Ano A', 'Fundamental I', '3º ano', 'tarde'],
  ['4º Ano A', 'Fundamental I', '4º ano', 'tarde'],
  ['5º Ano A', 'Fundamental I', '5º ano', 'manha'],
  ['5º Ano B', 'Fundamental I', '5º ano', 'tarde'],
  ['6º Ano A', 'Fundamental II', '6º ano', 'manha'],
  ['7º Ano A', 'Fundamental II', '7º ano', 'manha'],
  ['7º Ano B', 'Fundamental II', '7º ano', 'noite'],
  ['8º Ano A', 'Fundamental II', '8º ano', 'tarde'],
  ['9º Ano A', 'Fundamental II', '9º ano', 'manha'],
  ['9º Ano B', 'Fundamental II', '9º ano', 'noite'],
] as const;

/**
 * About 300 students with guardians, 20 teachers and 12 classes (Fundamental I and II, three shifts).
 * The demo teacher account is responsible for the 1º Ano A (and the Pré II A, seed-pareceres.ts); the
 * demo guardian account has two children.
 */
export async function seedRecords(
  tx: Tx,
  accounts: {
    professorUserId: string;
    responsavelUserId: string;
    responsavelNome: string;
    responsavelEmail: string;
  },
): Promise<void> {
  const next = random(20_260_101);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  // Two surnames, never the same twice ('Ana Alves Alves' reads as made up): a repeat takes the list's
  // next one, with no extra draw, so every other name of the demo stays as it was.
  const twoSurnames = (): string => {
    const first = pick(surnames);
    const second = pick(surnames);
    return `${first} ${second === first ? surnames[(surnames.indexOf(second) + 1) % surnames.length]! : second}`;
  };
  const disciplinas = defaultDisciplinas.map((item) => item.nome);
  const year = clock.today().slice(0, 4);

  const teacherValues = Array.from({ length: 20 }, (_, index) => {
    const nome =
      index === 0
        ? 'Carlos Eduardo Lima'
        : `${pick([...adultFirst.mae, ...adultFirst.pai])} ${twoSurnames()}`;
    const subjects = new Set<string>([disciplinas[index % disciplinas.length]!, pick(disciplinas)]);
    return {
      nome,
      email: index === 0 ? 'professor@demo.escola' : `professor${index + 1}@demo.escola`,
      telefone: `119${String(80_000_000 + index * 1_371).padStart(8, '0')}`,
      disciplinas: [...subjects],
      dataContratacao: isoDaysAgo(200 + Math.floor(next() * 3000)),
      status: index === 19 ? ('afastado' as const) : ('ativo' as const),
      usuarioId: index === 0 ? accounts.professorUserId : null,
    };
  });
  const teacherRows = await tx.insert(teachers).values(teacherValues).returning({ id: teachers.id });

  const classRows = await tx
    .insert(classes)
    .values(
      classPlan.map(([nome, nivel, serie, turno], index) => ({
        nome,
        nivel,
        serie,
        turno,
        anoLetivo: year,
        capacidadeMaxima: 30,
        // Each class its own teacher: the demo teacher (index 0) the 1º Ano A, his mornings (his
        // afternoons are the Pré II A's, seed-pareceres.ts), so no two of his classes meet at once.
        professorResponsavelId: teacherRows[index]!.id,
      })),
    )
    .returning({ id: classes.id, serie: classes.serie });

  const guardianValues: (typeof guardians.$inferInsert)[] = [];
  const studentValues: (typeof students.$inferInsert)[] = [];
  const links: {
    student: number;
    guardian: number;
    parentesco: 'mae' | 'pai' | 'avo' | 'ava';
    principal: boolean;
  }[] = [];
  let studentIndex = 0;
  let family = 0;
  while (studentIndex < 300) {
    const surname = twoSurnames();
    const demoFamily = family === 0;
    const parentesco = next() < 0.7 ? 'mae' : 'pai';
    guardianValues.push({
      nome: demoFamily ? accounts.responsavelNome : `${pick(adultFirst[parentesco])} ${surname}`,
      email: demoFamily ? accounts.responsavelEmail : `familia${family + 1}@exemplo.com.br`,
      telefone: `11${String(900_000_000 + family * 7_919).slice(0, 9)}`,
      cpf: completeCpf(String(300_000_000 + family * 1_013)),
      ...demoAddress(pick(streets), 10 + Math.floor(next() * 990)),
      usuarioId: demoFamily ? accounts.responsavelUserId : null,
    });
    const children = demoFamily ? 2 : next() < 0.25 ? 2 : 1;
    for (let child = 0; child < children && studentIndex < 300; child++) {
      const turma = demoFamily ? child * 3 : studentIndex % classRows.length;
      const grade = Number.parseInt(classRows[turma]!.serie, 10);
      // The série's age on 31 March of the year (the corte etário: 6 in the 1º ano), a third a year older.
      const age = 5 + grade + (next() < 0.3 ? 1 : 0);
      studentValues.push({
        nome: `${pick(firstNames)} ${surname}`,
        dataNascimento: addDays(`${year}-03-31`, -(age * 366 + Math.floor(next() * 300))),
        matricula: `${year}${String(studentIndex + 1).padStart(4, '0')}`,
        email: next() < 0.4 ? `aluno${studentIndex + 1}@alunos.demo.escola` : null,
        turmaId: classRows[turma]!.id,
        dataEnturmacao: isoDaysAgo(Math.floor(next() * 300)),
        // Spread over the last 12 months so the dashboard's enrolment trend has real data.
        dataMatricula: isoDaysAgo(Math.floor(next() * 365)),
        status: studentIndex % 37 === 5 ? 'transferido' : studentIndex % 53 === 7 ? 'inativo' : 'ativo',
      });
      links.push({ student: studentIndex, guardian: family, parentesco, principal: true });
      studentIndex++;
    }
    family++;
  }
  const guardianRows = await tx.insert(guardians).values(guardianValues).returning({ id: guardians.id });
  const studentRows = await tx.insert(students).values(studentValues).returning({ id: students.id });
  await tx.insert(studentGuardians).values(
    links.map((link) => ({
      alunoId: studentRows[link.student]!.id,
      responsavelId: guardianRows[link.guardian]!.id,
      parentesco: link.parentesco,
      ehPrincipal: link.principal,
    })),
  );
  await recordAudit(tx, systemActor, {
    action: 'criar',
    entity: 'demo',
    details: {
      alunos: studentRows.length,
      responsaveis: guardianRows.length,
      professores: teacherRows.length,
      turmas: classRows.length,
    },
  });
}
