/**
 * The notices' 'simple formatting': bold, lists and links, written as a Markdown-lite text
 * (`**negrito**`, lines starting with `- ` or `1. `, `[texto](https://…)`). The text is stored as typed
 * and parsed into this tree, which the portal renders as React elements: no HTML from a user is ever
 * interpreted, so a `<script>` or an `onerror=` stays visible text, and a link is made only for
 * http(s) and mailto addresses.
 */

export type Inline =
  | { kind: 'text'; text: string }
  | { kind: 'bold'; children: Inline[] }
  | { kind: 'link'; href: string; text: string };

export type Block =
  { kind: 'paragraph'; lines: Inline[][] } | { kind: 'list'; ordered: boolean; items: Inline[][] };

const SAFE_LINK = /^(https?:\/\/[^\s<>"']+|mailto:[^\s<>"'@]+@[^\s<>"']+)$/i;

/** Whether a link target may become a link: http(s) or mailto only, nothing that runs script. */
export function isSafeHref(href: string): boolean {
  return SAFE_LINK.test(href.trim());
}

/**
 * The characters a regular expression's `\s` matches (ECMAScript WhiteSpace and LineTerminator), so the
 * scanner below reads a text exactly as the patterns it replaced did.
 */
export function isSpaceCode(code: number): boolean {
  return (
    code === 0x20 ||
    (code >= 0x09 && code <= 0x0d) ||
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

const BRACKET_OPEN = 0x5b; // [
const BRACKET_CLOSE = 0x5d; // ]
const PAREN_OPEN = 0x28; // (
const PAREN_CLOSE = 0x29; // )
const STAR = 0x2a; // *
const NEWLINE = 0x0a;
const LABEL_MAX = 200;
const HREF_MAX = 2000;

/**
 * The first position at or after `from` whose character `stops` (text.length if none), for calls with
 * `from` never decreasing: the answer found last is still right while it lies at or after `from`, so each
 * character is read at most once however many times the text is asked.
 */
function stopFinder(text: string, stops: (code: number) => boolean): (from: number) => number {
  let found = -1;
  return (from) => {
    if (found < from) {
      found = from;
      while (found < text.length && !stops(text.charCodeAt(found))) found++;
    }
    return found;
  };
}

/**
 * Bold (`**texto**`) and links (`[texto](endereço)`) in one pass, in time linear in the text: where a
 * label, an address or a bold run ends is found by scanners that only move forward, so no character is
 * read more than a few times however many `[` or `*` the text has. (The patterns this replaces
 * backtracked from every `[` and ran again on the rest of the line at every token: a notice of 20,000
 * characters took a minute to list — issue 29.) The result is the one they gave: a label of 1 to 200
 * characters without `]` or a line break, an address of 1 to 2,000 without `)` or a space, bold of at
 * least one character without `*` or a line break, and the leftmost of them first.
 */
function parseInline(text: string): Inline[] {
  const length = text.length;
  const labelEnd = stopFinder(text, (code) => code === BRACKET_CLOSE || code === NEWLINE);
  const hrefEnd = stopFinder(text, (code) => code === PAREN_CLOSE || isSpaceCode(code));
  const boldEnd = stopFinder(text, (code) => code === STAR || code === NEWLINE);
  const out: Inline[] = [];
  let pending = 0;
  let index = 0;
  while (index < length) {
    const code = text.charCodeAt(index);
    let end = -1;
    let node: Inline | null = null;
    if (code === BRACKET_OPEN) {
      const close = labelEnd(index + 1);
      const labelLength = close - index - 1;
      if (
        close < length &&
        labelLength >= 1 &&
        labelLength <= LABEL_MAX &&
        text.charCodeAt(close + 1) === PAREN_OPEN
      ) {
        const href = close + 2;
        const hrefClose = hrefEnd(href);
        if (
          hrefClose < length &&
          text.charCodeAt(hrefClose) === PAREN_CLOSE &&
          hrefClose - href >= 1 &&
          hrefClose - href <= HREF_MAX
        ) {
          end = hrefClose + 1;
          const target = text.slice(href, hrefClose);
          node = isSafeHref(target)
            ? { kind: 'link', href: target, text: text.slice(index + 1, close) }
            : { kind: 'text', text: text.slice(index, end) };
        }
      }
    } else if (code === STAR && text.charCodeAt(index + 1) === STAR) {
      const close = boldEnd(index + 2);
      if (close > index + 2 && text.charCodeAt(close) === STAR && text.charCodeAt(close + 1) === STAR) {
        end = close + 2;
        node = { kind: 'bold', children: parseInline(text.slice(index + 2, close)) };
      }
    }
    if (node === null) {
      index++;
      continue;
    }
    if (index > pending) out.push({ kind: 'text', text: text.slice(pending, index) });
    out.push(node);
    pending = index = end;
  }
  if (pending < length) out.push({ kind: 'text', text: text.slice(pending) });
  return out;
}

const isLineBreakInside = (code: number) => code === 0x2028 || code === 0x2029;

/**
 * A list item's text: `- item`, `* item`, `• item` (bullets) or `1. item`, `1) item` (numbered, up to
 * three digits), after any indentation, with at least one space after the mark; null for any other line.
 * Read by hand rather than with a pattern: `\s+(.*)$` backtracks over every space when the line holds a
 * Unicode line separator (which `.` does not match) — quadratic in the line's length.
 */
function listItem(line: string): { ordered: boolean; text: string } | null {
  const length = line.length;
  let index = 0;
  while (index < length && isSpaceCode(line.charCodeAt(index))) index++;
  const mark = line.charCodeAt(index);
  let ordered: boolean;
  if (mark === 0x2d || mark === STAR || mark === 0x2022) {
    ordered = false;
    index++;
  } else {
    const digits = index;
    while (
      index < length &&
      index - digits <= 3 &&
      line.charCodeAt(index) >= 0x30 &&
      line.charCodeAt(index) <= 0x39
    )
      index++;
    const count = index - digits;
    const after = line.charCodeAt(index);
    if (count < 1 || count > 3 || (after !== 0x2e && after !== PAREN_CLOSE)) return null;
    ordered = true;
    index++;
  }
  if (index >= length || !isSpaceCode(line.charCodeAt(index))) return null;
  while (index < length && isSpaceCode(line.charCodeAt(index))) index++;
  for (let rest = index; rest < length; rest++) if (isLineBreakInside(line.charCodeAt(rest))) return null;
  return { ordered, text: line.slice(index) };
}

export function parseRichText(source: string): Block[] {
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
    const item = listItem(line);
    if (item) {
      if (paragraph.length > 0 || (list && list.ordered !== item.ordered)) flush();
      list ??= { ordered: item.ordered, items: [] };
      list.items.push(parseInline(item.text));
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

const escapeHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

function inlineToHtml(nodes: Inline[]): string {
  return nodes
    .map((node) => {
      if (node.kind === 'text') return escapeHtml(node.text);
      if (node.kind === 'bold') return `<strong>${inlineToHtml(node.children)}</strong>`;
      return `<a href="${escapeHtml(node.href)}" rel="noopener noreferrer" target="_blank">${escapeHtml(node.text)}</a>`;
    })
    .join('');
}

/** The same tree as HTML with every text escaped (e-mail bodies, the API's `corpo_html`). */
export function richTextToHtml(source: string): string {
  return parseRichText(source)
    .map((block) => {
      if (block.kind === 'paragraph') return `<p>${block.lines.map(inlineToHtml).join('<br>')}</p>`;
      const tag = block.ordered ? 'ol' : 'ul';
      return `<${tag}>${block.items.map((item) => `<li>${inlineToHtml(item)}</li>`).join('')}</${tag}>`;
    })
    .join('');
}

/** Plain text for previews and SMS: the formatting marks removed, links as 'texto (endereço)'. */
export function richTextToPlain(source: string): string {
  const inline = (nodes: Inline[]): string =>
    nodes
      .map((node) =>
        node.kind === 'text'
          ? node.text
          : node.kind === 'bold'
            ? inline(node.children)
            : `${node.text} (${node.href})`,
      )
      .join('');
  return parseRichText(source)
    .map((block) =>
      block.kind === 'paragraph'
        ? block.lines.map(inline).join('\n')
        : block.items
            .map((item, index) => `${block.ordered ? `${String(index + 1)}.` : '-'} ${inline(item)}`)
            .join('\n'),
    )
    .join('\n\n');
}

/** The list's preview of a notice: its plain text on one line, at most 160 characters. */
export function richTextSummary(source: string): string {
  const plain = richTextToPlain(source).replace(/\s+/g, ' ').trim();
  return plain.length > 160 ? `${plain.slice(0, 157)}…` : plain;
}
