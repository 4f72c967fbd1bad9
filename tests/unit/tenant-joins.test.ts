// Joins between team tables (src/server/db/distribution.ts) name tenant_code in their condition, so that a cluster
// distributing those tables by tenant_code joins rows on one node (co-located), and a join can never pair rows of two
// teams. Reads the server's code: Kysely's innerJoin/leftJoin/rightJoin/fullJoin calls and the JOINs of its SQL text.
// A join is checked when the joined table is a team table and the table on the other side of its condition is one too
// (or cannot be told: a CTE or subquery counts as a team table); joins to reference tables (users, tenants, files, …)
// need nothing.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DISTRIBUTED } from '../../src/server/db/distribution';

const ROOT = path.resolve(__dirname, '../../src/server');
const TEAM = new Set(DISTRIBUTED);

/** Joins between team tables that need no tenant_code, as 'file alias': why. None today: every such join names it. */
const ALLOWED: Record<string, string> = {};

function serverFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return serverFiles(p);
    return /\.ts$/.test(e.name) && !/\.(test|spec)\.ts$/.test(e.name) ? [p] : [];
  });
}

interface Join {
  file: string;
  line: number;
  table: string;
  alias: string;
  condition: string;
}

/** The table an alias names at `at` in `text`: its last FROM/JOIN (SQL) or 'table as alias' (Kysely) before it. */
function tableOf(text: string, alias: string, at: number): string | undefined {
  const before = text.slice(0, at);
  const found = [
    ...before.matchAll(new RegExp(`\\b(?:FROM|JOIN)\\s+(\\w+)\\s+(?:AS\\s+)?${alias}\\b`, 'gi')),
    ...before.matchAll(new RegExp(`'(\\w+) as ${alias}'`, 'g')),
  ].sort((a, b) => (a.index ?? 0) - (b.index ?? 0));
  const last = found.at(-1)?.[1];
  if (last) return last;
  // A table named without an alias.
  return new RegExp(`(?:FROM|JOIN)\\s+${alias}\\b|'${alias}'`, 'i').test(before) ? alias : undefined;
}

/** The text of a call's arguments from its opening parenthesis to the matching one. */
function callArgs(text: string, open: number): string {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) return text.slice(open + 1, i);
  }
  return text.slice(open + 1);
}

function joinsIn(file: string, text: string): Join[] {
  const line = (i: number) => text.slice(0, i).split('\n').length;
  const joins: Join[] = [];
  // SQL text: JOIN table [AS] alias ON condition, the condition up to the next clause or the template's end.
  for (const m of text.matchAll(
    /\bJOIN\s+(\w+)(?:\s+(?:AS\s+)?(?!ON\b)(\w+))?\s+ON\s+([\s\S]*?)(?=\b(?:LEFT|RIGHT|INNER|FULL|CROSS|JOIN|WHERE|GROUP|ORDER|LIMIT|UNION)\b|`|;|\)\s*(?:SELECT|AS|,|$))/gi,
  )) {
    joins.push({ file, line: line(m.index ?? 0), table: m[1], alias: m[2] ?? m[1], condition: m[3] });
  }
  // Kysely: .innerJoin('table[ as alias]', 'a.x', 'b.y') or .innerJoin('table[ as alias]', (j) => …).
  for (const m of text.matchAll(/\.(?:inner|left|right|full)Join\(/g)) {
    const args = callArgs(text, (m.index ?? 0) + m[0].length - 1);
    const target = /^\s*'(\w+)(?:\s+as\s+(\w+))?'/.exec(args);
    if (!target) continue;
    joins.push({
      file,
      line: line(m.index ?? 0),
      table: target[1],
      alias: target[2] ?? target[1],
      condition: args.slice(target[0].length),
    });
  }
  return joins;
}

/** Joins between team tables whose condition does not name tenant_code, as file:line table alias ON condition. */
function offenders(): string[] {
  const out: string[] = [];
  for (const p of serverFiles(ROOT)) {
    const text = fs.readFileSync(p, 'utf8');
    const file = path.relative(ROOT, p);
    for (const j of joinsIn(file, text)) {
      if (!TEAM.has(j.table) || /tenant_code/.test(j.condition)) continue;
      const at = text
        .split('\n')
        .slice(0, j.line - 1)
        .join('\n').length;
      const others = [...new Set([...j.condition.matchAll(/\b(\w+)\.\w+/g)].map((x) => x[1]))].filter(
        (a) => a !== j.alias && a !== 'sql' && a !== 'j',
      );
      const teamSide =
        others.length === 0 ||
        others.some((a) => {
          const t = tableOf(text, a, at + 1);
          return t === undefined || TEAM.has(t);
        });
      const key = `${file} ${j.alias}`;
      if (teamSide && !(key in ALLOWED))
        out.push(`${file}:${j.line} ${j.table} ${j.alias} ON ${j.condition.replace(/\s+/g, ' ').trim()}`);
    }
  }
  return out;
}

describe('joins between team tables', () => {
  it('finds the joins it checks: a scan that found none would pass idly', () => {
    const all = serverFiles(ROOT).flatMap((p) => joinsIn(p, fs.readFileSync(p, 'utf8')));
    expect(all.filter((j) => TEAM.has(j.table)).length).toBeGreaterThanOrEqual(15);
  });

  it('name tenant_code in their condition', () => {
    expect(offenders()).toEqual([]);
  });
});
