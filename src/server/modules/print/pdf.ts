// A one-page document with a title and lines of text (the demo's stand-in for scanned papers). Records print
// through template.ts (what a module prints) and layout.ts (how it is laid out).
import { cjkFont, pdfkit } from './layout';

export async function renderTextPdf(title: string, lines: string[]): Promise<Buffer> {
  const PDFDocument = await pdfkit();
  const doc = new PDFDocument({ size: 'A4', margin: 60, info: { Title: title, Producer: '易管 Yiguan' } });
  doc.registerFont('cjk', cjkFont());
  doc.font('cjk');
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.fontSize(20).text(title, { align: 'center' }).moveDown();
  doc.fontSize(11);
  for (const l of lines) doc.text(l).moveDown(0.3);
  doc.end();
  return done;
}
