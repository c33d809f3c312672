import { describe, expect, it } from 'vitest';
import { relativeDate } from './family-feed-item';

describe('relativeDate', () => {
  const now = new Date('2026-12-05T10:00:00-03:00');

  it('says the day as a person would within a week, and the date beyond it', () => {
    expect(relativeDate('2026-12-05T12:50:00.000Z', now)).toBe('há 10 minutos');
    expect(relativeDate('2026-12-04', now)).toBe('ontem');
    expect(relativeDate('2026-12-11', now)).toBe('em 6 dias');
    expect(relativeDate('2026-12-12', now)).toBe('12/12/2026');
    expect(relativeDate('2026-11-20', now)).toBe('20/11/2026');
  });

  it('an event, whose summary already reads its date, is counted in days further ahead', () => {
    expect(relativeDate('2026-12-12', now, 61)).toBe('em 7 dias');
    expect(relativeDate('2027-02-03', now, 61)).toBe('em 60 dias');
    expect(relativeDate('2026-11-20', now, 61)).toBe('20/11/2026');
  });
});
