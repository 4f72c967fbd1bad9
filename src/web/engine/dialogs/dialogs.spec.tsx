// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { ApprovalDialog } from './ApprovalDialog';
import { missingFilesError, ReasonDialog, reasonError } from './ReasonDialog';
import { AddDialog } from './AddDialog';
import { ConfirmDialog } from './ConfirmDialog';
import { ApprovalTimeline } from './ApprovalTimeline';
import { APPROVAL_STEPS } from '../fixtures/data';
import { buttons, renderWithFixtures } from '../fixtures/render';

afterEach(cleanup);

const footerButtons = () => [...document.querySelectorAll('.ant-modal-footer button')].map((b) => b.textContent);

describe('ReasonDialog', () => {
  it('is required only for rejection', () => {
    expect(reasonError('reject', '  ')).toBe('请输入原因');
    expect(reasonError('agree', '')).toBeNull();
  });
  it('rejecting without a reason shows 请输入原因 and does not confirm', () => {
    const onConfirm = vi.fn();
    renderWithFixtures(<ReasonDialog open mode="reject" onCancel={() => undefined} onConfirm={onConfirm} />);
    expect(document.querySelector('.ant-modal-title')!.textContent).toBe('请输入原因');
    fireEvent.click(screen.getByText('确定'));
    expect(onConfirm).not.toHaveBeenCalled();
    expect(document.querySelector('.ant-typography-danger')!.textContent).toBe('请输入原因');
    fireEvent.change(screen.getByLabelText('remark'), { target: { value: '金额有误' } });
    fireEvent.click(screen.getByText('确定'));
    expect(onConfirm).toHaveBeenCalledWith('金额有误', {});
  });
  it('agreeing confirms with an empty remark', () => {
    const onConfirm = vi.fn();
    renderWithFixtures(<ReasonDialog open mode="agree" onCancel={() => undefined} onConfirm={onConfirm} />);
    fireEvent.click(screen.getByText('确定'));
    expect(onConfirm).toHaveBeenCalledWith('', {});
  });
  it("agreeing to a step with 必交资料 lists them; a missing one is asked for with the server's message", () => {
    const onConfirm = vi.fn();
    const requiredFiles = [
      { label: '预算', field: 'budgetFiles', attached: true },
      { label: '报价', field: 'quoteFiles', attached: false },
    ];
    renderWithFixtures(
      <ReasonDialog
        open
        mode="agree"
        stepName="报价审批"
        requiredFiles={requiredFiles}
        onCancel={() => undefined}
        onConfirm={onConfirm}
      />,
    );
    expect(screen.getByText('本步骤（报价审批）必交资料')).toBeTruthy();
    expect(screen.getByText('已上传')).toBeTruthy();
    expect(screen.getByLabelText('上传报价')).toBeTruthy();
    expect(screen.queryByLabelText('上传预算')).toBeNull();
    fireEvent.click(screen.getByText('确定'));
    expect(onConfirm).not.toHaveBeenCalled();
    expect(document.querySelector('.ant-typography-danger')!.textContent).toBe('「报价审批」须先上传必交资料：报价');
    expect(
      missingFilesError('报价审批', requiredFiles, { quoteFiles: [{ url: '/api/files/1/a.pdf', name: 'a.pdf' }] }),
    ).toBeNull();
  });
  it("rejecting does not ask for the step's files", () => {
    const onConfirm = vi.fn();
    renderWithFixtures(
      <ReasonDialog
        open
        mode="reject"
        stepName="报价审批"
        requiredFiles={[{ label: '报价', field: 'quoteFiles', attached: false }]}
        onCancel={() => undefined}
        onConfirm={onConfirm}
      />,
    );
    expect(screen.queryByText('本步骤（报价审批）必交资料')).toBeNull();
    fireEvent.change(screen.getByLabelText('remark'), { target: { value: '报价过高' } });
    fireEvent.click(screen.getByText('确定'));
    expect(onConfirm).toHaveBeenCalledWith('报价过高', {});
  });
});

