// Seeds the network once and prints what it made and how long each part took (not run by `npm run bench`):
//   node bench/scale/seed-cli.mjs [students] [pglite|postgres]   (run `npm run build` first)
import { startPostgres } from '../postgres.mjs';
import { dropNetworkTemplates, preparedNetwork } from './network.mjs';

const students = Number(process.argv[2] ?? 5_000);
const kind = process.argv[3] ?? 'pglite';
const pg = kind === 'postgres' ? await startPostgres() : undefined;
try {
  const started = Date.now();
  const network = await preparedNetwork(kind, { students, pg });
  const { summary, accounts } = network;
  const { dias, ...rest } = summary;
  console.log({ ...rest, dias: dias.length, total: (Date.now() - started) / 1000 });
  console.log({ teachers: accounts.teachers.length, families: accounts.families.length });
  console.log(accounts.teachers[0], accounts.families[0]);
  await network.cleanup();
} finally {
  await dropNetworkTemplates(pg);
  pg?.stop();
}
