// Import from a spreadsheet (issue 31 §5): 300 students with their guardians "in under a minute".
// A fresh PGlite school with 10 classes; a CSV of 300 students whose 240 guardians all have an e-mail
// (each gets a portal account: a password hashed with argon2id and a welcome e-mail in the outbox — the
// costly case), sent as the screen sends it: the dry run, the import, and the same file again.
import { rmSync } from 'node:fs';
import http from 'node:http';
import { firstStart, startServer, tempDataDir } from './lib.mjs';
import { dist, signIn } from './school.mjs';
import { ADMIN } from './seed.mjs';

const STUDENTS = Number(process.env.BENCH_IMPORT_STUDENTS ?? 300);
const CLASSES = 10;
const LIMIT_SECONDS = 60;
// BENCH_IMPORT_EMAILS=0: guardians without e-mail (no portal accounts, so no password hashing).
const EMAILS = process.env.BENCH_IMPORT_EMAILS !== '0';

function csv(ano, completeCpf) {
  const header =
    'Matrícula;Nome do aluno;Data de nascimento;Turma;Ano letivo;Nome do responsável;Parentesco;CPF do responsável;Telefone do responsável;E-mail do responsável';
  const lines = [header];
  for (let i = 0; i < STUDENTS; i++) {
    // Every fifth student is the previous one's sibling: same guardian.
    const family = i - Math.floor(i / 5);
    const day = String((i % 28) + 1).padStart(2, '0');
    lines.push(
      [
        '',
        `Aluno Importado ${i + 1}`,
        `${day}/0${(i % 9) + 1}/2015`,
        `${(i % CLASSES) + 1}º Ano Bench`,
        ano,
        `Responsável ${family + 1}`,
        i % 2 ? 'Pai' : 'Mãe',
        completeCpf(String(700_000_000 + family)),
        '(11) 98765-4321',
        EMAILS ? `familia${family + 1}@bench.escola` : '',
      ].join(';'),
    );
  }
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}

function upload(base, cookie, bytes, simular) {
  const boundary = `----bench${Date.now()}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="arquivo"; filename="alunos.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      new URL(`/api/importacao/alunos${simular ? '?simular=1' : ''}`, base),
      {
        method: 'POST',
        headers: {
          cookie,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': body.length,
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          if (res.statusCode !== 200) reject(new Error(`import ${res.statusCode}: ${text}`));
          else resolve({ seconds: (Date.now() - started) / 1000, data: JSON.parse(text).data });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const dataDir = tempDataDir();
try {
  await firstStart({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }, { dataDir });
  const ano = String(new Date().getFullYear());
  const { openDatabase } = await dist('server/db/client.js');
  const { users } = await dist('server/db/schema/users.js');
  const { classes } = await dist('server/db/schema/classes.js');
  const { completeCpf } = await dist('shared/validators.js');
  const database = await openDatabase({ kind: 'pglite', dataDir });
  try {
    await database.db.update(users).set({ primeiroLogin: false });
    await database.db.insert(classes).values(
      Array.from({ length: CLASSES }, (_, i) => ({
        nome: `${i + 1}º Ano Bench`,
        nivel: 'Fundamental I',
        serie: `${i + 1}º ano`,
        turno: 'manha',
        anoLetivo: ano,
        capacidadeMaxima: 40,
      })),
    );
  } finally {
    await database.close();
  }

  const server = await startServer({}, { dataDir });
  try {
    const cookie = await signIn(server.base, ADMIN);
    const file = csv(ano, completeCpf);
    const dryRun = await upload(server.base, cookie, file, true);
    const applied = await upload(server.base, cookie, file, false);
    const again = await upload(server.base, cookie, file, false);
    if (applied.data.criar !== STUDENTS || applied.data.recusar.length > 0)
      throw new Error(`expected ${STUDENTS} created, got ${JSON.stringify(applied.data).slice(0, 300)}`);
    if (again.data.criar !== 0 || again.data.sem_alteracao !== STUDENTS)
      throw new Error(`the second upload changed something: ${JSON.stringify(again.data).slice(0, 300)}`);
    console.log(
      `\n## Import of ${STUDENTS} students, ${applied.data.contas_criadas} new guardian accounts, PGlite`,
    );
    console.table({
      'dry run (simular=1)': { seconds: dryRun.seconds },
      import: { seconds: applied.seconds },
      'same file again (nothing to do)': { seconds: again.seconds },
    });
    if (applied.seconds > LIMIT_SECONDS) {
      console.error(`The import took ${applied.seconds} s: over the ${LIMIT_SECONDS} s the issue allows.`);
      process.exitCode = 1;
    }
  } finally {
    await server.stop();
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
