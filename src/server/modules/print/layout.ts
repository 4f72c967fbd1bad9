// Lays printed records out on A4 pages with pdfkit (Noto Sans SC embedded as a subset): team logo top right,
// title, system code and status, header fields in a bordered grid two per row, the line table (breaking across
// pages with its header repeated) with its totals row, totals in figures and 大写, the approval history (the
// timeline's sentences), signature boxes and 第 N 页 / 共 M 页 under every page of each record.
import { createRequire } from 'node:module';
import fs from 'node:fs';
import type PDFKitDocument from 'pdfkit';
import { describeStep } from '../../../common/approval-text';
import { capitalAmount } from '../../../common/capital-amount';
import { formatDate, formatMoney } from '../../../common/rules/format';
import { instantInChina } from '../../../common/china-time';
import { conditionHolds } from '../../../common/rules/conditions';
import type { PrintKind, PrintTemplate } from './template';
import { SUBTOTAL } from './documents';

const require = createRequire(import.meta.url);
let fontBytes: Buffer | undefined;

let pdfkitLoaded: Promise<typeof PDFKitDocument> | undefined;
/** pdfkit (~30 MB once loaded) is read on the first print, not at every server start. */
export function pdfkit(): Promise<typeof PDFKitDocument> {
  pdfkitLoaded ??= import('pdfkit').then((m) => (m.default ?? m) as typeof PDFKitDocument);
  return pdfkitLoaded;
}

export function cjkFont(): Buffer {
  fontBytes ??= fs.readFileSync(
    require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf'),
  );
  return fontBytes;
}

export interface PrintStep {
  name: string;
  assigneeName: string | null;
  operationName: string;
  approvalOpinion: string | null;
  taskEndTime: string | null;
}

/** One record to print: its template, flat record, approval steps. */
export interface PrintJob {
  template: PrintTemplate;
  record: Record<string, unknown>;
  steps: PrintStep[];
}

/** The team printing: its name and its logo's bytes (PNG or JPEG) when it has one. */
export interface PrintTeam {
  name: string;
  logo?: Buffer | null;
}

const MARGIN = 40;
const FOOTER = 24;
const BORDER = '#888';
const SHADE = '#f0f0f0';

const empty = (v: unknown) => v === undefined || v === null || v === '';

/** An instant in China time, whatever the server's zone; a wall-clock text without a zone (a form's date-time) stays as it is. */
export function chinaDateTime(v: unknown): string {
  return instantInChina(v) ?? formatDate(v, 'dateTime');
}

/** A stored value as printed: its dictionary name when the record keeps one, dates formatted, money with 2 decimals. */
export function shown(v: unknown, key: string, rec: Record<string, unknown>, kind: PrintKind = 'text'): string {
  const named = rec[`${key}Name`];
  if (!empty(named)) return Array.isArray(named) ? named.join('、') : String(named);
  if (empty(v)) return '';
  if (kind === 'money') return formatMoney(v);
  if (kind === 'dateTime') return chinaDateTime(v);
  if (kind === 'date' || kind === 'month')
    return typeof v === 'string' && /^\d{4}-\d{2}(-\d{2})?$/.test(v) ? v : formatDate(v, kind);
  if (Array.isArray(v)) {
    // A date range prints as from 至 to; other lists joined.
    if (v.length === 2 && v.every((x) => typeof x === 'string' && /^\d{4}-\d{2}-\d{2}/.test(x)))
      return `${formatDate(v[0])} 至 ${formatDate(v[1])}`;
    return v
      .map((x) => (typeof x === 'object' && x ? String((x as { name?: string }).name ?? '') : String(x)))
      .filter(Boolean)
      .join('、');
  }
  if (typeof v === 'boolean') return v ? '是' : '否';
  if (typeof v === 'object')
    return Object.values(v as Record<string, unknown>)
      .filter((x) => !empty(x))
      .map(String)
      .join(' × ');
  return String(v);
}

type Doc = PDFKit.PDFDocument;

