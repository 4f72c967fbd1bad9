// The permission codes a page leaves to the default (permission-defaults.ts) are the codes its buttons and stage
// actions carried when every page still wrote them out: permission-codes.before.json lists each button of each page
// as it was (file, JSON path, key, code), taken before the rewrite that dropped the codes equal to the default. A
// button still at its place with its key must read the same code now; buttons added since are the checker's.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { validatePageSchema } from './loader';
import { defaultButtonCode, withPermissionDefaults } from './permission-defaults';
import type { ButtonDef, PageSchema } from './types';

const root = path.resolve(__dirname, '../../..');
type Entry = [file: string, pointer: string, key: string, code: string | null];
const before: Entry[] = JSON.parse(fs.readFileSync(path.join(root, 'tests/unit/permission-codes.before.json'), 'utf8'));

function at(doc: unknown, pointer: string): Record<string, unknown> | undefined {
  let v: unknown = doc;
  for (const part of pointer.split('/').slice(1)) {
    if (!v || typeof v !== 'object') return undefined;
    v = (v as Record<string, unknown>)[part];
  }
  return v && typeof v === 'object' ? (v as Record<string, unknown>) : undefined;
}

// 'default' is the engine's word for a button every member may press (Permission.tsx), as no code is.
const same = (code: unknown) => (code === undefined || code === null || code === 'default' ? null : code);

describe('default permission codes', () => {
  it('give every button and stage action of every page the code it was written with', () => {
    const pages = new Map<string, unknown>();
    const changed: string[] = [];
    let compared = 0;
    for (const [file, pointer, key, code] of before) {
      if (!pages.has(file)) {
        const res = validatePageSchema(JSON.parse(fs.readFileSync(path.join(root, file), 'utf8')), file);
        if (!res.ok) throw new Error(`${file}: ${res.errors.map((e) => e.message).join('; ')}`);
        pages.set(file, res.schema);
      }
      const now = at(pages.get(file), pointer);
      if (!now || now.key !== key) continue;
      compared++;
      if (same(now.permissionCode) !== same(code))
        changed.push(`${file}${pointer} (${key}): ${String(code)} → ${String(now.permissionCode)}`);
    }
    expect(changed).toEqual([]);
    expect(compared).toBeGreaterThan(500);
  });

  it('are the action on the page module, the stage action’s own for a stage button, and none to view or withdraw', () => {
    const stages = [
      { key: 'pay', text: '支付', from: ['待支付'], permissionCode: 'advanceManage:pay' },
      { key: 'close', text: '关闭', from: ['已支付'] },
    ];
    const code = (b: Partial<ButtonDef>) =>
      defaultButtonCode({ key: 'k', text: 't', ...b }, 'advanceManage', stages as never);
    expect(code({ action: 'add' })).toBe('advanceManage:add');
    expect(code({ key: 'printBatch', action: 'print' })).toBe('advanceManage:print');
    expect(code({ action: 'import' })).toBe('advanceManage:add');
    expect(code({ key: 'documents', action: 'custom' })).toBe('advanceManage:documents');
    expect(code({ key: 'pay', action: 'stage' })).toBe('advanceManage:pay');
    expect(code({ action: 'view' })).toBeUndefined();
    expect(code({ action: 'withdraw' })).toBeUndefined();
    const page = withPermissionDefaults({
      module: 'advanceManage',
      key: 'advanceManage',
      title: '借支',
      stages: { field: 'stage', values: [], actions: stages },
      list: {
        columns: [],
        operations: [
          { key: 'close', text: '关闭', action: 'stage' },
          { key: 'edit', text: '编辑', action: 'edit', permissionCode: 'x:edit' },
        ],
      },
      entities: [
        {
          key: 'e',
          module: 'advanceRepay',
          title: '还款',
          list: { columns: [], actions: [{ key: 'add', text: '新增', action: 'add' }] },
        },
      ],
    } as unknown as PageSchema);
    expect(page.stages?.actions.map((a) => a.permissionCode)).toEqual(['advanceManage:pay', 'advanceManage:edit']);
    expect(page.list.operations?.map((b) => b.permissionCode)).toEqual(['advanceManage:edit', 'x:edit']);
    // A nested list acts under its page's codes.
    expect(page.entities?.[0].list.actions?.[0].permissionCode).toBe('advanceManage:add');
  });
});
