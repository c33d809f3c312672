import type { LayoutAno } from '../layout.js';
import { layout2024 } from './2024/index.js';

/** The layouts the product carries, by year. */
export const layouts: readonly LayoutAno[] = [layout2024];

/** The layout of a census year: its own, or the latest earlier one (the screen says which). */
export function layoutDoAno(ano: number): LayoutAno | null {
  return [...layouts].sort((a, b) => b.ano - a.ano).find((layout) => layout.ano <= ano) ?? null;
}
