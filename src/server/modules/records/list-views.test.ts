import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SchemaRegistry } from './schema-registry';
import { listView } from './list-views';

// The server decides from the schema alone whether a period narrows a list: a work queue tab (`queue`) lists all
// pending work whatever the month a client sends; a history tab of the same header is cut by it.
describe('list views: work queues and the header period', () => {
  const registry = new SchemaRegistry(path.resolve('schemas'));
  const orders = registry.get('allocatePropOrders')!;
  const ctx = { userId: 1, today: '2026-11-28' };
  const period = [
    { field: 'deliveryDate', operator: 'gte', value: '2026-11' },
    { field: 'deliveryDate', operator: 'lt', value: '2026-12' },
  ];

  it('a queue tab ignores the period; a history tab and no tab apply it', () => {
    const pending = listView(orders, { tab: 'pending', period: '2026-11' }, ctx);
    expect(pending).toEqual({
      queue: true,
      oaTab: undefined,
      filters: [{ field: 'orderStage', operator: 'eq', value: '待分配' }],
    });
    expect(listView(orders, { tab: 'allocated', period: '2026-11' }, ctx)).toMatchObject({
      queue: false,
      filters: expect.arrayContaining(period),
    });
    expect(listView(orders, { period: '2026-11' }, ctx)).toEqual({ queue: false, filters: period });
  });

  it('an OA queue (待我审批) keeps its OA view and drops the period', () => {
    expect(listView(registry.get('procureProcess')!, { tab: 'todo', period: '2026' }, ctx)).toEqual({
      queue: true,
      oaTab: 'todo',
      filters: [],
    });
    expect(listView(registry.get('procureProcess')!, { tab: 'all', period: '2026' }, ctx).filters).toHaveLength(2);
  });

  it('a malformed period is refused on a queue too', () => {
    expect(() => listView(orders, { tab: 'pending', period: '2026-13' }, ctx)).toThrow(/月份或年份格式不正确/);
  });
});
