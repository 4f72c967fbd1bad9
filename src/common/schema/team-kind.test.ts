// A field for one kind of team (teamTypes) is tuned away for the other kind: hidden, not required, off the add
// dialog, the list and the search; a page without such fields is left alone.
import { describe, expect, it } from 'vitest';
import { teamTypeOverrides } from './team-kind';
import { applyFieldOptions } from './field-options';
import type { PageSchema } from './types';

const page = {
  key: 'claims',
  title: '报销',
  module: 'claims',
  list: {
    columns: [{ prop: 'deptId', label: '部门' }],
    search: [{ fieldName: 'deptId', titleName: '部门', fontendType: 'treeSelect' }],
  },
  drawer: {
    title: '报销',
    fields: [
      { fieldName: 'reason', titleName: '事由', fontendType: 'text', requireAble: true },
      {
        fieldName: 'deptId',
        titleName: '部门',
        fontendType: 'treeSelect',
        requireAble: true,
        teamTypes: ['enterprise'],
        data: { fieldKey: 'dept' },
      },
    ],
  },
} as unknown as PageSchema;

describe('team kinds', () => {
  it('takes an enterprise-only field out of an individual team page', () => {
    const o = teamTypeOverrides(page, 'individual');
    expect(o).toEqual({
      deptId: { hidden: true, requireAble: false, isAdd: false, listShow: false, searchable: false },
    });
    const tuned = applyFieldOptions(page, o);
    expect(tuned.drawer!.fields.find((f) => f.fieldName === 'deptId')).toMatchObject({
      hidden: true,
      requireAble: false,
    });
    expect(tuned.list.columns[0].checked).toBe(false);
    expect(tuned.list.search).toEqual([]);
  });

  it('leaves the page as it is for its own kind of team, or when the kind is unknown', () => {
    expect(teamTypeOverrides(page, 'enterprise')).toEqual({});
    expect(teamTypeOverrides(page, null)).toEqual({});
  });
});
