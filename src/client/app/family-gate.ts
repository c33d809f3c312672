/**
 * The family's side of the portal (issue 32 §1): which screens a family's account reaches. A family
 * reaches its own screens only — the ones of its menu and the child's page; a staff address it types or
 * still holds a link to (an old e-mail, a notification) goes to the family's screen for the same thing,
 * or says 'Página não encontrada', never the staff's screen with the staff's words. A staff account
 * gets 'Página não encontrada' on the family's screens (it has no children of its own there).
 *
 * An allow-list, not a deny-list: a staff screen added tomorrow is not a family's by default. A new
 * family screen enters `familyMenuItems` (or `familyExtraScreens`).
 */
import type { CurrentUser } from '../../shared/auth.schemas';
import { paths } from '../../shared/routes';
import { familyMenuItems, isFamily } from './menu';

/** Family screens outside the menu: the child's page (opened from the boletim, the home, the feed). */
const familyExtraScreens: string[] = [paths.familyChild];

const familyScreens = new Set<string>([...familyMenuItems.map((item) => item.to), ...familyExtraScreens]);

/** Staff addresses with a family equivalent; `?aluno=` goes along. */
const familyEquivalents: Record<string, string> = {
  [paths.students]: paths.familyChild,
  [paths.classes]: paths.familyChild,
  [paths.attendance]: paths.familyAttendance,
  [paths.grades]: paths.familyBoletim,
  [paths.pareceres]: paths.familyBoletim,
};

const FAMILY_PREFIX = '/dashboard/familia';

export type GateResult = { kind: 'allow' } | { kind: 'redirect'; to: string } | { kind: 'not-found' };

function trimSlashes(pathname: string): string {
  let end = pathname.length;
  while (end > 1 && pathname.endsWith('/', end)) end--;
  return pathname.slice(0, end);
}

/** What a portal address (`pathname` + `search`) shows to `user`. */
export function familyGate(
  user: Pick<CurrentUser, 'nivel'> | null | undefined,
  pathname: string,
  search = '',
): GateResult {
  const path = trimSlashes(pathname);
  if (!isFamily(user)) {
    const familyOnly = path === FAMILY_PREFIX || path.startsWith(`${FAMILY_PREFIX}/`);
    return familyOnly && user ? { kind: 'not-found' } : { kind: 'allow' };
  }
  if (familyScreens.has(path)) return { kind: 'allow' };
  const equivalent = familyEquivalents[path];
  if (equivalent === undefined) return { kind: 'not-found' };
  const aluno = new URLSearchParams(search).get('aluno');
  return { kind: 'redirect', to: aluno ? `${equivalent}?aluno=${encodeURIComponent(aluno)}` : equivalent };
}
