import type { Campo } from '../../layout.js';

/** Record 60 of the 2024 layout. */
export const r60: readonly Campo[] = [];
