import { useEffect, useState } from 'react';

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Advances an index every `intervalMs` unless paused (hover, focus, an open lightbox) or the visitor
 * asked for reduced motion.
 */
export function useAutoAdvance(count: number, intervalMs: number, paused: boolean) {
  const [index, setIndex] = useState(0);
  const safeIndex = count === 0 ? 0 : index % count;
  useEffect(() => {
    if (paused || count < 2 || prefersReducedMotion()) return;
    const timer = setInterval(() => setIndex((value) => (value + 1) % count), intervalMs);
    return () => clearInterval(timer);
  }, [paused, count, intervalMs]);
  const go = (next: number) => setIndex(((next % count) + count) % count);
  return { index: safeIndex, go };
}
