/**
 * Every module that has something for the family's feed, asked in turn by `getFamilyFeed` (issue 32 §1).
 * A source lives in its own module and is exported from that module's index.ts; adding one is one line
 * here (docs/familia.md).
 */
import type { FamilyFeedSource } from '../../lib/family-feed.js';
import { agendaFeed } from '../agenda/index.js';
import { attendanceFeed, homeworkFeed } from '../attendance/index.js';
import { calendarFeed } from '../calendar/index.js';
import { comunicadosFeed } from '../comunicados/index.js';
import { documentsFeed } from '../documents/index.js';
import { financeFeed } from '../finance/index.js';
import { gradesFeed } from '../grades/index.js';
import { mensagensFeed } from '../mensagens/index.js';
import { pareceresFeed } from '../pareceres/index.js';
import { consentFeed } from '../privacy/index.js';

export const FAMILY_FEED_SOURCES: readonly FamilyFeedSource[] = [
  comunicadosFeed,
  documentsFeed,
  consentFeed,
  gradesFeed,
  pareceresFeed,
  calendarFeed,
  attendanceFeed,
  homeworkFeed,
  agendaFeed,
  financeFeed,
  mensagensFeed,
];
