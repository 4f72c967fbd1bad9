// The platform page kind (`platformTable`): the three platform pages satisfy the meta-schema, and pages that mix
// kinds, name an unknown platform table, option source or field type are refused.
import { describe, expect, it } from 'vitest';
import { validatePageSchema, isPlatformTablePage } from '../../src/common/schema';
import moduleSettings from '../../schemas/system/moduleSettings.json';
import modeManage from '../../schemas/system/modeManage.json';
import industryModule from '../../schemas/system/industryModule.json';

const tab = modeManage.platformTable.tabs[0];
const withTab = (over: Record<string, unknown>) => ({ ...modeManage, platformTable: { tabs: [{ ...tab, ...over }] } });

describe('platformTable pages', () => {
  it('accepts the three platform pages as platform pages', () => {
    for (const page of [moduleSettings, modeManage, industryModule]) {
      const r = validatePageSchema(page, page.module);
      expect(r.errors).toEqual([]);
      expect(r.ok && isPlatformTablePage(r.schema)).toBe(true);
    }
  });

  it('refuses unknown tables, option sources, field types and mixed page kinds', () => {
    expect(validatePageSchema(withTab({ table: 'users' }), 'x').ok).toBe(false);
    expect(
      validatePageSchema(withTab({ columns: [{ prop: 'modeName', label: '模式', options: 'planets' }] }), 'x').ok,
    ).toBe(false);
    expect(
      validatePageSchema(
        withTab({ fields: [{ fieldName: 'modeName', titleName: '模式名称', type: 'colourWheel' }] }),
        'x',
      ).ok,
    ).toBe(false);
    expect(validatePageSchema(withTab({ fields: [] }), 'x').ok).toBe(false);
    expect(validatePageSchema({ ...modeManage, list: { columns: [] } }, 'x').ok).toBe(false);
    expect(validatePageSchema({ ...modeManage, tabs: { modules: [] } }, 'x').ok).toBe(false);
    expect(validatePageSchema({ ...modeManage, platformTable: { tabs: [] } }, 'x').ok).toBe(false);
  });
});
