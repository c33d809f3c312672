import { semFonte, type FonteCenso } from './layout.js';

/** Stub: filled by its part of issue 37. */
export const situacaoFonte: FonteCenso = semFonte;
