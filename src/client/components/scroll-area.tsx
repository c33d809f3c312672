import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';

/**
 * A frame that scrolls sideways when its table is wider than the screen (a month of days on a phone, the
 * cash flow's twelve months), and with `both` down as well within the height its class caps (a dense
 * list). While it scrolls it is a named region in the tab order, so a keyboard can
 * reach it and move it with the arrows (WCAG 2.1.1; axe's scrollable-region-focusable); while all of it
 * fits, it is a plain box and adds no tab stop.
 */
export function ScrollArea({
  label,
  both = false,
  className = '',
  children,
}: {
  /** What scrolls, for a screen reader: 'Frequência de 5º Ano A no mês'. */
  label: string;
  /** Scrolls down too, within a height its className caps (a long dense list under a sticky head). */
  both?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () =>
      setScrolls(
        element.scrollWidth > element.clientWidth || (both && element.scrollHeight > element.clientHeight),
      );
    // The frame keeps its width while what it holds grows (rows arrive, a spinner becomes a table): the
    // frame and each child are watched, and a child put in later is watched from then on.
    const resized = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    const watch = () => {
      resized?.disconnect();
      resized?.observe(element);
      for (const child of element.children) resized?.observe(child);
      measure();
    };
    watch();
    const replaced = typeof MutationObserver === 'undefined' ? null : new MutationObserver(watch);
    replaced?.observe(element, { childList: true });
    return () => {
      resized?.disconnect();
      replaced?.disconnect();
    };
  }, [both]);
  return (
    <div
      ref={ref}
      className={`${both ? 'overflow-auto' : 'overflow-x-auto'} focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-strong ${className}`}
      {...(scrolls ? { role: 'region', 'aria-label': label, tabIndex: 0 } : {})}
    >
      {children}
    </div>
  );
}
