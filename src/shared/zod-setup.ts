import { z } from 'zod';

/** Portuguese messages for zod's built-in errors (unknown keys, wrong types) on both sides. */
z.config(z.locales.pt());
