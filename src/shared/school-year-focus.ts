import { formatDate } from './format.js';

/**
 * Which school year a screen shows when nobody picked one (issue 29: after opening 2027, the
 * Calendário kept offering to open 2026 and 'Nova Turma' defaulted to 2026). One rule for every
 * screen about the school as a whole; a screen about one thing (a student, a class) shows that
 * thing's year instead.
 */
export interface OpenedYear {
  ano: number;
}

/**
 * The year a school with none open for now is to open: the current calendar year, or from December
 * on the next one. December is the last weeks of a year's classes (a new year is proposed to end on
 * 11/12) and when schools enrol for the next: a school installed on 02/12/2026 is preparing 2027,
 * and opening 2026 for its last days would be a trap.
 */
export function yearToOpen(today: string): number {
  const current = Number(today.slice(0, 4));
  return today.slice(5, 7) === '12' ? current + 1 : current;
}

/**
 * The Calendário's year: the current calendar year if it was opened; else the earliest opened year
 * still to come (the next one being prepared); else the year to open (yearToOpen).
 */
export function yearInFocus(years: readonly OpenedYear[], today: string): number {
  const current = Number(today.slice(0, 4));
  if (years.some((year) => year.ano === current)) return current;
  const upcoming = years.filter((year) => year.ano > current).map((year) => year.ano);
  return upcoming.length > 0 ? Math.min(...upcoming) : yearToOpen(today);
}

/** The year a new class is for: the latest opened year, when it is not a past one; else the current one. */
export function yearForNewClasses(years: readonly OpenedYear[], today: string): number {
  const current = Number(today.slice(0, 4));
  const latest = Math.max(current, ...years.map((year) => year.ano));
  return years.some((year) => year.ano === latest) ? latest : current;
}

/**
 * Whether a screen may offer to open `ano`: not when a later year is already open (a past or current
 * year left unopened is the school's choice, opened only when asked).
 */
export function shouldOfferOpening(years: readonly OpenedYear[], ano: number): boolean {
  return !years.some((year) => year.ano > ano);
}

/** The earliest year opened after `ano`: where a screen about `ano`, left unopened, points to. */
export function laterOpenedYear<Year extends OpenedYear>(
  years: readonly Year[],
  ano: number,
): Year | undefined {
  return years.filter((year) => year.ano > ano).sort((a, b) => a.ano - b.ano)[0];
}

/**
 * 'As aulas de 2027 começam em 02/02/2027' before a year's first day, null from then on: the family's
 * Frequência before any roll, and the staff's screens of a date whose year was left for the next one.
 */
export function classesStartNotice(year: OpenedYear & { inicio: string }, today: string): string | null {
  return today < year.inicio ? `As aulas de ${String(year.ano)} começam em ${formatDate(year.inicio)}` : null;
}
