import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { recordAudit, type Actor } from '../audit/index.js';
import { fanOut } from '../notificacoes/index.js';
import { staffHolding } from '../perfis/index.js';
import { users, type UserRow } from '../../db/schema/users.js';

export type AdminNoticeEvent =
  | 'administrador_criado'
  | 'conta_equipe_criada'
  | 'administrador_promovido'
  | 'email_de_administrador_alterado'
  | 'senha_redefinida_por_administrador';

/** What each event says, in the bell, the e-mail and the SMS of every other administrator of the users. */
function wordsOf(event: AdminNoticeEvent, by: string, target: Pick<UserRow, 'nome' | 'email'>) {
  const who = `${target.nome} (${target.email})`;
  switch (event) {
    case 'administrador_criado':
      return { titulo: 'Novo administrador', fato: `${by} criou uma conta de administrador para ${who}.` };
    case 'conta_equipe_criada':
      return { titulo: 'Nova conta da equipe', fato: `${by} criou uma conta da equipe para ${who}.` };
    case 'administrador_promovido':
      return { titulo: 'Novo administrador', fato: `${by} deu acesso de administrador a ${who}.` };
    case 'email_de_administrador_alterado':
      return {
        titulo: 'E-mail de administrador alterado',
        fato: `${by} alterou o e-mail do administrador ${target.nome} para ${target.email}.`,
      };
    case 'senha_redefinida_por_administrador':
      return { titulo: 'Senha de usuário redefinida', fato: `${by} redefiniu a senha de ${who}.` };
  }
}

/**
 * The notice a new staff account is told by: one holding the power over accounts (`users.manage`) is a new
 * administrator; any other (Secretaria, Coordenação, Financeiro…) a staff account. Read after its profiles
 * are set.
 */
export async function creationEventOf(tx: DbOrTx, userId: string): Promise<AdminNoticeEvent> {
  const [admin] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), sql`${users.id} in (${staffHolding('users.manage')})`));
  return admin ? 'administrador_criado' : 'conta_equipe_criada';
}

/**
 * Tells the other administrators about a change that could hand someone an administrator's power
 * (docs/architecture.md, Segurança): a hijacked session minting an administrator must not go unseen.
 * In the caller's transaction: an audit entry (`aviso_administradores`, in Auditoria and on the
 * dashboard's recent activity) naming its recipients, and a security notice to each of them — the bell,
 * and the e-mail and SMS as the school's switches allow (a security notice ignores the person's own
 * preference, as the other security notices do).
 */
export async function noticeOtherAdmins(
  ctx: AppContext,
  tx: DbOrTx,
  actor: Actor,
  event: AdminNoticeEvent,
  target: Pick<UserRow, 'id' | 'nome' | 'email'>,
): Promise<void> {
  // Those who can act on it (Usuários, Auditoria): every staff account is of the 'administrador' kind,
  // and a secretary's bell is no place for "confira em Usuários", a screen she cannot open.
  const recipients = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        sql`${users.id} in (${staffHolding('users.manage')})`,
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
  if (recipients.length === 0) return;
  const { titulo, fato } = wordsOf(event, actor.nome ?? 'O sistema', target);
  const conselho = 'Se você não reconhece esta mudança, confira em Usuários e na Auditoria.';
  await fanOut(ctx, tx, {
    recipients: sql`select ${users.id} as usuario_id from ${users} where ${inArray(
      users.id,
      recipients.map((recipient) => recipient.id),
    )}`,
    tipo: 'seguranca',
    titulo,
    texto: `${fato} ${conselho}`,
    link: '/dashboard/auditoria',
    email: { assunto: titulo, texto: `${fato}\n${conselho}` },
    sms: `${titulo} no portal da escola: ${fato}`,
  });
}
