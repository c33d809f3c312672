import { useSyncExternalStore } from 'react';

/** Whether a CSS media query matches now (re-renders when it changes). True where there is no window. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (notify) => {
      if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', notify);
      return () => list.removeEventListener('change', notify);
    },
    () =>
      typeof window === 'undefined' ||
      typeof window.matchMedia !== 'function' ||
      window.matchMedia(query).matches,
    () => true,
  );
}

/** Tailwind's `md`: at 768 px and wider lists are tables, below they are cards. */
export const WIDE_SCREEN = '(min-width: 768px)';
