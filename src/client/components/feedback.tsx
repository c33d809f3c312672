import { Loader2, WifiOff, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useIsOnline } from '../lib/offline/online';

/**
 * Something on its way from the server. Offline, a query that has no copy on the device waits for the
 * connection (paused): a spinner turning forever read as a broken screen, so it says what it waits for.
 */
export function Spinner({ label = 'Carregando...' }: { label?: string }) {
  const online = useIsOnline();
  if (!online)
    return (
      <div
        role="status"
        className="flex items-center justify-center gap-2 px-4 py-10 text-center text-gray-700"
      >
        <WifiOff className="h-5 w-5 shrink-0 text-amber-700" aria-hidden="true" />
        <span>Sem conexão: esta parte aparece quando a internet voltar.</span>
      </div>
    );
  return (
    <div role="status" className="flex items-center justify-center gap-2 py-10 text-gray-600">
      <Loader2 className="h-6 w-6 animate-spin text-primary" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}

export function EmptyState({
  icon: Icon,
  title,
  hint,
  action,
}: {
  icon: LucideIcon;
  title: string;
  hint?: string;
  action?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center justify-center px-4 py-12 text-center">
      <Icon className="h-12 w-12 text-gray-300" aria-hidden="true" />
      <p className="mt-3 text-base font-medium text-gray-900">{title}</p>
      {hint && <p className="mt-1 text-sm text-gray-500">{hint}</p>}
      {action && <div className="mt-4">{action}</div>}
    </div>
  );
}

export function ErrorBanner({ children }: { children: ReactNode }) {
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
      {children}
    </div>
  );
}

const tones = {
  green: 'bg-green-100 text-green-800',
  red: 'bg-red-100 text-red-800',
  yellow: 'bg-yellow-100 text-yellow-800',
  blue: 'bg-blue-100 text-blue-800',
  purple: 'bg-purple-100 text-purple-800',
  gray: 'bg-gray-100 text-gray-700',
} as const;
export type BadgeTone = keyof typeof tones;

export function Badge({
  tone,
  children,
  wrap = false,
}: {
  tone: BadgeTone;
  children: ReactNode;
  /** Long text may break into lines (a narrow table column) instead of widening it. */
  wrap?: boolean;
}) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium ${wrap ? 'rounded-lg' : 'whitespace-nowrap'} ${tones[tone]}`}
    >
      {children}
    </span>
  );
}

export function StatCard({
  label,
  value,
  icon: Icon,
  tone = 'blue',
}: {
  label: string;
  value: ReactNode;
  icon: LucideIcon;
  tone?: BadgeTone;
}) {
  return (
    <div className="flex flex-col rounded-xl border border-gray-200 bg-white p-4 shadow-sm">
      <div className="flex items-start justify-between gap-2">
        <p className="min-w-0 text-sm text-gray-600">{label}</p>
        <span className={`-mt-1 shrink-0 rounded-lg p-2 ${tones[tone]}`}>
          <Icon className="h-5 w-5" aria-hidden="true" />
        </span>
      </div>
      {/* The value has the card's whole width: a word value ('Em andamento', 'Não iniciado') on a phone's
          half-width card wraps between its words, and only a word longer than the card breaks inside. At the
          card's foot, so a row of cards keeps its figures on one line when a label takes two. */}
      <p className="mt-auto pt-1 text-xl font-semibold text-gray-900 [overflow-wrap:break-word] sm:text-2xl">
        {value}
      </p>
    </div>
  );
}

export function PageHeader({
  title,
  subtitle,
  actions,
  subtitleOnPhone = true,
}: {
  title: string;
  subtitle?: string;
  actions?: ReactNode;
  /** false: a screen used standing up (the roll) drops its description on a phone for one more row of work. */
  subtitleOnPhone?: boolean;
}) {
  return (
    <div className="mb-4 flex flex-col gap-3 sm:mb-6 sm:flex-row sm:items-end sm:justify-between">
      <div>
        <h1 className="text-2xl font-bold text-gray-900">{title}</h1>
        {subtitle && (
          <p className={`mt-1 text-sm text-gray-600 ${subtitleOnPhone ? '' : 'hidden sm:block'}`}>
            {subtitle}
          </p>
        )}
      </div>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </div>
  );
}

/** The row of figures above a list (Total, Ativos, ...); '—' until the numbers arrive. */
export function StatGrid({
  stats,
  hidden = false,
}: {
  stats: { label: string; value: ReactNode; icon: LucideIcon; tone: BadgeTone }[];
  /** Kept in the page but not shown (a guardian sees no school-wide figures). */
  hidden?: boolean;
}) {
  return (
    <div className={hidden ? 'hidden' : 'mb-6 grid grid-cols-2 gap-3 lg:grid-cols-4'}>
      {stats.map((stat) => (
        <StatCard
          key={stat.label}
          label={stat.label}
          value={stat.value ?? '—'}
          icon={stat.icon}
          tone={stat.tone}
        />
      ))}
    </div>
  );
}

/** A background task's bar (year closing, the census file): `valueText` is what a screen reader says. */
export function ProgressBar({
  label,
  percent,
  valueText,
}: {
  label: string;
  percent: number;
  valueText: string;
}) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={valueText}
      className="h-2.5 w-full overflow-hidden rounded-full bg-blue-100"
    >
      <div
        className="h-full rounded-full bg-primary transition-all"
        style={{ width: `${String(percent)}%` }}
      />
    </div>
  );
}