describe('ApprovalDialog', () => {
  it('with a taskId: the given title and 驳回 / 取消 / 同意', async () => {
    renderWithFixtures(<ApprovalDialog open title="报销单" formId="7" onClose={() => undefined} />);
    await waitFor(() => expect(footerButtons()).toEqual(['驳回', '取消', '同意']));
    expect(document.querySelector('.ant-modal-title')!.textContent).toBe('报销单');
  });
  it('without a taskId: 详情： prefix and only 关闭', async () => {
    renderWithFixtures(<ApprovalDialog open title="报销单" formId="7" onClose={() => undefined} />, {
      taskFor: () => false,
    });
    await waitFor(() => expect(footerButtons()).toEqual(['关闭']));
    expect(document.querySelector('.ant-modal-title')!.textContent).toBe('详情：报销单');
  });
  it('agree goes through the reason dialog, calls agree with the task and shows 已同意', async () => {
    const onSuccess = vi.fn();
    const { provider } = renderWithFixtures(
      <ApprovalDialog open title="报销单" formId="7" onClose={() => undefined} onSuccess={onSuccess} />,
    );
    await waitFor(() => expect(footerButtons()).toContain('同意'));
    fireEvent.click(buttons('同意')[0]);
    fireEvent.change(await screen.findByLabelText('remark'), { target: { value: '好' } });
    fireEvent.click(screen.getByText('确定'));
    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    expect(provider.calls.find((c) => c.method === 'agree')!.args).toEqual({
      taskId: 't-7',
      processInstanceId: 'p-7',
      comments: '好',
    });
    expect(await screen.findByText('已同意')).toBeTruthy();
  });
});

describe('ApprovalTimeline', () => {
  it('reads each finished step as a sentence, refusals in red, and the waiting step last with who it waits for', () => {
    renderWithFixtures(
      <ApprovalTimeline
        steps={[
          ...APPROVAL_STEPS,
          {
            id: 'p',
            name: '总经理审批',
            assigneeName: '钱七、孙八',
            taskEndTime: null,
            operationName: 'pending',
            approvalOpinion: '或签：一人同意即可',
          },
        ]}
      />,
    );
    const steps = [...document.querySelectorAll('.yg-approval-step')].map((s) => s.firstElementChild as HTMLElement);
    expect(steps.map((s) => s.textContent)).toEqual([
      '李四 提交了申请',
      '部门审批：王五 同意：同意采购',
      '财务审批：赵六 驳回，原因：金额有误',
      '总经理审批：等待 钱七、孙八 审批（或签：一人同意即可）',
    ]);
    expect(steps[2].style.color).toBe('rgb(255, 77, 79)');
    // A step with no end time that is not waiting (a stale entry) is not shown.
    expect(screen.queryByText(/钱七$/)).toBeNull();
    // Only ended steps are points of the timeline; the waiting one is a line below it.
    expect(document.querySelectorAll('.ant-timeline-item')).toHaveLength(3);
    expect(document.querySelector('.ant-timeline .yg-op-pending')).toBeNull();
    expect(document.querySelector('.yg-approval-waiting')!.textContent).toContain('等待 钱七、孙八 审批');
  });
});

describe('AddDialog', () => {
  const fields = [{ fieldName: 'name', titleName: '名称', fontendType: 'text' as const, requireAble: true }];
  it('width 400, tenant logo, validates before emitting', async () => {
    const onSubmit = vi.fn();
    renderWithFixtures(<AddDialog open title="新增" fields={fields} onCancel={() => undefined} onSubmit={onSubmit} />);
    expect((document.querySelector('.ant-modal') as HTMLElement).style.width).toBe('400px');
    expect(document.querySelector('.ant-modal-title .yg-tenant-logo')).toBeTruthy();
    expect(footerButtons()).toEqual(['取消', '提交']);
    await act(async () => {
      fireEvent.click(screen.getByText('提交'));
    });
    expect(await screen.findByText('名称不能为空')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.change(screen.getByPlaceholderText('请输入名称'), { target: { value: '收银台' } });
    await act(async () => {
      fireEvent.click(screen.getByText('提交'));
    });
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ name: '收银台' }));
  });
  it('extra button and custom submit text; buttons follow permissions', () => {
    renderWithFixtures(
      <AddDialog
        open
        title="新增"
        fields={fields}
        submitText="保存"
        extraButton={{ key: 'd', text: '存草稿' }}
        onCancel={() => undefined}
        onSubmit={() => undefined}
      />,
    );
    expect(footerButtons()).toEqual(['存草稿', '取消', '保存']);
    cleanup();
    renderWithFixtures(
      <AddDialog
        open
        title="新增"
        fields={fields}
        extraButton={{ key: 'd', text: '存草稿', permissionCode: 'x:draft' }}
        onCancel={() => undefined}
        onSubmit={() => undefined}
      />,
    );
    expect(footerButtons()).toEqual(['取消', '提交']);
  });
});

