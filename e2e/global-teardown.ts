import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { demoTemplateDir } from './support';

/** The run's seeded demo school (and a seeding a dead worker left) is removed once every journey ended. */
export default function globalTeardown() {
  const template = demoTemplateDir();
  const parent = path.dirname(template);
  const name = path.basename(template);
  for (const entry of readdirSync(parent))
    if (entry === name || entry.startsWith(`${name}-`))
      rmSync(path.join(parent, entry), { recursive: true, force: true });
}
