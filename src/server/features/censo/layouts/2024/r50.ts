import type { Campo } from '../../layout.js';

/** Record 50 of the 2024 layout. */
export const r50: readonly Campo[] = [];
