import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PageSchema } from '../../../common/schema/types';
import { describeModule } from '../records/schema-registry';
import { describeChanges, fieldTitles } from './changes';

const advance = JSON.parse(fs.readFileSync(path.resolve('schemas/finance/advanceManage.json'), 'utf8')) as PageSchema;

describe('操作记录 names fields as the page does', () => {
  const m = describeModule('schemas/finance/advanceManage.json', advance);
  const row = {
    id: 1,
    at: '2026-11-28T02:00:00Z',
    entity: 'records',
    module: 'advanceManage',
    record_id: 1,
    user_name: '李四',
  };

  it('a field a stage action asked for (支付日期) reads by its title, not its key', () => {
    const d = describeChanges(m, {
      ...row,
      action: 'update',
      before: { payDate: null },
      after: { payDate: '2026-11-28' },
    });
    expect(d.changes).toEqual([{ field: 'payDate', label: '支付日期', before: '', after: '2026-11-28' }]);
  });

  it('every field a stage action stores has a title on every page', () => {
    const dir = path.resolve('schemas');
    const raw: string[] = [];
    for (const f of fs.readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
      if (!f.endsWith('.json') || f.endsWith('page.schema.json') || f.startsWith('examples')) continue;
      const schema = JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as PageSchema;
      if (!schema.list) continue;
      const titles = fieldTitles(describeModule(f, schema));
      for (const a of schema.stages?.actions ?? []) {
        for (const x of a.fields ?? [])
          if (!(a.inputOnly ?? []).includes(x.fieldName) && !titles.has(x.fieldName))
            raw.push(`${f} ${a.key}.${x.fieldName}`);
      }
    }
    expect(raw).toEqual([]);
  });
});
