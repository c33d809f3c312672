/**
 * The boleto's PDF (issue 36 §1, ADR 0055): recibo do pagador above the cut line and the ficha de
 * compensação below it, in the FEBRABAN layout, with the barcode drawn as vector bars (ITF, 1:3). When
 * the mensalidade has a dynamic Pix charge the boleto is híbrido: the recibo carries its QR and the
 * 'Pix copia e cola'. One boleto is half an A4 page, so a class's boletos go two to a page.
 */
import { formatCentavosPlain, formatDate } from '../../../shared/format.js';
import { formatCnpj } from '../../../shared/settings.schemas.js';
import { formatCpf } from '../../../shared/validators.js';
import { renderPdf } from '../../lib/pdf.js';
import { itfBars } from './itf.js';

export interface BoletoPdfData {
  banco: { codigo: string; nome: string };
  linhaFormatada: string;
  codigoBarras: string;
  vencimento: string;
  valor: number;
  nossoNumero: string;
  carteira: string;
  agenciaCodigo: string;
  numeroDocumento: string;
  dataDocumento: string;
  dataProcessamento: string;
  beneficiario: { nome: string; cnpj: string | null; endereco: string | null };
  pagador: { nome: string; cpf: string; linhas: string[] };
  instrucoes: string[];
  referencia: string;
  pix: { copiaECola: string; qrPng: Buffer } | null;
}

/** The bank code's check digit as printed beside it (mod 11 over the three digits, weights 2..9). */
const DV_BANCO: Record<string, string> = { '001': '9', '756': '0', '341': '7' };

const MARGIN = 28;
const WIDTH = 595.28 - 2 * MARGIN;
const RIGHT_COL = 150;
/** Height of a row of fields. */
const ROW = 20;
/** Height of one boleto (recibo + ficha + barcode): two fit an A4 page. */
export const BOLETO_HEIGHT = 386;
const RECIBO_HEIGHT = 24 + 4 * ROW;
const CUT = RECIBO_HEIGHT + 18;
const FICHA_TOP = CUT + 6;

type Doc = PDFKit.PDFDocument;

/** A labelled box: the small label on top, the value below (FEBRABAN's fields). */
function field(
  doc: Doc,
  x: number,
  y: number,
  w: number,
  h: number,
  label: string,
  value: string,
  options: { align?: 'left' | 'right'; bold?: boolean; size?: number } = {},
): void {
  doc.lineWidth(0.5).rect(x, y, w, h).stroke();
  doc
    .font('Helvetica')
    .fontSize(5.5)
    .fillColor('#333333')
    .text(label, x + 2, y + 1.5, { width: w - 4, lineBreak: false });
  doc
    .font(options.bold ? 'Helvetica-Bold' : 'Helvetica')
    .fontSize(options.size ?? 8)
    .fillColor('#000000')
    .text(value, x + 2, y + h - (options.size ?? 8) - 2.5, {
      width: w - 4,
      align: options.align ?? 'left',
      lineBreak: false,
      ellipsis: true,
    });
}

function header(doc: Doc, data: BoletoPdfData, y: number, direita: string, direitaBold: boolean): void {
  const codigo = `${data.banco.codigo}-${DV_BANCO[data.banco.codigo] ?? '0'}`;
  doc
    .font('Helvetica-Bold')
    .fontSize(11)
    .fillColor('#000000')
    .text(data.banco.nome, MARGIN, y + 6, { width: 140, lineBreak: false });
  doc
    .lineWidth(1.2)
    .moveTo(MARGIN + 142, y + 2)
    .lineTo(MARGIN + 142, y + 20)
    .stroke();
  doc
    .font('Helvetica-Bold')
    .fontSize(13)
    .text(codigo, MARGIN + 146, y + 5, { width: 48, align: 'center', lineBreak: false });
  doc
    .moveTo(MARGIN + 196, y + 2)
    .lineTo(MARGIN + 196, y + 20)
    .stroke();
  doc
    .font(direitaBold ? 'Helvetica-Bold' : 'Helvetica')
    .fontSize(direitaBold ? 10.5 : 9)
    .text(direita, MARGIN + 200, y + 7, { width: WIDTH - 200, align: 'right', lineBreak: false });
  doc
    .lineWidth(1.2)
    .moveTo(MARGIN, y + 21)
    .lineTo(MARGIN + WIDTH, y + 21)
    .stroke();
}

