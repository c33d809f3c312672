/* eslint-disable @typescript-eslint/no-unused-vars -- a seam declared before its part is built (issue 34) */
import type { AppContext } from '../../context.js';
import type { Actor } from '../../lib/http.js';

/**
 * Creates (or renews) a family's pré-matrícula link and e-mails it: a single-use expiring token of which
 * only the SHA-256 is stored (`pre_matriculas`); the family's stage becomes `pre_matricula`.
 * (pré-matrícula helper builds it.)
 */
export async function enviarConvite(
  ctx: AppContext,
  interessadoId: string,
  actor: Actor,
): Promise<{ url: string; expiraEm: string }> {
  throw new Error(`enviarConvite(${interessadoId}): a construir (issue 34)`);
}
