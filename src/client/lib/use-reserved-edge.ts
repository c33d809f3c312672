import { useLayoutEffect, type RefObject } from 'react';

type Edge = 'top' | 'bottom';

/** Every bar that covers an edge of the window now, and its height. */
const bars: Record<Edge, Map<Element, number>> = { top: new Map(), bottom: new Map() };

function publish(edge: Edge) {
  const tallest = Math.max(0, ...bars[edge].values());
  const root = document.documentElement.style;
  if (tallest > 0) root.setProperty(`--reserved-${edge}`, `${Math.ceil(tallest)}px`);
  else root.removeProperty(`--reserved-${edge}`);
}

/**
 * Tells the page how tall a sticky or fixed bar at `edge` is, for styles.css's scroll-padding: a field or
 * row reached with Tab is scrolled clear of the bar instead of under it (WCAG 2.4.11). Measured, not a
 * constant: the roll's save bar grows with its notes, the public header wraps at 200 % zoom, and a bar
 * hidden on a large screen (display: none) measures 0 and reserves nothing.
 */
export function useReservedEdge(ref: RefObject<HTMLElement | null>, edge: Edge) {
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      bars[edge].set(element, element.getBoundingClientRect().height);
      publish(edge);
    };
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      bars[edge].delete(element);
      publish(edge);
    };
  }, [ref, edge]);
}
