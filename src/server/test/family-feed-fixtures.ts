import type { FamilyFeedScope } from '../lib/family-feed.js';

/**
 * The scope the familia module gives every feed source (issue 32 §1), for a source's own tests: the
 * guardian, the children asked for, today and the window (60 days back, 14 ahead, as the feed asks).
 */
export function feedScopeOf(
  family: { user: { id: string }; guardian: { id: string } },
  alunos: { id: string; nome: string }[],
  today = '2026-05-04',
): FamilyFeedScope {
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  const at = (days: number) => new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
  return {
    userId: family.user.id,
    guardianId: family.guardian.id,
    alunos: alunos.map(({ id, nome }) => ({ id, nome })),
    today,
    since: new Date(`${at(-60)}T00:00:00-03:00`),
    until: at(14),
  };
}
