// Labels (a document with `layout: labels`): one bordered label per line, eight to an A4 page (2 × 4), each with
// a QR code of the line's `qr` cell, that cell in large type, the record's header fields and the line's columns,
// and n/N. Same pdfkit and embedded font as the prints (layout.ts).
import { cjkFont, pdfkit, shown } from './layout';
import type { PrintTemplate } from './template';

type Row = Record<string, unknown>;

export interface LabelJob {
  template: PrintTemplate;
  record: Row;
  lines: Row[];
  qr: string;
}

const MARGIN = 28;
const COLS = 2;
const ROWS = 4;
const GAP = 10;

export async function renderLabelsPdf(job: LabelJob, teamName: string, title: string): Promise<Buffer> {
  const [PDFDocument, QR] = await Promise.all([
    pdfkit(),
    import('qrcode').then((m) => (m.default ?? m) as typeof import('qrcode')),
  ]);
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    autoFirstPage: false,
    info: { Title: title, Producer: '易管 Yiguan' },
  });
  doc.registerFont('cjk', cjkFont());
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const { template: t, record, lines, qr } = job;
  const total = lines.length;
  if (!total) {
    doc.addPage().font('cjk').fontSize(14).text(`${t.title}：没有可打印的明细`, { align: 'center' });
  }
  for (let i = 0; i < total; i += 1) {
    const slot = i % (COLS * ROWS);
    if (slot === 0) doc.addPage().font('cjk');
    const w = (doc.page.width - MARGIN * 2 - GAP * (COLS - 1)) / COLS;
    const h = (doc.page.height - MARGIN * 2 - GAP * (ROWS - 1)) / ROWS;
    const x = MARGIN + (slot % COLS) * (w + GAP);
    const y = MARGIN + Math.floor(slot / COLS) * (h + GAP);
    const line = lines[i];
    const code = String(line[qr] ?? '');
    doc.lineWidth(1).rect(x, y, w, h).stroke('#333');
    doc
      .fillColor('#000')
      .fontSize(8)
      .text(`${teamName} · ${t.title}`, x + 6, y + 6, { width: w - 12, lineBreak: false });
    const side = 92;
    if (code) {
      const png = await QR.toBuffer(code, { type: 'png', margin: 1, width: 240, errorCorrectionLevel: 'M' });
      doc.image(png, x + 6, y + 20, { width: side, height: side });
    }
    const tx = x + side + 14;
    const tw = w - side - 20;
    doc.fontSize(13).text(code, tx, y + 20, { width: tw });
    doc.fontSize(8.5);
    const rows = [
      ...t.header.map((f) => [f.label, shown(record[f.name], f.name, record, f.kind)]),
      ...t.columns.filter((c) => c.prop !== qr).map((c) => [c.label, shown(line[c.prop], c.prop, line, c.kind)]),
    ];
    let ty = doc.y + 4;
    for (const [label, value] of rows) {
      if (ty > y + h - 26) break;
      doc.text(`${label}：${value}`, tx, ty, { width: tw, height: 24, ellipsis: true });
      ty = doc.y + 1;
    }
    doc.fontSize(14).text(`${i + 1} / ${total}`, x + 6, y + h - 22, { width: w - 12, align: 'right' });
  }
  doc.end();
  return done;
}
