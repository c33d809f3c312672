import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isBuildCurrent, root } from './build-lib.mjs';

// `npm run trocar-chave`: the installation key's rotation (ADR 0118), with every server stopped. Builds
// first when sources changed, as `npm start` does, then runs the compiled command in this process.
if (!isBuildCurrent()) {
  const result = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs')], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
await import(pathToFileURL(path.join(root, 'dist/node/server/trocar-chave.js')).href);
