import { asc, eq } from 'drizzle-orm';
import type { CampoCodigo } from '../../shared/pareceres.schemas.js';
import { completeCpf } from '../../shared/validators.js';
import type { Tx } from '../db/client.js';
import { classMemberships } from '../db/schema/attendance.js';
import { schoolPeriods, schoolYears } from '../db/schema/calendar.js';
import { classes } from '../db/schema/classes.js';
import { pareceres } from '../db/schema/pareceres.js';
import { guardians, studentGuardians, students } from '../db/schema/students.js';
import { teachers } from '../db/schema/teachers.js';
import { users } from '../db/schema/users.js';
import { demoAddress } from './demo-addresses.js';
import { random } from './seed-academics.js';
import { schoolDaysToYesterday, seedClassRolls } from './seed-rolls.js';

/**
 * The demo's Educação Infantil: a Pré II class of the demo teacher (the 2026 year's first day on) with
 * twelve children of five, their daily roll, and their pareceres of the 1st bimestre — most
 * published, a few reviewed, a few sent for review — so the coordination's queue and a family's view both
 * have something to show.
 */
const children = [
  ['Alice Moreira Dias', '2020-05-14', 'mae'],
  ['Benício Souza Lima', '2020-07-02', 'pai'],
  ['Cecília Araújo Rocha', '2020-08-21', 'mae'],
  ['Davi Lucca Pereira', '2020-09-09', 'mae'],
  ['Elisa Nogueira Campos', '2020-10-30', 'ava'],
  ['Gael Martins Teixeira', '2020-11-17', 'pai'],
  ['Helena Castro Vieira', '2020-12-05', 'mae'],
  ['Isaac Barbosa Freitas', '2021-01-11', 'mae'],
  ['Júlia Cardoso Pinto', '2021-01-28', 'pai'],
  ['Lorenzo Gomes Ramos', '2021-02-15', 'mae'],
  ['Maitê Ribeiro Lopes', '2021-03-03', 'mae'],
  ['Theo Almeida Duarte', '2021-03-25', 'tia'],
] as const;

const textos = (nome: string): { texto: string; campos: Partial<Record<CampoCodigo, string>> } => {
  const primeiro = nome.split(' ')[0]!;
  return {
    texto: `${primeiro} chegou ao Pré II com alegria e curiosidade. Ao longo do bimestre, ampliou sua participação nas rodas de conversa e nas brincadeiras coletivas, mostrando cada vez mais autonomia nas rotinas da turma.`,
    campos: {
      EO: `${primeiro} convive bem com os colegas, espera a sua vez nos jogos e começa a resolver pequenos conflitos conversando.`,
      CG: 'Explora o parque com segurança: sobe, equilibra-se e salta. Nas atividades de recorte, segura a tesoura com firmeza crescente.',
      TS: 'Gosta de pintar com tinta guache e de misturar cores; participa com entusiasmo das cantigas e dos instrumentos de sucata.',
      EF: 'Reconta histórias ouvidas com começo, meio e fim, e já reconhece e escreve o próprio nome.',
      ET: 'Conta objetos até 20, compara quantidades e observa com interesse as mudanças do feijão plantado em sala.',
    },
  };
};

export async function seedPareceres(
  tx: Tx,
  professorUserId: string,
  coordenacaoUserId: string,
  today: string,
): Promise<void> {
  const [year] = await tx.select().from(schoolYears).orderBy(asc(schoolYears.ano)).limit(1);
  const [teacher] = await tx.select().from(teachers).where(eq(teachers.usuarioId, professorUserId));
  const [coord] = await tx.select({ nome: users.nome }).from(users).where(eq(users.id, coordenacaoUserId));
  if (!year || !teacher || !coord) return;
  const [periodo] = await tx
    .select()
    .from(schoolPeriods)
    .where(eq(schoolPeriods.anoLetivoId, year.id))
    .orderBy(asc(schoolPeriods.numero))
    .limit(1);
  const [turma] = await tx
    .insert(classes)
    .values({
      nome: 'Pré II A',
      nivel: 'Educação Infantil',
      serie: 'Pré II',
      // In the afternoon: the demo teacher's mornings are his 1º Ano A's.
      turno: 'tarde',
      anoLetivo: String(year.ano),
      capacidadeMaxima: 18,
      professorResponsavelId: teacher.id,
    })
    .returning();
  const guardianRows = await tx
    .insert(guardians)
    .values(
      children.map(([nome], index) => ({
        nome: `${index % 2 === 0 ? 'Fernanda' : 'Ricardo'} ${nome.split(' ').slice(1).join(' ')}`,
        telefone: `1198${String(7_000_000 + index * 37).padStart(7, '0')}`,
        cpf: completeCpf(String(420_000_000 + index * 1_117)),
        ...demoAddress(index, 40 + index * 7),
      })),
    )
    .returning({ id: guardians.id });
  const studentRows = await tx
    .insert(students)
    .values(
      children.map(([nome, nascimento], index) => ({
        nome,
        dataNascimento: nascimento,
        matricula: `${String(year.ano)}9${String(index + 1).padStart(3, '0')}`,
        turmaId: turma!.id,
        dataEnturmacao: year.inicio,
        dataMatricula: year.inicio,
      })),
    )
    .returning({ id: students.id, nome: students.nome });
  await tx.insert(studentGuardians).values(
    studentRows.map((student, index) => ({
      alunoId: student.id,
      responsavelId: guardianRows[index]!.id,
      parentesco: children[index]![2],
      ehPrincipal: true,
    })),
  );
  await tx
    .insert(classMemberships)
    .values(studentRows.map((student) => ({ alunoId: student.id, turmaId: turma!.id, inicio: year.inicio })));
  // Educação Infantil has a daily roll (the pré-escola's 60 %, LDB art. 31, IV): the teacher's roll of
  // every school day to yesterday, as the other classes have it; one child misses school often.
  const letivos = await schoolDaysToYesterday(tx, year, today);
  const next = random(20_260_302);
  await seedClassRolls(tx, {
    turma: turma!,
    grid: [],
    letivos,
    members: () => studentRows.map((student) => student.id),
    rate: new Map(
      studentRows.map((student, index) => [student.id, index === 4 ? 0.12 : 0.01 + next() * 0.04]),
    ),
    next,
    takenBy: () => teacher.nome,
  });
  if (!periodo) return;
  const escrito = new Date(`${periodo.fim}T18:00:00-03:00`);
  await tx.insert(pareceres).values(
    studentRows.slice(0, 10).map((student, index) => {
      const status = index < 6 ? 'publicado' : index < 8 ? 'revisado' : 'rascunho';
      const reviewed = status !== 'rascunho';
      return {
        alunoId: student.id,
        periodoId: periodo.id,
        turmaId: turma!.id,
        ...textos(student.nome),
        status,
        enviadoEm: escrito,
        autorId: professorUserId,
        autorNome: teacher.nome,
        revisorId: reviewed ? coordenacaoUserId : null,
        revisorNome: reviewed ? coord.nome : null,
        revisadoEm: reviewed ? escrito : null,
        publicadoEm: status === 'publicado' ? escrito : null,
        createdAt: escrito,
        updatedAt: escrito,
      } as const;
    }),
  );
}
