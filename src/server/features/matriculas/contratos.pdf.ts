import { parseRichText, type Inline } from '../../../shared/rich-text.js';
import { drawRule } from '../../lib/pdf-table.js';
import { drawOnEveryPage, renderPdf } from '../../lib/pdf.js';
import { drawLetterheadRule } from '../../lib/pdf-letterhead.js';
import { formatCnpj } from '../../../shared/settings.schemas.js';

/**
 * A contract as a PDF (A4): the school's header, the template's text already filled, and on every page
 * a footer with the verification code and the address that checks it. Once every signer signed, the
 * same pages are drawn again from the same frozen text with a last page, the manifesto: who signed, how
 * each identity was checked, and the SHA-256 of the PDF that was sent (the one the signers read).
 */

export interface ContratoPdf {
  titulo: string;
  /** The template's rich text with the fields filled. */
  texto: string;
  escola: { nome: string; cnpj: string | null; endereco: string | null };
  codigo: string;
  /** `{public origin}/validar/{codigo}`. */
  url: string;
}

export interface ManifestoSignatario {
  papel: string;
  nome: string;
  cpfMascarado: string;
  canal: string;
  codigoVerificadoEm: string;
  assinadoEm: string;
  ip: string;
  userAgent: string;
}

export interface Manifesto {
  sha256Original: string;
  signatarios: ManifestoSignatario[];
  concluidoEm: string;
}

const FOOTER_HEIGHT = 46;

/** The runs of a line with their font: bold nested in bold, links written with their address. */
function runsOf(nodes: Inline[], bold: boolean): { text: string; bold: boolean }[] {
  return nodes.flatMap((node) =>
    node.kind === 'bold'
      ? runsOf(node.children, true)
      : [{ text: node.kind === 'text' ? node.text : `${node.text} (${node.href})`, bold }],
  );
}

function drawInline(doc: PDFKit.PDFDocument, nodes: Inline[]) {
  const runs = runsOf(nodes, false);
  // pdfkit's justified text drops the whitespace a continued run starts with ('**Atraso.** A parcela'
  // came out as 'Atraso.A parcela'), so each run's leading spaces go to the end of the run before it.
  for (let index = 1; index < runs.length; index++) {
    const lead = /^\s+/.exec(runs[index]!.text)?.[0];
    if (!lead) continue;
    runs[index - 1]!.text += lead;
    runs[index]!.text = runs[index]!.text.slice(lead.length);
  }
  runs.forEach((run, index) => {
    doc
      .font(run.bold ? 'Helvetica-Bold' : 'Helvetica')
      .text(run.text, { continued: index < runs.length - 1, align: 'justify' });
  });
  if (runs.length === 0) doc.text('');
}

function drawRichText(doc: PDFKit.PDFDocument, source: string) {
  const left = doc.page.margins.left;
  doc.fontSize(10).fillColor('#000000');
  for (const block of parseRichText(source)) {
    if (block.kind === 'paragraph') {
      block.lines.forEach((line, index) => {
        doc.x = left;
        drawInline(doc, line);
        if (index < block.lines.length - 1) doc.moveDown(0.1);
      });
    } else {
      block.items.forEach((item, index) => {
        doc.x = left + 14;
        doc.font('Helvetica').text(block.ordered ? `${String(index + 1)}. ` : '•  ', { continued: true });
        drawInline(doc, item);
      });
      doc.x = left;
    }
    doc.moveDown(0.7);
  }
}

function drawHeader(doc: PDFKit.PDFDocument, input: ContratoPdf) {
  doc.font('Helvetica-Bold').fontSize(13).fillColor('#000000').text(input.escola.nome, { align: 'center' });
  doc.font('Helvetica').fontSize(8.5).fillColor('#333333');
  const ids = [
    input.escola.cnpj ? `CNPJ ${formatCnpj(input.escola.cnpj)}` : null,
    input.escola.endereco,
  ].filter(Boolean);
  if (ids.length > 0) doc.text(ids.join('  ·  '), { align: 'center' });
  const bottom = doc.y + 8;
  drawLetterheadRule(doc, bottom);
  doc.y = bottom + 16;
  doc
    .font('Helvetica-Bold')
    .fontSize(12)
    .fillColor('#000000')
    .text(input.titulo.toUpperCase(), { align: 'center' });
  doc.moveDown(1);
}

