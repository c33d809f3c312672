import { inflateSync } from 'node:zlib';

/**
 * The text drawn in a pdfkit PDF, read from its content streams (no PDF library in the project): each
 * Flate stream is inflated and the strings of its text operators (hex `<…>` in `TJ` arrays, which is
 * how pdfkit writes the standard fonts' WinAnsi codes) decoded. Enough to prove a PDF is text, not an
 * image, and to find a name in it.
 */
export function pdfText(pdf: Buffer): string {
  const source = pdf.toString('latin1');
  const parts: string[] = [];
  const streams = /stream\r?\n/g;
  let match: RegExpExecArray | null;
  while ((match = streams.exec(source)) !== null) {
    const start = match.index + match[0].length;
    const end = source.indexOf('endstream', start);
    if (end < 0) break;
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      content = source.slice(start, end);
    }
    for (const array of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      const text = [...array[1]!.matchAll(/<([0-9a-fA-F]*)>/g)]
        .map((hex) => Buffer.from(hex[1]!, 'hex').toString('latin1'))
        .join('');
      parts.push(text);
    }
    streams.lastIndex = end + 'endstream'.length;
  }
  return parts.join('\n');
}
