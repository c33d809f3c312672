/* eslint-disable @typescript-eslint/no-unused-vars -- a seam declared before its part is built (issue 34) */
import type { AppContext } from '../../context.js';
import type { Actor } from '../../lib/http.js';

/**
 * Freezes a family's contract (the template in force filled with the submitted pré-matrícula, rendered
 * as a PDF, its SHA-256 kept) and e-mails each signer a link `/assinar/{token}`; the family's stage
 * becomes `contrato_enviado`. (contratos helper builds it.)
 */
export async function enviarContrato(
  ctx: AppContext,
  interessadoId: string,
  actor: Actor,
): Promise<{ contratoId: string }> {
  throw new Error(`enviarContrato(${interessadoId}): a construir (issue 34)`);
}
