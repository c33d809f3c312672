/**
 * A counter of the 'Sobre' section in pt-BR digits ("1.500", "98,5"), without Intl: the first
 * `toLocaleString('pt-BR')` in a page loads the locale's data, ≈ 40 ms on a desktop and four times that
 * on a family's phone, inside hydration — most of the public page's blocking time (issue 11).
 * Same result as `value.toLocaleString('pt-BR')` (up to three decimals).
 */
export function formatCount(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const [whole = '0', decimals = ''] = Math.abs(value).toFixed(3).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  const fraction = decimals.replace(/0+$/, '');
  const sign = value < 0 && (Number(whole) > 0 || fraction !== '') ? '-' : '';
  return `${sign}${grouped}${fraction ? `,${fraction}` : ''}`;
}
