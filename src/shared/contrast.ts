/** WCAG's relative luminance of a '#rrggbb' colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const channel = parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** WCAG's contrast ratio of two '#rrggbb' colours, whichever is lighter (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

/**
 * A '#rrggbb' brand colour darkened towards black, in steps of 4 %, until it reaches WCAG AA's 4.5:1
 * against `ground` (white text on it reads too, white being lighter than any ground): a light brand
 * colour (the demo's #3b82f6 gives 3.7:1 on white) still reads as text and as a band behind white text.
 * A colour dark enough already is kept as it is.
 */
export function readableShade(hex: string, ground = '#ffffff'): string {
  const channels = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16));
  for (let keep = 1; keep > 0; keep -= 0.04) {
    const shade = `#${channels
      .map((channel) =>
        Math.round(channel * keep)
          .toString(16)
          .padStart(2, '0'),
      )
      .join('')}`;
    if (contrastRatio(shade, ground) >= 4.5) return shade;
  }
  return '#000000';
}
