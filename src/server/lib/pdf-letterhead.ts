/**
 * The rule under the school's letterhead, across the page between its margins at `y`: one line for
 * every paper the school issues in its own name (declarations and the histórico, contracts), so they
 * keep looking like the same school's.
 */
export function drawLetterheadRule(doc: PDFKit.PDFDocument, y: number): void {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  doc
    .moveTo(left, y)
    .lineTo(left + width, y)
    .lineWidth(0.8)
    .strokeColor('#555555')
    .stroke();
}
