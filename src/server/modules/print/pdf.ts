// A record as a printable PDF, laid out from its page schema (title, system code, fields, line items with
// their total, approval dynamics). Chinese text uses Noto Sans SC from npm, embedded as a subset.
import { createRequire } from 'node:module';
import fs from 'node:fs';
import PDFDocument from 'pdfkit';
import { describeStep } from '../../../common/approval-text';
import type { ModuleSchema } from '../records/schema-registry';
import { formatDate } from '../../../common/rules/format';

const require = createRequire(import.meta.url);
let fontBytes: Buffer | undefined;
function font(): Buffer {
  fontBytes ??= fs.readFileSync(require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf'));
  return fontBytes;
}

export interface PrintStep { name: string; assigneeName: string | null; operationName: string; approvalOpinion: string | null; taskEndTime: string | null }

/** Money in yuan with two decimals; empty stays empty. */
const money = (v: unknown) => (v === undefined || v === null || v === '' || !Number.isFinite(Number(v)) ? '' : Number(v).toFixed(2));

function display(v: unknown, key: string, rec: Record<string, unknown>): string {
  const named = rec[`${key}Name`];
  if (named !== undefined && named !== null && named !== '') return String(named);
  if (v === undefined || v === null || v === '') return '';
  if (Array.isArray(v)) return v.map((x) => (typeof x === 'object' && x ? String((x as { name?: string }).name ?? '') : String(x))).filter(Boolean).join('、');
  if (typeof v === 'boolean') return v ? '是' : '否';
  return String(v);
}

export function renderRecordPdf(m: ModuleSchema, rec: Record<string, unknown>, steps: PrintStep[], tenantName: string): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 40, info: { Title: `${m.schema.title} ${String(rec.code ?? '')}`, Producer: '易管 Yiguan' } });
  const stage = m.schema.stages ? String(rec[m.schema.stages.field ?? 'stage'] ?? '') : '';
  doc.registerFont('cjk', font());
  doc.font('cjk');
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  const width = doc.page.width - 80;

  doc.fontSize(18).text(`${tenantName} ${m.schema.drawer?.title ?? m.schema.title}`, { align: 'center' });
  doc.moveDown(0.3).fontSize(10).fillColor('#555')
    .text(`${m.schema.drawer?.systemCode?.title ?? '单号'}：${String(rec.code ?? '')}    状态：${String(rec.status ?? '')}${stage ? `    ${m.schema.stages?.label ?? '阶段'}：${stage}` : ''}    打印时间：${formatDate(Date.now(), 'dateTime')}`, { align: 'center' });
  doc.fillColor('#000').moveDown();

  // Fields, two per row.
  const fields = (m.schema.drawer?.fields ?? m.fields).filter((f) => !f.hidden && f.fontendType !== 'upload' && f.fontendType !== 'image');
  doc.fontSize(10);
  for (let i = 0; i < fields.length; i += 2) {
    const y = doc.y;
    fields.slice(i, i + 2).forEach((f, k) => {
      const shown = f.unit === '元' ? money(rec[f.fieldName]) : display(rec[f.fieldName], f.fieldName, rec);
      const unit = f.unit && shown ? ` ${f.unit}` : '';
      doc.text(`${f.titleName}：${shown}${unit}`, 40 + k * (width / 2), y, { width: width / 2 - 10 });
    });
    doc.moveDown(0.4);
  }

  const cols = (m.schema.drawer?.lines?.columns ?? []).filter((c) => c.type !== 'image');
  const lines = Array.isArray(rec.lines) ? (rec.lines as Record<string, unknown>[]) : [];
  if (cols.length) {
    doc.moveDown().fontSize(12).text(m.schema.drawer?.lines?.title ?? '明细', 40);
    const colW = width / (cols.length + 1);
    const row = (cells: string[], bold = false) => {
      const y = doc.y + 4;
      cells.forEach((c, k) => doc.fontSize(bold ? 10 : 9).text(c, 40 + k * colW, y, { width: colW - 4 }));
      doc.moveTo(40, doc.y + 2).lineTo(40 + width, doc.y + 2).strokeColor('#ddd').stroke();
    };
    row(['序号', ...cols.map((c) => c.label)], true);
    lines.forEach((l, i) => row([String(i + 1), ...cols.map((c) => (c.priceType ? money(l[c.prop]) : display(l[c.prop], c.prop, l)))]));
    const summed = cols.map((c) => (c.summaryMethod === 'sum' ? lines.reduce((s, l) => s + (Number(l[c.prop]) || 0), 0).toFixed(2) : ''));
    row(['合计', ...summed], true);
  }

  if (steps.length) {
    doc.moveDown().fontSize(12).text('审批动态', 40);
    for (const s of steps) {
      doc.fontSize(9).text(`${s.taskEndTime ? formatDate(s.taskEndTime, 'dateTime') : '进行中'}  ${describeStep(s as Parameters<typeof describeStep>[0])}`, 40);
    }
  }
  doc.end();
  return done;
}

/** A one-page document with a title and lines of text (the demo's stand-in for scanned papers). */
export function renderTextPdf(title: string, lines: string[]): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 60, info: { Title: title, Producer: '易管 Yiguan' } });
  doc.registerFont('cjk', font());
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
