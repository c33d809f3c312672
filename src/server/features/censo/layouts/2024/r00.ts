import type { Campo } from '../../layout.js';

/** Record 00 of the 2024 layout. */
export const r00: readonly Campo[] = [];