function layoutRecord(doc: Doc, job: PrintJob, team: PrintTeam, printedAt: string) {
  const { template: t, record: rec } = job;
  const left = MARGIN;
  const width = doc.page.width - MARGIN * 2;
  const bottom = () => doc.page.height - MARGIN - FOOTER;
  /** Starts a new page when `h` more points do not fit. */
  const room = (h: number) => {
    if (doc.y + h > bottom()) {
      doc.addPage();
      doc.y = MARGIN;
      return true;
    }
    return false;
  };

  // Team logo top right, team name and title centred.
  const top = MARGIN;
  if (team.logo) {
    try {
      doc.image(team.logo, left + width - 70, top - 10, { fit: [70, 40], align: 'right' });
    } catch {
      /* not a PNG/JPEG: no logo */
    }
  }
  doc.fillColor('#000').fontSize(11).text(team.name, left, top, { width, align: 'center' });
  doc.fontSize(20).text(t.title, left, doc.y + 2, { width, align: 'center', characterSpacing: 2 });
  const stage = t.stage && !empty(rec[t.stage.field]) ? `    ${t.stage.label}：${String(rec[t.stage.field])}` : '';
  doc
    .fontSize(9)
    .fillColor('#444')
    .text(
      `${t.codeLabel}：${String(rec.code ?? '')}    状态：${String(rec.status ?? '')}${stage}    打印时间：${printedAt}`,
      left,
      doc.y + 6,
      { width, align: 'center' },
    );
  doc.fillColor('#000');
  doc.y += 10;

  // Header fields: a bordered grid, two fields (label | value) per row.
  const labelW = 78;
  const half = width / 2;
  const pad = 4;
  doc.fontSize(9.5);
  const header = t.header.filter((f) => conditionHolds(f.when, rec));
  for (let i = 0; i < header.length; i += 2) {
    const pair = header.slice(i, i + 2);
    const texts = pair.map((f) => {
      const v = shown(rec[f.name], f.name, rec, f.kind);
      return v && f.unit ? `${v} ${f.unit}` : v;
    });
    // A lone last field takes the whole row.
    const valueW = () => (pair.length === 1 ? width : half) - labelW;
    const h = Math.max(
      20,
      ...pair.map(
        (f, k) =>
          Math.max(
            doc.heightOfString(f.label, { width: labelW - pad * 2 }),
            doc.heightOfString(texts[k] || ' ', { width: valueW() - pad * 2 }),
          ) +
          pad * 2,
      ),
    );
    room(h);
    const y = doc.y;
    pair.forEach((f, k) => {
      const x = left + k * half;
      doc.rect(x, y, labelW, h).fillAndStroke(SHADE, BORDER);
      doc.rect(x + labelW, y, valueW(), h).stroke(BORDER);
      doc.fillColor('#333').text(f.label, x + pad, y + pad, { width: labelW - pad * 2 });
      doc.fillColor('#000').text(texts[k], x + labelW + pad, y + pad, { width: valueW() - pad * 2 });
    });
    doc.x = left;
    doc.y = y + h;
  }

  // The line table.
  const lines = Array.isArray(rec.lines) ? (rec.lines as Record<string, unknown>[]) : [];
  if (t.columns.length) {
    doc.y += 10;
    room(60);
    doc.fontSize(11).text(t.linesTitle, left, doc.y);
    doc.y += 3;
    const numW = 30;
    const totalWeight = t.columns.reduce((s, c) => s + c.weight, 0);
    const widths = [numW, ...t.columns.map((c) => ((width - numW) * c.weight) / totalWeight)];
    const aligns = ['center', ...t.columns.map((c) => (c.kind === 'money' ? 'right' : 'left'))] as const;
    const row = (cells: string[], opts: { shade?: boolean; size?: number } = {}) => {
      doc.fontSize(opts.size ?? 9);
      const h = Math.max(
        18,
        ...cells.map((c, k) => doc.heightOfString(c || ' ', { width: widths[k] - pad * 2 }) + pad * 2),
      );
      const y = doc.y;
      let x = left;
      cells.forEach((c, k) => {
        if (opts.shade) doc.rect(x, y, widths[k], h).fillAndStroke(SHADE, BORDER);
        else doc.rect(x, y, widths[k], h).stroke(BORDER);
        doc.fillColor('#000').text(c, x + pad, y + pad, { width: widths[k] - pad * 2, align: aligns[k] as 'left' });
        x += widths[k];
      });
      doc.x = left;
      doc.y = y + h;
      return h;
    };
    const headerCells = ['序号', ...t.columns.map((c) => c.label)];
    const heightOf = (cells: string[]) =>
      Math.max(18, ...cells.map((c, k) => doc.heightOfString(c || ' ', { width: widths[k] - pad * 2 }) + pad * 2));
    doc.fontSize(9);
    row(headerCells, { shade: true });
    // A document's 小计 rows (documents.ts) are shaded, unnumbered and left out of the 合计.
    let n = 0;
    lines.forEach((l) => {
      const sub = !!l[SUBTOTAL];
      const cells = [sub ? '' : String(++n), ...t.columns.map((c) => shown(l[c.prop], c.prop, l, c.kind))];
      doc.fontSize(9);
      // A row that does not fit goes to the next page, under the table's header again.
      if (room(heightOf(cells))) row(headerCells, { shade: true });
      row(cells, { shade: sub });
    });
    if (t.columns.some((c) => c.sum)) {
      const total = (c: PrintTemplate['columns'][number]) =>
        lines.reduce((s, l) => s + (l[SUBTOTAL] ? 0 : Number(l[c.prop]) || 0), 0);
      const sums = [
        '合计',
        ...t.columns.map((c) =>
          !c.sum ? '' : !c.plain ? formatMoney(total(c)) : String(Math.round(total(c) * 1e4) / 1e4),
        ),
      ];
      if (room(heightOf(sums))) row(headerCells, { shade: true });
      row(sums, { shade: true });
    }
  }

  // Totals in figures and in 大写.
  if (t.totals.length) {
    doc.y += 8;
    doc.fontSize(10);
    for (const tot of t.totals) {
      const value = tot.fromLines ? lines.reduce((s, l) => s + (Number(l[tot.field]) || 0), 0) : rec[tot.field];
      const text = `${tot.label}：¥ ${formatMoney(value) || '0.00'}${tot.capital ? `        人民币（大写）：${capitalAmount(empty(value) ? 0 : value)}` : ''}`;
      const h = doc.heightOfString(text, { width: width - pad * 2 }) + pad * 2 + 2;
      room(h);
      const y = doc.y;
      doc.rect(left, y, width, h).stroke(BORDER);
      doc.text(text, left + pad, y + pad + 1, { width: width - pad * 2 });
      doc.x = left;
      doc.y = y + h;
    }
  }

  // Approval history: the timeline's sentences.
  if (t.approvals && job.steps.length) {
    doc.y += 10;
    room(40);
    doc.fontSize(11).text('审批记录', left, doc.y);
    doc.y += 2;
    doc.fontSize(9);
    for (const s of job.steps) {
      const line = `${s.taskEndTime ? chinaDateTime(s.taskEndTime) : '进行中'}    ${describeStep(s as Parameters<typeof describeStep>[0])}`;
      room(doc.heightOfString(line, { width }) + 2);
      doc.text(line, left, doc.y, { width });
      doc.y += 2;
    }
  }

  // Signature boxes in one row.
  if (t.signatures.length) {
    doc.y += 14;
    const h = 54;
    room(h);
    const y = doc.y;
    const w = width / t.signatures.length;
    doc.fontSize(9.5);
    t.signatures.forEach((label, k) => {
      const x = left + k * w;
      doc.rect(x, y, w, h).stroke(BORDER);
      doc.fillColor('#333').text(`${label}：`, x + pad + 2, y + pad + 2, { width: w - pad * 2 });
      doc
        .fillColor('#888')
        .fontSize(8)
        .text('日期：', x + pad + 2, y + h - 16, { width: w - pad * 2 });
      doc.fontSize(9.5).fillColor('#000');
    });
    doc.x = left;
    doc.y = y + h;
  }
}

