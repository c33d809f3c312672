import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { auditOrigins } from '../../../shared/settings.schemas.js';

/** Append-only: no route updates or deletes a row (docs/architecture.md, Segurança). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: uuid('actor_id'),
    actorNome: text('actor_nome'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    ip: text('ip'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    /** 'local', or how a restore brought the entry in: never passed off as native history (ADR 0008). */
    origem: text('origem', { enum: auditOrigins }).notNull().default('local'),
  },
  (table) => [
    index('audit_log_at_idx').on(table.at),
    // By person and time: the trail's filters, and the caps that count one account's entries (ADR 0018).
    index('audit_log_actor_idx').on(table.actorId, table.at),
    index('audit_log_entity_idx').on(table.entity, table.entityId),
  ],
);
