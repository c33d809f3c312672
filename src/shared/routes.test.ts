import { describe, expect, it } from 'vitest';
import { isClientRoute, paths } from './routes';

describe('pages the server answers with 200', () => {
  it('include the calendar (public and portal) and the roll call, with or without a trailing slash', () => {
    expect(paths.publicCalendar).toBe('/calendario');
    for (const path of [
      '/calendario',
      '/calendario/',
      '/dashboard/calendario',
      '/dashboard/frequencia',
      '/dashboard/notas',
    ])
      expect(isClientRoute(path), path).toBe(true);
    for (const path of ['/calendario/2026', '/calendario.html', '/dashboard/frequencia/x'])
      expect(isClientRoute(path), path).toBe(false);
  });
});
