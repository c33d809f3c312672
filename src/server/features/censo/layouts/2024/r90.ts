import type { Campo } from '../../layout.js';

/** Record 90 of the 2024 layout. */
export const r90: readonly Campo[] = [];
