// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { createForm } from '@formily/core';
import { FormProvider } from '@formily/react';
import { ModuleTabs } from './page/ModuleTabs';
import { ActionButtons } from './list/ActionButtons';
import type { ButtonDef } from '../../common/schema/types';
import { foldTabs, MAX_INLINE_TABS, SectionHeader } from './page/SectionHeader';
import { DetailContent } from './columns/DetailPopover';
import { SchemaFields } from './fields/SchemaFields';
import { bodyText, buttons, renderWithFixtures } from './fixtures/render';
import { createFixtureProvider } from './fixtures/fixture-provider';

afterEach(cleanup);

describe('ActionButtons', () => {
  const bar: ButtonDef[] = [
    { key: 'add', text: '新增报销', action: 'add', permissionCode: 'bx:add' },
    {
      key: 'more',
      text: '批量操作',
      children: [{ key: 'delete', text: '批量删除', action: 'delete', permissionCode: 'bx:delete' }],
    },
  ];
  it('a dropdown none of whose items the caller may use is left out, not offered empty', () => {
    renderWithFixtures(<ActionButtons buttons={bar} onClick={() => undefined} />, { permissions: ['bx:add'] });
    expect(buttons('新增报销')).toHaveLength(1);
    expect(screen.queryByText('批量操作')).toBeNull();
    cleanup();
    renderWithFixtures(<ActionButtons buttons={bar} onClick={() => undefined} />, {
      permissions: ['bx:add', 'bx:delete'],
    });
    expect(screen.getByText('批量操作')).toBeTruthy();
  });
});

describe('ModuleTabs', () => {
  const modules = [
    { moduleAbbreviation: '道具', mobileClientName: '我的道具' },
    { moduleAbbreviation: '报价', mobileClientName: '道具报价' },
  ];
  it('help first, modules with abbreviation and client name, selected one highlighted, 智能数据 unless hidden', () => {
    const onSelect = vi.fn();
    const { container, rerender } = renderWithFixtures(<ModuleTabs modules={modules} onSelect={onSelect} />);
    const items = [...container.querySelectorAll('.yg-module-tabs > div')].map((d) => d.textContent);
    expect(items).toEqual(['帮助', '道具我的道具', '报价道具报价', '智能数据']);
    const tabs = () => screen.getAllByRole('tab');
    expect(tabs().map((t) => t.getAttribute('aria-selected'))).toEqual(['true', 'false']);
    fireEvent.click(screen.getByText('报价'));
    expect(tabs().map((t) => t.getAttribute('aria-selected'))).toEqual(['false', 'true']);
    expect(onSelect).toHaveBeenCalledWith(modules[1]);
    rerender(<ModuleTabs modules={modules} hideSmartData />);
    expect(screen.queryByText('智能数据')).toBeNull();
  });
  it('offers only the modules the caller may open (their view code), and the page he is on', () => {
    const keyed = [
      { moduleAbbreviation: '我的', mobileClientName: '我的人事', key: 'myPersonnel' },
      { moduleAbbreviation: '档案', mobileClientName: '员工档案', key: 'employeeFiles' },
      { moduleAbbreviation: '薪资', mobileClientName: '薪资设置', key: 'payrollSetting' },
    ];
    renderWithFixtures(<ModuleTabs modules={keyed} selectedKey="payrollSetting" />, {
      permissions: ['myPersonnel:view', 'employeeFiles:edit'],
    });
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['我的我的人事', '薪资薪资设置']);
  });
  it('the tips image zooms by 1.2 within its bounds', async () => {
    renderWithFixtures(<ModuleTabs modules={[]} tipsImage="data:image/png;base64,AA==" />);
    fireEvent.click(screen.getByText('帮助'));
    const scale = await screen.findByText('100%');
    fireEvent.click(screen.getByLabelText('放大'));
    expect(scale.textContent).toBe('120%');
    for (let i = 0; i < 30; i++) fireEvent.click(screen.getByLabelText('缩小'));
    expect(scale.textContent).toBe('20%');
  });
});

