// @vitest-environment jsdom
// The playground opens real pages of schemas/ against the sample provider with every permission: sample records
// show, 新增 opens the drawer and saving lists the new record, line items take a new line, stage actions and 提交 move
// a record on, and a name that names nothing in the edited JSON shows a finding with the closest valid name.
import { afterEach, describe, expect, it } from 'vitest';
import { Modal } from 'antd';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { bodyText, buttons, renderWithFixtures } from '../fixtures/render';
import { SchemaPlayground } from './SchemaPlayground';
import { AREAS } from './page-files';
import * as areaStories from './Areas.stories';

afterEach(() => {
  cleanup();
  Modal.destroyAll();
  for (const root of document.querySelectorAll('.ant-modal-root')) root.remove();
});

const open = async (file: string) => {
  renderWithFixtures(<SchemaPlayground file={file} />);
  // The list has read its first sample records.
  await waitFor(
    () => expect(document.querySelectorAll('.ant-table-tbody tr.ant-table-row').length).toBeGreaterThan(0),
    { timeout: 30_000 },
  );
};
const click = (el: Element) =>
  act(async () => {
    fireEvent.click(el);
  });
const drawer = () => document.querySelector('.ant-drawer-content') as HTMLElement;
const rows = () => [...document.querySelectorAll('.ant-table-tbody tr.ant-table-row')] as HTMLElement[];
const listRows = () => rows().filter((r) => !drawer()?.contains(r));
/** The form item of the drawer labelled `label`. */
const item = (label: string) =>
  [...drawer().querySelectorAll('.ant-formily-item')].find(
    (x) => x.querySelector('.ant-formily-item-label')?.textContent?.replace(/[\s:：*]/g, '') === label,
  ) as HTMLElement;
const typeIn = (label: string, value: string) =>
  fireEvent.change(item(label).querySelector('input, textarea')!, { target: { value } });
/** Chooses the first option of a select in the drawer. */
async function chooseFirst(label: string) {
  await act(async () => {
    fireEvent.mouseDown(item(label).querySelector('.ant-select-selector')!);
  });
  const dropdowns = await waitFor(() => {
    const open = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')];
    expect(open.at(-1)?.querySelector('.ant-select-item-option')).toBeTruthy();
    return open;
  });
  await click(dropdowns.at(-1)!.querySelector('.ant-select-item-option')!);
}

describe('schema playground on real pages', () => {
  it('a plain list (配件项目): sample records, 新增 opens the drawer, saving lists the new record first', async () => {
    await open('schemas/props/accessoryProject.json');
    expect(bodyText()).toContain('PJ202403050001');
    expect(buttons('导出').length).toBe(1);
    await click(buttons('新增配件')[0]);
    await waitFor(() => expect(drawer()).toBeTruthy());
    typeIn('配件名称', '游乐场新配件');
    await chooseFirst('配件分类');
    await chooseFirst('单位');
    await click(buttons('提交', drawer())[0]);
    await waitFor(() => expect(listRows()[0].textContent).toContain('游乐场新配件'), { timeout: 15_000 });
  });

  it('a page with line items (采购流程): the drawer opens with its line table, which takes a new line', async () => {
    await open('schemas/procurement/procureProcess.json');
    await click(buttons('采购申请')[0]);
    await waitFor(() => expect(buttons('新增一行', drawer()).length).toBe(1));
    const lines = () => drawer().querySelectorAll('.ant-table-tbody tr.ant-table-row').length;
    const before = lines();
    await click(buttons('新增一行', drawer())[0]);
    await waitFor(() => expect(lines()).toBe(before + 1));
  });

  it('a page with stage actions (道具制作): a record waiting to start offers 开工, which moves it to 制作中', async () => {
    await open('schemas/props/propMake.json');
    const waiting = () => listRows().find((r) => r.textContent?.includes('待开工') && buttons('开工', r).length)!;
    const code = waiting().querySelector('td')?.textContent;
    const row = waiting();
    await click(buttons('开工', row)[0]);
    // 开工 asks for its date, which starts as today.
    const dialog = await waitFor(() => {
      const d = document.querySelector('.ant-modal-content') as HTMLElement;
      expect(d).toBeTruthy();
      return d;
    });
    await click(buttons('确定', dialog)[0]);
    await waitFor(() => expect(bodyText()).toContain('开工成功'));
    await waitFor(() => {
      const moved = listRows().find((r) => r.querySelector('td')?.textContent === code)!;
      expect(moved.textContent).toContain('制作中');
      expect(buttons('开工', moved)).toHaveLength(0);
    });
  });

  it('an approval page (报销管理): 提交 on a draft puts it under review; its drawer then offers 同意 and 驳回', async () => {
    await open('schemas/finance/reimburseManage.json');
    const draft = listRows().find((r) => r.textContent?.includes('待提交') && buttons('提交', r).length)!;
    const codeOf = (r: HTMLElement) =>
      [...r.querySelectorAll('td')].map((td) => td.textContent).find((t) => /^BX\d+$/.test(t ?? ''));
    const mine = codeOf(draft);
    await click(buttons('提交', draft)[0]);
    await waitFor(() => expect(bodyText()).toContain('提交成功'));
    const submitted = await waitFor(() => {
      const r = listRows().find((x) => codeOf(x) === mine)!;
      expect(r.textContent).toContain('审批中');
      return r;
    });
    await click(buttons('查看', submitted)[0]);
    await waitFor(() => expect(buttons('同意', drawer()).length).toBe(1));
    expect(buttons('驳回', drawer()).length).toBe(1);
  });

  it('a dictionary page (采购字典): its keys list sample items, with 新增 for a member holding every permission', async () => {
    await open('schemas/procurement/procureDictionary.json');
    expect(bodyText()).toContain('采购类型甲');
    expect(buttons('新增').length).toBeGreaterThan(0);
    expect(buttons('删除').length).toBeGreaterThan(0);
  });

  it('an expression naming no field in the edited JSON shows a finding with the closest field', async () => {
    await open('schemas/props/accessoryProject.json');
    expect(bodyText()).toContain('校验通过');
    const editor = screen.getByLabelText('页面配置 JSON') as HTMLTextAreaElement;
    const page = JSON.parse(editor.value);
    page.list.rowStyles = [{ when: 'accessoryNam == ""', textColor: '#cf1322' }];
    fireEvent.change(editor, { target: { value: JSON.stringify(page, null, 2) } });
    await waitFor(() => expect(bodyText()).toContain('名称检查1处'));
    const finding = screen.getByText('/list/rowStyles/0/when').closest('.yg-finding') as HTMLElement;
    expect(within(finding).getByText('accessoryNam')).toBeTruthy();
    expect(finding.textContent).toContain('schemas/props/accessoryProject.json');
    expect(finding.textContent).toContain('did you mean accessoryName?');
    // 还原 puts the file's own JSON back.
    await click(buttons('还原')[0]);
    await waitFor(() => expect(bodyText()).toContain('校验通过'));
    expect(
      JSON.parse((screen.getByLabelText('页面配置 JSON') as HTMLTextAreaElement).value).list.rowStyles,
    ).toBeUndefined();
  });
});

describe('a story per menu area', () => {
  it('every area of the catalogue (and 其他) has a story listing its pages, named as the menu names it', () => {
    const stories = Object.values(areaStories).flatMap((s) =>
      s && typeof s === 'object' && 'args' in s ? [s as { name: string; args: { area: string } }] : [],
    );
    expect(stories.map((s) => `${s.args.area} ${s.name}`).sort()).toEqual(
      AREAS.map((a) => `${a.area} ${a.title}`).sort(),
    );
  });
});
