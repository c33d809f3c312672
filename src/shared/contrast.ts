/** A '#rrggbb' colour's channels, 0 to 255. */
const channelsOf = (hex: string): [number, number, number] => [
  parseInt(hex.slice(1, 3), 16),
  parseInt(hex.slice(3, 5), 16),
  parseInt(hex.slice(5, 7), 16),
];
const hexOf = (channels: number[]) =>
  `#${channels.map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;
// sRGB's transfer function (WCAG writes its threshold 0.03928: no 8-bit value lies between the two).
const toLinear = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
const toGamma = (c: number) => (c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055);

/** WCAG's relative luminance of a '#rrggbb' colour. */
function luminance(hex: string): number {
  const [r, g, b] = channelsOf(hex).map((channel) => toLinear(channel / 255));
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
  const channels = channelsOf(hex);
  for (let keep = 1; keep > 0; keep -= 0.04) {
    const shade = hexOf(channels.map((channel) => channel * keep));
    if (contrastRatio(shade, ground) >= 4.5) return shade;
  }
  return '#000000';
}

/**
 * CSS's `color-mix(in oklab, <hex> <keep>, black)` worked out (Björn Ottosson's OKLab): black is the
 * origin of OKLab, so the mix scales the colour's L, a and b by `keep`.
 */
export function mixWithBlack(hex: string, keep: number): string {
  const [r, g, b] = channelsOf(hex).map((channel) => toLinear(channel / 255)) as [number, number, number];
  const l = Math.cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b) * keep;
  const m = Math.cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b) * keep;
  const s = Math.cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b) * keep;
  const [l3, m3, s3] = [l ** 3, m ** 3, s ** 3];
  return hexOf(
    [
      4.0767416621 * l3 - 3.3077115913 * m3 + 0.2309699292 * s3,
      -1.2684380046 * l3 + 2.6097574011 * m3 - 0.3413193965 * s3,
      -0.0041960863 * l3 - 0.7034186147 * m3 + 1.707614701 * s3,
    ].map((channel) => Math.min(1, Math.max(0, toGamma(channel))) * 255),
  );
}

/**
 * A brand colour's strong shade, the one text and buttons use (styles.css's `--color-*-strong`): the
 * stylesheet's 72 % mix with black, darkened further where that still misses 4.5:1 on white — a yellow
 * (#facc15 gives 3.6:1) or a lime; for most colours it is the stylesheet's own.
 */
export function strongShade(hex: string): string {
  return readableShade(mixWithBlack(hex, 0.72));
}
