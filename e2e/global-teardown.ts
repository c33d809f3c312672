import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { dataDir } from './support';

/**
 * What the run made once beside the shared server's directory — the seeded demo school, the migrated
 * empty database, and a making of either a dead worker left (`runTemplateDir`) — is removed once every
 * journey ended.
 */
export default function globalTeardown() {
  const parent = path.dirname(dataDir());
  const prefix = `${path.basename(dataDir())}-`;
  for (const entry of readdirSync(parent))
    if (entry.startsWith(prefix)) rmSync(path.join(parent, entry), { recursive: true, force: true });
}
