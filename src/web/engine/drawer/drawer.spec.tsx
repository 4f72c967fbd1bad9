// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Modal } from 'antd';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { DrawerConfig } from '../../../common/schema/types';
import { SideDrawer } from './SideDrawer';
import { TenantContext } from '../tenant';
import { FixtureProviders } from '../fixtures/Providers';
import { buttons, renderWithFixtures } from '../fixtures/render';
import { createFixtureProvider } from '../fixtures/fixture-provider';
import { PageModuleContext } from '../page/page-module';
import { feedback } from '../feedback';

// Confirms (放弃未保存的内容？) render outside the tested tree and leave only after an animation jsdom never ends.
afterEach(() => {
  cleanup();
  Modal.destroyAll();
  for (const root of document.querySelectorAll('.ant-modal-root')) root.remove();
});

const config: DrawerConfig = {
  title: '报销单',
  approval: true,
  systemCode: { title: '单号', prop: 'code', statusProp: 'status', remark: '保存后生成', tooltip: '前缀 BX' },
  fields: [{ fieldName: 'name', titleName: '名称', fontendType: 'text', requireAble: true }],
  lines: {
    columns: [
      { prop: 'item', label: '项目', requireAble: true },
      { prop: 'contractPrice', label: '合同金额', inputType: 'number', priceType: true },
    ],
  },
  buttons: [
    { key: 'print', text: '打印', permissionCode: 'bx:print' },
    { key: 'hidden', text: '隐藏', permissionCode: 'bx:none' },
  ],
};

const footer = () => document.querySelector('.ant-drawer-footer') as HTMLElement;
const footerButtons = () => [...footer().querySelectorAll('button')].map((b) => b.textContent);
const click = (name: string) =>
  act(async () => {
    fireEvent.click(buttons(name, footer())[0]);
  });

