import { afterEach, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../shared/calendar.js';
import { clock } from './clock.js';

describe('clock', () => {
  afterEach(() => clock.unpin());

  it('answers the pinned date and moment until unpinned', () => {
    clock.pin('2026-03-01');
    expect(clock.today()).toBe('2026-03-01');
    expect(clock.now().toISOString()).toBe('2026-03-01T15:00:00.000Z');
    clock.unpin();
    expect(clock.now().getFullYear()).toBeGreaterThanOrEqual(2026);
  });

  it("gives today's date in São Paulo, not in UTC", () => {
    clock.pin(new Date('2026-01-01T02:30:00Z'));
    expect(clock.today()).toBe('2025-12-31');
  });

  it('counts a window back and a deadline ahead from the pinned moment', () => {
    clock.pin('2026-03-01');
    expect(clock.ago(DAY_MS).toISOString()).toBe('2026-02-28T15:00:00.000Z');
    expect(clock.ahead(7 * DAY_MS).toISOString()).toBe('2026-03-08T15:00:00.000Z');
  });

  it('refuses an impossible moment', () => {
    expect(() => clock.pin('não é data')).toThrow('Data inválida');
  });
});
