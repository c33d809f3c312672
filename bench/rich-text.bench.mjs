// Issue 29: one notice's body held the server for a minute (the link pattern backtracked from every '[').
// Times the rich-text parser on the worst bodies of the maximum length (20,000 characters), and the one
// user-facing pattern anyone can reach without signing in (the client-route check on any address).
import { pathToFileURL } from 'node:url';
import path from 'node:path';
import { report, root } from './lib.mjs';

const load = (file) => import(pathToFileURL(path.join(root, 'dist/node', file)).href);
const { parseRichText, richTextSummary } = await load('shared/rich-text.js');
const { isClientRoute } = await load('shared/routes.js');

const MAX = 20_000;
const fill = (unit, tail = '') =>
  unit.repeat(Math.ceil(MAX / unit.length)).slice(0, MAX - tail.length) + tail;
const bodies = {
  'negrito e colchetes (o do relato)': '**a**'.repeat(2000) + '['.repeat(MAX - 10_000),
  'só colchetes': fill('['),
  'links abertos': fill('[a]('),
  'endereços longos': fill(`[a](${'h'.repeat(1999)}`),
  asteriscos: fill('**'),
  'lista com espaços e separador': `- ${' '.repeat(MAX - 4)}a\u2028`,
  'texto comum': fill(
    'Reunião de pais na **quinta-feira**.\n- Traga a agenda\n- [Pauta](https://escola.test/p)\n\n',
  ),
};

function time(fn, runs = 30) {
  fn();
  const times = [];
  for (let run = 0; run < runs; run++) {
    const start = performance.now();
    fn();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return {
    'mínimo ms': times[0].toFixed(2),
    'mediana ms': times[runs >> 1].toFixed(2),
    'máximo ms': times[runs - 1].toFixed(2),
  };
}

report(
  `parseRichText e resumo, ${MAX.toLocaleString('pt-BR')} caracteres`,
  Object.entries(bodies).map(([corpo, body]) => ({
    corpo,
    ...time(() => {
      parseRichText(body);
      richTextSummary(body);
    }),
  })),
);
report('isClientRoute com 16.000 barras (qualquer endereço pedido)', [
  { caminho: '/…/x', ...time(() => isClientRoute(`${'/'.repeat(16_000)}x`)) },
]);
