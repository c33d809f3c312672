import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const stampFile = path.join(root, 'dist', '.build-stamp');
const inputs = [
  'src',
  'public',
  'index.html',
  'site.html',
  'vite.config.ts',
  'tsconfig.json',
  'tsconfig.server.json',
  'package-lock.json',
];

function walk(target, files) {
  if (!existsSync(target)) return;
  const stat = statSync(target);
  if (stat.isDirectory()) {
    for (const entry of readdirSync(target).sort()) walk(path.join(target, entry), files);
  } else if (!/\.test\.tsx?$/.test(target)) {
    files.push(`${path.relative(root, target)}:${stat.size}:${stat.mtimeMs}`);
  }
}

/** A fingerprint of everything the build reads, to rebuild only when something changed. */
export function sourceStamp() {
  const files = [];
  for (const input of inputs) walk(path.join(root, input), files);
  return createHash('sha256').update(files.join('\n')).digest('hex');
}

export function isBuildCurrent() {
  return (
    existsSync(stampFile) &&
    readFileSync(stampFile, 'utf8') === sourceStamp() &&
    existsSync(path.join(root, 'dist/node/server/main.js')) &&
    existsSync(path.join(root, 'dist/client/index.html')) &&
    existsSync(path.join(root, 'dist/ssr/site-ssr.js'))
  );
}

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', shell: false });
  if (result.status !== 0) {
    console.error(`Falhou: ${command} ${args.join(' ')}`);
    process.exit(result.status ?? 1);
  }
}

/** Brotli and gzip copies of the hashed assets; the server sends them when the browser accepts them. */
function precompressAssets(folder) {
  if (!existsSync(folder)) return;
  for (const name of readdirSync(folder)) {
    if (!/\.(js|css|svg|json)$/.test(name)) continue;
    const file = path.join(folder, name);
    const bytes = readFileSync(file);
    if (bytes.length < 1024) continue;
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(bytes, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
    );
    writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
  }
}

export function build() {
  const stamp = sourceStamp();
  const bin = (name) => path.join(root, 'node_modules', '.bin', name);
  run(bin('vite'), ['build', '--logLevel', 'warn']);
  // The public page (site.html) as its own build, then its server renderer (issue 4), which the
  // server loads for GET /.
  run(bin('vite'), ['build', '--logLevel', 'warn', '--mode', 'site']);
  // The public page's server renderer (issue 4): loaded by the server for GET /.
  run(bin('vite'), [
    'build',
    '--logLevel',
    'warn',
    '--mode',
    'site',
    '--ssr',
    'src/client/site-ssr.tsx',
    '--outDir',
    'dist/ssr',
  ]);
  // Emit only: `npm run check` type-checks (with the dev dependencies' types), and `npm start` after
  // `npm ci --omit=dev` has no @types packages to check against (ADR 0009).
  run(bin('tsc'), ['-p', 'tsconfig.server.json', '--noCheck']);
  precompressAssets(path.join(root, 'dist/client/assets'));
  writeFileSync(stampFile, stamp);
}
