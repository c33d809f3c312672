import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, uuidPrimaryKey } from './columns.js';
import { users } from './users.js';

/**
 * Web Push (issue 35 §4, ADR 0054): one row per device that turned on 'Notificações neste aparelho'. The
 * endpoint is the push service's address for that browser (unique: registering it again — a shared
 * phone, another person signed in — moves it to the new person); `p256dh` and `auth` are the browser's
 * keys that the payload is encrypted to (RFC 8291). Removed when the person turns it off, when the push
 * service answers 404/410 (the browser dropped it) and with the person's account.
 */
export const pushAssinaturas = pgTable(
  'push_assinaturas',
  {
    id: uuidPrimaryKey(),
    usuarioId: uuid('usuario_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** A short label from the User-Agent ('Android · Chrome'), so a person can tell devices apart. */
    aparelho: text('aparelho'),
    ultimoEnvioEm: timestamp('ultimo_envio_em', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('push_assinaturas_usuario_idx').on(table.usuarioId)],
);
export type PushAssinaturaRow = typeof pushAssinaturas.$inferSelect;
