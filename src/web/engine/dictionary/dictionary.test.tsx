// @vitest-environment jsdom
// The dictionary editor: its stories render, the 字典项 form conversions, and the editing behaviour
// against the fixture provider (which mirrors the server's rules in small).
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DictionaryKeyConfig } from '../../../common/schema/types';
import fieldDictionary from '../../../../schemas/personnel/fieldDictionary.json';
import { runStories } from '../fixtures/run-stories';
import { bodyText, buttons, renderWithFixtures } from '../fixtures/render';
import { DICT_ENTRIES, DICT_SAMPLE_PAGE } from '../fixtures/dict-store';
import { PageRenderer } from '../page/PageRenderer';
import { extraOptionsOf, itemFields, parentOptions, toFormValues, toInput } from './dict-fields';
import { DictionaryEditor } from './DictionaryEditor';
import * as stories from './DictionaryEditor.stories';

runStories({ 'DictionaryEditor.stories': stories });

const ALL = ['dict:add', 'dict:edit', 'dict:delete'];
const unit: DictionaryKeyConfig = { fieldKey: 'unit', title: '单位' };
const dept: DictionaryKeyConfig = { fieldKey: 'dept', title: '部门', tree: true, leader: true };

describe('字典项 form', () => {
  const ctx = { items: DICT_ENTRIES.dept, members: [], extraOptions: [] };
  it('locks code and parent of a seeded item, nothing of a custom one', () => {
    const seeded = itemFields(dept, { ...ctx, editing: DICT_ENTRIES.dept[0] });
    expect(seeded.filter((f) => f.disabled).map((f) => f.fieldName)).toEqual(['dictCode', 'parentId']);
    const custom = itemFields(unit, { ...ctx, editing: DICT_ENTRIES.unit[6] });
    expect(custom.filter((f) => f.disabled)).toEqual([]);
    expect(custom.map((f) => f.fieldName)).toEqual(['dictName', 'dictCode', 'dictImg', 'dictIcon', 'sort', 'enabled']);
    expect(itemFields(dept, ctx).map((f) => f.fieldName)).toContain('leaderId');
  });
  it('offers every node but the item itself and its subtree as parent', () => {
    const opts = parentOptions(DICT_ENTRIES.dept, 'd5');
    expect(opts.map((o) => o.label)).toEqual(['总经办']);
    expect(parentOptions(DICT_ENTRIES.dept)[1].children!.map((o) => o.title)).toEqual([
      '生产部/木工车间',
      '生产部/喷涂车间',
    ]);
  });
  it('offers coded items of the referenced dictionary as extra values', () => {
    const cfg: DictionaryKeyConfig = {
      fieldKey: 'expenseType',
      title: '费用类型',
      extra: { title: '税率', fieldKey: 'taxRate' },
    };
    expect(extraOptionsOf(cfg, DICT_ENTRIES.taxRate).at(-1)).toEqual({
      label: '13%（0.13）',
      value: '0.13',
      disabled: false,
    });
  });
  it('converts between stored items, form values and writes', () => {
    const box = DICT_ENTRIES.unit[6];
    const values = toFormValues(box);
    expect(values).toMatchObject({ dictName: '箱', dictCode: 'BOX', dictImg: [{ url: box.dictImg }], enabled: true });
    expect(toInput(unit, { ...values, dictCode: '  ', sort: '3.6', dictImg: [] })).toEqual({
      dictName: '箱',
      dictCode: null,
      dictImg: null,
      dictIcon: 'InboxOutlined',
      sort: 4,
      enabled: true,
    });
    expect(toInput(dept, toFormValues(undefined, 'd5'))).toMatchObject({
      parentId: 'd5',
      leaderId: null,
      enabled: true,
    });
  });
});

const rowNames = () =>
  [...document.querySelectorAll('.yg-dict-items tbody tr.ant-table-row')].map((r) =>
    r.querySelector('td')!.textContent!.replace('（预置）', ''),
  );
const rowOf = (name: string) =>
  [...document.querySelectorAll<HTMLElement>('.yg-dict-items tbody tr.ant-table-row')].find(
    (r) => r.querySelector('td')!.textContent!.replace('（预置）', '') === name,
  )!;

