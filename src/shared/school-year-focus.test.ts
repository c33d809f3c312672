import { describe, expect, it } from 'vitest';
import {
  classesStartNotice,
  laterOpenedYear,
  shouldOfferOpening,
  yearForNewClasses,
  yearInFocus,
  yearToOpen,
} from './school-year-focus.js';

const years = (...anos: number[]) => anos.map((ano) => ({ ano }));

describe('the year a screen shows', () => {
  it('is the current year when opened, else the next one opened, else the current one', () => {
    expect(yearInFocus(years(2026, 2027), '2026-11-28')).toBe(2026);
    // Issue 29: 2027 opened in November 2026, 2026 never was: the Calendário showed 'Abrir 2026'.
    expect(yearInFocus(years(2027), '2026-11-28')).toBe(2027);
    expect(yearInFocus(years(2028, 2027), '2026-11-28')).toBe(2027);
    expect(yearInFocus(years(2025), '2026-03-02')).toBe(2026);
    expect(yearInFocus([], '2026-03-02')).toBe(2026);
  });

  it('with no year open, is next year from December on (a new school on 02/12/2026 prepares 2027)', () => {
    expect(yearToOpen('2026-11-30')).toBe(2026);
    expect(yearToOpen('2026-12-01')).toBe(2027);
    expect(yearToOpen('2027-01-05')).toBe(2027);
    // The Calendário (and 'Primeiros passos', which leads there) proposed 'Abrir ano letivo 2026'.
    expect(yearInFocus([], '2026-12-02')).toBe(2027);
    expect(yearInFocus(years(2025), '2026-12-02')).toBe(2027);
    expect(yearInFocus(years(2026), '2026-12-02')).toBe(2026);
  });

  it('gives new classes the latest opened year that is not past', () => {
    expect(yearForNewClasses(years(2026, 2027), '2026-11-28')).toBe(2027);
    expect(yearForNewClasses(years(2026), '2026-11-28')).toBe(2026);
    expect(yearForNewClasses(years(2025), '2026-02-01')).toBe(2026);
    expect(yearForNewClasses([], '2026-02-01')).toBe(2026);
  });

  it('never offers to open a year when a later one is open', () => {
    expect(shouldOfferOpening(years(2027), 2026)).toBe(false);
    expect(shouldOfferOpening(years(2027), 2028)).toBe(true);
    expect(shouldOfferOpening([], 2026)).toBe(true);
  });
});

describe('a year left for a later one', () => {
  it('points to the earliest year opened after it', () => {
    expect(laterOpenedYear(years(2028, 2027), 2026)).toEqual({ ano: 2027 });
    expect(laterOpenedYear(years(2026), 2026)).toBeUndefined();
    expect(laterOpenedYear([], 2026)).toBeUndefined();
  });

  it("says when that year's classes start, until they do", () => {
    const year2027 = { ano: 2027, inicio: '2027-02-02' };
    expect(classesStartNotice(year2027, '2026-12-02')).toBe('As aulas de 2027 começam em 02/02/2027');
    expect(classesStartNotice(year2027, '2027-02-02')).toBeNull();
  });
});
