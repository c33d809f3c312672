import { describe, expect, it } from 'vitest';
import { isSafeHref, parseRichText, richTextToHtml, richTextToPlain } from './rich-text.js';

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