/** The footer of every page, drawn at the end (pages buffered) so it knows 'página N de M'. */
function drawFooters(doc: PDFKit.PDFDocument, input: ContratoPdf) {
  drawOnEveryPage(doc, ({ numero, total, left, width }) => {
    const top = doc.page.height - FOOTER_HEIGHT;
    drawRule(doc, left, top - 6, width);
    doc.font('Helvetica').fontSize(7.5).fillColor('#333333');
    doc.text(`Código de verificação ${input.codigo} — confira em ${input.url}`, left, top, {
      width: width - 70,
      lineBreak: true,
    });
    doc.text(`Página ${String(numero)} de ${String(total)}`, left + width - 70, top, {
      width: 70,
      align: 'right',
    });
  });
}

async function qrModules(
  url: string,
): Promise<{ size: number; dark: (row: number, col: number) => boolean }> {
  const { default: QRCode } = await import('qrcode');
  const code = QRCode.create(url, { errorCorrectionLevel: 'M' });
  const size = code.modules.size;
  return { size, dark: (row, col) => Boolean(code.modules.get(row, col)) };
}

async function drawManifesto(doc: PDFKit.PDFDocument, input: ContratoPdf, manifesto: Manifesto) {
  doc.addPage();
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  doc.font('Helvetica-Bold').fontSize(13).fillColor('#000000');
  doc.text('MANIFESTO DE ASSINATURAS ELETRÔNICAS', { align: 'center' });
  doc.moveDown(0.6);
  doc.font('Helvetica').fontSize(9).fillColor('#222222');
  doc.text(
    `Este documento, "${input.titulo}", foi assinado eletronicamente pelas pessoas abaixo. A identidade de ` +
      'cada signatário foi confirmada por um código de uso único enviado ao seu e-mail, conforme o art. 10, § 2º, ' +
      'da Medida Provisória nº 2.200-2/2001. A integridade do documento é atestada pelo resumo SHA-256 do arquivo ' +
      'enviado aos signatários (Código de Processo Civil, art. 784, § 4º).',
    { align: 'justify' },
  );
  doc.moveDown(0.8);
  for (const signer of manifesto.signatarios) {
    doc.x = left;
    doc.font('Helvetica-Bold').fontSize(10).fillColor('#000000').text(`${signer.nome} — ${signer.papel}`);
    doc.font('Helvetica').fontSize(8.5).fillColor('#222222');
    doc.text(`CPF: ${signer.cpfMascarado}   ·   Identidade confirmada por: ${signer.canal}`);
    doc.text(`Código conferido em: ${signer.codigoVerificadoEm}   ·   Assinado em: ${signer.assinadoEm}`);
    doc.text(`Endereço IP: ${signer.ip}   ·   Navegador: ${signer.userAgent}`, { width });
    doc.moveDown(0.6);
  }
  doc.moveDown(0.4);
  doc.x = left;
  doc.font('Helvetica-Bold').fontSize(9).fillColor('#000000').text('SHA-256 do documento original:');
  doc.font('Courier').fontSize(8.5).text(manifesto.sha256Original);
  doc.moveDown(0.4);
  doc.font('Helvetica-Bold').fontSize(9).text('Código de verificação:');
  doc.font('Courier').fontSize(11).text(input.codigo);
  doc.moveDown(0.4);
  doc.font('Helvetica').fontSize(9).text(`Assinaturas concluídas em ${manifesto.concluidoEm}.`);
  doc.text(`Confira a autenticidade em ${input.url} ou leia o QR code abaixo.`);
  doc.moveDown(0.6);
  const qr = await qrModules(input.url);
  const side = 96;
  const cell = side / qr.size;
  const top = doc.y;
  doc.fillColor('#000000');
  for (let row = 0; row < qr.size; row++)
    for (let col = 0; col < qr.size; col++)
      if (qr.dark(row, col)) doc.rect(left + col * cell, top + row * cell, cell, cell);
  doc.fill();
  doc.y = top + side + 8;
}

/** The contract as sent; with `manifesto`, the signed version (the same pages and the manifesto). */
export function renderContratoPdf(input: ContratoPdf, manifesto?: Manifesto): Promise<Buffer> {
  return renderPdf(
    {
      bufferPages: true,
      margins: { top: 50, left: 56, right: 56, bottom: 50 + FOOTER_HEIGHT },
      info: { Title: input.titulo, Author: input.escola.nome, Subject: `Código ${input.codigo}` },
    },
    async (doc) => {
      drawHeader(doc, input);
      drawRichText(doc, input.texto);
      if (manifesto) await drawManifesto(doc, input, manifesto);
      drawFooters(doc, input);
    },
  );
}