describe("ModuleTabs 帮助 with the team's guidance", () => {
  const modules = [{ moduleAbbreviation: '报销', mobileClientName: '报销管理', key: 'reimburseManage' }];
  const base = {
    module: 'reimburseManage',
    helpText: '先选费用类型，再上传发票。',
    tipsImage: null,
    updatedAt: '2026-11-20T02:00:00.000Z',
    updatedByName: '李四',
  };

  it('shows the help text when opened, and lets an admin edit and save it', async () => {
    const provider = createFixtureProvider();
    provider.getGuidance = vi.fn(async () => ({ ...base, canEdit: true }));
    provider.saveGuidance = vi.fn(async (p) => ({ ...base, ...p, canEdit: true }));
    renderWithFixtures(<ModuleTabs modules={modules} module="reimburseManage" />, { provider });
    expect(provider.getGuidance).not.toHaveBeenCalled(); // read when opened, not with every page
    fireEvent.click(screen.getByText('帮助'));
    expect(await screen.findByText('先选费用类型，再上传发票。')).toBeTruthy();
    expect(provider.getGuidance).toHaveBeenCalledWith('reimburseManage');
    fireEvent.click(screen.getByRole('button', { name: /编辑/ }));
    const box = await screen.findByRole('dialog');
    fireEvent.change(box.querySelector('textarea')!, { target: { value: '报销前请先冲抵借支。' } });
    fireEvent.click(buttons('保存', box)[0]);
    await waitFor(() =>
      expect(provider.saveGuidance).toHaveBeenCalledWith({
        module: 'reimburseManage',
        helpText: '报销前请先冲抵借支。',
        tipsImage: null,
      }),
    );
    expect(await screen.findByText('报销前请先冲抵借支。')).toBeTruthy();
  });

  it("shows the schema's help text until the team writes its own, and an admin edits from it", async () => {
    const provider = createFixtureProvider();
    provider.getGuidance = vi.fn(async () => ({
      ...base,
      helpText: '',
      updatedAt: null,
      updatedByName: null,
      canEdit: true,
    }));
    renderWithFixtures(
      <ModuleTabs modules={modules} module="reimburseManage" help="按费用明细逐行填写并上传票据。" />,
      { provider },
    );
    fireEvent.click(screen.getByText('帮助'));
    expect(await screen.findByText('按费用明细逐行填写并上传票据。')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /编辑/ }));
    const box = await screen.findByRole('dialog');
    expect((box.querySelector('textarea') as HTMLTextAreaElement).value).toBe('按费用明细逐行填写并上传票据。');
  });

  it("prefers the team's guidance to the schema's text", async () => {
    const provider = createFixtureProvider();
    provider.getGuidance = vi.fn(async () => ({ ...base, canEdit: false }));
    renderWithFixtures(<ModuleTabs modules={modules} module="reimburseManage" help="模块自带的说明" />, { provider });
    fireEvent.click(screen.getByText('帮助'));
    expect(await screen.findByText('先选费用类型，再上传发票。')).toBeTruthy();
    expect(screen.queryByText('模块自带的说明')).toBeNull();
  });

  it('offers no 编辑 to a member', async () => {
    const provider = createFixtureProvider();
    provider.getGuidance = vi.fn(async () => ({ ...base, canEdit: false }));
    renderWithFixtures(<ModuleTabs modules={modules} module="reimburseManage" />, { provider });
    fireEvent.click(screen.getByText('帮助'));
    expect(await screen.findByText('先选费用类型，再上传发票。')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /编辑/ })).toBeNull();
  });
});

describe('SectionHeader', () => {
  it('classification tabs, month/year toggle and arrows', () => {
    const onChange = vi.fn();
    renderWithFixtures(
      <SectionHeader
        now="2024-03-05"
        onChange={onChange}
        config={{
          title: '项目',
          tabs: [
            { label: '全部', value: 'all' },
            { label: '待我审批', value: 'todo' },
          ],
          dateMode: 'monthYear',
        }}
      />,
    );
    const period = () => document.querySelector('.yg-period')!.textContent;
    expect(period()).toBe('2024-03');
    fireEvent.click(screen.getByLabelText('下一期'));
    expect(period()).toBe('2024-04');
    expect(onChange).toHaveBeenLastCalledWith({ tab: 'all', mode: 'month', period: '2024-04' });
    fireEvent.click(screen.getByText('年'));
    expect(period()).toBe('2024');
    fireEvent.click(screen.getByLabelText('上一期'));
    expect(period()).toBe('2023');
    fireEvent.click(screen.getByText('待我审批'));
    expect(onChange).toHaveBeenLastCalledWith({ tab: 'todo', mode: 'year', period: '2023' });
  });
});

