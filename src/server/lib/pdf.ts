/**
 * A PDF (A4 unless `options` say otherwise) drawn by `draw` and collected in memory. pdfkit is loaded
 * on the first PDF, not by every idle server (issue 11: a few MB of fonts and code for nothing).
 */
export async function renderPdf(
  options: PDFKit.PDFDocumentOptions,
  draw: (doc: PDFKit.PDFDocument) => void | Promise<void>,
): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'A4', ...options });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  await draw(doc);
  doc.end();
  return done;
}

/** Where a page's footer may go: its number (from 1), the page count and the width between the side margins. */
export interface PageFoot {
  numero: number;
  total: number;
  left: number;
  width: number;
  /** The page's bottom margin (lifted to 0 while `draw` runs). */
  bottomMargin: number;
}

/**
 * Draws on every page of a document with buffered pages (`bufferPages: true`) once all are laid out, so
 * a footer can say 'página N de M'. Writing below the bottom margin would open a new page: the margin is
 * lifted while `draw` runs, and put back.
 */
export function drawOnEveryPage(doc: PDFKit.PDFDocument, draw: (page: PageFoot) => void): void {
  const range = doc.bufferedPageRange();
  for (let index = 0; index < range.count; index++) {
    doc.switchToPage(range.start + index);
    const left = doc.page.margins.left;
    const width = doc.page.width - left - doc.page.margins.right;
    const bottomMargin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    draw({ numero: index + 1, total: range.count, left, width, bottomMargin });
    doc.page.margins.bottom = bottomMargin;
  }
}
