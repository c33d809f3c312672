import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CalendarDays, ChevronLeft, ChevronRight, Download, Link2 } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { entryKindLabels } from '../../../shared/calendar';
import type { PublicCalendar, PublicCalendarItem } from '../../../shared/calendar.schemas';
import { todayIso } from '../../../shared/format';
import { api, toQuery } from '../../lib/api-client';
import { useSiteContent } from '../../domain/site-content-store';
import { applyBranding } from './branding';
import { SiteFooter } from './site-footer';
import { CONTENT_ID, SkipLink } from '../../components/skip-link';
import { SiteHeader } from './site-header';
import { shownSections } from '../../domain/site-sections';
import { keyRoots } from '../../lib/query-keys';

const FEED_PATH = '/calendario.ics';

const kindLabel = (tipo: PublicCalendarItem['tipo']) =>
  tipo === 'feriado_nacional'
    ? 'Feriado nacional'
    : tipo === 'ponto_facultativo'
      ? 'Ponto facultativo (sem aula)'
      : entryKindLabels[tipo];

const kindTone = (tipo: PublicCalendarItem['tipo']) =>
  tipo === 'feriado_nacional' || tipo === 'feriado_estadual' || tipo === 'feriado_municipal'
    ? 'bg-red-100 text-red-800'
    : tipo === 'ponto_facultativo' || tipo === 'recesso'
      ? 'bg-orange-100 text-orange-800'
      : tipo === 'sabado_letivo' || tipo === 'dia_letivo'
        ? 'bg-green-100 text-green-800'
        : 'bg-blue-100 text-blue-800';

const dayFormat = new Intl.DateTimeFormat('pt-BR', {
  weekday: 'short',
  day: '2-digit',
  month: '2-digit',
  timeZone: 'UTC',
});
const monthFormat = new Intl.DateTimeFormat('pt-BR', { month: 'long', timeZone: 'UTC' });
const at = (iso: string) => new Date(`${iso}T12:00:00Z`);

