import { createContext, useContext, type HTMLAttributes, type ReactNode } from 'react';

/** How many levels the headings inside move up (−1) or down from the level they were written at. */
const Shift = createContext(0);

/**
 * A part shown on several screens under different headings: the boletim is an h3 under the student's
 * dialog title (h2) on the staff's screen, but sits right under the page's h1 on the family's, which then
 * went h1 → h3. The screen says how its parts' headings move; the part keeps writing its own level.
 */
export function HeadingShift({ by, children }: { by: number; children: ReactNode }) {
  const outer = useContext(Shift);
  return <Shift.Provider value={outer + by}>{children}</Shift.Provider>;
}

export function Heading({ level, ...props }: { level: 2 | 3 | 4 | 5 } & HTMLAttributes<HTMLHeadingElement>) {
  const shifted = Math.min(6, Math.max(2, level + useContext(Shift)));
  const Tag = `h${shifted}` as 'h2';
  return <Tag {...props} />;
}
