/**
 * The calendar's part of the family's feed (issue 32 §1): what the school marked for families
 * (`publico`: the same entries the family's calendar and the public page show) and the national
 * holidays, from `today` to `until`. Internal entries (a staff meeting, a pupil's case) never reach it,
 * nor a conselho de classe even when marked public: it is the teachers' meeting, not the family's. The
 * entries are the school's, for every child: `aluno_id` null.
 */
import type { FeedItem } from '../../../shared/familia.schemas.js';
import { formatDate } from '../../../shared/format.js';
import { paths } from '../../../shared/routes.js';
import { schoolReadsOf, type FamilyFeedSource } from '../../lib/family-feed.js';
import { listPublicItems } from './calendar-entries.service.js';

export const calendarFeed: FamilyFeedSource = async (db, scope) => {
  if (scope.alunos.length === 0) return [];
  // The school's, the same for every family: cached at the school's version (lib/school-cache.ts).
  const items = await schoolReadsOf(scope).get(`calendar-public:${scope.today}:${scope.until}`, () =>
    listPublicItems(db, scope.today, scope.until),
  );
  return items
    .filter((item) => item.tipo !== 'conselho_classe')
    .map((item): FeedItem => {
      // An entry already under way is dated today, so the feed shows it as current, not as past news.
      const day = item.inicio < scope.today ? scope.today : item.inicio;
      const range =
        item.fim === item.inicio
          ? formatDate(item.inicio)
          : `${formatDate(item.inicio)} a ${formatDate(item.fim)}`;
      return {
        id: `evento:${item.id}`,
        tipo: 'evento',
        titulo: item.titulo,
        resumo: item.descricao ? `${range} · ${item.descricao}` : range,
        data: day,
        link: `${paths.calendar}?mes=${day.slice(0, 7)}`,
        aluno_id: null,
        pendente: false,
      };
    });
};