describe('AddDialog pressed as it opens', () => {
  const payFields = [
    { fieldName: 'payDate', titleName: '支付日期', fontendType: 'date' as const, requireAble: true },
    { fieldName: 'account', titleName: '付款账户', fontendType: 'text' as const, requireAble: true },
  ];
  /** A page opening the dialog; 重绘 renders it again with its fields and initial values built afresh (as a parent does). */
  function Host({ onSubmit }: { onSubmit: (v: Record<string, unknown>) => unknown }) {
    const [open, setOpen] = useState(false);
    const [n, setN] = useState(0);
    return (
      <>
        <button type="button" onClick={() => setOpen(true)}>
          打开
        </button>
        <button type="button" onClick={() => setN(n + 1)}>
          重绘
        </button>
        {open && (
          <AddDialog
            open
            title="支付"
            fields={payFields.map((f) => ({ ...f }))}
            initialValues={{}}
            submitText="确定"
            onCancel={() => setOpen(false)}
            onSubmit={onSubmit}
          />
        )}
      </>
    );
  }
  const ok = () => buttons('确定', document.querySelector('.ant-modal-footer')!)[0];

  it('one press at once shows the field messages, and they stay when the page renders again', async () => {
    const onSubmit = vi.fn();
    renderWithFixtures(<Host onSubmit={onSubmit} />);
    fireEvent.click(screen.getByText('打开'));
    await act(async () => {
      fireEvent.click(ok());
    });
    expect(await screen.findByText('支付日期不能为空')).toBeTruthy();
    fireEvent.click(screen.getByText('重绘'));
    await act(async () => {
      await new Promise((r) => setTimeout(r, 50));
    });
    expect(screen.queryByText('支付日期不能为空')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });
  it('what was typed survives the page rendering again, and one press submits it once', async () => {
    let release!: () => void;
    const onSubmit = vi.fn(
      () =>
        new Promise<void>((r) => {
          release = r;
        }),
    );
    renderWithFixtures(<Host onSubmit={onSubmit} />);
    fireEvent.click(screen.getByText('打开'));
    fireEvent.change(screen.getByPlaceholderText('请输入付款账户'), { target: { value: '招商银行' } });
    fireEvent.click(screen.getByText('重绘'));
    expect((screen.getByPlaceholderText('请输入付款账户') as HTMLInputElement).value).toBe('招商银行');
    await act(async () => {
      fireEvent.click(ok());
    });
    expect(await screen.findByText('支付日期不能为空')).toBeTruthy();
    expect(screen.queryByText('付款账户不能为空')).toBeNull();
    await act(async () => {
      fireEvent.change(document.querySelector('.ant-picker input')!, { target: { value: '2026-11-21' } });
    });
    await act(async () => {
      fireEvent.keyDown(document.querySelector('.ant-picker input')!, { key: 'Enter', code: 'Enter', keyCode: 13 });
    });
    // Two presses in a row: one submission.
    await act(async () => {
      fireEvent.click(ok());
      fireEvent.click(ok());
    });
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith({ payDate: '2026-11-21', account: '招商银行' });
    await act(async () => {
      release();
    });
  });
});

describe('ConfirmDialog', () => {
  it('width 500 with title, tips, tip text and one button', () => {
    renderWithFixtures(
      <ConfirmDialog
        open
        title="提示"
        tips="确定删除该项吗？"
        tipText="不可恢复"
        onClose={() => undefined}
        onConfirm={() => undefined}
      />,
    );
    expect((document.querySelector('.ant-modal') as HTMLElement).style.width).toBe('500px');
    expect(footerButtons()).toEqual(['确定']);
    expect(screen.getByText('确定删除该项吗？')).toBeTruthy();
  });
});
