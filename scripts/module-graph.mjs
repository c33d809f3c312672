#!/usr/bin/env node
// The server's module graph, drawn from the imports (issue 30): which module of src/server/features uses
// which, through its index.ts. `node scripts/module-graph.mjs` writes it into docs/architecture.md between
// the markers; `--check` (part of `npm run check`) fails when the page is stale or when the graph has a
// cycle (two modules that use each other, directly or around a loop).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const featuresDir = path.join(root, 'src/server/features');
const page = path.join(root, 'docs/architecture.md');
const START = '<!-- module-graph:start (gerado por scripts/module-graph.mjs; não edite à mão) -->';
const END = '<!-- module-graph:end -->';

const modules = readdirSync(featuresDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

/** Every non-test source file of a module, recursively. */
function sourcesOf(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourcesOf(full);
    return /\.tsx?$/.test(entry.name) && !/\.test(-setup)?\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const importPattern = /(?:import|export)\s[^'"]*?from\s+'([^']+)'/g;
/** module -> the modules it imports (any file of theirs, so a reach past index.ts still shows). */
const uses = new Map(modules.map((module) => [module, new Set()]));
for (const module of modules) {
  for (const file of sourcesOf(path.join(featuresDir, module))) {
    for (const [, spec] of readFileSync(file, 'utf8').matchAll(importPattern)) {
      if (!spec.startsWith('.')) continue;
      const other = path.relative(featuresDir, path.resolve(path.dirname(file), spec)).split(path.sep)[0];
      if (other !== module && uses.has(other)) uses.get(module).add(other);
    }
  }
}

/** The cycles: strongly connected components of more than one module (Tarjan). */
function cycles() {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  let counter = 0;
  const visit = (v) => {
    index.set(v, counter);
    low.set(v, counter);
    counter += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of uses.get(v)) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) === index.get(v)) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const module of modules) if (!index.has(module)) visit(module);
  return found;
}

const edgeCount = [...uses.values()].reduce((sum, set) => sum + set.size, 0);
const mermaid = [
  '```mermaid',
  'flowchart LR',
  ...modules.flatMap((module) => [...uses.get(module)].sort().map((other) => `  ${module} --> ${other}`)),
  '```',
];
const table = [
  '| Módulo | Usa (pelo `index.ts`) | É usado por |',
  '| --- | --- | --- |',
  ...modules.map((module) => {
    const usedBy = modules.filter((other) => uses.get(other).has(module));
    const list = (names) => (names.length ? names.map((name) => `\`${name}\``).join(', ') : '—');
    return `| \`${module}\` | ${list([...uses.get(module)].sort())} | ${list(usedBy)} |`;
  }),
];
const generated = [
  START,
  `${modules.length} módulos, ${edgeCount} dependências, nenhum ciclo (o \`npm run check\` recusa um).`,
  '',
  ...mermaid,
  '',
  ...table,
  END,
].join('\n');

const current = readFileSync(page, 'utf8');
const from = current.indexOf(START);
const to = current.indexOf(END);
if (from < 0 || to < 0) {
  console.error(`docs/architecture.md não tem os marcadores do grafo de módulos (${START} … ${END}).`);
  process.exit(1);
}
const next = current.slice(0, from) + generated + current.slice(to + END.length);
const found = cycles();

if (process.argv.includes('--check')) {
  let failed = false;
  if (found.length > 0) {
    for (const component of found)
      console.error(
        `✖ Módulos em ciclo: ${component.join(' ⇄ ')}. Mova o que é comum para baixo ou use um evento.`,
      );
    failed = true;
  }
  if (next !== current) {
    console.error(
      '✖ O grafo de módulos em docs/architecture.md está desatualizado: rode `node scripts/module-graph.mjs`.',
    );
    failed = true;
  }
  if (failed) process.exit(1);
  console.log(`✔ Grafo de módulos: ${modules.length} módulos, ${edgeCount} dependências, sem ciclos.`);
} else {
  writeFileSync(page, next);
  console.log(`docs/architecture.md: ${modules.length} módulos, ${edgeCount} dependências.`);
  if (found.length > 0) {
    for (const component of found) console.error(`✖ Módulos em ciclo: ${component.join(' ⇄ ')}.`);
    process.exit(1);
  }
}
