/**
 * The printed diary's layout parts: the page's box, a section heading, and the students × columns grid
 * the attendance (students × lessons) and the grades (students × avaliações) share — columns in blocks
 * that fit the page's width, each block's students in pages that fit its height, the header repeated on
 * each page, the totals (the whole range) closing every block.
 */
import { drawRule } from '../../lib/pdf-table.js';

interface Page {
  left: number;
  width: number;
  bottom: number;
}

export const pageOf = (doc: PDFKit.PDFDocument): Page => {
  const left = doc.page.margins.left;
  return {
    left,
    width: doc.page.width - left - doc.page.margins.right,
    bottom: doc.page.height - doc.page.margins.bottom,
  };
};

/** The rule under a table's last row, across the page. */
export function closeTable(doc: PDFKit.PDFDocument, y: number) {
  const { left, width } = pageOf(doc);
  drawRule(doc, left, y, width);
}

export function drawHeading(doc: PDFKit.PDFDocument, text: string) {
  const { left, width } = pageOf(doc);
  doc
    .moveDown(0.6)
    .fillColor('#000000')
    .font('Helvetica-Bold')
    .fontSize(11)
    .text(text, left, doc.y, { width });
  doc.moveDown(0.3);
}

/** A line of small text under a heading (a legend, an empty section's sentence). */
export function drawNote(doc: PDFKit.PDFDocument, text: string, size = 9) {
  const { left, width } = pageOf(doc);
  doc.font('Helvetica').fontSize(size).fillColor('#333333').text(text, left, doc.y, { width });
  doc.fillColor('#000000');
}

/** A column's header: one line (bold), or two (the second regular). */
export interface GridColumn {
  top: string;
  bottom?: string;
}

export interface GridLine {
  nome: string;
  cells: readonly string[];
  totals: readonly string[];
}

export interface GridSpec {
  columns: readonly GridColumn[];
  cellWidth: number;
  totals: readonly string[];
  totalWidth: number;
  lines: readonly GridLine[];
  /** A cell drawn in red bold (an absence that counts). */
  isAlert?: (cell: string) => boolean;
}

const NAME_WIDTH = 170;
const HEADER_HEIGHT = 22;
const ROW_HEIGHT = 13;

/** Draws the grid from the current y; leaves doc.y below it. */
export function drawPagedGrid(doc: PDFKit.PDFDocument, spec: GridSpec) {
  const { left, width, bottom } = pageOf(doc);
  const { columns, cellWidth, totals, totalWidth, lines } = spec;
  const perBlock = Math.max(
    1,
    Math.floor((width - 20 - NAME_WIDTH - totals.length * totalWidth) / cellWidth),
  );
  let y = doc.y + 4;
  for (let start = 0; start < columns.length; start += perBlock) {
    const block = columns.slice(start, start + perBlock);
    const drawHeader = () => {
      doc.rect(left, y, width, HEADER_HEIGHT).fill('#eef2f7');
      doc.fillColor('#000000').font('Helvetica-Bold').fontSize(7.5);
      doc.text('Nº', left + 2, y + 7, { width: 18, lineBreak: false });
      doc.text('Aluno', left + 22, y + 7, { width: NAME_WIDTH - 4, lineBreak: false });
      let x = left + 20 + NAME_WIDTH;
      for (const column of block) {
        const cell = { width: cellWidth, align: 'center', lineBreak: false, ellipsis: true } as const;
        doc.font('Helvetica-Bold').fontSize(6.5);
        if (column.bottom === undefined) doc.text(column.top, x, y + 8, cell);
        else {
          doc.text(column.top, x, y + 3, cell);
          doc.font('Helvetica').text(column.bottom, x, y + 12, cell);
        }
        x += cellWidth;
      }
      doc.font('Helvetica-Bold').fontSize(7.5);
      for (const label of totals) {
        doc.text(label, x, y + 7, { width: totalWidth, align: 'center', lineBreak: false });
        x += totalWidth;
      }
      y += HEADER_HEIGHT;
    };
    if (y + HEADER_HEIGHT + ROW_HEIGHT * 3 > bottom) {
      doc.addPage();
      y = doc.page.margins.top;
    }
    drawHeader();
    lines.forEach((line, index) => {
      if (y + ROW_HEIGHT > bottom) {
        doc.addPage();
        y = doc.page.margins.top;
        drawHeader();
      }
      if (index % 2 === 1) doc.rect(left, y, width, ROW_HEIGHT).fill('#f6f7f9');
      doc.fillColor('#000000').font('Helvetica').fontSize(7.5);
      doc.text(String(index + 1), left + 2, y + 3, { width: 18, lineBreak: false });
      doc.text(line.nome, left + 22, y + 3, { width: NAME_WIDTH - 4, lineBreak: false, ellipsis: true });
      let x = left + 20 + NAME_WIDTH;
      // Light rules between the columns: a mark is read down its column.
      for (let index = 0; index <= block.length; index++)
        doc.moveTo(x + index * cellWidth, y).lineTo(x + index * cellWidth, y + ROW_HEIGHT);
      doc.lineWidth(0.3).strokeColor('#c8ccd2').stroke();
      line.cells.slice(start, start + perBlock).forEach((cell) => {
        const alert = spec.isAlert?.(cell) ?? false;
        doc
          .font(alert ? 'Helvetica-Bold' : 'Helvetica')
          .fillColor(alert ? '#9b1c1c' : '#000000')
          .text(cell, x, y + 3, { width: cellWidth, align: 'center', lineBreak: false });
        x += cellWidth;
      });
      doc.fillColor('#000000').font('Helvetica');
      for (const total of line.totals) {
        doc.text(total, x, y + 3, { width: totalWidth, align: 'center', lineBreak: false });
        x += totalWidth;
      }
      y += ROW_HEIGHT;
    });
    closeTable(doc, y);
    y += 12;
  }
  doc.x = left;
  doc.y = y;
}