function beneficiarioText(data: BoletoPdfData): string {
  return data.beneficiario.cnpj
    ? `${data.beneficiario.nome} — CNPJ ${formatCnpj(data.beneficiario.cnpj)}`
    : data.beneficiario.nome;
}

function drawRecibo(doc: Doc, data: BoletoPdfData, top: number): void {
  header(doc, data, top, 'Recibo do Pagador', false);
  const y = top + 24;
  const left = WIDTH - RIGHT_COL;
  const pixWidth = data.pix ? 92 : 0;
  const w = left - pixWidth;
  field(doc, MARGIN, y, w, ROW, 'Beneficiário', beneficiarioText(data));
  field(doc, MARGIN + left, y, RIGHT_COL, ROW, 'Vencimento', formatDate(data.vencimento), {
    align: 'right',
    bold: true,
  });
  field(doc, MARGIN, y + ROW, w, ROW, 'Pagador', `${data.pagador.nome} — CPF ${formatCpf(data.pagador.cpf)}`);
  field(doc, MARGIN + left, y + ROW, RIGHT_COL, ROW, 'Agência / Código do Beneficiário', data.agenciaCodigo, {
    align: 'right',
  });
  field(doc, MARGIN, y + 2 * ROW, w, ROW, 'Referente a', data.referencia);
  field(doc, MARGIN + left, y + 2 * ROW, RIGHT_COL, ROW, 'Nosso Número', data.nossoNumero, {
    align: 'right',
  });
  field(doc, MARGIN, y + 3 * ROW, w, ROW, 'Linha digitável', data.linhaFormatada, { size: 7.5 });
  field(
    doc,
    MARGIN + left,
    y + 3 * ROW,
    RIGHT_COL,
    ROW,
    '(=) Valor do Documento',
    formatCentavosPlain(data.valor),
    {
      align: 'right',
      bold: true,
    },
  );
  if (data.pix) {
    const x = MARGIN + w;
    doc
      .lineWidth(0.5)
      .rect(x, y, pixWidth, 4 * ROW)
      .stroke();
    doc.image(data.pix.qrPng, x + 14, y + 2, { width: 64, height: 64 });
    doc
      .font('Helvetica-Bold')
      .fontSize(6.5)
      .text('Pague com Pix', x, y + 68, { width: pixWidth, align: 'center' });
    doc
      .font('Helvetica')
      .fontSize(5)
      .text(`Pix copia e cola: ${data.pix.copiaECola}`, MARGIN, y + 4 * ROW + 2, {
        width: WIDTH - RIGHT_COL,
        lineBreak: true,
        height: 14,
      });
  }
  doc
    .font('Helvetica')
    .fontSize(6)
    .text('Autenticação mecânica', MARGIN + left, y + 4 * ROW + 2, { width: RIGHT_COL, align: 'right' });
}

function drawCutLine(doc: Doc, y: number): void {
  doc
    .save()
    .lineWidth(0.6)
    .dash(3, { space: 3 })
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + WIDTH, y)
    .stroke()
    .undash()
    .restore();
  doc
    .font('Helvetica')
    .fontSize(5.5)
    .text('Corte na linha pontilhada', MARGIN, y + 1.5, { width: WIDTH, align: 'right' });
}