describe('SideDrawer footer', () => {
  it('new record: no custom buttons before it is saved, 取消 and 提交, no approval buttons; system code line', () => {
    renderWithFixtures(<SideDrawer open config={config} onClose={() => undefined} />, { permissions: ['bx:print'] });
    expect(footerButtons()).toEqual(['取消', '提交']);
    expect(screen.getByText('系统生成')).toBeTruthy();
    expect(screen.getByText('保存后生成')).toBeTruthy();
    expect(document.querySelector('.ant-drawer-extra .yg-tenant-logo')).toBeTruthy();
    expect(screen.queryByText('审批动态')).toBeNull();
  });

  it('closing with unsaved input asks first: 继续填写 keeps it, 放弃 closes; untouched, it closes at once', async () => {
    const onClose = vi.fn();
    renderWithFixtures(<SideDrawer open config={config} onClose={onClose} />);
    await click('取消');
    expect(onClose).toHaveBeenCalledOnce();
    onClose.mockClear();
    const input = document.querySelector('.ant-drawer-body input') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '杭州出差' } });
    // A click on the mask, as the 取消 button, asks before throwing the typing away.
    await act(async () => {
      fireEvent.click(document.querySelector('.ant-drawer-mask')!);
    });
    await waitFor(() => expect(document.querySelectorAll('.ant-modal-confirm-title')).toHaveLength(1));
    // As wide as the product's confirm dialog (500), not antd's narrower default.
    expect((document.querySelector('.ant-modal-confirm') as HTMLElement).style.width).toBe('500px');
    expect(onClose).not.toHaveBeenCalled();
    await act(async () => {
      fireEvent.click(buttons('继续填写')[0]);
    });
    expect(onClose).not.toHaveBeenCalled();
    expect((document.querySelector('.ant-drawer-body input') as HTMLInputElement).value).toBe('杭州出差');
    await click('取消');
    await waitFor(() => expect(buttons('放弃')).toHaveLength(1));
    await act(async () => {
      fireEvent.click(buttons('放弃')[0]);
    });
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
  });

  it('a line typed into counts as unsaved input too; a saved record opened and closed untouched does not ask', async () => {
    const onClose = vi.fn();
    renderWithFixtures(
      <SideDrawer
        open
        config={config}
        record={{ id: 4, name: '报销', lines: [{ item: '差旅', contractPrice: 100 }] }}
        onClose={onClose}
      />,
    );
    await click('取消');
    expect(onClose).toHaveBeenCalledOnce();
    cleanup();
    onClose.mockClear();
    renderWithFixtures(
      <SideDrawer
        open
        config={config}
        record={{ id: 4, name: '报销', lines: [{ item: '差旅', contractPrice: 100 }] }}
        onClose={onClose}
      />,
    );
    fireEvent.change(document.querySelector('.yg-line-items input')!, { target: { value: '住宿' } });
    await click('取消');
    await waitFor(() => expect(document.querySelectorAll('.ant-modal-confirm-title')).toHaveLength(1));
    expect(onClose).not.toHaveBeenCalled();
  });

  it('a new record shows only the fields a new record has (isAdd false is for saved ones); a saved record shows them all', () => {
    const later: DrawerConfig = {
      ...config,
      fields: [
        ...config.fields,
        { fieldName: 'finishDate', titleName: '完工日期', fontendType: 'text', disabled: true, isAdd: false },
      ],
    };
    renderWithFixtures(<SideDrawer open config={later} onClose={() => undefined} />);
    expect(screen.getByText('名称')).toBeTruthy();
    expect(screen.queryByText('完工日期')).toBeNull();
    cleanup();
    renderWithFixtures(
      <SideDrawer
        open
        config={later}
        record={{ id: 5, name: '收银台', finishDate: '2026-11-20' }}
        onClose={() => undefined}
      />,
    );
    expect(screen.getByText('完工日期')).toBeTruthy();
    cleanup();
    // Prefilled from another page (申请采购 from 库存) is still a new record.
    renderWithFixtures(<SideDrawer open config={later} record={{ name: '收银台' }} onClose={() => undefined} />);
    expect(screen.queryByText('完工日期')).toBeNull();
  });

  it("a line column with recordDependOn shows only while the record's field holds (调入库位 only on a 调拨), following the form", async () => {
    const bills: DrawerConfig = {
      ...config,
      approval: false,
      buttons: [],
      fields: [{ fieldName: 'billType', titleName: '单据类型', fontendType: 'text' }],
      lines: {
        columns: [
          { prop: 'item', label: '物料' },
          { prop: 'targetLocation', label: '调入库位', recordDependOn: { field: 'billType', value: '调拨' } },
        ],
      },
    };
    renderWithFixtures(
      <SideDrawer
        open
        config={bills}
        record={{ billType: '入库', lines: [{ item: '铰链' }] }}
        onClose={() => undefined}
      />,
    );
    const heads = () => [...document.querySelectorAll('.yg-line-items th')].map((h) => h.textContent);
    expect(heads()).toContain('物料');
    expect(heads()).not.toContain('调入库位');
    await act(async () => {
      fireEvent.change(screen.getByPlaceholderText('请输入单据类型'), { target: { value: '调拨' } });
    });
    await waitFor(() => expect(heads()).toContain('调入库位'));
    await act(async () => {
      fireEvent.change(screen.getByPlaceholderText('请输入单据类型'), { target: { value: '出库' } });
    });
    await waitFor(() => expect(heads()).not.toContain('调入库位'));
  });

  it('conditional approval: 提交 reads 提交审批 while the values need an approval (approvalWhen), and 提交 again when they do not', async () => {
    const conditional: DrawerConfig = {
      ...config,
      buttons: [],
      fields: [...config.fields, { fieldName: 'amount', titleName: '金额', fontendType: 'number' }],
    };
    renderWithFixtures(
      <SideDrawer
        open
        config={conditional}
        approvalWhen={'coalesce(amount, 0) > 1000 || sum(lines, "contractPrice") > 5000'}
        onClose={() => undefined}
        record={{ amount: 200, lines: [] }}
      />,
    );
    expect(footerButtons()).toEqual(['取消', '提交']);
    const amount = screen.getByPlaceholderText('请输入金额') as HTMLInputElement;
    await act(async () => {
      fireEvent.change(amount, { target: { value: '1500' } });
    });
    await waitFor(() => expect(footerButtons()).toEqual(['取消', '提交审批']));
    await act(async () => {
      fireEvent.change(amount, { target: { value: '800' } });
    });
    await waitFor(() => expect(footerButtons()).toEqual(['取消', '提交']));
  });

  it('cancel clears the form and closes', async () => {
    const onClose = vi.fn();
    renderWithFixtures(<SideDrawer open config={config} onClose={onClose} />);
    const input = screen.getByPlaceholderText('请输入名称') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '临时' } });
    expect(input.value).toBe('临时');
    await click('取消');
    await waitFor(() => expect(buttons('放弃')).toHaveLength(1));
    await act(async () => {
      fireEvent.click(buttons('放弃')[0]);
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(input.value).toBe('');
  });

  it('submit validates the form first, then every required line cell, then emits', async () => {
    const onSubmit = vi.fn();
    renderWithFixtures(
      <SideDrawer
        open
        config={config}
        onClose={() => undefined}
        onSubmit={onSubmit}
        record={{ lines: [{ item: '', contractPrice: 5 }] }}
      />,
    );
    await click('提交');
    expect(await screen.findByText('名称不能为空')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.change(screen.getByPlaceholderText('请输入名称'), { target: { value: '差旅' } });
    await click('提交');
    expect(await screen.findByText('明细第1行项目不能为空')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('项目'), { target: { value: '机票' } });
    await click('提交');
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ name: '差旅', lines: [{ item: '机票', contractPrice: 5 }] }),
    );
  });

  it('with task data: 同意 opens the reason dialog, then 已同意 and the success callback', async () => {
    const onSuccess = vi.fn();
    const { provider } = renderWithFixtures(
      <SideDrawer
        open
        config={config}
        record={{ id: 9, name: 'a', code: 'BX001', status: '审批中' }}
        onClose={() => undefined}
        onSuccess={onSuccess}
      />,
    );
    await waitFor(() => expect(footerButtons()).toEqual(['撤回', '驳回', '同意', '取消', '提交']));
    expect(screen.getByText('BX001')).toBeTruthy();
    expect(screen.getByText('审批动态')).toBeTruthy();
    await click('同意');
    expect(document.querySelector('.ant-modal-title')!.textContent).toBe('请输入原因');
    fireEvent.click(buttons('确定').at(-1)!);
    await waitFor(() => expect(onSuccess).toHaveBeenCalledOnce());
    expect(provider.calls.some((c) => c.method === 'agree')).toBe(true);
    expect(await screen.findByText('已同意')).toBeTruthy();
  });

  it('驳回 needs a reason, then shows 已驳回', async () => {
    const onSuccess = vi.fn();
    const { provider } = renderWithFixtures(
      <SideDrawer open config={config} record={{ id: 9, name: 'a' }} onClose={() => undefined} onSuccess={onSuccess} />,
    );
    await waitFor(() => expect(footerButtons()).toContain('驳回'));
    await click('驳回');
    fireEvent.click(buttons('确定').at(-1)!);
    expect(document.querySelector('.ant-modal .ant-typography-danger')!.textContent).toBe('请输入原因');
    expect(onSuccess).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('remark'), { target: { value: '不符合' } });
    fireEvent.click(buttons('确定').at(-1)!);
    await waitFor(() => expect(onSuccess).toHaveBeenCalledOnce());
    expect(provider.calls.find((c) => c.method === 'refuse')!.args).toMatchObject({
      taskId: 't-9',
      comments: '不符合',
    });
    expect(await screen.findByText('已驳回')).toBeTruthy();
  });

  it('saved record: custom buttons by permission and only where the server allows them', async () => {
    const { unmount } = renderWithFixtures(
      <SideDrawer open config={config} record={{ id: 3, actions: ['view', 'print'] }} onClose={() => undefined} />,
      { permissions: ['bx:print'] },
    );
    expect(footerButtons()).toEqual(['打印', '取消', '提交']);
    unmount();
    renderWithFixtures(
      <SideDrawer open config={config} record={{ id: 3, actions: ['view'] }} onClose={() => undefined} />,
      { permissions: ['bx:print'] },
    );
    expect(footerButtons()).toEqual(['取消', '提交']);
  });

  it('an approval form offers 保存 (draft) beside 提交 (save and submit), each emitting to its own handler', async () => {
    const onSave = vi.fn();
    const onSubmit = vi.fn();
    renderWithFixtures(
      <SideDrawer
        open
        config={{ ...config, approval: true, lines: undefined }}
        onClose={() => undefined}
        onSave={onSave}
        onSubmit={onSubmit}
        record={{ name: '草稿' }}
      />,
    );
    expect(footerButtons()).toEqual(['取消', '保存', '提交']);
    await click('保存');
    await waitFor(() => expect(onSave).toHaveBeenCalledOnce());
    expect(onSubmit).not.toHaveBeenCalled();
    await click('提交');
    await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
  });

  it("提交 runs the page's checks the form can judge, and leaves those reading a server-counted figure to the server", async () => {
    const onSubmit = vi.fn();
    const counted: DrawerConfig = {
      ...config,
      lines: undefined,
      fields: [
        ...config.fields,
        {
          fieldName: 'openOrders',
          titleName: '待结算订单数',
          fontendType: 'number',
          hidden: true,
          disabled: true,
          aggregate: { module: 'orders', op: 'count', filter: [] },
        },
      ],
    };
    const checks = [
      { expr: 'name != "坏"', message: '名称不能为坏' },
      { expr: 'openOrders == 1', message: '请把全部订单列入结算明细', on: 'submit' as const },
    ];
    const errors = vi.spyOn(feedback.message, 'error');
    renderWithFixtures(
      <SideDrawer
        open
        config={counted}
        checks={checks}
        onClose={() => undefined}
        onSubmit={onSubmit}
        record={{ name: '坏' }}
      />,
    );
    await click('提交');
    await waitFor(() => expect(errors).toHaveBeenCalledWith('名称不能为坏'));
    expect(onSubmit).not.toHaveBeenCalled();
    cleanup();
    // The form has no count of its own: judged by it, a complete settlement would be refused here.
    renderWithFixtures(
      <SideDrawer
        open
        config={counted}
        checks={checks}
        onClose={() => undefined}
        onSubmit={onSubmit}
        record={{ name: '好' }}
      />,
    );
    await click('提交');
    await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    expect(errors).not.toHaveBeenCalledWith('请把全部订单列入结算明细');
    errors.mockRestore();
  });

  it('撤回 with a record id withdraws, shows 已撤回 and runs the success callback', async () => {
    const onSuccess = vi.fn();
    const { provider } = renderWithFixtures(
      <SideDrawer
        open
        config={config}
        record={{ id: 3, name: 'a', actions: ['view', 'withdraw'] }}
        onClose={() => undefined}
        onSuccess={onSuccess}
      />,
      { taskFor: () => false },
    );
    await waitFor(() => expect(footerButtons()).toEqual(['撤回', '取消', '提交']));
    await click('撤回');
    await waitFor(() => expect(onSuccess).toHaveBeenCalledOnce());
    expect(provider.calls.find((c) => c.method === 'withdraw')!.args).toEqual({ formId: 3 });
    expect(await screen.findByText('已撤回')).toBeTruthy();
  });

  it('a refused 同意 shows no success: the reason dialog stays with its remark, 确定 works again, one call per press', async () => {
    const onSuccess = vi.fn();
    const onApprovalFailed = vi.fn();
    const { provider } = renderWithFixtures(
      <SideDrawer
        open
        config={config}
        record={{ id: 9, name: 'a', status: '审批中' }}
        onClose={() => undefined}
        onSuccess={onSuccess}
        onApprovalFailed={onApprovalFailed}
      />,
      { refuseApproval: '该任务已处理', delay: 1500 },
    );
    await waitFor(() => expect(footerButtons()).toContain('同意'));
    const success = vi.spyOn(feedback.message, 'success');
    await click('同意');
    fireEvent.change(screen.getByLabelText('remark'), { target: { value: '可以' } });
    const ok = () => buttons('确定').at(-1)!;
    // Two presses before the answer: one call, and 确定 shows loading meanwhile.
    await act(async () => {
      fireEvent.click(ok());
      fireEvent.click(ok());
    });
    expect(provider.calls.filter((c) => c.method === 'agree')).toHaveLength(1);
    await waitFor(() => expect(ok().classList.contains('ant-btn-loading')).toBe(true));
    await waitFor(() => expect(onApprovalFailed).toHaveBeenCalledOnce());
    await waitFor(() => expect(ok().classList.contains('ant-btn-loading')).toBe(false));
    expect(onSuccess).not.toHaveBeenCalled();
    expect(success).not.toHaveBeenCalled();
    // The task is read again after the refusal; still there, so the dialog stays with what was typed.
    await waitFor(() => expect(provider.calls.filter((c) => c.method === 'findTaskIdByFormId')).toHaveLength(2));
    expect(document.querySelector('.ant-modal-title')!.textContent).toBe('请输入原因');
    expect((screen.getByLabelText('remark') as HTMLTextAreaElement).value).toBe('可以');
    expect(screen.queryByRole('alert')).toBeNull();
    await act(async () => {
      fireEvent.click(ok());
    });
    await waitFor(() => expect(provider.calls.filter((c) => c.method === 'agree')).toHaveLength(2));
    await waitFor(() => expect(onApprovalFailed).toHaveBeenCalledTimes(2));
    expect(success).not.toHaveBeenCalled();
    success.mockRestore();
  });

  it('a refusal the approver can act on (stock short) is said in the reason dialog, which stays usable', async () => {
    const reason = '可用库存不足：展示柜 现有 20，已锁定 0，可用 20，本次出库 25';
    const { provider } = renderWithFixtures(
      <SideDrawer open config={config} record={{ id: 9, name: 'a', status: '审批中' }} onClose={() => undefined} />,
      { refuseApproval: { message: reason, status: 409 } },
    );
    await waitFor(() => expect(footerButtons()).toContain('同意'));
    await click('同意');
    expect(screen.queryByRole('alert')).toBeNull();
    const ok = () => buttons('确定').at(-1)!;
    await act(async () => {
      fireEvent.click(ok());
    });
    expect((await screen.findByRole('alert')).textContent).toContain(reason);
    await waitFor(() => expect(ok().classList.contains('ant-btn-loading')).toBe(false));
    expect(document.querySelector('.ant-modal-title')!.textContent).toBe('请输入原因');
    // Closed and opened again, the dialog starts clean.
    fireEvent.click(document.querySelector('.ant-modal-close')!);
    await click('同意');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(provider.calls.filter((c) => c.method === 'agree')).toHaveLength(1);
  });

  it('a refused 驳回 whose task is gone meanwhile closes the reason dialog and takes the approval buttons away', async () => {
    let mine = true;
    const onSuccess = vi.fn();
    const { provider } = renderWithFixtures(
      <SideDrawer
        open
        config={config}
        record={{ id: 9, name: 'a', status: '审批中' }}
        onClose={() => undefined}
        onSuccess={onSuccess}
      />,
      { refuseApproval: '该审批已结束', taskFor: () => mine },
    );
    await waitFor(() => expect(footerButtons()).toContain('驳回'));
    const success = vi.spyOn(feedback.message, 'success');
    await click('驳回');
    fireEvent.change(screen.getByLabelText('remark'), { target: { value: '不符合' } });
    mine = false; // another approver ended it meanwhile
    await act(async () => {
      fireEvent.click(buttons('确定').at(-1)!);
    });
    await waitFor(() => expect(footerButtons()).toEqual(['撤回', '取消', '提交']));
    // Closing (antd's leave motion does not end in jsdom).
    await waitFor(() => expect(document.querySelector('.ant-modal:not(.ant-zoom-leave) .ant-modal-title')).toBeNull());
    expect(provider.calls.filter((c) => c.method === 'refuse')).toHaveLength(1);
    expect(onSuccess).not.toHaveBeenCalled();
    expect(success).not.toHaveBeenCalled();
    success.mockRestore();
  });

  it('a refused 撤回 shows no success and can be pressed again; one call per press while in flight', async () => {
    const onSuccess = vi.fn();
    const { provider } = renderWithFixtures(
      <SideDrawer
        open
        config={config}
        record={{ id: 3, name: 'a', actions: ['view', 'withdraw'] }}
        onClose={() => undefined}
        onSuccess={onSuccess}
      />,
      { taskFor: () => false, refuseApproval: '审批人已处理，不能撤回', delay: 1500 },
    );
    // The answer takes 1.5 s: long enough for the polls below to see the button in flight on a loaded machine.
    await waitFor(() => expect(footerButtons()).toEqual(['撤回', '取消', '提交']));
    const withdraw = () => buttons('撤回', footer())[0];
    const success = vi.spyOn(feedback.message, 'success');
    await act(async () => {
      fireEvent.click(withdraw());
      fireEvent.click(withdraw());
    });
    expect(provider.calls.filter((c) => c.method === 'withdraw')).toHaveLength(1);
    await waitFor(() => expect(withdraw().classList.contains('ant-btn-loading')).toBe(true));
    await waitFor(() => expect(withdraw().classList.contains('ant-btn-loading')).toBe(false));
    expect(onSuccess).not.toHaveBeenCalled();
    await click('撤回');
    await waitFor(() => expect(provider.calls.filter((c) => c.method === 'withdraw')).toHaveLength(2));
    await waitFor(() => expect(withdraw().classList.contains('ant-btn-loading')).toBe(false));
    expect(success).not.toHaveBeenCalled();
    success.mockRestore();
  });

  it('no 撤回 once the form is no longer under review', async () => {
    renderWithFixtures(
      <SideDrawer
        open
        config={config}
        record={{ id: 3, name: 'a', status: '待提交', actions: ['view', 'edit'] }}
        onClose={() => undefined}
      />,
      { taskFor: () => false },
    );
    await waitFor(() => expect(footerButtons()).toEqual(['取消', '提交']));
  });
});

