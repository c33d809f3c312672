/**
 * A departure recorded by someone who may not cancel tuition (the secretaria): the months still open
 * and due after the exit day would keep being billed — their boletos at the bank, their NFS-e issued —
 * and count as inadimplência. Whoever holds the Financeiro is told, in the status change's transaction
 * (the bell, and e-mail as each one's preferences allow), with the student, the day, each open month
 * and a link to them; the notice names the months whose NFS-e is issued, which the Direção cancels.
 * Registered in index.ts through the students module's departure hook.
 */
import { and, asc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import { formatCentavosPlain, formatDate } from '../../../shared/format.js';
import {
  contarCobrancas,
  formatContagemCobrancas,
  tiposDeCobranca,
  type ContagemCobrancas,
} from '../../../shared/contagem-cobrancas.js';
import { referenciaCobranca } from '../../../shared/mensalidades.schemas.js';
import { paths } from '../../../shared/routes.js';
import type { DbOrTx } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { mensalidades } from '../../db/schema/finance.js';
import { withIssuedNote } from './mensalidades.saida.js';
import { students } from '../../db/schema/students.js';
import { fanOut } from '../notificacoes/index.js';
import { staffHolding } from '../perfis/index.js';
import type { Actor } from '../audit/index.js';
import type { DepartureHandler } from '../students/index.js';

const FINANCE = 'finance.manage';

async function holdsFinance(tx: DbOrTx, actor: Actor): Promise<boolean> {
  if (!actor.id) return false;
  const rows = await tx.execute(
    sql`select 1 from (${staffHolding(FINANCE)}) h where h.usuario_id = ${actor.id}::uuid`,
  );
  return rowsOf(rows).length > 0;
}

/** The months of one student still open (not cancelled, not fully paid) and due after `data`. */
async function openAfter(tx: DbOrTx, alunoId: string, data: string) {
  const rows = await tx
    .select({
      id: mensalidades.id,
      mes: mensalidades.mesReferencia,
      tipo: mensalidades.tipo,
      anuidadeAno: mensalidades.anuidadeAno,
      vencimento: mensalidades.dataVencimento,
      aberto: sql<number>`${mensalidades.valor} - ${mensalidades.principalPago}`.mapWith(Number),
      emConfirmacao: sql<boolean>`${mensalidades.confirmacaoDesde} is not null`,
    })
    .from(mensalidades)
    .where(
      and(
        eq(mensalidades.alunoId, alunoId),
        isNull(mensalidades.canceladaEm),
        gt(mensalidades.dataVencimento, data),
        lt(mensalidades.principalPago, mensalidades.valor),
      ),
    )
    .orderBy(asc(mensalidades.dataVencimento));
  if (rows.length === 0) return [];
  const withNote = await withIssuedNote(
    tx,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({ ...row, notaEmitida: withNote.has(row.id) }));
}

/** The departure hook: tells the Financeiro of the open months after a departure it did not handle. */
export const warnFinanceOfDeparture: DepartureHandler = async (ctx, tx, alunoIds, actor, departure) => {
  // A finance holder saw the months in the dialog and chose; a graduation's year end has no day.
  if (!departure || departure.cancelarMensalidades || (await holdsFinance(tx, actor))) return undefined;
  const named = await tx
    .select({ id: students.id, nome: students.nome })
    .from(students)
    .where(inArray(students.id, [...alunoIds]));
  // Counted by kind, so every text names a fee as the fee: '1 taxa de matrícula continua em aberto'.
  const avisadas: ContagemCobrancas = { mensalidades: 0, taxas_matricula: 0 };
  for (const student of named) {
    const open = await openAfter(tx, student.id, departure.data);
    if (open.length === 0) continue;
    const contagem = contarCobrancas(open);
    avisadas.mensalidades += contagem.mensalidades;
    avisadas.taxas_matricula += contagem.taxas_matricula;
    const tipos = tiposDeCobranca(contagem);
    const saida = formatDate(departure.data);
    const evento = departure.status === 'transferido' ? 'a transferência' : 'a saída';
    const meses = open
      .map(
        (row) =>
          `${referenciaCobranca({ tipo: row.tipo, mes_referencia: row.mes, anuidade_ano: row.anuidadeAno })} (${formatCentavosPlain(row.aberto)}, vence ${formatDate(row.vencimento)}${row.emConfirmacao ? '; comprovante aguardando confirmação' : ''}${row.notaEmitida ? '; NFS-e emitida' : ''})`,
      )
      .join('; ');
    const notas = open.filter((row) => row.notaEmitida).length;
    const texto =
      `${actor.nome ?? 'A secretaria'} registrou ${evento} de ${student.nome}, com saída em ${saida}. ` +
      `${formatContagemCobrancas(contagem)} ${open.length === 1 ? 'continua' : 'continuam'} em aberto com vencimento depois da saída: ${meses}. ` +
      'Cancele-as no Financeiro se não forem devidas (o boleto registrado sai na próxima remessa como baixa).' +
      (open.some((row) => row.emConfirmacao)
        ? ' Uma com comprovante aguardando confirmação só é cancelada depois de o comprovante ser confirmado ou recusado.'
        : '') +
      (notas > 0
        ? ` ${notas === 1 ? 'A NFS-e emitida precisa' : 'As NFS-e emitidas precisam'} ser cancelada${notas === 1 ? '' : 's'} pela Direção em Notas fiscais.`
        : '');
    const titulo = `Saída de ${student.nome}: ${tipos} em aberto`;
    // The student by id, not by name (two students may share one): the list shows the name as its filter.
    const link = `${paths.finance}?aba=mensalidades&aluno=${student.id}&mes=`;
    await fanOut(ctx, tx, {
      // One notice per person for the same departure and months: a departure saved twice (or undone and
      // recorded again with the same day) does not ring the bell again.
      recipients: sql`select f.usuario_id from (${staffHolding(FINANCE)}) f
        where not exists (select 1 from notificacoes n
          where n.usuario_id = f.usuario_id and n.tipo = 'mensalidade' and n.link = ${link} and n.texto = ${texto})`,
      tipo: 'mensalidade',
      titulo,
      texto,
      link,
      email: { assunto: titulo, texto },
      sms: `Saída de ${student.nome} em ${saida}: ${tipos} em aberto no Financeiro.`,
    });
  }
  const total = avisadas.mensalidades + avisadas.taxas_matricula;
  if (total === 0) return undefined;
  return {
    resumo: `O Financeiro foi avisado: ${formatContagemCobrancas(avisadas)} em aberto ${total === 1 ? 'vence' : 'vencem'} depois da saída.`,
  };
};
