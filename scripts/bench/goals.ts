// The bench's summary: every figure that has a goal, beside its goal and whether this run met it.
// Load lines (autocannon): req/s, p50, p99, the ratio to the run's yardstick, then the goal of that kind of call.
// Other figures (the production server's first answer and RSS, the browser's figures): measured, goal, met.
import { GOALS as WEB, quantile, type WebMeasure } from '../measure-web';

export interface Load {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  total: number;
}

/** Issue 9's goals for load lines, by the line's name (the first rule that matches). */
interface LoadGoal {
  rps?: number;
  ratio?: number;
  p99?: number;
}
const LOAD_GOALS: [RegExp, LoadGoal][] = [
  [/^yardstick/, {}],
  [/^PGlite .*page 1\b/, { rps: 300 }],
  [/page 1\b/, { rps: 1500, ratio: 0.45, p99: 80 }],
  [/page 500\b/, { rps: 800, p99: 80 }],
  [/^create/, { rps: 300 }],
  [/^submit/, { rps: 200 }],
];

const n0 = (x: number) => Math.round(x).toLocaleString('en-US');
/** Columns a text takes in a terminal: Chinese characters take two. */
const columns = (t: string) =>
  [...t].reduce((n, c) => n + (/[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]/.test(c) ? 2 : 1), 0);
const pad = (t: string, w: number) => t + ' '.repeat(Math.max(0, w - columns(t)));

function judge(name: string, r: Load, yardRps: number): { goal: string; verdict: string } {
  const g = LOAD_GOALS.find(([re]) => re.test(name))?.[1];
  if (!g || (g.rps == null && g.ratio == null && g.p99 == null)) return { goal: '', verdict: '' };
  const parts: string[] = [];
  const missed: string[] = [];
  if (g.rps != null) {
    parts.push(`≥ ${n0(g.rps)}/s`);
    if (r.rps < g.rps) missed.push(`req/s at ${Math.round((r.rps / g.rps) * 100)} %`);
  }
  if (g.ratio != null) {
    parts.push(`≥ ${g.ratio * 100} %`);
    if (r.rps / yardRps < g.ratio) missed.push('ratio');
  }
  if (g.p99 != null) {
    parts.push(`p99 ≤ ${g.p99}`);
    if (r.p99 > g.p99) missed.push('p99');
  }
  const failed = r.errors + r.timeouts + r.non2xx > 0;
  if (failed) missed.push('errors');
  return { goal: parts.join(', '), verdict: missed.length ? `no (${missed.join(', ')})` : 'met' };
}

/** One table of the load lines with their goals. */
export function loadTable(rows: [string, Load][], yardRps: number): string[] {
  const w = Math.max(46, ...rows.map(([name]) => columns(name)));
  const head = `${pad('call', w)} ${'req/s'.padStart(7)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'ratio'.padStart(6)} ${'errors'.padStart(6)}  ${'goal'.padEnd(30)} met`;
  return [
    head,
    ...rows.map(([name, r]) => {
      const { goal, verdict } = judge(name, r, yardRps);
      return `${pad(name, w)} ${n0(r.rps).padStart(7)} ${String(r.p50).padStart(7)} ${String(r.p99).padStart(7)} ${`${((r.rps / yardRps) * 100).toFixed(0)}%`.padStart(6)} ${String(r.errors + r.timeouts + r.non2xx).padStart(6)}  ${goal.padEnd(30)} ${verdict}`;
    }),
  ];
}

export interface Figure {
  name: string;
  value: number;
  unit: string;
  goal: number;
}

/** Figures with an upper bound as goal ("≤"). */
export function figureTable(figures: Figure[]): string[] {
  if (!figures.length) return [];
  const w = Math.max(62, ...figures.map((f) => columns(f.name)));
  return [
    `${pad('figure', w)} ${'measured'.padStart(10)}  ${'goal'.padEnd(12)} met`,
    ...figures.map((f) => {
      const shown = Number.isFinite(f.value)
        ? `${f.unit === 'KB' || f.unit === 's' ? f.value.toFixed(1) : n0(f.value)} ${f.unit}`
        : 'not measured';
      const met = Number.isFinite(f.value)
        ? f.value <= f.goal
          ? 'met'
          : `no (${Math.round((f.value / f.goal) * 100)} % of the bound)`
        : 'no';
      return `${pad(f.name, w)} ${shown.padStart(10)}  ${`≤ ${n0(f.goal)} ${f.unit}`.padEnd(12)} ${met}`;
    }),
  ];
}

export interface ProductionFigures {
  firstAnswerMs: number;
  idleRssMb: number;
  peakRssMb: number;
}

export const productionFigures = (where: string, p: ProductionFigures): Figure[] => [
  { name: `production server on ${where}: first answer after spawn`, value: p.firstAnswerMs, unit: 'ms', goal: 2000 },
  { name: `production server on ${where}: RSS idle`, value: p.idleRssMb, unit: 'MB', goal: 200 },
  { name: `production server on ${where}: RSS peak under load`, value: p.peakRssMb, unit: 'MB', goal: 300 },
];

export const freshStartFigures = (f: { firstAnswerMs: number; demoCompleteMs: number }): Figure[] => [
  {
    name: 'fresh start (npm start, empty PGlite folder): first answer, demo login',
    value: f.firstAnswerMs / 1000,
    unit: 's',
    goal: 10,
  },
  { name: 'fresh start: demo complete', value: f.demoCompleteMs / 1000, unit: 's', goal: 30 },
];

export const webFigures = (m: WebMeasure): Figure[] => [
  {
    name: `${m.login.path} JS+CSS, ${m.acceptEncoding.includes('br') ? 'as sent' : 'gzip'}`,
    value: (m.login.js + m.login.css) / 1024,
    unit: 'KB',
    goal: WEB.loginKb,
  },
  {
    name: `${m.module.path} JS+CSS, ${m.acceptEncoding.includes('br') ? 'as sent' : 'gzip'}`,
    value: (m.module.js + m.module.css) / 1024,
    unit: 'KB',
    goal: WEB.moduleKb,
  },
  {
    name: `${m.module.path}: first ${m.module.rows} rows after navigation (median)`,
    value: [...m.module.rowsVisibleMs].sort((a, b) => a - b)[Math.floor(m.module.rowsVisibleMs.length / 2)],
    unit: 'ms',
    goal: WEB.rowsMs,
  },
  {
    name: 'keystroke in a long drawer, keydown → next frame (median)',
    value: m.keystroke && !m.keystroke.error ? quantile(m.keystroke.ms, 0.5) : NaN,
    unit: 'ms',
    goal: WEB.keyMs,
  },
];
