/** One item of the family's feed: an icon per kind, the title, one line, when, and for which child. */
import {
  Baby,
  CalendarDays,
  CalendarX,
  ChevronRight,
  FileCheck,
  FileText,
  GraduationCap,
  Megaphone,
  MessageCircle,
  NotebookPen,
  NotebookText,
  ShieldCheck,
  Wallet,
  type LucideIcon,
} from 'lucide-react';
import { Link } from 'react-router';
import { DAY_MS } from '../../../shared/calendar';
import type { FeedItem, FeedItemTipo } from '../../../shared/familia.schemas';
import { formatDate, todayIso } from '../../../shared/format';

const icons: Record<FeedItemTipo, LucideIcon> = {
  comunicado: Megaphone,
  mensalidade: Wallet,
  documento: FileText,
  consentimento: ShieldCheck,
  mensagem: MessageCircle,
  nota: GraduationCap,
  parecer: NotebookPen,
  falta: CalendarX,
  justificativa: FileCheck,
  evento: CalendarDays,
  agenda: Baby,
  tarefa: NotebookText,
};

/** What a pending item asks of the family, said on it. */
const actions: Partial<Record<FeedItemTipo, string>> = {
  comunicado: 'Dar ciente',
  mensalidade: 'Pagar',
  consentimento: 'Responder',
  mensagem: 'Responder',
  falta: 'Justificar',
  documento: 'Baixar',
};

const relative = new Intl.RelativeTimeFormat('pt-BR', { numeric: 'auto' });

/**
 * When an item is, said as a person would: 'há 2 horas', 'ontem', 'amanhã', 'em 3 dias', and the date
 * itself beyond a week (ahead: beyond `aheadDays`). Days are the school's (America/Sao_Paulo).
 */
export function relativeDate(value: string, now: Date = new Date(), aheadDays = 7): string {
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const day = dateOnly ? value : todayIso(new Date(value));
  const days = Math.round((Date.parse(day) - Date.parse(todayIso(now))) / DAY_MS);
  if (days === 0 && !dateOnly) {
    const minutes = Math.round((Date.parse(value) - now.getTime()) / 60000);
    if (Math.abs(minutes) < 1) return 'agora';
    if (Math.abs(minutes) < 60) return relative.format(minutes, 'minute');
    return relative.format(Math.round(minutes / 60), 'hour');
  }
  if (days < 0 ? -days < 7 : days < aheadDays) return relative.format(days, 'day');
  return formatDate(value);
}

/** An event's summary already reads its date: its line says how far ahead it is, for two months. */
const EVENT_AHEAD_DAYS = 61;

export function FeedItemRow({ item, childName }: { item: FeedItem; childName: string | null }) {
  const Icon = icons[item.tipo];
  const action = item.pendente ? actions[item.tipo] : undefined;
  return (
    <li>
      <Link
        to={item.link}
        className="flex items-start gap-3 rounded-xl border border-gray-200 bg-white p-3 hover:border-primary focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
      >
        <span
          className={`mt-0.5 flex h-9 w-9 shrink-0 items-center justify-center rounded-full ${
            item.pendente ? 'bg-amber-100 text-amber-800' : 'bg-primary/10 text-primary-strong'
          }`}
          aria-hidden="true"
        >
          <Icon className="h-5 w-5" />
        </span>
        <span className="min-w-0 flex-1">
          <span className="block font-medium text-gray-900">{item.titulo}</span>
          {item.resumo && (
            <span className="mt-0.5 line-clamp-2 block text-sm text-gray-600">{item.resumo}</span>
          )}
          <span className="mt-1 flex flex-wrap items-center gap-x-2 text-xs text-gray-600">
            <time dateTime={item.data}>
              {relativeDate(item.data, undefined, item.tipo === 'evento' ? EVENT_AHEAD_DAYS : 7)}
            </time>
            {childName && <span>· {childName}</span>}
            {action && (
              <span className="rounded-full bg-amber-100 px-2 py-0.5 font-medium text-amber-900">
                {action}
              </span>
            )}
          </span>
        </span>
        <ChevronRight className="mt-2 h-4 w-4 shrink-0 text-gray-400" aria-hidden="true" />
      </Link>
    </li>
  );
}
