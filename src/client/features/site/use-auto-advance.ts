import { useEffect, useState } from 'react';

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Advances an index every `intervalMs` unless paused (hover, focus, an open lightbox), stopped by the
 * visitor's 'Pausar' (WCAG 2.2.2: moving content lasting over 5 s has a control to stop it) or the visitor
 * asked for reduced motion. `live` is the carousel's aria-live: 'off' while it turns by itself (a screen
 * reader read every slide, interrupting whatever else it was reading), 'polite' once the visitor moves it.
 */
export function useAutoAdvance(count: number, intervalMs: number, paused: boolean) {
  const [index, setIndex] = useState(0);
  const [stopped, setStopped] = useState(false);
  const [byVisitor, setByVisitor] = useState(false);
  const safeIndex = count === 0 ? 0 : index % count;
  const rotates = count >= 2 && !prefersReducedMotion();
  useEffect(() => {
    if (paused || stopped || !rotates) return;
    const timer = setInterval(() => {
      setByVisitor(false);
      setIndex((value) => (value + 1) % count);
    }, intervalMs);
    return () => clearInterval(timer);
  }, [paused, stopped, rotates, count, intervalMs]);
  const go = (next: number) => {
    setByVisitor(true);
    setIndex(((next % count) + count) % count);
  };
  return {
    index: safeIndex,
    go,
    /** Whether it turns by itself at all: the 'Pausar'/'Continuar' button shows only then. */
    rotates,
    stopped,
    toggle: () => setStopped((value) => !value),
    live: byVisitor || stopped ? ('polite' as const) : ('off' as const),
  };
}
