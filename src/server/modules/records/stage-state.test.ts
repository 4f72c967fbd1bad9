import { describe, expect, it } from 'vitest';
import { describeModule } from './schema-registry';
import { clockStage, stageLocked, withClock } from './stage-state';
import type { PageSchema } from '../../../common/schema';
import { chinaInstant } from '../../../common/china-time';

const meeting = describeModule('meeting.json', {
  key: 'meeting',
  title: '会议',
  module: 'meeting',
  stages: {
    initial: '未开始',
    values: [{ value: '未开始' }, { value: '进行中' }, { value: '已结束', locked: true }, { value: '已取消' }],
    actions: [{ key: 'cancel', text: '取消', from: ['未开始'], to: '已取消' }],
    clock: { period: 'meetingTime', before: '未开始', during: '进行中', after: '已结束' },
  },
  list: { columns: [{ prop: 'subject', label: '主题' }] },
} as PageSchema);

// 2026-11-23 10:00 in China is 02:00 UTC.
const at = (china: string) => chinaInstant(`${china}:00`);
const m = (stage: string) => ({ stage, meetingTime: ['2026-11-23 09:30', '2026-11-23 11:00'] });

describe('clock-driven stages', () => {
  it('follow the period: before, during (start inclusive), after (end exclusive), in China time', () => {
    expect(clockStage(meeting, m('未开始'), at('2026-11-23 09:29'))).toBe('未开始');
    expect(clockStage(meeting, m('未开始'), at('2026-11-23 09:30'))).toBe('进行中');
    expect(clockStage(meeting, m('已结束'), at('2026-11-23 10:59'))).toBe('进行中');
    expect(clockStage(meeting, m('进行中'), at('2026-11-23 11:00'))).toBe('已结束');
  });

  it('leave other stages, and records without a readable period, as stored', () => {
    expect(clockStage(meeting, m('已取消'), at('2026-11-23 10:00'))).toBe('已取消');
    expect(clockStage(meeting, { stage: '未开始', meetingTime: ['bad', 'value'] }, at('2026-11-23 10:00'))).toBe(
      '未开始',
    );
    expect(clockStage(meeting, { stage: '未开始' }, at('2026-11-23 10:00'))).toBe('未开始');
    // Whole days: a date-only period runs to the end of its last day.
    expect(
      clockStage(meeting, { stage: '未开始', meetingTime: ['2026-11-23', '2026-11-23'] }, at('2026-11-23 23:59')),
    ).toBe('进行中');
  });

  it('a read record carries the stage of now; locks read the stored stage', () => {
    expect(withClock(meeting, { id: 1, ...m('未开始') }, at('2026-11-24 08:00'))).toMatchObject({
      id: 1,
      stage: '已结束',
    });
    expect(stageLocked(meeting, { stage: '已结束' })).toBe(true);
    const plain = describeModule('p.json', { key: 'p', title: 'p', module: 'p', list: { columns: [] } } as PageSchema);
    const row = { id: 2, stage: 'x' };
    expect(withClock(plain, row)).toBe(row);
  });
});
