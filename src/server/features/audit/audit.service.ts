import type { AuditAction, AuditEntity } from '../../../shared/audit-actions.js';
import type { DbOrTx } from '../../db/client.js';
import { auditLog } from '../../db/schema/audit.js';
import type { Actor } from '../../lib/http.js';

/** Who is acting, as the routes hand it to services (services never see the request). */
export type { Actor };

export const systemActor: Actor = { id: null, nome: 'Sistema', nivel: null, ip: null };

export interface AuditEvent {
  /** A code of the shared catalogue (src/shared/audit-actions.ts): a new one is described there first. */
  action: AuditAction;
  entity: AuditEntity;
  entityId?: string | null;
  details?: Record<string, unknown>;
}

/** Write inside the same transaction as the change it records, so neither exists without the other. */
export async function recordAudit(db: DbOrTx, actor: Actor, event: AuditEvent): Promise<void> {
  await db.insert(auditLog).values({
    actorId: actor.id,
    actorNome: actor.nome,
    action: event.action,
    entity: event.entity,
    entityId: event.entityId ?? null,
    ip: actor.ip,
    details: event.details ?? null,
  });
}
