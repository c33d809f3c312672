import { describe, expect, it } from 'vitest';
import { adversarial, fastestMs, growthOf } from './linear-time.testing.js';
import { COMUNICADO_LIMITS } from './comunicados.schemas.js';
import {
  type Block,
  type Inline,
  isSafeHref,
  isSpaceCode,
  parseRichText,
  richTextSummary,
  richTextToHtml,
  richTextToPlain,
} from './rich-text.js';

describe('rich text (comunicados)', () => {
  it('renders bold, lists and links', () => {
    expect(
      richTextToHtml(
        'Reunião **quinta** às 19h.\n- Agenda\n- [Pauta](https://escola.test/p)\n\n1. Um\n2. Dois',
      ),
    ).toBe(
      '<p>Reunião <strong>quinta</strong> às 19h.</p>' +
        '<ul><li>Agenda</li><li><a href="https://escola.test/p" rel="noopener noreferrer" target="_blank">Pauta</a></li></ul>' +
        '<ol><li>Um</li><li>Dois</li></ol>',
    );
    expect(richTextToHtml('[Fale conosco](mailto:secretaria@escola.test)')).toContain(
      'href="mailto:secretaria@escola.test"',
    );
  });

  it('never lets HTML, event handlers or script links through', () => {
    const html = richTextToHtml(
      '<script>alert(1)</script>\n<img src=x onerror="alert(2)">\n[clique](javascript:alert(3))\n[dados](data:text/html,<b>x</b>)\n**<a href="javascript:alert(4)">x</a>**',
    );
    expect(html).not.toMatch(/<script|<img|<a href="javascript|<a href="data/i);
    expect(html).not.toMatch(/<[^>]*\son\w+=/i);
    expect(html).toContain('onerror=&quot;alert(2)&quot;');
    expect(html).toContain('&lt;script&gt;');
    expect(html).toContain('[clique](javascript:alert(3))');
    expect(isSafeHref('JaVaScRiPt:alert(1)')).toBe(false);
    expect(isSafeHref('https://ok.test/"onmouseover=')).toBe(false);
    expect(isSafeHref('http://ok.test/a?b=1')).toBe(true);
  });

  it('gives the tree the portal renders, and a plain text for previews', () => {
    expect(parseRichText('Olá **mundo**')).toEqual([
      {
        kind: 'paragraph',
        lines: [
          [
            { kind: 'text', text: 'Olá ' },
            { kind: 'bold', children: [{ kind: 'text', text: 'mundo' }] },
          ],
        ],
      },
    ]);
    expect(richTextToPlain('**Atenção**\n- [Pauta](https://e.test)')).toBe(
      'Atenção\n\n- Pauta (https://e.test)',
    );
  });
});

/** The patterns this parser replaced (issue 29), kept as the reference its output must match. */
function legacyParseRichText(source: string): Block[] {
  const LINK = /\[([^\]\n]{1,200})\]\(([^)\s]{1,2000})\)/;
  const BOLD = /\*\*([^*\n]+?)\*\*/;
  const BULLET = /^\s*[-*•]\s+(.*)$/;
  const NUMBERED = /^\s*\d{1,3}[.)]\s+(.*)$/;
  const parseInline = (text: string): Inline[] => {
    const out: Inline[] = [];
    let rest = text;
    while (rest.length > 0) {
      const link = LINK.exec(rest);
      const bold = BOLD.exec(rest);
      const next = [link, bold]
        .filter((match): match is RegExpExecArray => match !== null)
        .sort((a, b) => a.index - b.index)[0];
      if (!next) {
        out.push({ kind: 'text', text: rest });
        break;
      }
      if (next.index > 0) out.push({ kind: 'text', text: rest.slice(0, next.index) });
      if (next === link) {
        const label = next[1] ?? '';
        const href = next[2] ?? '';
        out.push(isSafeHref(href) ? { kind: 'link', href, text: label } : { kind: 'text', text: next[0] });
      } else {
        out.push({ kind: 'bold', children: parseInline(next[1] ?? '') });
      }
      rest = rest.slice(next.index + next[0].length);
    }
    return out;
  };
  const blocks: Block[] = [];
  let paragraph: Inline[][] = [];
  let list: { ordered: boolean; items: Inline[][] } | null = null;
  const flush = () => {
    if (paragraph.length > 0) blocks.push({ kind: 'paragraph', lines: paragraph });
    if (list) blocks.push({ kind: 'list', ...list });
    paragraph = [];
    list = null;
  };
  for (const line of source.replace(/\r\n?/g, '\n').split('\n')) {
    const bullet = BULLET.exec(line);
    const numbered = bullet ? null : NUMBERED.exec(line);
    const item = bullet ?? numbered;
    if (item) {
      const ordered = numbered !== null;
      if (paragraph.length > 0 || (list && list.ordered !== ordered)) flush();
      list ??= { ordered, items: [] };
      list.items.push(parseInline(item[1] ?? ''));
    } else if (line.trim() === '') {
      flush();
    } else {
      if (list) flush();
      paragraph.push(parseInline(line.trim()));
    }
  }
  flush();
  return blocks;
}

