// The school of bench/fanout.bench.mjs and bench/fanout-parts.bench.mjs: 5,000 students (BENCH_STUDENTS)
// in classes of 40, each with one guardian holding a portal account, and a few family sessions.
import { familySessions, seedClassesAndStudents, seedFamilyAccounts } from './school.mjs';

const BELL_SAMPLE = 50; // family sessions whose unread count is read after each publication

export async function seedFamilies(db) {
  const year = new Date().getFullYear();
  const { studentRows } = await seedClassesAndStudents(db, {
    ano: year,
    inicio: `${year}-02-02`,
    matriculaPrefix: 'F',
  });
  const userRows = await seedFamilyAccounts(
    db,
    studentRows.map((student) => ({ student: student.id, principal: true })),
    {
      name: (n) => `Família Fanout ${String(n + 1).padStart(5, '0')}`,
      email: (n) => `familia${n + 1}@fanout.escola.test`,
      phone: (n) => `119${String(20_000_000 + n).padStart(8, '0')}`,
    },
  );
  const bell = await familySessions(db, userRows, BELL_SAMPLE, 97);
  return { families: userRows.length, bell };
}
