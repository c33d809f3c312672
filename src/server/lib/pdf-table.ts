export interface PdfColumn {
  label: string;
  width: number;
}

/** A row of cells, or a heading across the whole table (a group of the rows below it). */
export type PdfRow = readonly string[] | { heading: string };

interface PdfTable {
  left: number;
  top: number;
  columns: readonly PdfColumn[];
  rows: readonly PdfRow[];
  rowHeight: number;
  /** Space between a cell's border and its text, on each side. */
  padding: number;
}

/**
 * A printed table as the school's papers have it: a shaded bold header, striped rows, text cut with an
 * ellipsis instead of wrapping (a row keeps its height), the first column left-aligned and the rest
 * centred, and a rule under the last row. Answers the y just below that rule.
 */
export function drawPdfTable(
  doc: PDFKit.PDFDocument,
  { left, top, columns, rows, rowHeight, padding }: PdfTable,
): number {
  const width = columns.reduce((sum, column) => sum + column.width, 0);
  let y = top;
  const drawRow = (cells: readonly string[], bold: boolean, shade: boolean) => {
    if (shade) doc.rect(left, y, width, rowHeight).fill('#eef2f7');
    doc
      .fillColor('#000000')
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(8.5);
    let x = left;
    cells.forEach((cell, index) => {
      const column = columns[index];
      if (!column) return;
      doc.text(cell, x + padding, y + 4, {
        width: column.width - 2 * padding,
        lineBreak: false,
        ellipsis: true,
        align: index === 0 ? 'left' : 'center',
      });
      x += column.width;
    });
    y += rowHeight;
  };
  drawRow(
    columns.map((column) => column.label),
    true,
    true,
  );
  let stripe = 0;
  for (const row of rows) {
    if ('heading' in row) {
      doc.rect(left, y, width, rowHeight).fill('#dde5f0');
      doc
        .fillColor('#000000')
        .font('Helvetica-Bold')
        .fontSize(8.5)
        .text(row.heading, left + padding, y + 4, {
          width: width - 2 * padding,
          lineBreak: false,
          ellipsis: true,
        });
      y += rowHeight;
      stripe = 0;
    } else drawRow(row, false, stripe++ % 2 === 1);
  }
  drawRule(doc, left, y, width);
  return y;
}

/** The thin grey rule of the school's papers: under a table's last row, above a page's footer. */
export function drawRule(doc: PDFKit.PDFDocument, left: number, y: number, width: number): void {
  doc
    .moveTo(left, y)
    .lineTo(left + width, y)
    .lineWidth(0.5)
    .strokeColor('#999999')
    .stroke();
}
