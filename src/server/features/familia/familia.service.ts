/**
 * The family's home feed (issue 32 §1, docs/familia.md): the guardian's children (or the one asked
 * for), every source's items for them, merged — what needs doing first, oldest first (the most urgent),
 * then the rest newest first — and paged with an opaque cursor that names the last item shown, so a
 * page never repeats or skips one even when new items arrive between two pages.
 */
import { folded } from '../../lib/text-search.js';
import { and, asc, eq } from 'drizzle-orm';
import { addDays } from '../../../shared/calendar.js';
import type { Feed, FeedItem, FeedQuery } from '../../../shared/familia.schemas.js';
import type { DbOrTx } from '../../db/client.js';
import { clock } from '../../lib/clock.js';
import { badRequest } from '../../lib/errors.js';
import type { FamilyFeedScope, FamilyFeedSource } from '../../lib/family-feed.js';
import { schoolReadsAt, schoolVersion } from '../../lib/school-cache.js';
import { scopeOf, studentNotFound, type Viewer } from '../students/index.js';
import { guardians, studentGuardians, students } from '../../db/schema/students.js';
import { FAMILY_FEED_SOURCES } from './familia.sources.js';

/** Items per page: a phone's screenful or two. */
export const FEED_PAGE_SIZE = 20;
/** How far back news reach (what is pending reaches back whatever its age). */
export const FEED_NEWS_DAYS = 60;
/** How far ahead the calendar reaches. */
export const FEED_AHEAD_DAYS = 14;

/** Where an item stands in the feed's order: pending first, then by date (see `compareItems`). */
interface Position {
  pendente: boolean;
  at: number;
  id: string;
}

/**
 * The start of a civil day in the school's time zone (America/Sao_Paulo: UTC−3 all year, no daylight
 * saving since 2019).
 */
