// The tab bars named by the pages (catalogue/tab-bars.json) give each page the items it wrote out before they were
// declared once: tab-bars.before.json holds every page's items as they were then (texts and routes, in order).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import catalogue from '../../../catalogue/modules.json';
import TAB_BARS from '../../../catalogue/tab-bars.json';
import { validatePageSchema } from './loader';
import { TAB_BAR_NAMES, tabBarItems } from './tab-bars';

const root = path.resolve(__dirname, '../../..');
const before: Record<string, unknown[]> = JSON.parse(
  fs.readFileSync(path.join(root, 'tests/unit/tab-bars.before.json'), 'utf8'),
);

describe('named module tab bars', () => {
  it('give every page the tab bar items it wrote out before', () => {
    const changed: string[] = [];
    for (const [file, items] of Object.entries(before)) {
      if (!fs.existsSync(path.join(root, file))) continue;
      const res = validatePageSchema(JSON.parse(fs.readFileSync(path.join(root, file), 'utf8')), file);
      if (!res.ok) throw new Error(`${file}: ${res.errors.map((e) => e.message).join('; ')}`);
      const now = (res.schema as { tabs?: { modules?: unknown[] } }).tabs?.modules;
      if (JSON.stringify(now) !== JSON.stringify(items)) changed.push(file);
    }
    expect(changed).toEqual([]);
    expect(Object.keys(before).length).toBeGreaterThan(50);
  });

  it('name catalogue modules only, and a page naming none gets no items', () => {
    const routes = new Set(catalogue.modules.flatMap((m) => [m.key, m.path.replace(/^\//, '')]));
    const unknown = Object.entries(TAB_BARS as Record<string, string[]>).flatMap(([bar, keys]) =>
      keys.filter((k) => !routes.has(k)).map((k) => `${bar}: ${k}`),
    );
    expect(unknown).toEqual([]);
    expect(TAB_BAR_NAMES).toContain('finance');
    expect(tabBarItems('finance')?.[0]).toEqual({
      moduleAbbreviation: '报销',
      mobileClientName: '报销管理',
      key: 'reimburseManage',
    });
    expect(tabBarItems('financ')).toBeUndefined();
  });
});
