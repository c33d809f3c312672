// The school the list benches run against: 5,000 students with guardians, 60 teachers and 150 classes,
// written straight into a database the server has already migrated (server stopped for PGlite).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { root } from './lib.mjs';

export const STUDENTS = 5_000;
export const TEACHERS = 60;
export const CLASSES = 150;
export const ADMIN = { email: 'bench@escola.test', password: 'Bench-Admin-Senha-2026' };
export const TEACHER = { email: 'prof.bench@escola.test', password: 'Bench-Prof-Senha-2026' };

const dist = (file) => import(pathToFileURL(path.join(root, 'dist/node', file)).href);

const first = [
  'Ana',
  'Bruno',
  'Camila',
  'Daniel',
  'Eduarda',
  'Felipe',
  'Gabriel',
  'Helena',
  'Isabela',
  'João',
];
const more = ['Júlia', 'Lucas', 'Luiza', 'Mariana', 'Miguel', 'Pedro', 'Rafael', 'Sofia', 'Théo', 'Yasmin'];
const firstNames = [...first, ...more];
const surnames = ['Silva', 'Santos', 'Oliveira', 'Souza', 'Rodrigues', 'Ferreira', 'Alves', 'Pereira'];
surnames.push('Lima', 'Gomes', 'Costa', 'Ribeiro', 'Martins', 'Carvalho', 'Almeida', 'Lopes', 'Soares');
surnames.push('Fernandes', 'Vieira', 'Barbosa', 'Rocha', 'Dias', 'Nascimento', 'Andrade', 'Moreira');

async function insertInBatches(db, table, rows, returning, size = 500) {
  const out = [];
  for (let i = 0; i < rows.length; i += size) {
    const chunk = rows.slice(i, i + size);
    out.push(...(returning ? await db.insert(table).values(chunk).returning(returning) : []));
    if (!returning) await db.insert(table).values(chunk);
  }
  return out;
}

/**
 * Fills the database directly; the schema is already migrated by a first start of the server.
 * `options` as openDatabase takes them: { kind: 'pglite', dataDir } or { kind: 'postgres', url }.
 */
export async function seed(options, { students: total = STUDENTS } = {}) {
  const { openDatabase } = await dist('server/db/client.js');
  const { hashPassword } = await dist('server/features/auth/passwords.js');
  const { users } = await dist('server/db/schema/users.js');
  const { teachers } = await dist('server/db/schema/teachers.js');
  const { classes } = await dist('server/db/schema/classes.js');
  const { guardians, studentGuardians, students } = await dist('server/db/schema/students.js');
  const { completeCpf } = await dist('shared/validators.js');

  const database = await openDatabase(options);
  const { db } = database;
  try {
    // The first administrator would be sent to 'Trocar senha' first; the bench signs in as is.
    await db.update(users).set({ primeiroLogin: false });
    const [teacherUser] = await db
      .insert(users)
      .values({
        nome: 'Professora Bench',
        email: TEACHER.email,
        nivel: 'professor',
        passwordHash: await hashPassword(TEACHER.password),
        primeiroLogin: false,
      })
      .returning({ id: users.id });
    const teacherRows = await insertInBatches(
      db,
      teachers,
      Array.from({ length: TEACHERS }, (_, i) => ({
        nome: `${firstNames[i % firstNames.length]} ${surnames[i % surnames.length]} Docente ${i + 1}`,
        email: `docente${i + 1}@bench.escola`,
        telefone: `1198${String(1_000_000 + i).padStart(7, '0')}`,
        disciplinas: ['Matemática', 'Português'],
        dataContratacao: '2020-02-01',
        usuarioId: i === 0 ? teacherUser.id : null,
      })),
      { id: teachers.id },
    );
    const classRows = await insertInBatches(
      db,
      classes,
      Array.from({ length: CLASSES }, (_, i) => {
        const grade = (i % 9) + 1;
        return {
          nome: `${grade}º Ano ${String.fromCharCode(65 + Math.floor(i / 9))}`,
          nivel: grade <= 5 ? 'Fundamental I' : 'Fundamental II',
          serie: `${grade}º ano`,
          turno: ['manha', 'tarde', 'noite'][i % 3],
          anoLetivo: '2026',
          capacidadeMaxima: 40,
          // Every teacher is responsible for two or three classes.
          professorResponsavelId: teacherRows[i % TEACHERS].id,
        };
      }),
      { id: classes.id },
    );

    const guardianValues = [];
    const studentValues = [];
    const links = [];
    for (let family = 0; studentValues.length < total; family++) {
      const surname = `${surnames[family % surnames.length]} ${surnames[(family * 7 + 3) % surnames.length]}`;
      guardianValues.push({
        nome: `${firstNames[(family * 3) % firstNames.length]} ${surname}`,
        email: family % 2 === 0 ? `familia${family}@bench.escola` : null,
        telefone: `119${String(10_000_000 + family).padStart(8, '0')}`,
        cpf: completeCpf(String(400_000_000 + family * 17)),
      });
      const children = family % 4 === 0 ? 2 : 1;
      for (let child = 0; child < children && studentValues.length < total; child++) {
        const n = studentValues.length;
        studentValues.push({
          nome: `${firstNames[(n * 7) % firstNames.length]} ${surname}`,
          dataNascimento: `${2012 + (n % 9)}-0${1 + (n % 9)}-1${n % 10}`,
          matricula: `B${String(n + 1).padStart(6, '0')}`,
          email: n % 3 === 0 ? `aluno${n + 1}@bench.escola` : null,
          turmaId: classRows[n % CLASSES].id,
          dataMatricula: `2026-0${1 + (n % 9)}-15`,
          status: n % 37 === 5 ? 'transferido' : n % 53 === 7 ? 'inativo' : 'ativo',
        });
        links.push({ student: n, guardian: family });
      }
    }
    const guardianRows = await insertInBatches(db, guardians, guardianValues, { id: guardians.id });
    const studentRows = await insertInBatches(db, students, studentValues, { id: students.id });
    await insertInBatches(
      db,
      studentGuardians,
      links.map((link) => ({
        alunoId: studentRows[link.student].id,
        responsavelId: guardianRows[link.guardian].id,
        parentesco: 'mae',
        ehPrincipal: true,
      })),
    );
    await db.execute('ANALYZE');
    return { classId: classRows[17].id, guardians: guardianRows.length, students: studentRows.length };
  } finally {
    await database.close();
  }
}
