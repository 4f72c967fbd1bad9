import { describe, expect, it } from 'vitest';
import { withButtonDefaults } from './button-defaults';
import type { AnyPageSchema } from './types';

const page = (buttons: object[], extra: object = {}) =>
  withButtonDefaults({
    module: 'p',
    title: 'p',
    list: {
      columns: [],
      operations: buttons,
      actions: [{ key: 'more', text: '批量操作', children: [{ action: 'delete', text: '批量删除' }] }],
    },
    stages: {
      initial: 'a',
      values: [{ value: 'a' }, { value: 'b' }],
      actions: [{ key: 'pay', text: '支付', from: ['a'], to: 'b' }],
    },
    ...extra,
  } as unknown as AnyPageSchema) as unknown as { list: { operations: object[]; actions: { children: object[] }[] } };

describe('button defaults', () => {
  it('give a standard action its key and text, a delete its red and an add its primary look', () => {
    const { list } = page([
      { action: 'view' },
      { action: 'add', text: '新增报销' },
      { action: 'delete' },
      { action: 'withdraw' },
    ]);
    expect(list.operations).toEqual([
      { action: 'view', key: 'view', text: '查看' },
      { action: 'add', key: 'add', text: '新增报销', type: 'primary' },
      { action: 'delete', key: 'delete', text: '删除', danger: true },
      { action: 'withdraw', key: 'withdraw', text: '撤回' },
    ]);
    expect(list.actions[0].children).toEqual([{ action: 'delete', key: 'delete', text: '批量删除', danger: true }]);
  });

  it('name a stage button as its stage action, and keep what a button writes', () => {
    const { list } = page([
      { key: 'pay', action: 'stage' },
      { key: 'post', text: '过账', action: 'submit' },
      { key: 'x', action: 'delete', danger: false },
    ]);
    expect(list.operations).toEqual([
      { key: 'pay', action: 'stage', text: '支付' },
      { key: 'post', text: '过账', action: 'submit' },
      { key: 'x', action: 'delete', danger: false, text: '删除' },
    ]);
  });

  it('leave a custom or unknown stage button as written, for the checker to name', () => {
    const { list } = page([{ action: 'custom' }, { key: 'nope', action: 'stage' }]);
    expect(list.operations).toEqual([{ action: 'custom' }, { key: 'nope', action: 'stage' }]);
  });
});
