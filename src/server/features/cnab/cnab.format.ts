/**
 * The one writer and the one reader of CNAB records, from the field tables of cnab.layout.ts. Text goes
 * the way banks read it: upper case, no accents, only the characters of the old bank character set.
 */
import { RECORD_LENGTH, type Field, type RecordLayout } from './cnab.layout.js';

export type RecordValues = Readonly<Record<string, string | number | null | undefined>>;

/** Upper case without accents, and only letters, digits, spaces and the punctuation banks accept. */
export function bankText(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9 .,\-/&()]/g, ' ');
}

function fieldWidth(field: Field): number {
  return field.end - field.start + 1;
}

function formatField(field: Field, raw: string | number | null | undefined): string {
  const width = fieldWidth(field);
  const value = raw === null || raw === undefined ? field.value : String(raw);
  if (field.kind === 'num') {
    const digits = value ?? '';
    if (!/^\d*$/.test(digits))
      throw new Error(`CNAB: o campo ${field.name} é numérico e recebeu "${digits}"`);
    if (digits.length > width) throw new Error(`CNAB: o campo ${field.name} tem ${width} posições`);
    return digits.padStart(width, '0');
  }
  return bankText(value ?? '')
    .slice(0, width)
    .padEnd(width, ' ');
}

/** One record of exactly 240 characters from the layout and the values by field name. */
export function writeRecord(layout: RecordLayout, values: RecordValues): string {
  let line = '';
  for (const field of layout) {
    if (field.start !== line.length + 1) throw new Error(`CNAB: lacuna antes de ${field.name}`);
    line += formatField(field, values[field.name]);
  }
  if (line.length !== RECORD_LENGTH) throw new Error(`CNAB: registro de ${line.length} posições`);
  return line;
}

/** The fields of one line as text (alfa fields without their padding). */
export function readRecord(layout: RecordLayout, line: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const field of layout) {
    const text = line.slice(field.start - 1, field.end);
    values[field.name] = field.kind === 'alfa' ? text.trimEnd() : text;
  }
  return values;
}

/** DDMMAAAA of an ISO date (zeros for none, as the layout asks for an absent date). */
export function cnabDate(iso: string | null | undefined): string {
  if (!iso) return '00000000';
  return `${iso.slice(8, 10)}${iso.slice(5, 7)}${iso.slice(0, 4)}`;
}

/** The ISO date of a DDMMAAAA field, or null when it is zeros or not a real day. */
export function isoOfCnabDate(value: string): string | null {
  if (!/^\d{8}$/.test(value) || value === '00000000') return null;
  const iso = `${value.slice(4, 8)}-${value.slice(2, 4)}-${value.slice(0, 2)}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== iso ? null : iso;
}

/** The file's text: records joined by CRLF, ending with one. */
export function joinRecords(lines: readonly string[]): string {
  return `${lines.join('\r\n')}\r\n`;
}

/** A file's lines (CRLF or LF; a trailing empty line and a final end-of-file mark are not lines). */
export function splitRecords(text: string): string[] {
  const END_OF_FILE = String.fromCharCode(26);
  const lines = (text.endsWith(END_OF_FILE) ? text.slice(0, -1) : text).split(/\r?\n/);
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** ISO-8859-1 bytes of text already reduced to the bank character set. */
export function latin1(text: string): Buffer {
  return Buffer.from(text, 'latin1');
}
