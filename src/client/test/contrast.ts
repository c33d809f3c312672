import { contrastRatio } from '../../shared/contrast';

/**
 * Tailwind 4's palette (oklch) as the sRGB the browser paints, for the colours the contrast tests read.
 * jsdom computes no styles: the tests read the utility classes and measure them here.
 */
const palette: Record<string, string> = {
  white: '#ffffff',
  'gray-50': '#f9fafb',
  'gray-100': '#f3f4f6',
  'gray-200': '#e5e7eb',
  'gray-400': '#99a1af',
  'gray-500': '#6a7282',
  'gray-600': '#4a5565',
  'gray-700': '#364153',
  'red-50': '#fef2f2',
};

/** WCAG's contrast ratio of two palette colours ('gray-500', 'red-50'). */
export function contrast(foreground: string, background: string): number {
  const [fg, bg] = [palette[foreground], palette[background]];
  if (!fg || !bg) throw new Error(`Cor fora da tabela: ${foreground} / ${background}`);
  return contrastRatio(fg, bg);
}

/** The colour a utility prefix sets in a class list: `colourOf('text-sm text-gray-600', 'text-')` → 'gray-600'. */
export function colourOf(classes: string, prefix: string): string {
  const found = classes
    .split(/\s+/)
    .map((name) => (name.startsWith(prefix) ? name.slice(prefix.length) : ''))
    .find((rest) => rest in palette);
  if (!found) throw new Error(`Nenhuma cor ${prefix} em "${classes}"`);
  return found;
}
