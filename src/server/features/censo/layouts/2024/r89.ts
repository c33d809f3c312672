import type { Campo } from '../../layout.js';

/** Record 89 of the 2024 layout. */
export const r89: readonly Campo[] = [];
