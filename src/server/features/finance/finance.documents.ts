import {
  formaPagamentoLabels,
  descricaoCobranca,
  type Mensalidade,
  type Pagamento,
  type PixCode,
} from '../../../shared/mensalidades.schemas.js';
import { formatCentavosPlain, formatDate, formatDateTime } from '../../../shared/format.js';
import { valorPorExtenso } from '../../../shared/extenso.js';
import type { DbOrTx } from '../../db/client.js';
import { clock } from '../../lib/clock.js';
import { conflict } from '../../lib/errors.js';
import type { FinanceScope } from './finance.scope.js';
import { staticTxidOf } from './static-pix.js';
import { getMensalidade } from './mensalidades.service.js';
import { loadSettings } from './finance-settings.service.js';
import { buildDynamicPixCode, buildPixCode } from './pix.js';
import { activeChargeOf, pixAutomaticoKey, staticCodeReachesSchool } from './pix-cobranca.js';
import { renderPdf } from '../../lib/pdf.js';
import { fileNameSlug } from '../../lib/download.js';
import { formatCnpj } from '../../../shared/settings.schemas.js';
import { getSchoolIdentity } from '../settings/index.js';
import { payersOf } from '../students/index.js';

type SchoolIdentity = Awaited<ReturnType<typeof getSchoolIdentity>>;

/**
 * The school as a finance document names it: its name, and under it the CNPJ and the address (what a
 * receipt or a declaration for the Receita needs to say who received the money).
 */
export function drawSchoolHeading(doc: PDFKit.PDFDocument, school: SchoolIdentity, size: number) {
  doc.fontSize(size).font('Helvetica-Bold').text(school.nome, { align: 'center' });
  doc.fontSize(9).font('Helvetica').fillColor('#555555');
  const identity = [school.cnpj ? `CNPJ ${formatCnpj(school.cnpj)}` : null, school.endereco]
    .filter(Boolean)
    .join(' · ');
  if (identity) doc.text(identity, { align: 'center' });
  doc.fillColor('#000000');
}

/**
 * The name and city (BR Code fields 59 and 60) of the fixed code. A key Pix automático is registered
 * with needs neither typed: the Financeiro's settings let the school leave them blank then, and the code
 * carries the school's name and the same city placeholder the dynamic code does (the payer's bank shows
 * the key holder's name from the DICT). A key of the school's own, with Pix automático off, carries what
 * the school typed: missing, staff are told which field to fill, the family to ask the secretaria.
 */
async function payeeOfStaticCode(
  db: DbOrTx,
  settings: Awaited<ReturnType<typeof loadSettings>>,
  keyOfPixAutomatico: boolean,
  scope: FinanceScope,
): Promise<{ beneficiario: string; cidade: string }> {
  if (keyOfPixAutomatico)
    return {
      beneficiario: settings.pixBeneficiario || (await getSchoolIdentity(db)).nome,
      cidade: settings.pixCidade ?? '',
    };
  const missing = [
    settings.pixBeneficiario ? null : 'Beneficiário',
    settings.pixCidade ? null : 'Cidade',
  ].filter((name) => name !== null);
  if (missing.length === 0) return { beneficiario: settings.pixBeneficiario!, cidade: settings.pixCidade! };
  if (scope.kind === 'responsavel')
    throw conflict('O Pix da escola ainda não está completo. Procure a secretaria.');
  throw conflict(
    `Para gerar o código Pix, preencha ${missing.join(' e ')} em Financeiro → Configurar → Pix da escola.`,
  );
}

/**
 * PIX copy-and-paste code and QR (data URL) for what is open today on a tuition — the one place that
 * decides between the dynamic code of its active charge (Pix automático, ADR 0041: the bank reads the
 * amount of the day from the PSP) and the static code with today's amount (the school's key), so the
 * family's screen and the reminders get the same.
 */
export async function buildMensalidadePix(
  db: DbOrTx,
  id: string,
  scope: FinanceScope,
  today: string,
): Promise<PixCode> {
  const mensalidade = await getMensalidade(db, id, scope, today);
  if (mensalidade.status === 'pago') throw conflict('Esta mensalidade já está paga.');
  if (mensalidade.status === 'cancelado') throw conflict('Esta mensalidade foi cancelada.');
  const settings = await loadSettings(db);
  const charge = await activeChargeOf(db, id, today);
  let code: { copia_e_cola: string; txid: string; dinamico: boolean; confirmacao_automatica: boolean };
  if (charge) {
    code = {
      copia_e_cola: buildDynamicPixCode({
        location: charge.location,
        beneficiario: settings.pixBeneficiario ?? '',
        cidade: settings.pixCidade ?? '',
      }),
      txid: charge.txid,
      dinamico: true,
      confirmacao_automatica: true,
    };
  } else {
    // A school on the bank's Pix may leave the fixed key blank (the settings say Pix automático has
    // its own): a tuition the bank holds no active charge for (not reached yet, refused, past the days
    // the bank accepts it) is paid to that key, where it also confirms itself.
    const chave = settings.pixChave || (await pixAutomaticoKey(db));
    if (!chave) throw conflict('A escola ainda não configurou a chave Pix. Procure a secretaria.');
    const reachesSchool = await staticCodeReachesSchool(db, chave);
    const { beneficiario, cidade } = await payeeOfStaticCode(db, settings, reachesSchool, scope);
    const txid = staticTxidOf(id, mensalidade.mes_referencia);
    code = {
      copia_e_cola: buildPixCode({ chave, beneficiario, cidade, valor: mensalidade.valor_atualizado, txid }),
      txid,
      dinamico: false,
      confirmacao_automatica: reachesSchool,
    };
  }
  const { default: QRCode } = await import('qrcode');
  const qrcode = await QRCode.toDataURL(code.copia_e_cola, {
    errorCorrectionLevel: 'M',
    margin: 1,
    width: 280,
  });
  return { ...code, qrcode, valor: mensalidade.valor_atualizado };
}

