import { z } from 'zod';
import { uuidParam } from './validators.js';

/**
 * The family's home (issue 32 §1): one feed per family, per child or 'Todos', of what needs doing first
 * (`pendente`) and then what happened. Each module that has something for a family contributes items
 * through a `FamilyFeedSource` (src/server/lib/family-feed.ts); the familia module merges, orders and
 * pages them.
 */
export const feedItemTipos = [
  'comunicado',
  'mensalidade',
  'documento',
  'consentimento',
  'mensagem',
  'nota',
  'parecer',
  'falta',
  'justificativa',
  'evento',
  'agenda',
  'tarefa',
] as const;
export type FeedItemTipo = (typeof feedItemTipos)[number];

export const feedItemSchema = z.object({
  /** Stable per item (e.g. 'comunicado:<id>'), so a page boundary never repeats or skips one. */
  id: z.string(),
  tipo: z.enum(feedItemTipos),
  titulo: z.string(),
  /** One line under the title (a notice's first words, a charge's value and due date…). */
  resumo: z.string().nullable(),
  /** ISO date-time (or date) the item is about: when it was sent, its due date, the day of the absence. */
  data: z.string(),
  /** The portal path that opens the item's screen. */
  link: z.string(),
  /** The child it concerns; null for what concerns the family as a whole (a consent text, a message). */
  aluno_id: z.string().nullable(),
  /** Something the family must do: acknowledge, pay, justify, answer. Pending items come first. */
  pendente: z.boolean(),
});
export type FeedItem = z.infer<typeof feedItemSchema>;

export const feedQuerySchema = z.object({
  aluno_id: uuidParam.optional(),
  cursor: z.string().trim().max(200).optional(),
});
export type FeedQuery = z.infer<typeof feedQuerySchema>;

export const feedSchema = z.object({
  itens: z.array(feedItemSchema),
  /** The cursor of the next page; null at the end. */
  proximo: z.string().nullable(),
});
export type Feed = z.infer<typeof feedSchema>;