/** A small deterministic generator (mulberry32), so a failure can be replayed. */
function randomOf(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

const PIECES = [
  '[',
  ']',
  '(',
  ')',
  '*',
  '**',
  ' ',
  '  ',
  '\n',
  '\r\n',
  '\r',
  '\t',
  'a',
  'b',
  'Reunião',
  '-',
  '•',
  '1',
  '12',
  '1234',
  '.',
  ')',
  '\u00a0',
  '\u2028',
  '\u2029',
  '\u3000',
  'https://escola.test/p',
  'mailto:a@b.test',
  'javascript:alert(1)',
  '<b>',
  '"',
  "'",
  '- ',
  '1. ',
  '[x](https://e.test)',
  '**n**',
  'x'.repeat(199),
  'y'.repeat(2001),
];

describe('rich text: one pass, linear in the text (issue 29)', () => {
  it('reads every text exactly as the patterns it replaced did', () => {
    const random = randomOf(29);
    for (let sample = 0; sample < 4000; sample++) {
      const parts = Math.floor(random() * 40);
      let source = '';
      for (let part = 0; part < parts; part++) source += PIECES[Math.floor(random() * PIECES.length)]!;
      expect(parseRichText(source), JSON.stringify(source)).toEqual(legacyParseRichText(source));
    }
    // The limits of a label (200) and an address (2,000), on each side.
    for (const label of [1, 200, 201])
      for (const href of [1, 2000, 2001]) {
        const source = `- a [${'r'.repeat(label)}](https://${'e'.repeat(Math.max(0, href - 8))}) **b**`;
        expect(parseRichText(source)).toEqual(legacyParseRichText(source));
      }
  });

  it('takes as spaces exactly what a pattern’s \\s takes', () => {
    const differ: string[] = [];
    for (let code = 0; code <= 0xffff; code++)
      if (isSpaceCode(code) !== /\s/.test(String.fromCharCode(code))) differ.push(code.toString(16));
    expect(differ).toEqual([]);
  });

  const max = COMUNICADO_LIMITS.corpoMax;
  const worst: [string, (length: number) => string][] = [
    // The body of the report: bold runs, then a long run of '['.
    [
      'negrito e colchetes',
      (length) => '**a**'.repeat(Math.floor(length / 10)) + '['.repeat(length - 5 * Math.floor(length / 10)),
    ],
    ['só colchetes', adversarial('[')],
    ['links abertos', adversarial('[a](')],
    ['rótulos longos', adversarial(`[${'a'.repeat(199)}`)],
    ['endereços longos', adversarial(`[a](${'h'.repeat(1999)}`)],
    ['asteriscos', adversarial('**')],
    ['negrito aberto', adversarial('**a')],
    ['parágrafo com espaços e separador de linha', adversarial(' ', 'a\u2028')],
    ['lista com espaços', (length) => `- ${' '.repeat(length - 4)}a\u2028`],
    ['lista numerada com espaços', (length) => `1. ${' '.repeat(length - 5)}a\u2028`],
    ['linhas curtas', adversarial('- [a](\n')],
  ];

  it('parses the worst bodies of the maximum length in well under 50 ms', () => {
    for (const [name, make] of worst) {
      const body = make(max);
      expect(body.length, name).toBeLessThanOrEqual(max);
      // The fastest of ten: on a loaded machine most runs wait for a core, the fastest did not.
      const ms = fastestMs(() => parseRichText(body), 10);
      if (process.env.RICH_TEXT_TIMES) console.log(name, ms.toFixed(2));
      expect(ms, name).toBeLessThan(50);
    }
  });

  it('grows linearly with adversarial input', () => {
    const slow = worst
      .map(([name, make]) =>
        growthOf(
          name,
          (body) => {
            richTextToHtml(body);
            richTextToPlain(body);
          },
          make,
          max,
        ),
      )
      .filter((growth) => !growth.linear);
    expect(slow).toEqual([]);
  });

  it('summarises a notice on one line of at most 160 characters', () => {
    expect(richTextSummary('**Atenção**\n- [Pauta](https://e.test)')).toBe(
      'Atenção - Pauta (https://e.test)',
    );
    const long = richTextSummary('palavra '.repeat(100));
    expect(long).toHaveLength(158);
    expect(long.endsWith('…')).toBe(true);
  });
});
