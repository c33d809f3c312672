import { formatDateTime } from '../../../shared/format.js';
import {
  displayReportCell as displayCell,
  type ReportCell,
  type ReportColumn,
  type ReportResult,
} from '../../../shared/reports.schemas.js';
import { exportRows, type ExportColumn, type ExportFile } from '../../lib/spreadsheet.js';
import { fileNameSlug } from '../../lib/download.js';
import type { StoredSchoolIdentity } from '../settings/index.js';
import { drawOnEveryPage, renderPdf } from '../../lib/pdf.js';

/**
 * A hub report's table as a file: CSV and XLSX through lib/spreadsheet.ts (typed cells, formula guard),
 * PDF drawn with pdfkit as text (searchable, copyable), with the school's name, the report's facts, a
 * signature column where the report has one and signature lines under the table.
 */

type Row = Record<string, ReportCell>;

export function reportFileBase(result: ReportResult): string {
  return fileNameSlug([result.id, result.subtitulo ?? ''].join(' ')).slice(0, 80) || result.id;
}

function exportColumnsOf(columns: ReportColumn[]): ExportColumn<Row>[] {
  // A signature column is for paper: the spreadsheets leave it out.
  return columns
    .filter((column) => column.tipo !== 'assinatura')
    .map((column) => ({
      header: column.tipo === 'percentual' ? `${column.rotulo} (%)` : column.rotulo,
      value: (row) => row[column.chave] ?? null,
      date: column.tipo === 'data',
      percent: column.tipo === 'percentual',
      ...(column.tipo === 'nota' ? { decimals: 1 } : {}),
      width: Math.max(12, column.rotulo.length + 2, (column.peso ?? 1) * 10),
    }));
}

export async function renderSpreadsheet(result: ReportResult, format: 'csv' | 'xlsx'): Promise<ExportFile> {
  return exportRows(format, reportFileBase(result), exportColumnsOf(result.colunas), result.linhas);
}

function renderPdfDocument(
  title: string,
  landscape: boolean,
  draw: (doc: PDFKit.PDFDocument) => void | Promise<void>,
  options: { autoFirstPage?: boolean; bufferPages?: boolean } = {},
): Promise<Buffer> {
  return renderPdf(
    {
      layout: landscape ? 'landscape' : 'portrait',
      margin: 36,
      autoFirstPage: options.autoFirstPage ?? true,
      // Buffered pages get their footer at the end; a 5,000-page boletins file streams instead.
      bufferPages: options.bufferPages ?? true,
      info: { Title: title, Author: 'Sistema Escolar' },
    },
    draw,
  );
}

/** Draws one report from the current page on (the school's boletins export draws many in one file). */
export function drawReport(doc: PDFKit.PDFDocument, school: StoredSchoolIdentity, result: ReportResult) {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const bottom = doc.page.height - doc.page.margins.bottom - 20;
  doc.fillColor('#000000').font('Helvetica-Bold').fontSize(13).text(school.nome, left, doc.y, {
    width,
    align: 'center',
  });
  doc.fontSize(11).text(result.titulo.toUpperCase(), { width, align: 'center' });
  if (result.subtitulo) doc.font('Helvetica').fontSize(10).text(result.subtitulo, { width, align: 'center' });
  doc.moveDown(0.4).font('Helvetica').fontSize(9);
  for (const fact of result.cabecalho) {
    doc.font('Helvetica-Bold').text(`${fact.rotulo}: `, { continued: true, width });
    doc.font('Helvetica').text(fact.valor, { width });
  }
  doc.moveDown(0.5);

  const columns = result.colunas;
  const totalWeight = columns.reduce((sum, column) => sum + (column.peso ?? 1), 0);
  const widths = columns.map((column) => ((column.peso ?? 1) / totalWeight) * width);
  const signature = columns.some((column) => column.tipo === 'assinatura');
  const rowHeight = signature ? 22 : 15;
  let y = doc.y;

  const drawHeader = () => {
    doc.rect(left, y, width, 16).fill('#e5e7eb');
    doc.fillColor('#000000').font('Helvetica-Bold').fontSize(8);
    let x = left;
    columns.forEach((column, index) => {
      doc.text(column.rotulo, x + 3, y + 4, {
        width: widths[index]! - 6,
        lineBreak: false,
        ellipsis: true,
        align: column.tipo === 'texto' || column.tipo === 'data' ? 'left' : 'center',
      });
      x += widths[index]!;
    });
    y += 16;
  };
  drawHeader();
  if (result.linhas.length === 0) {
    doc
      .font('Helvetica')
      .fontSize(9)
      .text('Nenhum registro para os filtros escolhidos.', left + 3, y + 4);
    y += rowHeight;
  }
  result.linhas.forEach((row, rowIndex) => {
    if (y + rowHeight > bottom) {
      doc.addPage();
      y = doc.page.margins.top;
      drawHeader();
    }
    if (rowIndex % 2 === 1) doc.rect(left, y, width, rowHeight).fill('#f3f4f6');
    doc.fillColor('#000000').font('Helvetica').fontSize(8.5);
    let x = left;
    columns.forEach((column, index) => {
      const cellWidth = widths[index]!;
      if (column.tipo === 'assinatura') {
        doc
          .moveTo(x + 6, y + rowHeight - 5)
          .lineTo(x + cellWidth - 6, y + rowHeight - 5)
          .strokeColor('#6b7280')
          .lineWidth(0.5)
          .stroke();
      } else {
        doc.text(displayCell(column, row[column.chave] ?? null), x + 3, y + (rowHeight - 9) / 2, {
          width: cellWidth - 6,
          lineBreak: false,
          ellipsis: true,
          align: column.tipo === 'texto' || column.tipo === 'data' ? 'left' : 'center',
        });
      }
      x += cellWidth;
    });
    y += rowHeight;
  });

  if (result.assinaturas.length > 0) {
    if (y + 70 > bottom) {
      doc.addPage();
      y = doc.page.margins.top;
    }
    y += 45;
    const slot = width / result.assinaturas.length;
    result.assinaturas.forEach((label, index) => {
      const x = left + index * slot;
      doc
        .moveTo(x + 15, y)
        .lineTo(x + slot - 15, y)
        .strokeColor('#000000')
        .lineWidth(0.7)
        .stroke();
      doc
        .fillColor('#000000')
        .font('Helvetica')
        .fontSize(9)
        .text(label, x + 15, y + 4, { width: slot - 30, align: 'center' });
    });
    y += 20;
  }
  doc.x = left;
  doc.y = y + 8;
}

/** Page numbers and the issue date at the foot of every page (pages are buffered until the end). */
function drawFooters(doc: PDFKit.PDFDocument, generatedAt: string) {
  drawOnEveryPage(doc, ({ numero, total, left, width, bottomMargin }) => {
    doc
      .font('Helvetica')
      .fontSize(7.5)
      .fillColor('#555555')
      .text(
        `Emitido em ${formatDateTime(generatedAt)} pelo Sistema Escolar — página ${String(numero)} de ${String(total)}`,
        left,
        doc.page.height - bottomMargin + 8,
        { width, align: 'center', lineBreak: false },
      );
  });
}

export async function renderReportPdf(
  result: ReportResult,
  school: StoredSchoolIdentity,
): Promise<ExportFile> {
  const body = await renderPdfDocument(result.titulo, result.paisagem, (doc) => {
    drawReport(doc, school, result);
    drawFooters(doc, result.gerado_em);
  });
  return { body, contentType: 'application/pdf', fileName: `${reportFileBase(result)}.pdf` };
}

export { renderPdfDocument, drawFooters };
