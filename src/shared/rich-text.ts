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

const LINK = /\[([^\]\n]{1,200})\]\(([^)\s]{1,2000})\)/;
const BOLD = /\*\*([^*\n]+?)\*\*/;

function parseInline(text: string): Inline[] {
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
}

const BULLET = /^\s*[-*•]\s+(.*)$/;
const NUMBERED = /^\s*\d{1,3}[.)]\s+(.*)$/;

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
