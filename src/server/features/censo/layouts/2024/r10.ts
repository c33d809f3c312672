import type { Campo } from '../../layout.js';

/** Record 10 of the 2024 layout. */
export const r10: readonly Campo[] = [];
