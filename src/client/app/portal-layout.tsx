import { useEffect, useRef, useState } from 'react';
import { Dialog } from 'radix-ui';
import { Navigate, NavLink, Outlet, useLocation, useMatches, useNavigate } from 'react-router';
import { KeyRound, LogOut, Menu, School, X } from 'lucide-react';
import toast from 'react-hot-toast';
import { nivelLabels } from '../../shared/permissions';
import { paths } from '../../shared/routes';
import { IconButton } from '../components/button';
import { OfflineBanner } from '../components/offline-banner';
import { CONTENT_ID, SkipLink } from '../components/skip-link';
import { useLogout } from '../features/auth/auth.api';
import { useCurrentUser } from '../lib/current-user';
import { MaintenanceGate } from '../features/settings/maintenance';
import { NotificationBell } from '../features/notificacoes/notification-bell';
import { PrivacyGate } from '../features/privacy/privacy-gate';
import { isFamily, menuFor } from './menu';
import { familyGate } from './family-gate';
import { FamilyBottomBar } from './family-bottom-bar';
import { PortalNotFound } from './not-found-page';
import { useSiteContent } from '../domain/site-content-store';
import { PendingSavesChip, SignOutWithPending } from '../components/pending-saves';
import { useFila, useFilaSync } from '../lib/offline/use-fila';
import { useTodaysRollsOnDevice } from './use-rolls-on-device';
import { useReservedEdge } from '../lib/use-reserved-edge';

export interface RouteHandle {
  title?: string;
  /** The title a family reads, when it is not the staff's. */
  familyTitle?: string;
}

function usePageTitle(family: boolean): string {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle as RouteHandle | undefined;
    const title = (family && handle?.familyTitle) || handle?.title;
    if (title) return title;
  }
  return 'Início';
}

