import { describe, expect, it } from 'vitest';
import type * as produto from '../pix/pix-api.js';
import type * as banco from './tipos.js';

// The bank declares the wire types itself (it uses nothing of the product). This file fails to compile
// (tsc, part of `npm run check`) when the two copies stop describing the same JSON: what the bank
// answers must be what the product reads, and what the product sends must be what the bank accepts.
type Fits<A, B> = [A] extends [B] ? true : false;

const answers: [
  Fits<banco.Cobv, produto.Cobv>,
  Fits<banco.Pix, produto.Pix>,
  Fits<banco.Devolucao, produto.Devolucao>,
  Fits<banco.PixWebhookBody, produto.PixWebhookBody>,
] = [true, true, true, true];

const requests: [Fits<produto.CobvBody, banco.CobvBody>, Fits<produto.CobvPatch, banco.CobvPatch>] = [
  true,
  true,
];

describe('the bank’s wire types', () => {
  it('match the product’s (checked by the compiler)', () => {
    expect([...answers, ...requests].every(Boolean)).toBe(true);
  });
});
