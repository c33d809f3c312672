import { desc, eq, inArray } from 'drizzle-orm';
import type { AcceptPrivacyInput, PrivacyStatus } from '../../../shared/privacy.schemas.js';
import type { AppContext } from '../../context.js';
import { clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { lockLimit } from '../../lib/write-limits.js';
import { recordAudit, type Actor } from '../audit/index.js';
import { contentSections } from '../../db/schema/content.js';
import type { UserRow } from '../../db/schema/users.js';
import { privacyAcceptances } from '../../db/schema/privacy.js';

/** The privacy notice and terms as the content manager holds them now (versioned there). */
export async function currentLegalTexts(ctx: AppContext) {
  const state = await ctx.content.getState();
  return {
    privacidade: { versao: state.versions.privacidade, ...state.content.privacidade },
    termos: { versao: state.versions.termos, ...state.content.termos },
  };
}

/** When each text was last saved (the default text: never). */
export async function legalTextDates(
  ctx: AppContext,
): Promise<Record<'privacidade' | 'termos', Date | null>> {
  const rows = await ctx.db
    .select({ section: contentSections.section, updatedAt: contentSections.updatedAt })
    .from(contentSections)
    .where(inArray(contentSections.section, ['privacidade', 'termos']));
  const dateOf = (name: string) => rows.find((row) => row.section === name)?.updatedAt ?? null;
  return { privacidade: dateOf('privacidade'), termos: dateOf('termos') };
}

async function lastAcceptance(ctx: AppContext, userId: string) {
  const [row] = await ctx.db
    .select()
    .from(privacyAcceptances)
    .where(eq(privacyAcceptances.usuarioId, userId))
    .orderBy(desc(privacyAcceptances.aceitoEm), desc(privacyAcceptances.id))
    .limit(1);
  return row ?? null;
}

export async function getPrivacyStatus(
  ctx: AppContext,
  user: Pick<UserRow, 'id' | 'nivel'>,
): Promise<PrivacyStatus> {
  const texts = await currentLegalTexts(ctx);
  const last = await lastAcceptance(ctx, user.id);
  const upToDate =
    last !== null &&
    last.versaoPrivacidade === texts.privacidade.versao &&
    last.versaoTermos === texts.termos.versao;
  return {
    pendente: user.nivel === 'responsavel' && !upToDate,
    ...texts,
    ultimo_aceite: last && {
      versao_privacidade: last.versaoPrivacidade,
      versao_termos: last.versaoTermos,
      aceito_em: last.aceitoEm.toISOString(),
    },
  };
}

/** Records the acceptance of the versions the user read; a text changed since then must be read again. */
export async function acceptPrivacy(
  ctx: AppContext,
  user: Pick<UserRow, 'id' | 'nivel'>,
  input: AcceptPrivacyInput,
  actor: Actor,
): Promise<PrivacyStatus> {
  const texts = await currentLegalTexts(ctx);
  if (input.versao_privacidade !== texts.privacidade.versao || input.versao_termos !== texts.termos.versao)
    throw new AppError('CONFLICT', 'O texto mudou enquanto você lia. Leia a versão atual e aceite de novo.');
  await ctx.db.transaction(async (tx) => {
    // Accepting the versions already accepted records nothing new (ADR 0018): the history holds one row
    // per change of text, however often the button is pressed.
    await lockLimit(tx, 'aceite', user.id);
    const [last] = await tx
      .select({ privacidade: privacyAcceptances.versaoPrivacidade, termos: privacyAcceptances.versaoTermos })
      .from(privacyAcceptances)
      .where(eq(privacyAcceptances.usuarioId, user.id))
      .orderBy(desc(privacyAcceptances.aceitoEm), desc(privacyAcceptances.id))
      .limit(1);
    if (last?.privacidade === input.versao_privacidade && last.termos === input.versao_termos) return;
    await tx.insert(privacyAcceptances).values({
      usuarioId: user.id,
      versaoPrivacidade: input.versao_privacidade,
      versaoTermos: input.versao_termos,
      aceitoEm: clock.now(),
      ip: actor.ip,
    });
    await recordAudit(tx, actor, {
      action: 'aceitar_privacidade',
      entity: 'usuario',
      entityId: user.id,
      details: { versao_privacidade: input.versao_privacidade, versao_termos: input.versao_termos },
    });
  });
  return getPrivacyStatus(ctx, user);
}
