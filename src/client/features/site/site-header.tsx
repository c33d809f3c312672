import { LayoutDashboard, LogOut, Menu } from 'lucide-react';
import { useEffect, useRef } from 'react';
import type { SiteContent } from '../../../shared/content.schemas';
import { linksToShown, type SiteSectionId } from '../../domain/site-sections';
import { useReservedEdge } from '../../lib/use-reserved-edge';

export interface SiteUser {
  nome: string;
}

const links = [
  { label: 'Início', href: '/#inicio' },
  { label: 'Sobre Nós', href: '/#sobre' },
  { label: 'Galeria', href: '/#galeria' },
  { label: 'Matrícula', href: '/#matricula' },
  { label: 'Contato', href: '/#contato' },
];

export function SchoolMark({
  settings,
  className = '',
}: {
  settings: SiteContent['configuracoes'];
  className?: string;
}) {
  if (settings.logo_principal) {
    return (
      <img
        src={settings.logo_principal}
        alt=""
        className={`h-10 w-10 rounded-lg object-contain ${className}`}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={`flex h-10 w-10 items-center justify-center rounded-lg bg-primary-strong text-lg font-bold text-white ${className}`}
    >
      {settings.nome_escola.trim().charAt(0).toUpperCase() || 'E'}
    </span>
  );
}

interface HeaderProps {
  settings: SiteContent['configuracoes'];
  user: SiteUser | null;
  onLogout: () => void;
  /** The sections on the page: the menu links only to those. */
  shown: Set<SiteSectionId>;
}

/** Spec 'Public header'. The mobile menu is a <details>, so it opens even without JavaScript. */
export function SiteHeader({ settings, user, onLogout, shown }: HeaderProps) {
  const menu = linksToShown(links, shown);
  const bar = useRef<HTMLElement>(null);
  useReservedEdge(bar, 'top');
  // The <details> menu stays a <details> (it opens without JavaScript), but it closed only from its
  // summary: a chosen link left it open over the page, and Escape did nothing. Escape now closes it
  // and puts the focus back on the summary; a chosen link closes it and lets its target take the focus.
  const mobile = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const details = mobile.current;
    if (!details) return;
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape' || !details.open) return;
      event.preventDefault();
      details.open = false;
      details.querySelector('summary')?.focus();
    };
    const onClick = (event: globalThis.MouseEvent) => {
      const chosen = event.target instanceof Element && event.target.closest('nav a, nav button');
      if (chosen) details.open = false;
    };
    details.addEventListener('keydown', onKey);
    details.addEventListener('click', onClick);
    return () => {
      details.removeEventListener('keydown', onKey);
      details.removeEventListener('click', onClick);
    };
  }, []);
  const account = user ? (
    <>
      <a
        href="/dashboard"
        className="inline-flex items-center gap-2 rounded-lg px-3 py-2 font-medium text-gray-800 hover:bg-gray-100 dark:text-gray-100 dark:hover:bg-gray-800"
      >
        <LayoutDashboard className="h-4 w-4" aria-hidden="true" />
        Portal
      </a>
      <span className="px-2 text-sm text-gray-700 dark:text-gray-300">{user.nome}</span>
    </>
  ) : (
    <a
      href="/login"
      className="inline-flex items-center rounded-lg bg-primary-strong px-4 py-2 font-medium text-white hover:brightness-110"
    >
      Login
    </a>
  );
  return (
    <header
      ref={bar}
      className="sticky top-0 z-30 border-b border-gray-200 bg-white/95 backdrop-blur dark:border-gray-800 dark:bg-gray-900/95"
    >
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-3">
        <a href="/#inicio" className="flex items-center gap-3">
          <SchoolMark settings={settings} />
          <span className="text-lg font-bold text-gray-900 dark:text-white">{settings.nome_escola}</span>
        </a>
        <nav aria-label="Principal" className="hidden items-center gap-1 md:flex">
          {menu.map((link) => (
            <a
              key={link.href}
              href={link.href}
              className="rounded-lg px-3 py-2 font-medium text-gray-700 hover:bg-gray-100 hover:text-gray-900 dark:text-gray-200 dark:hover:bg-gray-800"
            >
              {link.label}
            </a>
          ))}
        </nav>
        <div className="hidden items-center gap-2 md:flex">
          {account}
          {user && (
            <button
              type="button"
              onClick={onLogout}
              className="inline-flex items-center gap-2 rounded-lg px-3 py-2 font-medium text-red-700 hover:bg-red-50"
            >
              <LogOut className="h-4 w-4" aria-hidden="true" />
              Sair
            </button>
          )}
        </div>
        <details ref={mobile} className="group relative md:hidden">
          <summary className="flex cursor-pointer list-none items-center rounded-lg p-2 text-gray-800 hover:bg-gray-100 dark:text-gray-100 [&::-webkit-details-marker]:hidden">
            <Menu className="h-6 w-6" aria-hidden="true" />
            <span className="sr-only">Abrir menu</span>
          </summary>
          <nav
            aria-label="Menu móvel"
            className="absolute right-0 mt-2 flex w-56 flex-col gap-1 rounded-xl border border-gray-200 bg-white p-2 shadow-lg dark:border-gray-700 dark:bg-gray-900"
          >
            {menu.map((link) => (
              <a
                key={link.href}
                href={link.href}
                className="rounded-lg px-3 py-2 text-gray-800 hover:bg-gray-100 dark:text-gray-100 dark:hover:bg-gray-800"
              >
                {link.label}
              </a>
            ))}
            <div className="mt-1 flex flex-col gap-1 border-t border-gray-200 pt-2 dark:border-gray-700">
              {account}
              {user && (
                <button
                  type="button"
                  onClick={onLogout}
                  className="rounded-lg px-3 py-2 text-left font-medium text-red-700 hover:bg-red-50"
                >
                  Sair
                </button>
              )}
            </div>
          </nav>
        </details>
      </div>
    </header>
  );
}
