import { describe, expect, it } from 'vitest';
import { describeModule } from './schema-registry';
import { checkView, readAsView } from './views';
import { rowActions } from './access';
import type { PageSchema } from '../../../common/schema';

const stages = (
  actions: PageSchema['stages'] extends infer S ? (S extends { actions: infer A } ? A : never) : never,
) => ({
  field: 'orderStage',
  initial: '待分配',
  values: [{ value: '待分配' }, { value: '制作中' }, { value: '已取消', locked: true }],
  actions,
});
const board = (extra: Partial<PageSchema> = {}) =>
  describeModule('board.json', {
    key: 'board',
    title: '进度',
    module: 'board',
    viewOf: 'orders',
    stages: stages([
      {
        key: 'note',
        text: '跟进',
        from: ['待分配', '制作中'],
        permissionCode: 'board:edit',
        fields: [{ fieldName: 'note', titleName: '跟进记录', fontendType: 'textarea', requireAble: true }],
      },
    ]),
    list: { columns: [{ prop: 'code', label: '编号' }] },
    drawer: {
      title: '进度',
      fields: [
        { fieldName: 'deliveryDate', titleName: '交付日期', fontendType: 'date' },
        {
          fieldName: 'lateDays',
          titleName: '逾期天数',
          fontendType: 'number',
          compute: { expr: 'deliveryDate < today() && orderStage != "已取消" ? days(deliveryDate, today()) : 0' },
        },
      ],
    },
    ...extra,
  } as PageSchema);

describe('views (viewOf)', () => {
  it('compute their fields as each record is read, as of today, without storing them', () => {
    const row = { id: 1, orderStage: '制作中', deliveryDate: '2026-11-20', lateDays: 99 };
    expect(readAsView(board(), row, '2026-11-23')).toMatchObject({ lateDays: 3 });
    expect(readAsView(board(), row, '2026-11-19')).toMatchObject({ lateDays: 0 });
    expect(readAsView(board(), { ...row, orderStage: '已取消' }, '2026-11-23')).toMatchObject({ lateDays: 0 });
    expect(row.lateDays).toBe(99);
    // A page that is no view is read as stored.
    const own = describeModule('own.json', { ...board().schema, viewOf: undefined } as PageSchema);
    expect(readAsView(own, row, '2026-11-23')).toBe(row);
  });

  it('offer their own stage actions, by permission, besides view; never edit or delete', () => {
    const row = { status: '已通过', created_by: 7, data: { orderStage: '待分配' } };
    expect(
      rowActions(board(), row, { userId: 7, isAdmin: true, permissions: ['board:view', 'board:edit', 'board:delete'] }),
    ).toEqual(['view', 'note']);
    expect(rowActions(board(), row, { userId: 7, isAdmin: true, permissions: ['board:view'] })).toEqual(['view']);
    expect(
      rowActions(
        board(),
        { ...row, data: { orderStage: '已取消' } },
        { userId: 7, isAdmin: true, permissions: ['board:edit'] },
      ),
    ).toEqual(['view']);
  });

  it('refuse at start stage actions that would move the viewed records, batch actions, effects and auto rules', () => {
    expect(() => checkView(board())).not.toThrow();
    const moving = board({
      stages: stages([{ key: 'go', text: '推进', from: ['待分配'], to: '制作中' }]),
    } as Partial<PageSchema>);
    expect(() => checkView(moving)).toThrow(/stage action "go" cannot move the stage/);
    const batch = board({
      stages: stages([{ key: 'note', text: '跟进', from: ['待分配'], batch: true }]),
    } as Partial<PageSchema>);
    expect(() => checkView(batch)).toThrow(/cannot be a batch action/);
    const effects = board({
      effects: [{ key: 'x', on: 'stage:note', kind: 'update', target: 'self', set: { a: '1' } }],
    } as Partial<PageSchema>);
    expect(() => checkView(effects)).toThrow(/cannot declare effects/);
    const auto = board({ stages: { ...stages([]), auto: [{ when: 'true', to: '制作中' }] } } as Partial<PageSchema>);
    expect(() => checkView(auto)).toThrow(/auto or clock/);
  });
});
