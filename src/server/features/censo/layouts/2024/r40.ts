import type { Campo } from '../../layout.js';

/** Record 40 of the 2024 layout. */
export const r40: readonly Campo[] = [];
