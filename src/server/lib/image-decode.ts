import type sharpModule from 'sharp';
import { AppError } from './errors.js';

type Sharp = typeof sharpModule;

/**
 * Decoding is the one costly step of an upload: a 40-megapixel image is 120–160 MB of pixels while it
 * is decoded, however few bytes its file has (a PNG of one colour: ~100 KB). So images are decoded one
 * at a time per instance, the others wait their turn, and past a short line the upload is refused
 * (503 + Retry-After) instead of queueing memory without end.
 */
export const DECODE_LIMITS = { concurrent: 1, waiting: 8, retryAfterSeconds: 30 } as const;

/** A line of work with `concurrent` places and at most `waiting` in line; what arrives past it is refused. */
export class WorkQueue {
  private active = 0;
  private readonly line: (() => void)[] = [];
  /** What it has done (tests read it: how many ran, and the most at once). */
  readonly stats = { started: 0, peak: 0 };

  constructor(
    private readonly limits: { concurrent: number; waiting: number },
    private readonly refuse: () => Error,
  ) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.active < this.limits.concurrent) this.active++;
    else if (this.line.length >= this.limits.waiting) throw this.refuse();
    // The place is handed over by the one that finishes (below), so `active` stays counted.
    else await new Promise<void>((resolve) => this.line.push(resolve));
    this.stats.started++;
    this.stats.peak = Math.max(this.stats.peak, this.active);
    try {
      return await work();
    } finally {
      const next = this.line.shift();
      if (next) next();
      else this.active--;
    }
  }
}

const decodes = new WorkQueue(
  DECODE_LIMITS,
  () =>
    new AppError(
      'UNAVAILABLE',
      'O servidor está processando outras imagens agora. Tente enviar de novo em instantes.',
      undefined,
      { 'retry-after': String(DECODE_LIMITS.retryAfterSeconds) },
    ),
);

/** How many decodes ran in this process, and the most at once (tests: nothing decoded, one at a time). */
export const imageDecodes = decodes.stats;

let loaded: Promise<Sharp> | null = null;

/** libvips, loaded on first use (~12 MB a server that never receives an upload need not hold). */
function loadSharp(): Promise<Sharp> {
  loaded ??= import('sharp').then(({ default: sharp }) => {
    // Each upload is decoded once: libvips's cache of recent operations would only hold its pixels.
    sharp.cache(false);
    return sharp;
  });
  return loaded;
}

/**
 * Runs `work` with sharp when the instance's decode place is free. Callers check what they can
 * without decoding first — the declared dimensions (lib/image-header.ts) and the upload limits — and
 * still pass `limitInputPixels` to every decode.
 */
export async function decodeImage<T>(work: (sharp: Sharp) => Promise<T>): Promise<T> {
  return decodes.run(async () => work(await loadSharp()));
}