/**
 * One PDF of the records, each starting on a new page and numbered on its own (第 N 页 / 共 M 页).
 */
export async function renderPrintPdf(jobs: PrintJob[], team: PrintTeam, title: string): Promise<Buffer> {
  const PDFDocument = await pdfkit();
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
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
  const printedAt = chinaDateTime(Date.now());
  const ranges: [number, number][] = [];
  for (const job of jobs) {
    doc.addPage();
    doc.font('cjk');
    const first = doc.bufferedPageRange().count - 1;
    layoutRecord(doc, job, team, printedAt);
    ranges.push([first, doc.bufferedPageRange().count - 1]);
  }
  for (const [from, to] of ranges) {
    for (let p = from; p <= to; p += 1) {
      doc.switchToPage(p);
      // Writing below the bottom margin must not open another page.
      const saved = doc.page.margins.bottom;
      doc.page.margins.bottom = 0;
      doc
        .font('cjk')
        .fontSize(8.5)
        .fillColor('#666')
        .text(`第 ${p - from + 1} 页 / 共 ${to - from + 1} 页`, MARGIN, doc.page.height - MARGIN - 10, {
          width: doc.page.width - MARGIN * 2,
          align: 'center',
          lineBreak: false,
        });
      doc.page.margins.bottom = saved;
    }
  }
  doc.end();
  return done;
}
