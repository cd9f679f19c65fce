import PDFDocument from 'pdfkit';

/**
 * A one-page A4 PDF of `title` and the `lines` under it, in the standard Helvetica (its
 * WinAnsi encoding holds Norwegian letters), for a document an e-mail carries on a durable
 * medium, such as the filled withdrawal form. pdfkit writes into its stream as the page is
 * drawn and ends it at `end()`, so the whole file can be read back at once, synchronously,
 * inside the transaction that queues the mail.
 */
export function pdfOf(title: string, lines: readonly string[]): Buffer {
  const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: title }, lang: 'nb-NO' });
  doc.font('Helvetica-Bold').fontSize(16).text(title);
  doc.moveDown();
  doc.font('Helvetica').fontSize(11);
  for (const line of lines) doc.text(line).moveDown(0.6);
  doc.end();
  const chunks: Buffer[] = [];
  for (let chunk: unknown = doc.read(); chunk !== null; chunk = doc.read()) {
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}