/**
 * The receipt of a tuition's payments (PDF): the school with its CNPJ and address, the student and the
 * responsável financeiro (by name: the CPF stays in the declaração for the Imposto de Renda, which only the
 * payer downloads), and each payment. The payer is each payment's payer of record (ADR 0112), today's
 * principal for a payment without one; payments by two guardians name each on its line.
 */
export async function buildRecibo(
  db: DbOrTx,
  id: string,
  scope: FinanceScope,
  today: string,
): Promise<{ body: Buffer; fileName: string }> {
  const mensalidade = await getMensalidade(db, id, scope, today);
  if (mensalidade.pagamentos.length === 0)
    throw conflict('Ainda não há pagamento registrado nesta mensalidade.');
  const [school, payers] = await Promise.all([getSchoolIdentity(db), payersOf(db, [mensalidade.aluno_id])]);
  const principal = payers.get(mensalidade.aluno_id)?.nome ?? null;
  const payerOf = (item: Pagamento) => item.pagador?.nome ?? principal;
  const names = new Set(mensalidade.pagamentos.map(payerOf));
  const payer = names.size === 1 ? [...names][0]! : null;
  const body = await renderPdf({ margin: 56, info: { Title: 'Recibo', Author: school.nome } }, (doc) =>
    drawRecibo(doc, mensalidade, school, payer, names.size > 1 ? payerOf : null),
  );
  const fileName = `recibo-${fileNameSlug(mensalidade.aluno_nome)}-${mensalidade.mes_referencia}.pdf`;
  return { body, fileName };
}

function drawRecibo(
  doc: PDFKit.PDFDocument,
  mensalidade: Mensalidade & { pagamentos: Pagamento[] },
  school: SchoolIdentity,
  payer: string | null,
  /** Each payment's payer, when they were not all the same guardian. */
  payerOfLine: ((item: Pagamento) => string | null) | null,
) {
  const total = mensalidade.pagamentos.reduce((sum, item) => sum + item.valor_pago, 0);
  drawSchoolHeading(doc, school, 18);
  doc.moveDown(0.6).fontSize(14).font('Helvetica-Bold').text('RECIBO DE PAGAMENTO', { align: 'center' });
  doc.moveDown(0.2).fontSize(9).font('Helvetica').fillColor('#555555');
  doc.text(`Nº ${mensalidade.id.slice(0, 8).toUpperCase()} · emitido em ${formatDateTime(clock.now())}`, {
    align: 'center',
  });
  doc.fillColor('#000000').moveDown(1.5).fontSize(11);
  doc.text(
    // The words beside the figure, as a Brazilian receipt writes it: they hold when a figure is altered.
    `Recebemos o valor de ${formatCentavosPlain(total)} (${valorPorExtenso(total)}) referente à ` +
      `${descricaoCobranca(mensalidade).toLocaleLowerCase('pt-BR')} de ${mensalidade.aluno_nome}` +
      `${mensalidade.turma_nome ? `, turma ${mensalidade.turma_nome}` : ''}.`,
    { align: 'justify' },
  );
  doc.moveDown();
  const line = (label: string, value: string) => {
    doc.font('Helvetica-Bold').text(`${label}: `, { continued: true }).font('Helvetica').text(value);
  };
  if (payer) line('Responsável financeiro', payer);
  line('Vencimento', formatDate(mensalidade.data_vencimento));
  // The full tuition, the discount (a bolsa) and what it came to: not the discounted value as the full one.
  line('Valor da mensalidade', formatCentavosPlain(mensalidade.valor_original));
  if (mensalidade.valor !== mensalidade.valor_original) {
    const motivo = mensalidade.motivo_desconto ? ` (${mensalidade.motivo_desconto})` : '';
    line('Desconto', `${formatCentavosPlain(mensalidade.valor_original - mensalidade.valor)}${motivo}`);
    line('Valor com desconto', formatCentavosPlain(mensalidade.valor));
  }
  line(
    'Situação',
    mensalidade.status === 'pago'
      ? 'Quitada'
      : `Em aberto: ${formatCentavosPlain(mensalidade.valor - mensalidade.principal_pago)} do principal`,
  );
  doc.moveDown().font('Helvetica-Bold').text('Pagamentos');
  doc.font('Helvetica').fontSize(10);
  for (const item of mensalidade.pagamentos) {
    const paidBy = payerOfLine?.(item);
    doc.text(
      `${formatDate(item.data_pagamento)} · ${formaPagamentoLabels[item.forma]} · principal ${formatCentavosPlain(item.principal)}` +
        (item.desconto
          ? ` − desconto de pontualidade ${formatCentavosPlain(item.desconto)}`
          : ` + multa ${formatCentavosPlain(item.multa)} + juros ${formatCentavosPlain(item.juros)}`) +
        ` = ${formatCentavosPlain(item.valor_pago)}` +
        (paidBy ? ` · pago por ${paidBy}` : ''),
    );
  }
  doc.moveDown(3).fontSize(10).text('_______________________________________', { align: 'center' });
  doc.text(school.nome, { align: 'center' });
  doc.moveDown(2).fontSize(8).fillColor('#555555');
  doc.text(
    'Multa de até 2% (CDC, art. 52, § 1º) e juros de mora por dia de atraso. Débitos não impedem o acesso a notas, boletins e documentos (Lei 9.870/1999, art. 6º).',
    { align: 'center' },
  );
}