const startOfSchoolDay = (day: string) => new Date(`${day}T00:00:00-03:00`);
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * When an item is, as one instant for every source: a bare date (an absence, a due date, an event,
 * today's homework) is that day's start in São Paulo, not midnight UTC (21:00 the day before), so an
 * absence of 30/10 sorts above a notice sent on 29/10 at 22:00 and below one sent on 30/10 at 10:00.
 */
const instantOf = (data: string) =>
  DATE_ONLY.test(data) ? startOfSchoolDay(data).getTime() : Date.parse(data);

const positionOf = (item: FeedItem): Position => ({
  pendente: item.pendente,
  at: instantOf(item.data),
  id: item.id,
});

/**
 * What the family must do, in the order (§1): a notice awaiting ciente, a payment, a document, a
 * consent to answer — before the other pending items (an absence to justify, a message to answer, what
 * to bring). Read from the item's id (`<tipo>:…`), so a cursor (which names the id) carries it too.
 */
const TO_DO_FIRST = ['comunicado', 'mensalidade', 'documento', 'consentimento'];
const rankOf = (id: string) => {
  const rank = TO_DO_FIRST.indexOf(id.slice(0, id.indexOf(':')));
  return rank === -1 ? TO_DO_FIRST.length : rank;
};

/**
 * Pending items before the others; among pending by kind (`rankOf`), then the oldest first; among the
 * others the newest first.
 */
function compare(a: Position, b: Position): number {
  if (a.pendente !== b.pendente) return a.pendente ? -1 : 1;
  if (a.pendente && rankOf(a.id) !== rankOf(b.id)) return rankOf(a.id) - rankOf(b.id);
  if (a.at !== b.at) return a.pendente ? a.at - b.at : b.at - a.at;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

const invalidCursor = () => badRequest('Cursor inválido: recarregue o início.');

export function encodeCursor(position: Position): string {
  return Buffer.from(JSON.stringify([position.pendente ? 1 : 0, position.at, position.id])).toString(
    'base64url',
  );
}

export function decodeCursor(cursor: string): Position {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (
    !Array.isArray(parsed) ||
    parsed.length !== 3 ||
    (parsed[0] !== 0 && parsed[0] !== 1) ||
    typeof parsed[1] !== 'number' ||
    !Number.isFinite(parsed[1]) ||
    typeof parsed[2] !== 'string'
  )
    throw invalidCursor();
  return { pendente: parsed[0] === 1, at: parsed[1], id: parsed[2] };
}

/** The scope of a guardian's feed, or null for an account that is no family (nothing to show). */
async function feedScope(db: DbOrTx, viewer: Viewer, alunoId: string | undefined, sendsSms?: boolean) {
  // Any other account answers as `scopeOf` decides: no family, nothing to show.
  if (viewer.nivel !== 'responsavel') {
    const scope = await scopeOf(db, viewer);
    if (scope.kind !== 'guardian' || scope.guardianId === null) {
      if (alunoId) throw studentNotFound();
      return null;
    }
  }
  // A guardian's record (`scopeOf`'s: one per account) and children in one statement, with the school's
  // version: the sources' school-wide reads are cached at it. No row: no record or no child, nothing to
  // show either way.
  const rows = await db
    .select({
      guardianId: guardians.id,
      id: students.id,
      nome: students.nome,
      version: schoolVersion,
    })
    .from(guardians)
    .innerJoin(studentGuardians, eq(studentGuardians.responsavelId, guardians.id))
    .innerJoin(students, eq(students.id, studentGuardians.alunoId))
    .where(and(eq(guardians.usuarioId, viewer.id), alunoId ? eq(students.id, alunoId) : undefined))
    .orderBy(asc(folded(students.nome)), asc(students.id));
  const children = rows.map(({ id, nome }) => ({ id, nome }));
  // Another family's child and an unknown id answer the same.
  if (alunoId && children.length === 0) throw studentNotFound();
  const guardianId = rows[0]?.guardianId;
  if (guardianId === undefined) return null;
  const today = clock.today();
  const feedScope: FamilyFeedScope = {
    userId: viewer.id,
    guardianId,
    alunos: children,
    today,
    since: startOfSchoolDay(addDays(today, -FEED_NEWS_DAYS)),
    until: addDays(today, FEED_AHEAD_DAYS),
    school: schoolReadsAt(db, rows[0]?.version ?? null),
    sendsSms,
  };
  return feedScope;
}

/**
 * GET /api/familia/feed — one page of the family's feed, from `sources` (every kind of item by default);
 * `sendsSms`: whether the school sends SMS (a consent to SMS is asked only then).
 */
export async function getFamilyFeed(
  db: DbOrTx,
  viewer: Viewer,
  query: FeedQuery,
  {
    sources = FAMILY_FEED_SOURCES,
    sendsSms,
  }: { sources?: readonly FamilyFeedSource[]; sendsSms?: boolean } = {},
): Promise<Feed> {
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const scope = await feedScope(db, viewer, query.aluno_id, sendsSms);
  if (!scope || scope.alunos.length === 0) return { itens: [], proximo: null };
  const answers = await Promise.all(sources.map((source) => source(db, scope)));
  const children = new Set(scope.alunos.map((aluno) => aluno.id));
  const seen = new Set<string>();
  const items: FeedItem[] = [];
  for (const item of answers.flat()) {
    // A source's item for a child outside the scope never shows (defence in depth), nor one twice.
    if (item.aluno_id !== null && !children.has(item.aluno_id)) continue;
    if (seen.has(item.id) || Number.isNaN(Date.parse(item.data))) continue;
    seen.add(item.id);
    items.push(item);
  }
  const ordered = items
    .map((item) => ({ item, position: positionOf(item) }))
    .sort((a, b) => compare(a.position, b.position));
  const rest = after ? ordered.filter((entry) => compare(entry.position, after) > 0) : ordered;
  const page = rest.slice(0, FEED_PAGE_SIZE);
  const last = page.at(-1);
  return {
    itens: page.map((entry) => entry.item),
    proximo: rest.length > FEED_PAGE_SIZE && last ? encodeCursor(last.position) : null,
  };
}
