import { TIME_ZONE, todayIso } from '../../shared/format.js';

let pinnedAt: number | null = null;

/**
 * The server's one notion of 'now' and of the school's 'today' (a civil date in the school's time zone).
 * Rules that depend on the date — what is overdue, late fees, enrolment dates, backup retention — read it
 * here, so a test pins the date instead of depending on the day it runs.
 */
export const clock = {
  now(): Date {
    return pinnedAt === null ? new Date() : new Date(pinnedAt);
  },
  /** The moment `ms` milliseconds before now: where a window or a retention period starts. */
  ago(ms: number): Date {
    return new Date(clock.now().getTime() - ms);
  },
  /** The moment `ms` milliseconds after now: when a lease, a link or a retry ends. */
  ahead(ms: number): Date {
    return new Date(clock.now().getTime() + ms);
  },
  /** Today as `YYYY-MM-DD` in the school's time zone. */
  today(): string {
    return todayIso(clock.now());
  },
  /** Tests only: freeze the clock at a moment (a `YYYY-MM-DD` means noon of that day in São Paulo). */
  pin(at: Date | string): void {
    const moment = typeof at === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(at) ? `${at}T12:00:00-03:00` : at;
    const time = new Date(moment).getTime();
    if (Number.isNaN(time)) throw new Error(`Data inválida para o relógio: ${String(at)}`);
    pinnedAt = time;
  },
  /** Tests only: back to the real time. */
  unpin(): void {
    pinnedAt = null;
  },
};

const hourOfDay = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  hour: '2-digit',
  hourCycle: 'h23',
});

/** The hour (0–23) of a moment in the school's time zone: from when a daily job may run. */
export function schoolHour(at: Date): number {
  return Number(hourOfDay.format(at));
}
