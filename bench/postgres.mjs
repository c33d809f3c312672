// A throwaway PostgreSQL cluster for the benches (Debian's binaries, as scripts/test.mjs uses them).
import { postgresBin, startPostgresCluster } from '../scripts/local-services.mjs';

/** Starts a cluster on a free loopback port; null when PostgreSQL is not installed. */
export async function startPostgres() {
  const pgBin = postgresBin();
  if (!pgBin) return null;
  return startPostgresCluster(pgBin, { prefix: 'escola-bench-pg-' });
}
