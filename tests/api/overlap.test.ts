// noOverlap rules: two records of the same resource cannot hold overlapping periods,
// refused by the database's exclusion constraint, also when two transactions race. Proven on both databases
// with a module described from an inline schema (no page of this kind exists yet: meeting rooms and vehicles
// come with the office issue).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../helpers/databases';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { DEMO } from '../../src/server/seed';
import { describeModule } from '../../src/server/modules/records/schema-registry';
import { holdPeriods, periodLiteral, releasePeriods } from '../../src/server/modules/records/unique';
import { withTenant } from '../../src/server/db/tenant-scope';
import type { PageSchema } from '../../src/common/schema';

const schema: PageSchema = {
  key: 'roomBooking',
  title: '会议室预定',
  module: 'roomBooking',
  noOverlap: [
    {
      resource: ['meetingRoom'],
      period: 'period',
      message: '该会议室在此时间段已被预定',
      when: { field: 'cancelled', value: false },
    },
  ],
  list: { columns: [{ prop: 'code', label: '单号' }] },
  drawer: {
    title: '预定',
    fields: [
      { fieldName: 'meetingRoom', titleName: '会议室', fontendType: 'text' },
      { fieldName: 'period', titleName: '时间', fontendType: 'dateRange', props: { showTime: true } },
    ],
  },
};
const m = describeModule('inline', schema);

describe('period literals', () => {
  it('reads dates as whole China days and date-times as [start, end)', () => {
    expect(periodLiteral(['2026-11-01', '2026-11-02'])).toBe('[2026-10-31T16:00:00.000Z,2026-11-02T16:00:00.000Z)');
    expect(periodLiteral(['2026-11-01 09:00', '2026-11-01 10:30'])).toBe(
      '[2026-11-01T01:00:00.000Z,2026-11-01T02:30:00.000Z)',
    );
    expect(periodLiteral(['2026-11-01 10:00', '2026-11-01 09:00'])).toBeNull();
    expect(periodLiteral(['x', 'y'])).toBeNull();
    expect(periodLiteral('2026-11-01')).toBeNull();
  });
});

describe.each(testDialects())('noOverlap on $name', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t?.close());
  const hold = (id: number, data: Record<string, unknown>) =>
    withTenant(t.db, DEMO.tenantCode, (trx) => holdPeriods(trx, DEMO.tenantCode, m, id, data));

  it('refuses an overlapping period of the same resource, allows touching ends, other rooms and cancelled ones', async () => {
    await hold(9001, { meetingRoom: '一号会议室', period: ['2026-12-01 09:00', '2026-12-01 10:00'], cancelled: false });
    await expect(
      hold(9002, { meetingRoom: '一号会议室', period: ['2026-12-01 09:30', '2026-12-01 11:00'], cancelled: false }),
    ).rejects.toMatchObject({ message: '该会议室在此时间段已被预定' });
    await hold(9003, { meetingRoom: '一号会议室', period: ['2026-12-01 10:00', '2026-12-01 11:00'], cancelled: false });
    await hold(9004, { meetingRoom: '二号会议室', period: ['2026-12-01 09:30', '2026-12-01 11:00'], cancelled: false });
    await hold(9005, { meetingRoom: '一号会议室', period: ['2026-12-01 09:30', '2026-12-01 11:00'], cancelled: true });
    // A record moved to another time releases its old period; a deleted one releases it too.
    await hold(9001, { meetingRoom: '一号会议室', period: ['2026-12-02 09:00', '2026-12-02 10:00'], cancelled: false });
    await hold(9006, { meetingRoom: '一号会议室', period: ['2026-12-01 09:00', '2026-12-01 09:45'], cancelled: false });
    await withTenant(t.db, DEMO.tenantCode, (trx) => releasePeriods(trx, DEMO.tenantCode, [9006]));
    await hold(9007, { meetingRoom: '一号会议室', period: ['2026-12-01 09:15', '2026-12-01 09:50'], cancelled: false });
  });

  it('lets exactly one of two racing bookings of the same slot through', async () => {
    const results = await Promise.allSettled([
      hold(9101, { meetingRoom: '洽谈室', period: ['2026-12-05 14:00', '2026-12-05 15:00'], cancelled: false }),
      hold(9102, { meetingRoom: '洽谈室', period: ['2026-12-05 14:30', '2026-12-05 15:30'], cancelled: false }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.find((r) => r.status === 'rejected')).toMatchObject({
      reason: { message: '该会议室在此时间段已被预定' },
    });
  });
});