describe('SideDrawer 操作记录', () => {
  const entries = [
    { id: 1, at: '2026-11-20T02:00:00.000Z', action: 'create', actionName: '新增', userName: '张三', changes: [] },
    {
      id: 2,
      at: '2026-11-20T03:00:00.000Z',
      action: 'update',
      actionName: '修改',
      userName: '张三',
      changes: [{ field: 'reason', label: '事由', before: '出差', after: '出差（补票）' }],
    },
  ];
  it("reads the record's history when the panel is opened, and shows each change before and after", async () => {
    const provider = createFixtureProvider();
    provider.recordHistory = vi.fn(async () => entries);
    renderWithFixtures(
      <PageModuleContext.Provider value="reimburseManage">
        <SideDrawer open config={config} record={{ id: 9, name: 'a' }} onClose={() => undefined} />
      </PageModuleContext.Provider>,
      { provider },
    );
    expect(provider.recordHistory).not.toHaveBeenCalled();
    await act(async () => {
      fireEvent.click(screen.getByText('操作记录'));
    });
    await waitFor(() => expect(provider.recordHistory).toHaveBeenCalledWith({ module: 'reimburseManage', id: 9 }));
    expect(await screen.findByText(/张三 新增了单据/)).toBeTruthy();
    expect(screen.getByText('出差（补票）', { exact: false })).toBeTruthy();
    expect(screen.getByText('出差')).toBeTruthy();
  });

  it('offers no 操作记录 for a record not yet saved', () => {
    const provider = createFixtureProvider();
    provider.recordHistory = vi.fn(async () => entries);
    renderWithFixtures(
      <PageModuleContext.Provider value="reimburseManage">
        <SideDrawer open config={config} onClose={() => undefined} />
      </PageModuleContext.Provider>,
      { provider },
    );
    expect(screen.queryByText('操作记录')).toBeNull();
  });
});

describe('SideDrawer defaults', () => {
  it('who the user is, confirmed after the drawer opened, fills empty defaults and keeps what was typed', async () => {
    const withDept: DrawerConfig = {
      title: '报销单',
      fields: [
        { fieldName: 'name', titleName: '名称', fontendType: 'text' },
        { fieldName: 'deptId', titleName: '部门', fontendType: 'text', default: 'currentDept' },
      ],
    };
    const ui = (deptId?: number) => (
      <TenantContext.Provider value={{ userId: 1, deptId }}>
        <SideDrawer open config={withDept} onClose={() => undefined} />
      </TenantContext.Provider>
    );
    const view = renderWithFixtures(ui());
    await act(async () => {
      fireEvent.change(screen.getByPlaceholderText('请输入名称'), { target: { value: '已填写' } });
    });
    view.rerender(<FixtureProviders provider={view.provider}>{ui(7)}</FixtureProviders>);
    await waitFor(() => expect((screen.getByPlaceholderText('请输入部门') as HTMLInputElement).value).toBe('7'));
    expect((screen.getByPlaceholderText('请输入名称') as HTMLInputElement).value).toBe('已填写');
  });
});
