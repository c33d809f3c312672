import { describe, expect, it } from 'vitest';
import { connectionBudget, openFilesLimit } from './open-files.js';

const limits = (soft: string) =>
  `Limit                     Soft Limit           Hard Limit           Units\nMax open files            ${soft}                20000                files\n`;

describe('the open-files limit and the streams it allows', () => {
  it('reads the soft limit, and nothing where it is unlimited or unreadable', () => {
    expect(openFilesLimit(() => limits('1024'))).toBe(1024);
    expect(openFilesLimit(() => limits('unlimited'))).toBeNull();
    expect(
      openFilesLimit(() => {
        throw new Error('sem /proc');
      }),
    ).toBeNull();
  });

  it('a quarter of the limit, up to the ceiling', () => {
    expect(connectionBudget(2_000, 1024)).toBe(256);
    expect(connectionBudget(2_000, 20_000)).toBe(2_000);
    expect(connectionBudget(2_000, null)).toBe(2_000);
  });
});
