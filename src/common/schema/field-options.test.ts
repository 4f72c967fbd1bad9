// The field-options language: applying overrides to a page, checking them, diffing versions; and the
// field-options page kind of the meta-schema.
import { describe, expect, it } from 'vitest';
import reimburse from '../../../schemas/finance/reimburseManage.json';
import fieldOption from '../../../schemas/system/fieldOption.json';
import { validatePageSchema } from './loader';
import type { PageSchema } from './types';
import {
  applyFieldOptions,
  checkFieldOptions,
  diffFieldOptions,
  mergeFieldOptions,
  serverRequiredFields,
} from './field-options';

const page = reimburse as unknown as PageSchema;
const field = (s: PageSchema, n: string) => s.drawer!.fields.find((f) => f.fieldName === n)!;

describe('field options', () => {
  it('relabel, require, hide, reorder, list and search follow; the file is not changed', () => {
    const out = applyFieldOptions(page, {
      reason: { titleName: '报销说明', requireAble: false, searchable: true, listShow: false },
      applyDate: { sequence: 1, searchable: false },
      remark: { hidden: true, defaultValue: '无' },
    });
    expect(field(out, 'reason')).toMatchObject({ titleName: '报销说明', requireAble: false });
    expect(field(out, 'remark')).toMatchObject({ hidden: true, default: { value: '无' } });
    expect(out.drawer!.fields[0].fieldName).toBe('applyDate');
    expect(out.list.columns.find((c) => c.prop === 'reason')).toMatchObject({ label: '报销说明', checked: false });
    expect(out.list.search!.map((s) => s.fieldName)).toContain('reason');
    expect(out.list.search!.map((s) => s.fieldName)).not.toContain('applyDate');
    expect(field(page, 'reason').titleName).toBe('事由');
    expect(validatePageSchema(out, 'x').ok).toBe(true);
  });

  it('fields the server reads stay required; bad overrides are refused with a message', () => {
    const req = serverRequiredFields(page);
    expect(req.has('applicantId')).toBe(true);
    expect(req.has('reason')).toBe(false);
    expect(checkFieldOptions(page, { reason: { requireAble: false } })).toBeNull();
    expect(checkFieldOptions(page, { applicantId: { requireAble: false } })).toMatch(/服务器校验必需/);
    expect(checkFieldOptions(page, { reason: { fontendType: 'text' } })).toMatch(/不能修改/);
    expect(checkFieldOptions(page, { reason: { titleName: '' } })).toMatch(/页面配置规范/);
    expect(checkFieldOptions(page, [])).toMatch(/格式不正确/);
  });

  it("diffs versions key by key and merges platform defaults under a team's set", () => {
    expect(diffFieldOptions({ reason: { titleName: 'a' } }, { reason: { titleName: 'b', hidden: true } })).toEqual([
      { fieldName: 'reason', key: 'titleName', label: '显示名称', from: 'a', to: 'b' },
      { fieldName: 'reason', key: 'hidden', label: '隐藏', from: null, to: true },
    ]);
    expect(mergeFieldOptions({ reason: { titleName: 'p', hidden: false } }, { reason: { titleName: 't' } })).toEqual({
      reason: { titleName: 't', hidden: false },
    });
  });

  it('a field-options page is its own kind: no list, and no record-page properties', () => {
    expect(validatePageSchema(fieldOption, 'fieldOption.json').ok).toBe(true);
    expect(validatePageSchema({ ...fieldOption, list: page.list }, 'x').ok).toBe(false);
    expect(validatePageSchema({ ...fieldOption, fieldOptions: { colour: 'red' } }, 'x').ok).toBe(false);
  });
});
