// @vitest-environment jsdom
import { getConfig } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testTiming, testTimingFor } from '../test-timing.config';

describe('the waits that depend on the machine, from one place', () => {
  it('Testing Library waits with the margin, not its 1 s default', () => {
    expect(getConfig().asyncUtilTimeout).toBe(testTiming.waitMs);
    expect(testTiming.waitMs).toBeGreaterThanOrEqual(10_000);
  });

  it('a server start has three minutes, and TEST_TIME_SCALE multiplies every wait', () => {
    expect(testTimingFor(undefined)).toMatchObject({ scale: 1, waitMs: 10_000, serverStartMs: 180_000 });
    expect(testTimingFor('3')).toMatchObject({
      scale: 3,
      waitMs: 30_000,
      testMs: 270_000,
      hookMs: 360_000,
      serverStartMs: 540_000,
      e2eTestMs: 180_000,
      e2eExpectMs: 30_000,
    });
    for (const wrong of ['0.5', 'rápido', '100'])
      expect(() => testTimingFor(wrong)).toThrow(/TEST_TIME_SCALE/);
  });
});