function drawFicha(doc: Doc, data: BoletoPdfData, top: number): void {
  header(doc, data, top, data.linhaFormatada, true);
  const left = WIDTH - RIGHT_COL;
  const xr = MARGIN + left;
  let y = top + 24;
  field(
    doc,
    MARGIN,
    y,
    left,
    ROW,
    'Local de Pagamento',
    `Pagável em qualquer banco até o vencimento. Após o vencimento, somente no ${data.banco.nome}.`,
    { size: 7 },
  );
  field(doc, xr, y, RIGHT_COL, ROW, 'Vencimento', formatDate(data.vencimento), {
    align: 'right',
    bold: true,
  });
  y += ROW;
  field(doc, MARGIN, y, left, ROW, 'Beneficiário', beneficiarioText(data));
  field(doc, xr, y, RIGHT_COL, ROW, 'Agência / Código do Beneficiário', data.agenciaCodigo, {
    align: 'right',
  });
  y += ROW;
  const c = left / 6;
  field(doc, MARGIN, y, c * 1.2, ROW, 'Data do Documento', formatDate(data.dataDocumento));
  field(doc, MARGIN + c * 1.2, y, c * 1.4, ROW, 'Nº do Documento', data.numeroDocumento);
  field(doc, MARGIN + c * 2.6, y, c * 0.9, ROW, 'Espécie Doc.', 'ME');
  field(doc, MARGIN + c * 3.5, y, c * 0.8, ROW, 'Aceite', 'N');
  field(doc, MARGIN + c * 4.3, y, c * 1.7, ROW, 'Data do Processamento', formatDate(data.dataProcessamento));
  field(doc, xr, y, RIGHT_COL, ROW, 'Nosso Número', data.nossoNumero, { align: 'right' });
  y += ROW;
  field(doc, MARGIN, y, c * 1.2, ROW, 'Uso do Banco', '');
  field(doc, MARGIN + c * 1.2, y, c * 1.4, ROW, 'Carteira', data.carteira);
  field(doc, MARGIN + c * 2.6, y, c * 0.9, ROW, 'Espécie', 'R$');
  field(doc, MARGIN + c * 3.5, y, c * 0.8, ROW, 'Quantidade', '');
  field(doc, MARGIN + c * 4.3, y, c * 1.7, ROW, 'Valor', '');
  field(doc, xr, y, RIGHT_COL, ROW, '(=) Valor do Documento', formatCentavosPlain(data.valor), {
    align: 'right',
    bold: true,
  });
  y += ROW;
  const instrucoesHeight = 5 * 15;
  doc.lineWidth(0.5).rect(MARGIN, y, left, instrucoesHeight).stroke();
  doc
    .font('Helvetica')
    .fontSize(5.5)
    .fillColor('#333333')
    .text('Instruções (texto de responsabilidade do beneficiário)', MARGIN + 2, y + 1.5);
  doc
    .fillColor('#000000')
    .fontSize(7.5)
    .text(data.instrucoes.join('\n'), MARGIN + 3, y + 9, { width: left - 6, height: instrucoesHeight - 10 });
  const direita = [
    '(-) Desconto / Abatimento',
    '(-) Outras Deduções',
    '(+) Mora / Multa',
    '(+) Outros Acréscimos',
    '(=) Valor Cobrado',
  ];
  direita.forEach((label, i) => field(doc, xr, y + i * 15, RIGHT_COL, 15, label, '', { size: 7 }));
  y += instrucoesHeight;
  doc.lineWidth(0.5).rect(MARGIN, y, WIDTH, 38).stroke();
  doc
    .font('Helvetica')
    .fontSize(5.5)
    .fillColor('#333333')
    .text('Pagador', MARGIN + 2, y + 1.5);
  doc
    .fillColor('#000000')
    .fontSize(7.5)
    .text(
      [`${data.pagador.nome} — CPF ${formatCpf(data.pagador.cpf)}`, ...data.pagador.linhas].join('\n'),
      MARGIN + 3,
      y + 8,
      { width: WIDTH - 6, height: 30 },
    );
  y += 38;
  doc
    .font('Helvetica')
    .fontSize(6)
    .text('Autenticação mecânica — Ficha de Compensação', MARGIN + left - 40, y + 2, {
      width: RIGHT_COL + 40,
      align: 'right',
    });
  drawBarcode(doc, data.codigoBarras, MARGIN, y + 4);
}

/** Narrow bar in points: 0.72 pt ≈ 0.254 mm, within FEBRABAN's minimum; the symbol is ≈ 103 mm wide. */
const NARROW = 0.72;
const BAR_HEIGHT = 37;

export function drawBarcode(doc: Doc, digits: string, x: number, y: number): void {
  const { bars } = itfBars(digits, NARROW);
  doc.save().fillColor('#000000');
  for (const bar of bars) doc.rect(x + bar.x, y, bar.width, BAR_HEIGHT).fill();
  doc.restore();
}

export function drawBoleto(doc: Doc, data: BoletoPdfData, top: number): void {
  drawRecibo(doc, data, top);
  drawCutLine(doc, top + CUT);
  drawFicha(doc, data, top + FICHA_TOP);
}

/** One file: the boletos two to an A4 page. */
export async function renderBoletosPdf(boletos: BoletoPdfData[], title: string): Promise<Buffer> {
  return renderPdf({ margin: MARGIN, info: { Title: title } }, (doc) => {
    boletos.forEach((data, index) => {
      if (index > 0 && index % 2 === 0) doc.addPage();
      const top = index % 2 === 0 ? MARGIN : MARGIN + BOLETO_HEIGHT + 12;
      if (index % 2 === 1) drawCutLine(doc, top - 8);
      drawBoleto(doc, data, top);
    });
  });
}
