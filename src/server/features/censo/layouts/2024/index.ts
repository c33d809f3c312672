import type { LayoutAno } from '../../layout.js';
import { r00 } from './r00.js';
import { r10 } from './r10.js';
import { r20 } from './r20.js';
import { r30 } from './r30.js';
import { r40 } from './r40.js';
import { r50 } from './r50.js';
import { r60 } from './r60.js';
import { r89 } from './r89.js';
import { r90 } from './r90.js';
import { r91 } from './r91.js';

export const layout2024: LayoutAno = {
  ano: 2024,
  registros: {
    '00': r00,
    '10': r10,
    '20': r20,
    '30': r30,
    '40': r40,
    '50': r50,
    '60': r60,
    '89': r89,
    '90': r90,
    '91': r91,
  },
};
