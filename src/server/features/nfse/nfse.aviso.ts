/**
 * The family is told when a note is issued to them: the tomador (the guardian the NFS-e names) gets the
 * bell and, as the school's switches and their 'Preferências de notificação' for tuition allow, an e-mail
 * with the note's number, the month and the amount and a link to Financeiro, where the PDF is. The PDF
 * itself is never attached (it carries CPFs and the address): the portal, behind the login, serves it.
 */
import { eq, sql } from 'drizzle-orm';
import { formatCentavosPlain } from '../../../shared/format.js';
import { cobrancaNaFrase } from '../../../shared/mensalidades.schemas.js';
import { paths } from '../../../shared/routes.js';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { mensalidades } from '../../db/schema/finance.js';
import type { NfseRow } from '../../db/schema/fiscal.js';
import { guardians, students } from '../../db/schema/students.js';
import { fanOut } from '../notificacoes/index.js';

export const TITULO_NFSE_EMITIDA = 'Nota fiscal emitida';

/** In the note's issuing transaction: nothing when the tomador has no portal account. */
export async function avisarTomador(
  ctx: AppContext,
  tx: DbOrTx,
  nota: Pick<NfseRow, 'tomadorId' | 'alunoId' | 'mensalidadeId' | 'competencia' | 'valor'>,
  numero: string | null,
): Promise<void> {
  if (!nota.tomadorId) return;
  const [aluno] = await tx
    .select({ nome: students.nome })
    .from(students)
    .where(eq(students.id, nota.alunoId));
  const [cobranca] = await tx
    .select({ tipo: mensalidades.tipo, anuidade_ano: mensalidades.anuidadeAno })
    .from(mensalidades)
    .where(eq(mensalidades.id, nota.mensalidadeId));
  const referente = cobrancaNaFrase({
    tipo: cobranca?.tipo ?? 'mensalidade',
    anuidade_ano: cobranca?.anuidade_ano ?? null,
    mes_referencia: nota.competencia,
  });
  const texto =
    `A escola emitiu a nota fiscal de serviço (NFS-e)${numero ? ` nº ${numero}` : ''} da ${referente}` +
    `${aluno ? ` de ${aluno.nome}` : ''}, no valor de ${formatCentavosPlain(nota.valor)}. ` +
    'O PDF da nota está no portal, em Financeiro.';
  await fanOut(ctx, tx, {
    recipients: sql`select g.usuario_id from ${guardians} g
      where g.id = ${nota.tomadorId} and g.usuario_id is not null`,
    tipo: 'mensalidade',
    titulo: TITULO_NFSE_EMITIDA,
    texto,
    link: paths.finance,
    email: { assunto: `${TITULO_NFSE_EMITIDA}${numero ? ` — nº ${numero}` : ''}`, texto },
    sms: TITULO_NFSE_EMITIDA,
  });
}
