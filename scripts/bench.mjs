// `npm run bench`: builds when needed, then runs every bench/*.bench.mjs in turn (or the ones named).
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { build, isBuildCurrent, root } from './build-lib.mjs';

if (!isBuildCurrent()) build();
const wanted = process.argv.slice(2);
const files = readdirSync(path.join(root, 'bench'))
  .filter((file) => file.endsWith('.bench.mjs'))
  .filter((file) => wanted.length === 0 || wanted.some((name) => file.includes(name)))
  .sort();
let failed = 0;
for (const file of files) {
  console.log(`\n# ${file}`);
  const result = spawnSync(process.execPath, [path.join(root, 'bench', file)], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) failed++;
}
process.exit(failed === 0 ? 0 : 1);
