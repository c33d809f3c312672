// The school of bench/fanout.bench.mjs and bench/fanout-parts.bench.mjs: 5,000 students (BENCH_STUDENTS)
// in classes of 40, each with one guardian holding a portal account, and a few family sessions.
import { dist, insertInBatches, seedClassesAndStudents } from './school.mjs';

const BELL_SAMPLE = 50; // family sessions whose unread count is read after each publication

export async function seedFamilies(db) {
  const { guardians, studentGuardians } = await dist('server/db/schema/students.js');
  const { users } = await dist('server/db/schema/users.js');
  const { hashPassword } = await dist('server/features/auth/passwords.js');
  const { createSession } = await dist('server/features/auth/sessions.service.js');
  const year = new Date().getFullYear();
  const { studentRows } = await seedClassesAndStudents(db, {
    ano: year,
    inicio: `${year}-02-02`,
    matriculaPrefix: 'F',
  });
  const passwordHash = await hashPassword('Familia-Bench-Senha-2026');
  const name = (n) => `Família Fanout ${String(n + 1).padStart(5, '0')}`;
  const email = (n) => `familia${n + 1}@fanout.escola.test`;
  const userRows = await insertInBatches(
    db,
    users,
    studentRows.map((_, n) => ({
      nome: name(n),
      email: email(n),
      nivel: 'responsavel',
      passwordHash,
      primeiroLogin: false,
    })),
    { id: users.id },
  );
  const guardianRows = await insertInBatches(
    db,
    guardians,
    studentRows.map((_, n) => ({
      nome: name(n),
      email: email(n),
      telefone: `119${String(20_000_000 + n).padStart(8, '0')}`,
      usuarioId: userRows[n].id,
    })),
    { id: guardians.id },
  );
  await insertInBatches(
    db,
    studentGuardians,
    studentRows.map((student, n) => ({
      alunoId: student.id,
      responsavelId: guardianRows[n].id,
      parentesco: 'mae',
      ehPrincipal: true,
    })),
  );
  const bell = [];
  for (let i = 0; i < BELL_SAMPLE; i++) {
    const session = await createSession(db, userRows[(i * 97) % userRows.length].id, false, {
      ip: '127.0.0.1',
      userAgent: 'bench',
    });
    bell.push(`sid=${session.token}`);
  }
  return { families: userRows.length, bell };
}