/** 'Seg., 06/04 a sex., 10/04': only the first letter is a capital (CSS capitalize made it 'A Sex.'). */
function when(item: PublicCalendarItem): string {
  const start = dayFormat.format(at(item.inicio));
  const text = item.fim === item.inicio ? start : `${start} a ${dayFormat.format(at(item.fim))}`;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The public page /calendario: the school's public entries and the national holidays of a year. */
export function PublicCalendarPage() {
  const content = useSiteContent();
  const settings = content.configuracoes;
  const shown = shownSections(content);
  const [params, setParams] = useSearchParams();
  const current = Number(todayIso().slice(0, 4));
  const asked = Number(params.get('ano'));
  const ano = Number.isInteger(asked) && asked >= current - 1 && asked <= current + 1 ? asked : current;
  const calendar = useQuery({
    queryKey: [...keyRoots.calendar, 'public', ano],
    queryFn: () =>
      api<PublicCalendar>(
        `/api/calendario/publico${toQuery({ de: `${String(ano)}-01-01`, ate: `${String(ano)}-12-31` })}`,
        {
          globalErrors: false,
        },
      ),
  });

  useEffect(() => {
    applyBranding(settings);
    document.title = `Calendário ${String(ano)} — ${settings.nome_escola}`;
  }, [settings, ano]);

  const months = new Map<string, PublicCalendarItem[]>();
  for (const item of calendar.data?.itens ?? []) {
    const key = item.inicio.slice(0, 7);
    months.set(key, [...(months.get(key) ?? []), item]);
  }
  const today = todayIso();
  // Landing on the page, it opens on the current month (issue 29): earlier months fold behind a
  // button. A year asked for (?ano=, the arrows) is shown whole.
  const [showPast, setShowPast] = useState(params.has('ano'));
  const thisMonth = today.slice(0, 7);
  const past = ano === current && !showPast ? [...months.keys()].filter((mes) => mes < thisMonth) : [];
  const shownMonths = [...months].filter(([mes]) => !past.includes(mes));
  const feed = typeof window === 'undefined' ? FEED_PATH : `webcal://${window.location.host}${FEED_PATH}`;

  return (
    <div className="site min-h-screen bg-white font-sans text-gray-900 dark:bg-gray-900 dark:text-gray-100">
      <SkipLink />
      <SiteHeader settings={settings} user={null} onLogout={() => undefined} shown={shown} />
      <main id={CONTENT_ID} tabIndex={-1} className="mx-auto max-w-3xl px-4 py-10 outline-none">
        <h1 className="flex items-center gap-3 text-3xl font-bold sm:text-4xl">
          <CalendarDays className="h-8 w-8 text-primary-strong" aria-hidden="true" />
          Calendário Acadêmico
        </h1>
        <p className="mt-2 text-lg text-gray-700 dark:text-gray-300">
          Feriados, recessos, reuniões e eventos de {calendar.data?.escola ?? settings.nome_escola}.
        </p>
        <section
          aria-labelledby="assinar"
          className="mt-6 rounded-xl border border-gray-200 bg-gray-50 p-4 dark:border-gray-700 dark:bg-gray-800"
        >
          <h2 id="assinar" className="font-semibold">
            Receba as datas no seu celular
          </h2>
          <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">
            Assine o calendário no Google Agenda, Outlook ou iPhone: as novas datas aparecem sozinhas.
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <a
              href={feed}
              className="inline-flex min-h-11 items-center gap-2 rounded-lg bg-primary-strong px-4 font-semibold text-white hover:brightness-110"
            >
              <Link2 className="h-4 w-4" aria-hidden="true" /> Assinar calendário
            </a>
            <a
              href={FEED_PATH}
              download
              className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-gray-300 bg-white px-4 font-medium text-gray-800 hover:bg-gray-100"
            >
              <Download className="h-4 w-4" aria-hidden="true" /> Baixar arquivo (.ics)
            </a>
          </div>
        </section>
        <nav aria-label="Ano" className="mt-8 flex items-center justify-between">
          <button
            type="button"
            disabled={ano <= current - 1}
            onClick={() => setParams({ ano: String(ano - 1) })}
            className="inline-flex min-h-11 items-center gap-1 rounded-lg px-3 font-medium text-primary-strong hover:bg-gray-100 disabled:invisible"
          >
            <ChevronLeft className="h-5 w-5" aria-hidden="true" /> {ano - 1}
          </button>
          <h2 className="text-2xl font-bold">{ano}</h2>
          <button
            type="button"
            disabled={ano >= current + 1}
            onClick={() => setParams({ ano: String(ano + 1) })}
            className="inline-flex min-h-11 items-center gap-1 rounded-lg px-3 font-medium text-primary-strong hover:bg-gray-100 disabled:invisible"
          >
            {ano + 1} <ChevronRight className="h-5 w-5" aria-hidden="true" />
          </button>
        </nav>
        {calendar.isPending ? (
          <p role="status" className="py-10 text-center text-gray-600">
            Carregando o calendário...
          </p>
        ) : calendar.isError ? (
          <p role="alert" className="py-10 text-center text-red-700">
            Não foi possível carregar o calendário. Tente novamente mais tarde.
          </p>
        ) : (
          <>
            {past.length > 0 && (
              <button
                type="button"
                onClick={() => setShowPast(true)}
                className="mt-6 inline-flex min-h-11 items-center rounded-lg border border-gray-300 px-4 font-medium text-gray-800 hover:bg-gray-100 dark:border-gray-700 dark:text-gray-100 dark:hover:bg-gray-800"
              >
                Mostrar os meses anteriores (
                {past.map((mes) => monthFormat.format(at(`${mes}-01`))).join(', ')})
              </button>
            )}
            {shownMonths.length === 0 && (
              <p className="py-10 text-center text-gray-600 dark:text-gray-300">
                Nenhuma data marcada de {monthFormat.format(at(`${thisMonth}-01`))} em diante.
              </p>
            )}
            {shownMonths.map(([mes, items]) => (
              <section key={mes} aria-labelledby={`mes-${mes}`} className="mt-6">
                <h3
                  id={`mes-${mes}`}
                  className="border-b border-gray-200 pb-1 text-lg font-semibold capitalize"
                >
                  {monthFormat.format(at(`${mes}-01`))}
                </h3>
                <ul className="divide-y divide-gray-100 dark:divide-gray-800">
                  {items.map((item) => (
                    <li key={item.id} className={`flex gap-4 py-3 ${item.fim < today ? 'opacity-60' : ''}`}>
                      <p className="w-28 shrink-0 text-sm font-medium text-gray-700 dark:text-gray-300">
                        {when(item)}
                      </p>
                      <div className="min-w-0">
                        <p className="font-semibold">{item.titulo}</p>
                        <span
                          className={`mt-1 inline-block rounded-full px-2 py-0.5 text-xs font-medium ${kindTone(item.tipo)}`}
                        >
                          {kindLabel(item.tipo)}
                        </span>
                        {item.descricao && (
                          <p className="mt-1 text-sm whitespace-pre-line text-gray-700 dark:text-gray-300">
                            {item.descricao}
                          </p>
                        )}
                      </div>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </>
        )}
      </main>
      <SiteFooter footer={content.footer} settings={settings} shown={shown} />
    </div>
  );
}
