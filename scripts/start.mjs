import { spawn } from 'node:child_process';
import path from 'node:path';
import { build, isBuildCurrent, root } from './build-lib.mjs';

// `npm start` builds what it needs (only when sources changed), then runs the compiled server.
const demo = process.argv.includes('--demo');
if (!isBuildCurrent()) {
  console.log('Preparando a aplicação (build)...');
  build();
}

const child = spawn(process.execPath, [path.join(root, 'dist/node/server/main.js')], {
  cwd: root,
  stdio: 'inherit',
  env: demo ? { ...process.env, DEMO: '1' } : process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
