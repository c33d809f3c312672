import type { Campo } from '../../layout.js';

/** Record 20 of the 2024 layout. */
export const r20: readonly Campo[] = [];
