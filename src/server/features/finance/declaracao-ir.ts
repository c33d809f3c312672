import { folded } from '../../lib/text-search.js';
import { and, asc, eq, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { DeclaracaoIrAno } from '../../../shared/declaracao-ir.schemas.js';
import { declaracaoIrFileName } from '../../../shared/declaracao-ir.schemas.js';
import {
  cobrancaNaFrase,
  formaPagamentoLabels,
  type TipoCobranca,
} from '../../../shared/mensalidades.schemas.js';
import { formatCentavosPlain, formatDate, formatDateTime } from '../../../shared/format.js';
import { formatCpf } from '../../../shared/validators.js';
import { guardianOfAccount } from '../students/index.js';
import type { DbOrTx } from '../../db/client.js';
import { mensalidades, pagamentos } from '../../db/schema/finance.js';
import { studentGuardians, students } from '../../db/schema/students.js';
import { clock } from '../../lib/clock.js';
import { notFound } from '../../lib/errors.js';
import { renderPdf } from '../../lib/pdf.js';
import { getSchoolIdentity } from '../settings/index.js';
import { drawSchoolHeading } from './finance.documents.js';

/**
 * The declaração de pagamentos para o Imposto de Renda (docs/finance.md): what the school received in a
 * calendar year (the payment's date, not the month it pays) from this guardian — the payments whose payer
 * of record (ADR 0112: the responsável financeiro when each was recorded) is them, whether or not they are
 * the child's principal today. After a change of payer mid-year each guardian declares what they paid.
 * A payment with no payer of record (older data) counts for the child's principal today.
 */

const year = (ano: number) => sql`extract(year from ${pagamentos.dataPagamento})::int = ${ano}`;

async function payerOf(db: DbOrTx, userId: string) {
  const guardian = await guardianOfAccount(db, userId);
  if (!guardian) throw notFound('Cadastro de responsável não encontrado.');
  return guardian;
}

/** 'mensalidade de março de 2026' or 'taxa de matrícula 2027' (ADR 0094: one source of a charge's name). */
function referenciaDoPagamento(row: { mes: string; tipo: TipoCobranca; anuidadeAno: number | null }): string {
  return cobrancaNaFrase({ tipo: row.tipo, mes_referencia: row.mes, anuidade_ano: row.anuidadeAno });
}

function paymentsOf(db: DbOrTx, responsavelId: string) {
  return db
    .select({
      alunoId: students.id,
      alunoNome: students.nome,
      alunoCpf: students.cpf,
      mes: mensalidades.mesReferencia,
      tipo: mensalidades.tipo,
      anuidadeAno: mensalidades.anuidadeAno,
      data: pagamentos.dataPagamento,
      forma: pagamentos.forma,
      valor: pagamentos.valorPago,
    })
    .from(pagamentos)
    .innerJoin(mensalidades, eq(mensalidades.id, pagamentos.mensalidadeId))
    .innerJoin(students, eq(students.id, mensalidades.alunoId))
    .leftJoin(
      studentGuardians,
      and(
        eq(studentGuardians.alunoId, students.id),
        eq(studentGuardians.responsavelId, responsavelId),
        eq(studentGuardians.ehPrincipal, true),
      ),
    );
}

/** Paid by this guardian: their payer of record, or (none kept) they are the child's principal today. */
const paidBy = (responsavelId: string) =>
  or(
    eq(pagamentos.pagadorId, responsavelId),
    and(isNull(pagamentos.pagadorId), isNotNull(studentGuardians.responsavelId)),
  );

/**
 * GET /api/financeiro/declaracao-ir: the years with payments, newest first, each child's total. A family
 * has a dozen payments a year per child, so they are added up here from the same rows the PDF lists.
 */
export async function listDeclaracaoIrAnos(db: DbOrTx, userId: string): Promise<DeclaracaoIrAno[]> {
  const guardian = await payerOf(db, userId);
  const rows = await paymentsOf(db, guardian.id)
    .where(paidBy(guardian.id))
    .orderBy(asc(folded(students.nome)));
  const years = new Map<number, DeclaracaoIrAno>();
  for (const row of rows) {
    const ano = Number(row.data.slice(0, 4));
    const entry = years.get(ano) ?? { ano, total: 0, alunos: [] };
    entry.total += row.valor;
    const child = entry.alunos.find((item) => item.id === row.alunoId);
    if (child) child.total += row.valor;
    else entry.alunos.push({ id: row.alunoId, nome: row.alunoNome, total: row.valor });
    years.set(ano, entry);
  }
  return [...years.values()].sort((a, b) => b.ano - a.ano);
}

/** GET /api/financeiro/declaracao-ir.pdf?ano= — the declaration of one calendar year. */
export async function buildDeclaracaoIr(
  db: DbOrTx,
  userId: string,
  ano: number,
): Promise<{ body: Buffer; fileName: string }> {
  const guardian = await payerOf(db, userId);
  const rows = await paymentsOf(db, guardian.id)
    .where(and(paidBy(guardian.id), year(ano)))
    .orderBy(asc(folded(students.nome)), asc(pagamentos.dataPagamento), asc(mensalidades.mesReferencia));
  if (rows.length === 0)
    throw notFound(`Nenhum pagamento de mensalidade em ${String(ano)} em seu nome (responsável financeiro).`);
  const school = await getSchoolIdentity(db);
  const children = new Map<string, { nome: string; cpf: string | null; linhas: typeof rows }>();
  for (const row of rows) {
    const child = children.get(row.alunoId) ?? { nome: row.alunoNome, cpf: row.alunoCpf, linhas: [] };
    child.linhas.push(row);
    children.set(row.alunoId, child);
  }
  const total = rows.reduce((sum, row) => sum + row.valor, 0);
  const body = await renderPdf(
    { margin: 56, info: { Title: `Declaração para o Imposto de Renda ${String(ano)}`, Author: school.nome } },
    (doc) => {
      drawSchoolHeading(doc, school, 16);
      doc.moveDown(1.2).fontSize(13).font('Helvetica-Bold');
      doc.text(`DECLARAÇÃO DE PAGAMENTOS — IMPOSTO DE RENDA ${String(ano)}`, { align: 'center' });
      doc.moveDown(1).fontSize(11).font('Helvetica');
      doc.text(
        `Declaramos, para fins de comprovação junto à Receita Federal (despesas com instrução), que ` +
          `recebemos de ${guardian.nome}${guardian.cpf ? `, CPF ${formatCpf(guardian.cpf)}` : ''}, no ano de ` +
          `${String(ano)}, o total de ${formatCentavosPlain(total)} referente às mensalidades escolares abaixo.`,
        { align: 'justify' },
      );
      for (const child of children.values()) {
        const subtotal = child.linhas.reduce((sum, row) => sum + row.valor, 0);
        doc.moveDown(1).font('Helvetica-Bold').fontSize(11);
        doc.text(
          `${child.nome}${child.cpf ? ` · CPF ${formatCpf(child.cpf)}` : ''} — ${formatCentavosPlain(subtotal)}`,
        );
        doc.font('Helvetica').fontSize(10);
        for (const row of child.linhas)
          doc.text(
            `${formatDate(row.data)} · ${referenciaDoPagamento(row)} · ` +
              `${formaPagamentoLabels[row.forma]} · ${formatCentavosPlain(row.valor)}`,
          );
      }
      doc
        .moveDown(1.2)
        .font('Helvetica-Bold')
        .fontSize(11)
        .text(`Total pago em ${String(ano)}: ${formatCentavosPlain(total)}`);
      doc.moveDown(3).font('Helvetica').fontSize(10);
      doc.text('_______________________________________', { align: 'center' });
      doc.text(school.nome, { align: 'center' });
      doc.moveDown(2).fontSize(8).fillColor('#555555');
      doc.text(
        `Valores efetivamente pagos no ano, com multa e juros quando houve atraso. Emitida em ${formatDateTime(clock.now())}.`,
        { align: 'center' },
      );
    },
  );
  return { body, fileName: declaracaoIrFileName(ano) };
}
