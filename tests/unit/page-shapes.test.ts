// Every page produces, once its defaults are filled in, what it produced when page-shapes.before.json was written: the
// same columns, fields, buttons and permission codes, tabs, stages and effects, and the same filled-in page as a
// whole (its digest). A rewrite of schemas/ onto defaults and presets that changes any of it fails here, named by
// page and place; a page added since is the checker's, not this test's.
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import { BEFORE_FILE, canonical, filledInPages, type PageShape, pageShape } from '../helpers/page-shapes';
import { withPageDefaults } from '../../src/common/schema/page-defaults';
import { recordListsOf } from '../../src/common/schema/record-lists';
import type { AnyPageSchema } from '../../src/common/schema/types';

const before: Record<string, PageShape> = JSON.parse(fs.readFileSync(BEFORE_FILE, 'utf8'));

/**
 * Effects whose key changed on purpose, by page: new key → the key it had. An effect's key names its runs in
 * record_effects, one per (record, key, occurrence); the occurrence of a refusal, a withdrawal or a resubmission is
 * that event's own, so a renamed effect of these events meets no earlier run of its old key.
 */
const RENAMED_EFFECTS: Record<string, Record<string, string>> = {
  // 外发单's give-back declared once (on: ended): its resubmitted counterpart is keyed after the declaration.
  'schemas/props/propOutsourcing.json': { backWhenResubmitted: 'outAgain' },
};

/** The page with its renamed effects under their former keys, for comparing with the shapes taken before. */
function withFormerKeys(file: string, page: AnyPageSchema): AnyPageSchema {
  const renamed = RENAMED_EFFECTS[file];
  if (!renamed) return page;
  const copy = structuredClone(page);
  for (const e of recordListsOf(copy)) for (const x of e.effects ?? []) x.key = renamed[x.key] ?? x.key;
  return copy;
}

/** The places where two shapes differ, as JSON paths. */
function differences(a: unknown, b: unknown, at: string, out: string[]): string[] {
  if (JSON.stringify(a) === JSON.stringify(b)) return out;
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const k of keys)
      differences((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${at}/${k}`, out);
    return out;
  }
  out.push(`${at}: ${JSON.stringify(a)} → ${JSON.stringify(b)}`);
  return out;
}

describe('every page, once its defaults are filled in', () => {
  const pages = filledInPages();

  it('produces the shape it produced before', () => {
    const changed: string[] = [];
    for (const [file, shape] of Object.entries(before)) {
      const page = pages.get(file);
      if (!page) {
        changed.push(`${file}: gone`);
        continue;
      }
      differences(shape, pageShape(withFormerKeys(file, page)), file, changed);
    }
    expect(changed).toEqual([]);
    expect(Object.keys(before).length).toBeGreaterThan(50);
  });

  it('is the same filled in again (the browser fills in the bundled page, then may check it again)', () => {
    const changed = [...pages]
      .filter(([, page]) => canonical(withPageDefaults(structuredClone(page))) !== canonical(page))
      .map(([file]) => file);
    expect(changed).toEqual([]);
  });

  it('names what a change of one page changes', () => {
    const [file, page] = [...pages].find(([, p]) => 'list' in p && (p.list.operations?.length ?? 0) > 1)!;
    const copy = JSON.parse(JSON.stringify(page));
    copy.list.operations[1].permissionCode = 'someone:else';
    const found = differences(before[file], pageShape(copy), file, []);
    expect(found.find((d) => d.includes('/operations/1/3'))).toContain('→ "someone:else"');
    expect(found.find((d) => d.includes('/digest: '))).toBeDefined();
  });
});
