import type { Campo } from '../../layout.js';

/** Record 30 of the 2024 layout. */
export const r30: readonly Campo[] = [];