function Sidebar({ onNavigate }: { onNavigate?: () => void }) {
  const { data: user } = useCurrentUser();
  const navigate = useNavigate();
  const logout = useLogout((signedOut) => {
    if (signedOut) toast.success('Logout realizado com sucesso!');
    return navigate(paths.home, { replace: true });
  });
  const items = menuFor(user);
  const settings = useSiteContent().configuracoes;

  // Saves still on the device: the person chooses first (send, or discard explicitly) — issue 35.
  const fila = useFila();
  const [confirmingLogout, setConfirmingLogout] = useState(false);
  const handleLogout = () => {
    if (logout.isPending) return; // held (aria-disabled), not disabled: the focus stays on Sair
    if (fila.entries.length > 0) setConfirmingLogout(true);
    else logout.mutate();
  };

  return (
    <div className="flex h-full flex-col bg-white">
      <div className="flex h-16 items-center gap-2 border-b border-gray-200 px-5">
        {settings.logo_principal ? (
          <img src={settings.logo_principal} alt="" className="h-8 w-8 rounded object-contain" />
        ) : (
          <School className="h-7 w-7 text-primary-strong" aria-hidden="true" />
        )}
        <span className="truncate text-lg font-bold text-gray-900" title={settings.nome_escola}>
          {settings.nome_escola}
        </span>
      </div>
      <nav aria-label="Menu do portal" className="scroll-shadows flex-1 overflow-y-auto px-3 py-4">
        <ul className="space-y-1">
          {items.map(({ label, to, icon: Icon }) => (
            <li key={to}>
              <NavLink
                to={to}
                end={to === paths.dashboard}
                onClick={onNavigate}
                className={({ isActive }) =>
                  `flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium transition focus-visible:outline-2 focus-visible:outline-primary lg:py-2 ${
                    isActive ? 'bg-primary/10 text-primary-strong' : 'text-gray-700 hover:bg-gray-100'
                  }`
                }
              >
                <Icon className="h-5 w-5" aria-hidden="true" />
                {label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="space-y-1 border-t border-gray-200 p-3">
        <NavLink
          to={paths.changePassword}
          className="flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium text-gray-700 hover:bg-gray-100"
        >
          <KeyRound className="h-5 w-5" aria-hidden="true" />
          Trocar senha
        </NavLink>
        <button
          type="button"
          onClick={handleLogout}
          aria-disabled={logout.isPending || undefined}
          className="flex w-full items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-red-600 aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
        >
          <LogOut className="h-5 w-5" aria-hidden="true" />
          Sair
        </button>
        <SignOutWithPending
          fila={fila}
          open={confirmingLogout}
          onCancel={() => setConfirmingLogout(false)}
          onLeave={() => {
            setConfirmingLogout(false);
            logout.mutate();
          }}
        />
      </div>
    </div>
  );
}

/**
 * The menu on a phone, a modal drawer. It was a hand-built div with role="dialog": the focus stayed on the
 * opener behind the overlay, Tab walked the page underneath and Escape dropped the focus on <body>. Radix's
 * Dialog moves the focus in, keeps it there and hides the page from screen readers; as in Modal, the
 * opener ('Abrir menu', or the family's 'Mais') is not a Dialog.Trigger, so it is remembered and refocused.
 */
function PortalDrawer({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const opener = useRef<Element | null>(null);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-gray-900/50 lg:hidden" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 left-0 z-40 w-64 shadow-xl lg:hidden"
          onOpenAutoFocus={() => {
            opener.current = document.activeElement;
          }}
          onCloseAutoFocus={(event) => {
            const target = opener.current;
            if (target instanceof HTMLElement && target.isConnected) {
              event.preventDefault();
              target.focus();
            }
          }}
        >
          <Dialog.Title className="sr-only">Menu</Dialog.Title>
          <Sidebar onNavigate={() => onOpenChange(false)} />
          <IconButton
            label="Fechar menu"
            className="absolute top-3 -right-12 bg-white"
            onClick={() => onOpenChange(false)}
          >
            <X className="h-5 w-5" aria-hidden="true" />
          </IconButton>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The portal shell: fixed sidebar on large screens, a drawer on small ones, a top bar with the title. */
export function PortalLayout() {
  const { data: user } = useCurrentUser();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const family = isFamily(user);
  const location = useLocation();
  const gate = familyGate(user, location.pathname, location.search);
  const routeTitle = usePageTitle(family);
  const title = gate.kind === 'not-found' ? 'Página não encontrada' : routeTitle;
  const school = useSiteContent().configuracoes.nome_escola;
  const header = useRef<HTMLElement>(null);
  useReservedEdge(header, 'top');
  useFilaSync();
  useTodaysRollsOnDevice();

  useEffect(() => {
    document.title = `${title} — ${school}`;
  }, [title, school]);
  useEffect(() => setDrawerOpen(false), [location.pathname]);

  return (
    <div className="min-h-screen bg-gray-50">
      <SkipLink />
      <aside className="fixed inset-y-0 left-0 z-30 hidden w-64 border-r border-gray-200 lg:block print:hidden">
        <Sidebar />
      </aside>
      <PortalDrawer open={drawerOpen} onOpenChange={setDrawerOpen} />
      <div className="lg:pl-64 print:pl-0">
        <header
          ref={header}
          className="sticky top-0 z-20 flex h-16 print:hidden items-center gap-3 border-b border-gray-200 bg-white/95 px-4 backdrop-blur sm:px-6"
        >
          {/* A family's phone opens the menu from the bottom bar's 'Mais'. */}
          {!family && (
            <IconButton
              label="Abrir menu"
              className="lg:hidden"
              onClick={() => setDrawerOpen(true)}
              aria-expanded={drawerOpen}
            >
              <Menu className="h-5 w-5" aria-hidden="true" />
            </IconButton>
          )}
          <p className="flex-1 truncate text-lg font-semibold text-gray-900">{title}</p>
          <PendingSavesChip />
          <NotificationBell />
          {user && (
            <div className="hidden text-right sm:block">
              <p className="text-sm font-medium text-gray-900">{user.nome}</p>
              <p className="text-xs text-gray-600">{user.perfis?.join(', ') ?? nivelLabels[user.nivel]}</p>
            </div>
          )}
          {user && (
            <span
              className="flex h-9 w-9 items-center justify-center rounded-full bg-primary-strong text-sm font-semibold text-white"
              aria-hidden="true"
            >
              {user.nome.charAt(0).toUpperCase()}
            </span>
          )}
        </header>
        <OfflineBanner />
        <main
          id={CONTENT_ID}
          tabIndex={-1}
          className={`mx-auto max-w-7xl p-4 outline-none sm:p-6 ${family ? 'pb-24 lg:pb-6' : ''}`}
        >
          <MaintenanceGate nivel={user?.nivel}>
            <PrivacyGate nivel={user?.nivel}>
              {gate.kind === 'allow' ? (
                <Outlet />
              ) : gate.kind === 'redirect' ? (
                <Navigate to={gate.to} replace />
              ) : (
                <PortalNotFound />
              )}
            </PrivacyGate>
          </MaintenanceGate>
        </main>
      </div>
      {family && <FamilyBottomBar moreOpen={drawerOpen} onMore={() => setDrawerOpen(true)} />}
    </div>
  );
}
