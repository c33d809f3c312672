import { afterEach, describe, expect, it } from 'vitest';
import {
  configureDisplay,
  formatCentavos,
  formatCentavosPlain,
  formatDate,
  formatCount,
  formatDateTime,
  formatPhone,
  TIME_ZONE,
} from './format.js';

afterEach(() => {
  configureDisplay({ idioma: 'pt-BR', fuso_horario: TIME_ZONE, moeda: 'BRL' });
});

describe('formats', () => {
  it('shows money, dates and phones the Brazilian way by default', () => {
    // On screens 'R$' keeps its amount on the same line (no-break space); outputs get a plain space.
    expect(formatCentavos(123456)).toBe('R$\u00a01.234,56');
    expect(formatCentavosPlain(123456)).toBe('R$ 1.234,56');
    expect(formatDate('2026-03-09')).toBe('09/03/2026');
    expect(formatDate('2026-03-09T02:00:00Z')).toBe('08/03/2026');
    expect(formatDateTime('2026-03-09T15:30:00Z')).toBe('09/03/2026 12:30');
    expect(formatPhone('11912345678')).toBe('(11) 91234-5678');
    expect(formatPhone('1133334444')).toBe('(11) 3333-4444');
  });

  it('writes a count with its noun in the right number: 1 aluno, not 1 alunos', () => {
    expect(formatCount(1, 'aluno', 'alunos')).toBe('1 aluno');
    expect(formatCount(0, 'aluno', 'alunos')).toBe('0 alunos');
    expect(formatCount(1250, 'aluno', 'alunos')).toBe('1.250 alunos');
  });

  it('follows the system settings for language, time zone and currency', () => {
    const key = configureDisplay({ idioma: 'en-US', fuso_horario: 'America/New_York', moeda: 'USD' });
    expect(key).toBe('en-US|America/New_York|USD');
    expect(formatCentavos(123456)).toBe('$1,234.56');
    expect(formatDate('2026-03-09')).toBe('03/09/2026');
    expect(formatDateTime('2026-07-09T15:30:00Z')).toBe('7/9/26 11:30 AM');
  });
});