describe('SectionHeader with many tabs', () => {
  const stages = [
    '待分配',
    '制作中',
    '外发中',
    '待质检',
    '返工中',
    '待打包',
    '待入库',
    '已入库',
    '已发货',
    '安装中',
    '已安装',
    '已结算',
    '已取消',
  ];
  const many = [
    { label: '全部', value: 'all' },
    ...stages.map((s) => ({ label: s, value: s, group: '阶段' })),
    { label: '逾期', value: 'late' },
  ];
  it('folds a group into one tab choosing among them (阶段：制作中), every tab one click away; few tabs stay side by side', () => {
    expect(foldTabs(many).inline.map((t) => t.value)).toEqual(['all', 'late']);
    expect(foldTabs(many).groups.map((g) => [g.name, g.tabs.length])).toEqual([['阶段', 13]]);
    expect(foldTabs(many.slice(0, 8)).groups).toEqual([]);
    // Ungrouped tabs past the limit go to 更多.
    const plain = stages.map((s) => ({ label: s, value: s }));
    const f = foldTabs(plain);
    expect(f.inline.length + f.groups[0].tabs.length).toBe(13);
    expect(f.groups[0].name).toBe('更多');
    expect(f.inline.length).toBeLessThanOrEqual(MAX_INLINE_TABS);

    const onChange = vi.fn();
    renderWithFixtures(
      <SectionHeader now="2024-03-05" onChange={onChange} config={{ title: '道具进度', tabs: many }} />,
    );
    const tabs = () => [...document.querySelectorAll('.ant-tabs-tab')].map((t) => t.textContent);
    expect(tabs()).toEqual(['全部', '逾期', '阶段']);
    // The group opens its choices; choosing one lists it and the group tab says which.
    fireEvent.mouseDown(document.querySelector('.yg-tab-group .ant-select-selector')!);
    fireEvent.click([...document.querySelectorAll('.ant-select-item-option')].find((o) => o.textContent === '返工中')!);
    expect(onChange).toHaveBeenLastCalledWith({ tab: '返工中', mode: 'year', period: '2024' });
    expect(document.querySelector('.ant-tabs-tab-active')!.textContent).toBe('阶段：返工中');
    fireEvent.click(screen.getByText('逾期'));
    expect(onChange).toHaveBeenLastCalledWith({ tab: 'late', mode: 'year', period: '2024' });
    expect(document.querySelector('.ant-tabs-tab-active')!.textContent).toBe('逾期');
  });
});

describe('DetailPopover content', () => {
  it('sub-table with an index column, description list, or 暂无数据', () => {
    const { rerender } = renderWithFixtures(
      <DetailContent config={{ tabelHeaders: [{ prop: 'n', label: '部件' }] }} data={[{ n: '柜体' }, { n: '台面' }]} />,
    );
    expect([...document.querySelectorAll('tbody tr')].map((r) => r.textContent)).toEqual(['1柜体', '2台面']);
    expect(bodyText()).toContain('序号部件');
    rerender(<DetailContent config={{}} data={{ 姓名: '张三' }} />);
    expect(document.querySelector('.ant-descriptions')!.textContent).toContain('张三');
    rerender(<DetailContent config={{}} data={[]} />);
    expect(bodyText()).toContain('暂无数据');
  });
});

describe('ID card recognition', () => {
  it('uploads the photo, fills the number and the related fields present in the form', async () => {
    const form = createForm();
    const { provider, container } = renderWithFixtures(
      <FormProvider form={form}>
        <SchemaFields
          fields={[
            { fieldName: 'idCardNo', titleName: '身份证号', fontendType: 'idCard' },
            { fieldName: 'name', titleName: '姓名', fontendType: 'text' },
            { fieldName: 'birthday', titleName: '出生日期', fontendType: 'date' },
          ]}
        />
      </FormProvider>,
    );
    const input = container.querySelector('input[type=file]') as HTMLInputElement;
    await act(async () => {
      fireEvent.change(input, { target: { files: [new File(['x'], 'id.png', { type: 'image/png' })] } });
    });
    await waitFor(() => expect(form.values.idCardNo).toBe('110101199001011234'));
    expect(form.values.name).toBe('张三');
    expect(form.values.birthday).toBe('1990-01-01');
    expect(form.values).not.toHaveProperty('address');
    expect(provider.calls.map((c) => c.method)).toEqual(['upload', 'recognizeIdCard']);
  });
});

describe('uploads', () => {
  it('refuses files over 10MB and beyond the limit with the catalogue messages', async () => {
    const form = createForm();
    const { container, provider } = renderWithFixtures(
      <FormProvider form={form}>
        <SchemaFields fields={[{ fieldName: 'f', titleName: '附件', fontendType: 'upload' }]} />
      </FormProvider>,
    );
    const input = () => container.querySelector('input[type=file]') as HTMLInputElement;
    const big = new File(['x'], 'big.pdf');
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 });
    await act(async () => {
      fireEvent.change(input(), { target: { files: [big] } });
    });
    expect(await screen.findByText('文件大小不能超过10MB')).toBeTruthy();
    await act(async () => {
      fireEvent.change(input(), { target: { files: [new File(['a'], 'a.pdf')] } });
    });
    await waitFor(() => expect(form.values.f).toEqual([{ url: '/files/a.pdf', name: 'a.pdf' }]));
    await act(async () => {
      fireEvent.change(input(), { target: { files: [new File(['b'], 'b.pdf')] } });
    });
    expect(await screen.findByText('最多只能上传1个文件')).toBeTruthy();
    expect(provider.calls.filter((c) => c.method === 'upload')).toHaveLength(1);
  });
});
