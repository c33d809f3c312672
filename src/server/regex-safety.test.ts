import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { isSafeLink } from '../shared/content.constants.js';
import { adversarial, growthOf } from '../shared/linear-time.testing.js';
import { isSafeHref } from '../shared/rich-text.js';
import { isClientRoute } from '../shared/routes.js';
import { updateSchoolSettingsInputSchema } from '../shared/settings.schemas.js';
import { describeError } from './features/notificacoes/entregas.worker.js';
import { regexRisks } from './test/regex-risk.js';

// Issue 29: one notice's link pattern backtracked until the server stopped answering. Every regular
// expression in the program is read for the shapes that do that (test/regex-risk.ts); one that has them
// is rewritten, or listed here with the reason the text it reads is small. The entry points that read
// what a person typed or requested are then run on adversarial input of the largest size accepted.

const root = path.resolve(import.meta.dirname, '../..');

/** Patterns with a risky shape whose input is bounded, keyed `file /source/flags`. */
const REVIEWED: Record<string, string> = {
  'src/client/features/site/format-count.ts /\\B(?=(\\d{3})+(?!\\d))/g':
    'os dígitos de um número (no máximo ~309)',
  'src/client/features/site/format-count.ts /0+$/': 'três casas decimais de toFixed(3)',
  'src/client/lib/masks.ts /\\B(?=(\\d{3})+(?!\\d))/g': 'no máximo 10 dígitos (slice(0, 10) antes)',
  'src/server/features/auth/passwords.ts /[\\d\\W_]+$/u': 'senha de no máximo 256 caracteres (auth.schemas)',
  'src/server/lib/mailer.ts /^\\s*(.*?)\\s*<([^<>\\s]+)>\\s*$/':
    'MAIL_FROM, configuração do servidor, não um texto de usuário',
  'src/server/features/grades/rematricula-plan.service.ts new RegExp(`^${String(from)}`)':
    'um número de ano, sem repetição',
  "src/server/lib/verification-code.ts new RegExp(`.{${String(CODE_GROUP)}}`, 'g')":
    'contagem fixa, sem repetição ilimitada',
};

interface Found {
  key: string;
  source: string | null;
  flags: string;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return full.endsWith(path.join('server', 'test')) ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.(test|testing)\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Every regular expression literal and `new RegExp(...)` of the program (tests and their helpers aside). */
function patternsInSource(): Found[] {
  const found: Found[] = [];
  for (const file of sourceFiles(path.join(root, 'src'))) {
    const relative = path.relative(root, file).split(path.sep).join('/');
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node) => {
      if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
        const text = node.getText(source);
        const end = text.lastIndexOf('/');
        found.push({ key: `${relative} ${text}`, source: text.slice(1, end), flags: text.slice(end + 1) });
      } else if (ts.isNewExpression(node) && node.expression.getText(source) === 'RegExp') {
        const [pattern, flags] = node.arguments ?? [];
        found.push({
          key: `${relative} ${node.getText(source)}`,
          source: pattern && ts.isStringLiteralLike(pattern) ? pattern.text : null,
          flags: flags && ts.isStringLiteralLike(flags) ? flags.text : '',
        });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

describe('regular expressions: no catastrophic backtracking (issue 29)', () => {
  it('the reader finds the shapes that stalled the server, and passes the linear ones', () => {
    const rules = (source: string, flags = '') => regexRisks(source, flags).map((risk) => risk.rule);
    // The patterns this issue replaced.
    expect(rules('^\\s*[-*•]\\s+(.*)$')).toContain('overlap');
    expect(rules('^https?:\\/\\/[^\\s]+\\.[^\\s]+$', 'i')).toContain('overlap');
    expect(rules('[^\\s<>@]+@[^\\s<>@]+', 'g')).toContain('unanchored');
    expect(rules('\\/+$')).toContain('unanchored');
    // The textbook ones.
    expect(rules('^(a+)+$')).toContain('nested');
    expect(rules('^(a|ab)*c$')).toContain('alternation');
    expect(rules('\\w+\\s*\\w+!')).toContain('overlap');
    expect(rules('^\\s*(.*?)\\s*<([^<>\\s]+)>\\s*$')).toContain('overlap');
    // Linear ones.
    for (const safe of [
      '^\\d{4}-\\d{2}-\\d{2}$',
      '[^A-Za-z0-9-]+',
      '^\\d{1,3}(\\.\\d{3})+$',
      '^https?:\\/\\/[^\\s][^\\s.]*\\.[^\\s]+$',
      '(?<![^\\s<>@])[^\\s<>@]+@[^\\s<>@]+',
      '"[^"]*"|\'[^\']*\'|`[^`]*`',
      '^(https?:\\/\\/[^\\s]+|mailto:[^\\s]+|tel:[+\\d\\s().-]+|\\/(?![/\\\\])[^\\s]*|#[^\\s]*)$',
      '\\+?\\d[\\d\\s().-]{7,}\\d',
    ])
      expect(rules(safe), safe).toEqual([]);
  });

  it('every pattern of the program is free of them, or listed with why what it reads is small', () => {
    const found = patternsInSource();
    expect(found.length).toBeGreaterThan(150);
    const risky = found
      .filter((pattern) => pattern.source === null || regexRisks(pattern.source, pattern.flags).length > 0)
      .map((pattern) => pattern.key);
    const unreviewed = risky.filter((key) => !(key in REVIEWED));
    expect(
      unreviewed,
      'padrão que pode retroceder sem limite: reescreva-o (src/server/test/regex-risk.ts diz o formato) ou, se o texto que ele lê é pequeno, diga por quê em REVIEWED',
    ).toEqual([]);
    const stale = Object.keys(REVIEWED).filter((key) => !risky.includes(key));
    expect(stale, 'REVIEWED cita padrões que não existem mais ou não são mais arriscados').toEqual([]);
  });

  it('the entry points that read what a person typed or requested grow linearly at their largest input', () => {
    const site = (value: string) =>
      updateSchoolSettingsInputSchema.safeParse({ nome: 'Escola', site: value, version: 1 });
    const growths = [
      // Any address anyone requests reaches the client-route check (16 KB is Node's header limit).
      growthOf('rota com barras', (value) => isClientRoute(value), adversarial('/', 'x'), 16_000),
      growthOf('site da escola', site, (length) => `https://${'.'.repeat(length - 10)} x`, 100_000),
      growthOf('site sem ponto', site, (length) => `https://${'a'.repeat(length - 9)} `, 100_000),
      growthOf('erro de entrega', (value) => describeError(new Error(value)), adversarial('a'), 100_000),
      growthOf(
        'erro com telefone',
        (value) => describeError(new Error(value)),
        adversarial('1 ', '('),
        100_000,
      ),
      growthOf('link do comunicado', isSafeHref, (length) => `mailto:${'a'.repeat(length - 8)}@`, 2_000),
      growthOf('link do site', isSafeLink, (length) => `tel:${'1'.repeat(length - 5)}x`, 100_000),
    ];
    expect(growths.filter((growth) => !growth.linear)).toEqual([]);
  });
});
