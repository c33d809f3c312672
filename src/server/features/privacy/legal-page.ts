import { readableShade } from '../../../shared/contrast.js';
import { formatDate } from '../../../shared/format.js';

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );

/** The school's text as HTML: '## ' headings, '- ' list items, blank lines between paragraphs. */
export function legalTextToHtml(text: string): string {
  const out: string[] = [];
  let list: string[] = [];
  const flush = () => {
    if (list.length > 0) out.push(`<ul>${list.map((item) => `<li>${item}</li>`).join('')}</ul>`);
    list = [];
  };
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line.startsWith('- ')) {
      list.push(escapeHtml(line.slice(2)));
      continue;
    }
    flush();
    if (line === '') continue;
    if (line.startsWith('## ')) out.push(`<h2>${escapeHtml(line.slice(3))}</h2>`);
    else out.push(`<p>${escapeHtml(line)}</p>`);
  }
  flush();
  return out.join('\n');
}

/**
 * `/privacidade` and `/termos`: plain server-rendered pages (ADR 0006), readable without JavaScript,
 * in the school's colours, with the version guardians accept.
 */
export function renderLegalPage(page: {
  escola: string;
  cor: string;
  titulo: string;
  texto: string;
  versao: number;
  atualizadoEm: Date | null;
  outro: { href: string; label: string };
}): string {
  // The footer's near-white ground: a shade that reads there reads on white and behind white text.
  const color = readableShade(/^#[0-9a-fA-F]{6}$/.test(page.cor) ? page.cor : '#1e40af', '#f9fafb');
  const updated = page.atualizadoEm
    ? `Versão ${page.versao}, atualizada em ${formatDate(page.atualizadoEm.toISOString().slice(0, 10))}.`
    : `Versão ${page.versao}.`;
  return `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<title>${escapeHtml(page.titulo)} — ${escapeHtml(page.escola)}</title>
<style>
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2937;background:#f9fafb;line-height:1.6}
header{background:${color};color:#fff;padding:1rem 1.25rem}
header a{color:#fff;text-decoration:none;font-weight:600}
main{max-width:46rem;margin:0 auto;padding:1.5rem 1.25rem 3rem;background:#fff}
h1{font-size:1.75rem;line-height:1.2;margin:.5rem 0}
h2{font-size:1.15rem;margin:1.75rem 0 .5rem;color:${color}}
.meta{color:#6b7280;font-size:.9rem}
footer{max-width:46rem;margin:0 auto;padding:1rem 1.25rem;font-size:.9rem;color:#4b5563}
footer a{color:${color}}
</style>
</head>
<body>
<header><a href="/">← ${escapeHtml(page.escola)}</a></header>
<main>
<h1>${escapeHtml(page.titulo)}</h1>
<p class="meta">${updated}</p>
${legalTextToHtml(page.texto)}
</main>
<footer><a href="${page.outro.href}">${escapeHtml(page.outro.label)}</a> · <a href="/login">Portal</a> · <a href="/">Página inicial</a></footer>
</body>
</html>
`;
}
