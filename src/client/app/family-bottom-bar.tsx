import { useRef } from 'react';
import { NavLink, useLocation } from 'react-router';
import { Ellipsis } from 'lucide-react';
import { paths } from '../../shared/routes';
import { useReservedEdge } from '../lib/use-reserved-edge';
import { familyMenuItems } from './menu';

const itemClass = (active: boolean) =>
  `flex min-h-14 flex-1 flex-col items-center justify-center gap-0.5 px-1 text-xs font-medium focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary ${
    active ? 'text-primary-strong' : 'text-gray-600'
  }`;

/**
 * A family's navigation on a phone (issue 32 §1): the four screens opened most at the thumb's reach, and
 * 'Mais' opening the whole menu (the drawer) for the rest. Hidden from the large screens, where the
 * sidebar shows every item.
 */
export function FamilyBottomBar({ moreOpen, onMore }: { moreOpen: boolean; onMore: () => void }) {
  const { pathname } = useLocation();
  const bar = useRef<HTMLElement>(null);
  useReservedEdge(bar, 'bottom');
  const main = familyMenuItems.filter((item) => item.main);
  const inMore = !main.some((item) =>
    item.to === paths.dashboard ? pathname === item.to : pathname.startsWith(item.to),
  );
  return (
    <nav
      ref={bar}
      aria-label="Menu da família"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-gray-200 bg-white pb-[env(safe-area-inset-bottom)] lg:hidden print:hidden"
    >
      <ul className="mx-auto flex max-w-xl">
        {main.map(({ label, to, icon: Icon }) => (
          <li key={to} className="flex flex-1">
            <NavLink to={to} end={to === paths.dashboard} className={({ isActive }) => itemClass(isActive)}>
              <Icon className="h-6 w-6" aria-hidden="true" />
              {label}
            </NavLink>
          </li>
        ))}
        <li className="flex flex-1">
          <button
            type="button"
            onClick={onMore}
            aria-expanded={moreOpen}
            aria-haspopup="dialog"
            className={itemClass(inMore)}
          >
            <Ellipsis className="h-6 w-6" aria-hidden="true" />
            Mais
          </button>
        </li>
      </ul>
    </nav>
  );
}
