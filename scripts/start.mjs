import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isBuildCurrent, root } from './build-lib.mjs';

// `npm start` builds what it needs (only when sources changed), then runs the compiled server in this
// very process: no wrapper process stays alive beside it (issue 11, ADR 0009). The build runs in a
// child process, so the memory it takes (Vite, tsc, Brotli) is returned when it ends.
if (!isBuildCurrent()) {
  console.log('Preparando a aplicação (build)...');
  const result = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs')], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
if (process.argv.includes('--demo')) {
  process.env.DEMO = '1';
  // The demo pays its tuition through the built-in test bank (issue 33 §5); PIX_PROVIDER= turns it off.
  process.env.PIX_PROVIDER ??= 'simulado';
  // Its NFS-e go to the built-in simulated national API (issue 36 §2); NFSE_PROVIDER= turns it off.
  process.env.NFSE_PROVIDER ??= 'simulado';
}
await import(pathToFileURL(path.join(root, 'dist/node/server/main.js')).href);
