import { and, desc, eq, gt, ne } from 'drizzle-orm';
import type { ActiveSession } from '../../../shared/settings.schemas.js';
import type { DbOrTx } from '../../db/client.js';
import { conflict, notFound } from '../../lib/errors.js';
import { recordAudit, type Actor } from '../audit/index.js';
import { sessions } from '../../db/schema/auth.js';
import { forgetCachedSessions } from './sessions.service.js';
import { matchUserAgent } from './user-agent.js';
import { users } from '../../db/schema/users.js';
import type { Db } from '../../db/client.js';

/** A short, human name for a User-Agent: browser and system, never the raw string. */
export function describeDevice(userAgent: string | null): string {
  if (!userAgent) return 'Desconhecido';
  const ua = userAgent;
  const browser =
    matchUserAgent(ua, [
      [/Edg\//, 'Edge'],
      [/OPR\//, 'Opera'],
      [/Firefox\//, 'Firefox'],
      [/Chrom(e|ium)\//, 'Chrome'],
      [/Safari\//, 'Safari'],
      [/curl|node|undici|lightmyrequest/i, 'Cliente HTTP'],
    ]) ?? 'Navegador';
  const system = matchUserAgent(ua, [
    [/Android/, 'Android'],
    [/iPhone|iPad|iOS/, 'iOS'],
    [/Windows/, 'Windows'],
    [/Mac OS X|Macintosh/, 'macOS'],
    [/Linux/, 'Linux'],
  ]);
  return system ? `${browser} em ${system}` : browser;
}

export async function listActiveSessions(db: DbOrTx, currentSessionId: string): Promise<ActiveSession[]> {
  const now = new Date();
  const rows = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(gt(sessions.idleExpiresAt, now), gt(sessions.absoluteExpiresAt, now)))
    .orderBy(desc(sessions.lastSeenAt))
    .limit(500);
  return rows.map(({ session, user }) => ({
    id: session.id,
    usuario: { id: user.id, nome: user.nome, email: user.email, nivel: user.nivel },
    iniciada_em: session.createdAt.toISOString(),
    ultimo_acesso: session.lastSeenAt.toISOString(),
    ip: session.ip,
    dispositivo: describeDevice(session.userAgent),
    lembrar: session.persistent,
    atual: session.id === currentSessionId,
  }));
}

export async function endSession(db: Db, id: string, currentSessionId: string, actor: Actor): Promise<void> {
  if (id === currentSessionId) throw conflict('Esta é a sua sessão atual. Use "Sair" para encerrá-la.');
  await db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(sessions)
      .where(eq(sessions.id, id))
      .returning({ id: sessions.id, userId: sessions.userId });
    if (!deleted) throw notFound('Sessão não encontrada ou já encerrada.');
    await recordAudit(tx, actor, {
      action: 'encerrar_sessao',
      entity: 'sessao',
      entityId: id,
      details: { usuario_id: deleted.userId },
    });
  });
  forgetCachedSessions(db, { sessionId: id });
}

export async function endOtherSessions(db: Db, currentSessionId: string, actor: Actor): Promise<number> {
  const result = await db.transaction(async (tx) => {
    const deleted = await tx
      .delete(sessions)
      .where(ne(sessions.id, currentSessionId))
      .returning({ id: sessions.id });
    await recordAudit(tx, actor, {
      action: 'encerrar_outras_sessoes',
      entity: 'sessao',
      details: { quantidade: deleted.length },
    });
    return deleted.length;
  });
  forgetCachedSessions(db, 'all');
  return result;
}
