import { inflateSync } from 'node:zlib';

/**
 * The text a PDF shows, as a reader's search finds it: every content stream inflated and the strings
 * of its text operators decoded (pdfkit writes the standard fonts' WinAnsi text as hex strings). Lines
 * are the text objects' lines; kerning offsets inside a `TJ` array are not spaces. Tests only.
 */
/** WinAnsiEncoding's 0x80–0x9F (Node's decoder may lack windows-1252 and read them as controls). */
const winAnsiHigh = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

function decodeHex(hex: string): string {
  const bytes = Buffer.from(hex.length % 2 === 0 ? hex : `${hex}0`, 'hex');
  return [...bytes]
    .map((byte) => (byte >= 0x80 && byte <= 0x9f ? winAnsiHigh[byte - 0x80]! : String.fromCharCode(byte)))
    .join('');
}

function decodeLiteral(literal: string): string {
  return literal.replace(/\\([nrtbf()\\]|[0-7]{1,3})/g, (_match, escape: string) => {
    const simple: Record<string, string> = {
      n: '\n',
      r: '\r',
      t: '\t',
      b: '\b',
      f: '\f',
      '(': '(',
      ')': ')',
      '\\': '\\',
    };
    return simple[escape] ?? String.fromCharCode(parseInt(escape, 8));
  });
}

/** The text pieces of a PDF in drawing order, each with the baseline (`Tm`'s y) it was drawn on. */
function textPieces(pdf: Buffer): { y: string | null; text: string }[] {
  const raw = pdf.toString('latin1');
  const pieces: { y: string | null; text: string }[] = [];
  const streamStart = /stream\r?\n/g;
  for (let match = streamStart.exec(raw); match; match = streamStart.exec(raw)) {
    const start = match.index + match[0].length;
    const end = raw.indexOf('endstream', start);
    if (end < 0) break;
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      continue; // not a compressed content stream (an image, a font)
    }
    let y: string | null = null;
    for (const operator of content.matchAll(
      /[-\d.]+ [-\d.]+ [-\d.]+ [-\d.]+ [-\d.]+ ([-\d.]+) Tm|\[((?:[^\]\\]|\\.)*)\]\s*TJ|(<[0-9a-fA-F]*>|\((?:[^)\\]|\\.)*\))\s*Tj/g,
    )) {
      if (operator[1] !== undefined) {
        y = operator[1];
        continue;
      }
      const body = operator[2] ?? operator[3] ?? '';
      let text = '';
      // A wide negative offset between two strings is a gap a reader takes as a space (justified text).
      for (const piece of body.matchAll(/<([0-9a-fA-F]*)>|\(((?:[^)\\]|\\.)*)\)|(-?\d+(?:\.\d+)?)/g)) {
        if (piece[3] !== undefined) text += Number(piece[3]) < -200 ? ' ' : '';
        else text += piece[1] !== undefined ? decodeHex(piece[1]) : decodeLiteral(piece[2] ?? '');
      }
      pieces.push({ y, text });
    }
  }
  return pieces;
}

export function pdfText(pdf: Buffer): string {
  return textPieces(pdf)
    .map((piece) => piece.text)
    .join('\n');
}

/**
 * The PDF's lines as a reader shows them: pieces drawn on the same baseline one after the other are one
 * line, joined with nothing between them — so a space a renderer dropped between a bold word and the
 * next (two pieces of one line) shows as the words glued, as it does on the page.
 */
export function pdfLines(pdf: Buffer): string[] {
  const lines: string[] = [];
  let lastY: string | null | undefined;
  for (const piece of textPieces(pdf)) {
    const last = lines.length - 1;
    if (piece.y !== null && piece.y === lastY && last >= 0) lines[last] = `${lines[last] ?? ''}${piece.text}`;
    else lines.push(piece.text);
    lastY = piece.y;
  }
  return lines;
}