describe('DictionaryEditor', () => {
  afterEach(cleanup);
  const schema = DICT_SAMPLE_PAGE;

  it('adds an item through the dialog and shows it', async () => {
    const { provider } = renderWithFixtures(<DictionaryEditor schema={schema} />, { permissions: ALL });
    await waitFor(() => expect(rowNames()).toContain('平方米'));
    // The dictionary reads by its title; its key (unit) is not on screen.
    expect(document.querySelector('.yg-dict-items')!.parentElement!.textContent).not.toMatch(/\bunit\b/);
    fireEvent.click(buttons('新增')[0]);
    const modal = (await screen.findByText('新增单位')).closest('.ant-modal') as HTMLElement;
    fireEvent.change(within(modal).getByPlaceholderText('请输入名称'), { target: { value: ' 吨 ' } });
    fireEvent.change(within(modal).getByPlaceholderText('请输入编码'), { target: { value: 'T' } });
    await act(async () => {
      fireEvent.click(buttons('提交', modal)[0]);
    });
    await waitFor(() => expect(rowNames()).toContain('吨'));
    expect(provider.calls.find((c) => c.method === 'addDictItem')!.args).toEqual({
      fieldKey: 'unit',
      values: { dictName: '吨', dictCode: 'T', dictImg: null, dictIcon: null, enabled: true },
    });
  });

  it('disables what the server would refuse and deletes, moves and disables the rest', async () => {
    const { provider } = renderWithFixtures(<DictionaryEditor schema={schema} />, { permissions: ALL });
    await waitFor(() => expect(rowNames()).toContain('箱'));
    const del = (name: string) => buttons('删除', rowOf(name))[0];
    expect(del('个').disabled).toBe(true); // seeded
    expect(buttons('上移', rowOf('个'))[0].disabled).toBe(true); // first
    expect(buttons('下移', rowOf('卷'))[0].disabled).toBe(true); // last
    fireEvent.click(buttons('下移', rowOf('箱'))[0]);
    await waitFor(() => expect(rowNames().slice(-2)).toEqual(['卷', '箱']));
    fireEvent.click(within(rowOf('卷')).getByRole('switch'));
    await waitFor(() =>
      expect(
        provider.calls.some((c) => c.method === 'enableDictItem' && (c.args as { enabled: boolean }).enabled),
      ).toBe(true),
    );
    fireEvent.click(del('箱'));
    await act(async () => {
      fireEvent.click(buttons('确定').at(-1)!);
    });
    await waitFor(() => expect(rowNames()).not.toContain('箱'));
    expect(provider.calls.find((c) => c.method === 'deleteDictItem')!.args).toEqual({ id: 'u7' });
  });

  it('opens a seeded item with its code locked', async () => {
    renderWithFixtures(<DictionaryEditor schema={schema} />, { permissions: ALL });
    await waitFor(() => expect(rowNames()).toContain('个'));
    fireEvent.click(buttons('编辑', rowOf('个'))[0]);
    const modal = (await screen.findByText('编辑单位')).closest('.ant-modal') as HTMLElement;
    expect((within(modal).getByPlaceholderText('请输入编码') as HTMLInputElement).disabled).toBe(true);
    expect((within(modal).getByPlaceholderText('请输入名称') as HTMLInputElement).value).toBe('个');
  });

  it('switches dictionaries from the tree, with their own code label and tree operations', async () => {
    renderWithFixtures(<DictionaryEditor schema={schema} />, { permissions: ALL });
    fireEvent.click(await screen.findByText('税率'));
    await waitFor(() => expect(rowNames()).toContain('13%'));
    expect(bodyText()).toContain('税率值');
    fireEvent.click(screen.getByText('部门'));
    await waitFor(() => expect(rowNames()).toContain('木工车间'));
    expect(buttons('删除', rowOf('生产部'))[0].disabled).toBe(true);
    expect(buttons('新增下级').length).toBeGreaterThan(0);
  });

  it('hides every write without the permission codes', async () => {
    renderWithFixtures(<DictionaryEditor schema={schema} />, { permissions: [] });
    await waitFor(() => expect(rowNames()).toContain('平方米'));
    expect(buttons('新增').length + buttons('编辑').length + buttons('删除').length).toBe(0);
    expect((within(rowOf('个')).getByRole('switch') as HTMLButtonElement).disabled).toBe(true);
  });

  it('is what PageRenderer shows for a page with `dictionary`', async () => {
    renderWithFixtures(<PageRenderer schema={fieldDictionary} file="schemas/personnel/fieldDictionary.json" />, {
      permissions: ALL,
    });
    await waitFor(() => expect(rowNames()).toContain('平方米'));
    expect(bodyText()).toContain('字段字典');
  });
});
