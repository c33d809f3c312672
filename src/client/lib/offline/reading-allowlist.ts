import type { DehydratedState, QueryKey } from '@tanstack/react-query';
import { classDiaryRoot, keyRoots } from '../query-keys';

/**
 * The screens read offline (issue 35 §2, ADR 0052): the queries whose answers are kept on the device
 * (IndexedDB `consultas`, per person) and shown with no connection, by the start of their key. Nothing
 * else is kept: payments, documents, administration, other people's records stay on the server. Part C
 * (the offline diary) adds the roll and grade keys here.
 */
export const OFFLINE_QUERY_PREFIXES: readonly QueryKey[] = [
  // The teacher: their classes, each class's students, the day's lessons (the roll-call picker) and
  // the class's subjects and lesson days.
  [...keyRoots.classes, 'list'],
  [...keyRoots.classes, 'students'],
  [...keyRoots.attendance, 'roll-classes'],
  [...keyRoots.curriculum, 'class'],
  // The Notas screen's class picker (its grid is read through the device's copy, ADR 0053): without it the
  // screen reopened offline with no class and 'Nenhuma disciplina', though the grid was on the phone.
  [...keyRoots.grades, 'classes'],
  // The diário de classe opened before on this device (the lessons, their content, the period's absences
  // and grades of the teacher's own class): read again in a classroom without signal, not a spinner.
  [...keyRoots.attendance, 'diary-classes'],
  classDiaryRoot,
  // Pareceres (Educação Infantil): the teacher's classes, their children, the periods and the pareceres
  // read before on this device, so a draft kept offline (use-device-draft.ts) opens again after a reload.
  [...keyRoots.pareceres, 'classes'],
  [...keyRoots.pareceres, 'students'],
  [...keyRoots.pareceres, 'years'],
  [...keyRoots.pareceres, 'list'],
  // Everyone's home (the teacher's day, the family's figures).
  [...keyRoots.dashboard, 'stats'],
  // The family: the children, the home feed, the boletim (its years and rules), the notices and the bell.
  [...keyRoots.students, 'familia'],
  [...keyRoots.familia, 'feed'],
  [...keyRoots.grades, 'report-card'],
  [...keyRoots.grades, 'years'],
  [...keyRoots.grades, 'settings'],
  [...keyRoots.comunicados, 'list'],
  [...keyRoots.comunicados, 'one'],
  [...keyRoots.comunicados, 'filhos'],
  [...keyRoots.notificacoes, 'lista'],
  [...keyRoots.notificacoes, 'contagem'],
  // The guardian's privacy gate (the notice accepted, their children's consents): without it the
  // portal would wait for the server before showing anything.
  keyRoots.privacy,
  // The school's public settings (theme, formats, maintenance): nothing personal, read by every screen.
  [...keyRoots.settings, 'publico'],
];

/**
 * A screen's own content read through the device's copy with no connection (the roll call, the grades
 * grid: `networkMode: 'always'`, ADR 0053): `meta` of its query. While such a query has something to show,
 * the screen is not waiting for the connection, whatever secondary query paused beside it.
 */
export const SCREEN_CONTENT_META = { screenContent: true } as const;

export const isScreenContent = (meta: Record<string, unknown> | undefined): boolean =>
  meta?.screenContent === true;

/** Whether a query's answer is kept for reading offline: its key starts with one of the allowlist's. */
export function isOfflineQuery(
  queryKey: QueryKey,
  prefixes: readonly QueryKey[] = OFFLINE_QUERY_PREFIXES,
): boolean {
  return prefixes.some(
    (prefix) => prefix.length <= queryKey.length && prefix.every((part, index) => queryKey[index] === part),
  );
}

/** What is kept on the device, with what decides whether it may be shown again. */
export interface ReadingCopyRecord {
  /** The format of the record: a new one (a changed answer's shape) ignores older copies. */
  formato: number;
  userId: string;
  /** When it was written (ISO 8601). */
  savedAt: string;
  /** The session's absolute limit (ISO 8601): after it, the copy is not shown (issue 35 §5). */
  expiresAt: string;
  /** TanStack Query's dehydrated state of the allowlisted queries. */
  state: DehydratedState;
}

export const READING_COPY_FORMAT = 1;

/**
 * A copy is shown again only to the person who saved it, in the same format, before their session's
 * absolute limit: after it the person signs in again (and a fresh copy is made on-line).
 */
export function canRestore(
  record: Pick<ReadingCopyRecord, 'formato' | 'userId' | 'expiresAt'> | undefined,
  userId: string,
  now: Date,
): boolean {
  if (!record) return false;
  const limit = Date.parse(record.expiresAt);
  return (
    record.formato === READING_COPY_FORMAT &&
    record.userId === userId &&
    Number.isFinite(limit) &&
    limit > now.getTime()
  );
}
