import type { Campo } from '../../layout.js';

/** Record 91 of the 2024 layout. */
export const r91: readonly Campo[] = [];
