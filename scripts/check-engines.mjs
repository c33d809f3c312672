// Engines check (issue 30, ADR 0021): every package in package-lock.json must accept the oldest Node
// this project promises in package.json's `engines.node`. `npm ci` only warns (EBADENGINE) when a
// dependency wants a newer Node; this makes `npm run check` fail instead, so raising the minimum Node is
// a decision (change `engines` and say so in an ADR), not the side effect of an upgrade.
// Same test as npm's own: semver.satisfies(version, package's engines.node, { includePrerelease: true }).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const readJson = (file) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));

const project = readJson('package.json');
const range = project.engines?.node;
const minimum = range && semver.minVersion(range);
if (!minimum) {
  console.error(`✘ package.json: engines.node ausente ou inválido (${range ?? 'nenhum'}).`);
  process.exit(1);
}

const lock = readJson('package-lock.json');
const offenders = [];
let checked = 0;
for (const [location, entry] of Object.entries(lock.packages ?? {})) {
  if (location === '' || entry.link) continue;
  const wanted = entry.engines?.node;
  if (typeof wanted !== 'string') continue; // no engines, or the old array form npm ignores
  checked++;
  if (!semver.satisfies(minimum, wanted, { includePrerelease: true })) {
    const name = entry.name ?? location.slice(location.lastIndexOf('node_modules/') + 'node_modules/'.length);
    offenders.push({ name, version: entry.version, wanted, location });
  }
}

if (offenders.length > 0) {
  const count =
    offenders.length === 1
      ? '1 pacote do package-lock.json não aceita'
      : `${offenders.length} pacotes do package-lock.json não aceitam`;
  console.error(`✘ ${count} Node ${minimum} (engines.node ${range} no package.json):`);
  for (const o of offenders) console.error(`  ${o.name}@${o.version} pede node ${o.wanted} (${o.location})`);
  console.error(
    'Fixe uma versão que aceite o Node mínimo, ou suba engines.node numa decisão (docs/decisions).',
  );
  process.exit(1);
}
console.log(`✔ ${checked} pacotes com engines.node aceitam Node ${minimum}.`);
