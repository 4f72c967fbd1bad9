// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { PageRenderer } from '../page/PageRenderer';
import { buttons, renderWithFixtures } from '../fixtures/render';
import { BATCH_PAGE, BATCH_ROWS } from '../fixtures/batch-and-generate';
import { SHOWCASE } from '../fixtures/showcase';

afterEach(cleanup);

const selectAll = () => document.querySelector<HTMLInputElement>('.ant-table-thead .ant-checkbox-input')!;

describe('a dictionary as the page tree', () => {
  it("shows the dictionary's nodes; choosing one filters its field to that node and the nodes below it", async () => {
    const page = { ...BATCH_PAGE, tree: { title: '部门', fieldKey: 'dept', field: 'deptId' } };
    const { provider } = renderWithFixtures(<PageRenderer schema={page} file="t.json" />, { rows: BATCH_ROWS });
    fireEvent.click(await screen.findByText('生产部'));
    await waitFor(() => {
      const list = provider.calls.filter((c) => c.method === 'getList').at(-1)!.args as {
        filters: { field: string; operator: string; value: string[] }[];
        categoryId?: string;
      };
      expect(list.filters).toEqual([expect.objectContaining({ field: 'deptId', operator: 'in' })]);
      expect(list.filters[0].value).toEqual(['d5', 'd51', 'd52', 'd53']);
      expect(list.categoryId).toBeUndefined();
    });
    // Maintained on its dictionary page: no 新增 in the tree.
    expect(buttons('新增分类')).toHaveLength(0);
  });
});

describe('list actions on the selected rows and generators', () => {
  it('a batch stage action runs on the selected rows that allow it, in one call, after a confirmation', async () => {
    const { provider } = renderWithFixtures(<PageRenderer schema={BATCH_PAGE} file="t.json" />, {
      rows: BATCH_ROWS,
      permissions: ['attendance:generate', 'attendance:edit'],
    });
    expect(await screen.findByText('王五')).toBeTruthy();
    fireEvent.click(buttons('批量确认')[0]);
    expect(await screen.findByText('请先勾选要操作的记录')).toBeTruthy();
    fireEvent.click(selectAll());
    await waitFor(() =>
      expect(document.querySelectorAll('.ant-table-tbody .ant-checkbox-checked').length).toBeGreaterThanOrEqual(3),
    );
    fireEvent.click(buttons('批量确认')[0]);
    // 王五 is 已确认 already: two of the three are asked about.
    expect((await screen.findAllByText('确定确认所选的 2 条记录吗？')).length).toBeGreaterThan(0);
    fireEvent.click(buttons('确定').at(-1)!);
    await waitFor(() => expect(provider.calls.some((c) => c.method === 'stageBatch')).toBe(true));
    expect(provider.calls.filter((c) => c.method === 'stageBatch')).toHaveLength(1);
    // With the dialog's request key: the same 确定 again would act on none of them a second time.
    expect(provider.calls.find((c) => c.method === 'stageBatch')!.args).toEqual({
      module: 'attendance',
      ids: [1, 2],
      action: 'confirm',
      values: {},
      requestKey: expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/),
    });
    expect((await screen.findAllByText('已确认 2 条')).length).toBeGreaterThan(0);
  });

  it('a generator asks for its fields, then opens the record it made', async () => {
    const { provider } = renderWithFixtures(<PageRenderer schema={BATCH_PAGE} file="t.json" />, {
      rows: BATCH_ROWS,
      permissions: ['attendance:generate', 'attendance:edit'],
    });
    expect(await screen.findByText('张三')).toBeTruthy();
    fireEvent.click(buttons('生成工资表')[0]);
    expect(await screen.findByText('按已确认的考勤为每位员工生成一行')).toBeTruthy();
    // The month is required: nothing is generated without it.
    fireEvent.click(buttons('生成工资表').at(-1)!);
    expect(await screen.findByText('工资月份不能为空')).toBeTruthy();
    expect(provider.calls.some((c) => c.method === 'generate')).toBe(false);
  });
});

describe('the add dialog', () => {
  it('sends one request key per opening, so a re-sent 提交 of the same dialog makes no second record', async () => {
    const { provider } = renderWithFixtures(<PageRenderer schema={SHOWCASE} file="t.json" />, {
      permissions: ['default'],
    });
    const creates = () =>
      provider.calls
        .filter((c) => c.method === 'create')
        .map((c) => (c.args as { variables: Record<string, unknown> }).variables);
    const addOnce = async (name: string) => {
      fireEvent.click((await screen.findAllByText('新增')).find((x) => x.closest('button'))!);
      fireEvent.change(await screen.findByPlaceholderText('请输入名称'), { target: { value: name } });
      fireEvent.click(buttons('提交').at(-1)!);
      await waitFor(() => expect(creates().map((v) => v.name)).toContain(name));
    };
    await addOnce('收银台');
    await addOnce('中岛柜');
    const [first, second] = creates();
    expect(first.requestKey).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(second.requestKey).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(second.requestKey).not.toBe(first.requestKey);
  });
});
