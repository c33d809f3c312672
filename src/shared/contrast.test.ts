import { describe, expect, it } from 'vitest';
import { contrastRatio, mixWithBlack, readableShade, strongShade } from './contrast';

describe('contrastRatio', () => {
  it('is WCAG’s ratio, whichever colour comes first', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#3b82f6')).toBeCloseTo(3.68, 2);
    expect(contrastRatio('#3b82f6', '#ffffff')).toBe(contrastRatio('#ffffff', '#3b82f6'));
  });
});

describe('readableShade', () => {
  it('darkens a light brand colour until it reads on the ground and behind white text', () => {
    for (const brand of ['#3b82f6', '#facc15', '#10b981', '#ffffff']) {
      const shade = readableShade(brand, '#f9fafb');
      expect(contrastRatio(shade, '#f9fafb'), brand).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(shade, '#ffffff'), brand).toBeGreaterThanOrEqual(4.5);
    }
    // The same hue, darker: the blue stays a blue.
    expect(readableShade('#3b82f6')).toMatch(/^#[0-9a-f]{6}$/);
    expect(readableShade('#3b82f6')).not.toBe('#3b82f6');
  });

  it('keeps a colour already dark enough', () => {
    expect(readableShade('#1e40af')).toBe('#1e40af');
    expect(readableShade('#000000')).toBe('#000000');
  });
});

describe('strongShade', () => {
  it('is the stylesheet’s oklab mix where that reads, and darker where it does not', () => {
    // What Chromium paints for `color-mix(in oklab, #3b82f6 72%, black)`, give or take a unit.
    expect(mixWithBlack('#3b82f6', 0.72)).toBe('#22519e');
    expect(strongShade('#3b82f6')).toBe('#22519e');
    expect(contrastRatio(mixWithBlack('#facc15', 0.72), '#ffffff')).toBeLessThan(4.5);
    for (const brand of ['#facc15', '#84cc16', '#ffffff', '#10b981'])
      expect(contrastRatio(strongShade(brand), '#ffffff'), brand).toBeGreaterThanOrEqual(4.5);
  });
});
