import { describe, expect, it } from 'vitest';
import { applyDefaults } from './defaults';
import { todayInChina } from './china-time';
import type { FieldDef } from './schema/types';

const fields: FieldDef[] = [
  {
    fieldName: 'applicantId',
    titleName: '报销人',
    fontendType: 'select',
    data: { fieldKey: 'teamMembers' },
    default: 'currentUser',
  },
  { fieldName: 'applyDate', titleName: '报销日期', fontendType: 'date', default: 'today' },
  { fieldName: 'month', titleName: '月份', fontendType: 'month', default: 'thisMonth' },
  {
    fieldName: 'signMode',
    titleName: '签批方式',
    fontendType: 'radio',
    data: [{ label: '或签', value: 'any' }],
    default: { value: 'any' },
  },
  { fieldName: 'reason', titleName: '事由', fontendType: 'text' },
];

describe('field defaults', () => {
  it('fill what is missing from the current user, today, this month or a constant', () => {
    expect(applyDefaults(fields, {}, { userId: 7, today: '2026-11-23' })).toEqual({
      applicantId: 7,
      applyDate: '2026-11-23',
      month: '2026-11',
      signMode: 'any',
    });
  });
  it('never replace a value the user gave, and give nothing they cannot know', () => {
    expect(
      applyDefaults(fields, { applicantId: 9, applyDate: '2026-01-02', reason: '' }, { today: '2026-11-23' }),
    ).toEqual({ applicantId: 9, applyDate: '2026-01-02', month: '2026-11', signMode: 'any', reason: '' });
    expect(applyDefaults(fields, {}, { today: '2026-11-23' })).not.toHaveProperty('applicantId');
  });
  it('fill the department the member belongs to, when the team knows it', () => {
    const dept: FieldDef[] = [
      {
        fieldName: 'deptId',
        titleName: '部门',
        fontendType: 'treeSelect',
        data: { fieldKey: 'dept' },
        default: 'currentDept',
      },
    ];
    expect(applyDefaults(dept, {}, { userId: 7, deptId: 31, today: '2026-11-23' })).toEqual({ deptId: 31 });
    expect(applyDefaults(dept, {}, { userId: 7, today: '2026-11-23' })).toEqual({});
  });
  it('counts today in China time', () => {
    expect(todayInChina(new Date('2026-11-22T17:00:00Z'))).toBe('2026-11-23');
    expect(todayInChina(new Date('2026-11-22T15:59:00Z'))).toBe('2026-11-22');
  });
});

describe('now', () => {
  it("is the China time, to the second or to the minute by the field's format", async () => {
    const { defaultOf } = await import('./defaults');
    const { nowInChina } = await import('./china-time');
    expect(nowInChina(19, new Date('2026-11-23T16:30:05Z'))).toBe('2026-11-24 00:30:05');
    expect(nowInChina(16, new Date('2026-11-23T16:30:05Z'))).toBe('2026-11-24 00:30');
    const at = defaultOf(
      {
        fieldName: 'inTime',
        titleName: '进入时间',
        fontendType: 'dateTime',
        default: 'now',
        valueFormat: 'YYYY-MM-DD HH:mm',
      },
      { today: '2026-11-23' },
    );
    expect(at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  });
});
