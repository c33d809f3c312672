import { and, eq, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { recordAudit, type Actor } from '../audit/audit.service.js';
import { users, type UserRow } from './users.table.js';

export type AdminNoticeEvent =
  | 'administrador_criado'
  | 'administrador_promovido'
  | 'email_de_administrador_alterado'
  | 'senha_redefinida_por_administrador';

/**
 * Tells the other administrators about a change that could hand someone an administrator's power
 * (docs/architecture.md, Segurança): a hijacked session minting an administrator must not go unseen.
 *
 * Today the notice is an audit entry (`aviso_administradores`, in Auditoria and on the dashboard's
 * recent activity) naming its recipients. NOTIFICATIONS HOOK: when the portal gets notifications
 * (the spec's Notificações), deliver one to each recipient from here, in the same transaction.
 */
export async function noticeOtherAdmins(
  tx: DbOrTx,
  actor: Actor,
  event: AdminNoticeEvent,
  target: Pick<UserRow, 'id' | 'nome' | 'email'>,
): Promise<void> {
  const recipients = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.nivel, 'administrador'),
        eq(users.status, 'ativo'),
        ne(users.id, target.id),
        ...(actor.id ? [ne(users.id, actor.id)] : []),
      ),
    );
  await recordAudit(tx, actor, {
    action: 'aviso_administradores',
    entity: 'usuario',
    entityId: target.id,
    details: {
      evento: event,
      alvo: { nome: target.nome, email: target.email },
      destinatarios: recipients.map((recipient) => recipient.id),
    },
  });
}
