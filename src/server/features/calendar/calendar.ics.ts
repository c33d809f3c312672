import { addDays } from '../../../shared/calendar.js';
import type { PublicCalendarItem } from '../../../shared/calendar.schemas.js';
import { entryKindLabels } from '../../../shared/calendar.js';

/** RFC 5545 §3.3.11: backslash, semicolon, comma and newlines are escaped in TEXT values. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/**
 * RFC 5545 §3.1: lines longer than 75 octets are folded with CRLF + one space. Splits fall between
 * characters, never inside a multi-byte UTF-8 sequence.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  let limit = 75;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
      // The leading space of a continuation line counts toward its 75 octets.
      limit = 74;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

const compactDate = (iso: string) => iso.replace(/-/g, '');

function utcStamp(date: Date): string {
  return `${date.toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`;
}

const holidayCategory: Record<string, string> = {
  feriado_nacional: 'Feriado nacional',
  ponto_facultativo: 'Ponto facultativo',
};

/** The public calendar as an iCalendar feed: all-day events (DATE values, exclusive DTEND). */
export function buildIcs(options: {
  schoolName: string;
  items: PublicCalendarItem[];
  now: Date;
  domain: string;
}): string {
  const stamp = utcStamp(options.now);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Sistema Escolar//Calendario Academico//PT-BR',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(`${options.schoolName} — Calendário Acadêmico`)}`,
    'X-WR-TIMEZONE:America/Sao_Paulo',
  ];
  for (const item of options.items) {
    const category = holidayCategory[item.tipo] ?? entryKindLabels[item.tipo as keyof typeof entryKindLabels];
    lines.push(
      'BEGIN:VEVENT',
      `UID:${item.id}@${options.domain}`,
      `DTSTAMP:${stamp}`,
      `DTSTART;VALUE=DATE:${compactDate(item.inicio)}`,
      `DTEND;VALUE=DATE:${compactDate(addDays(item.fim, 1))}`,
      `SUMMARY:${escapeText(item.titulo)}`,
      ...(item.descricao ? [`DESCRIPTION:${escapeText(item.descricao)}`] : []),
      `CATEGORIES:${escapeText(category)}`,
      'TRANSP:TRANSPARENT',
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
