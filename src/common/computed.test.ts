import { describe, expect, it } from 'vitest';
import { applyComputed, computeLines, failedCheck, formChecks, holds } from './computed';
import type { ColumnDef, FieldDef } from './schema/types';

const fields: FieldDef[] = [
  { fieldName: 'totalPrice', titleName: '报销总额', fontendType: 'number', compute: { expr: 'sum(lines, "price")' } },
  { fieldName: 'offsetPrice', titleName: '冲借支金额', fontendType: 'number' },
  { fieldName: 'actualPrice', titleName: '实付', fontendType: 'number', compute: { expr: 'totalPrice - offsetPrice' } },
];

describe('computed fields', () => {
  it('sums line items exactly in decimal and subtracts, ignoring what the client sent', () => {
    const out = applyComputed(fields, { offsetPrice: 10, totalPrice: 999 }, [
      { price: 0.1 },
      { price: '0.2' },
      { price: 100 },
      { price: '' },
    ]);
    expect(out.totalPrice).toBe(100.3);
    expect(out.actualPrice).toBe(90.3);
  });

  it('treats missing values as zero and leaves other fields alone', () => {
    expect(applyComputed(fields, { reason: 'x' }, [])).toEqual({ reason: 'x', totalPrice: 0, actualPrice: 0 });
  });

  it('balances money that binary floats would not: ten lines of 0.1 make 1, 19.99 × 3 makes 59.97', () => {
    const cols: ColumnDef[] = [{ prop: 'totalPrice', label: '金额', compute: { expr: 'quantity * unitPrice' } }];
    const lines = computeLines(cols, [
      { quantity: 3, unitPrice: 19.99 },
      ...Array.from({ length: 10 }, () => ({ quantity: 1, unitPrice: 0.1 })),
    ]);
    expect(lines[0].totalPrice).toBe(59.97);
    const out = applyComputed(
      [{ fieldName: 'sum', titleName: '合计', fontendType: 'number', compute: { expr: 'sum(lines, "totalPrice")' } }],
      {},
      lines,
    );
    expect(out.sum).toBe(60.97);
  });

  it('numbers lines by their position ($index), e.g. package numbers from the record', () => {
    const cols: ColumnDef[] = [
      { prop: 'packageNo', label: '箱号', compute: { expr: 'record.orderCode + "-" + pad($index, 2)' } },
    ];
    const lines = computeLines(cols, [{ packageNo: 'forged' }, {}, {}], { orderCode: 'DD2026112301' });
    expect(lines.map((l) => l.packageNo)).toEqual(['DD2026112301-01', 'DD2026112301-02', 'DD2026112301-03']);
  });

  it('reads picked records and today', () => {
    const f: FieldDef[] = [
      {
        fieldName: 'paid',
        titleName: '已预付',
        fontendType: 'number',
        compute: { expr: 'picked.prepay.advancePaidPrice' },
      },
      {
        fieldName: 'late',
        titleName: '逾期天数',
        fontendType: 'number',
        compute: { expr: 'max(0, days(dueDate, today()))' },
      },
    ];
    const out = applyComputed(f, { dueDate: '2026-11-01' }, [], {
      picked: { prepay: { advancePaidPrice: 3000 } },
      today: '2026-11-23',
    });
    expect(out).toMatchObject({ paid: 3000, late: 22 });
  });

  it('reports the first failing check, submit-only checks only on submit', () => {
    const checks = [
      {
        expr: 'offsetPrice <= picked.advance.balancePrice || empty(offsetPrice)',
        message: '冲借支金额不能超过借支单未还金额',
      },
      { expr: 'sum(lines, "weight") == 100', message: '权重合计须为100', on: 'submit' as const },
    ];
    const lines = [{ weight: 60 }, { weight: 30 }];
    expect(failedCheck(checks, { offsetPrice: 500 }, lines, { picked: { advance: { balancePrice: 400 } } })).toBe(
      '冲借支金额不能超过借支单未还金额',
    );
    expect(failedCheck(checks, { offsetPrice: 400 }, lines, { picked: { advance: { balancePrice: 400 } } })).toBeNull();
    expect(failedCheck(checks, { offsetPrice: 400 }, lines, { picked: { advance: { balancePrice: 400 } } }, true)).toBe(
      '权重合计须为100',
    );
    expect(
      holds('balancePrice > 0 && dueDate < today()', { balancePrice: 1, dueDate: '2026-11-01' }, [], {
        today: '2026-11-23',
      }),
    ).toBe(true);
  });
});

describe('checks a form runs before it sends', () => {
  const fields: FieldDef[] = [
    { fieldName: 'settlePrice', titleName: '结算金额', fontendType: 'number' },
    {
      fieldName: 'openOrders',
      titleName: '待结算订单数',
      fontendType: 'number',
      aggregate: { module: 'allocatePropOrders', op: 'count' },
    },
  ] as FieldDef[];
  const checks = [
    { expr: 'settlePrice >= 0', message: '扣减金额不能超过结算金额' },
    { expr: 'len(lines) == openOrders', message: '请把全部订单列入结算明细', on: 'submit' as const },
  ];
  it('leave out those reading a count only the server knows, and keep the rest', () => {
    expect(formChecks(checks, fields).map((c) => c.message)).toEqual(['扣减金额不能超过结算金额']);
    // A new settlement's form has no count yet: judged by it, a complete list of lines would be refused.
    expect(failedCheck(checks, { settlePrice: 100 }, [{ orderCode: 'A' }], {}, true)).toBe('请把全部订单列入结算明细');
    expect(failedCheck(formChecks(checks, fields), { settlePrice: 100 }, [{ orderCode: 'A' }], {}, true)).toBeNull();
    expect(failedCheck(formChecks(checks, fields), { settlePrice: -1 }, [], {}, true)).toBe('扣减金额不能超过结算金额');
    expect(formChecks(checks, [fields[0]])).toHaveLength(2);
  });
});
