// Approval dialog: with a taskId for the form it carries the title and offers
// 驳回 / 取消 / 同意; without one the title reads 详情：<title> and only 关闭 remains.
import type { ReactNode } from 'react';
import { Button, Divider, Modal, Spin } from 'antd';
import { Messages } from '../../../common/rules/messages';
import { ApprovalTimeline } from './ApprovalTimeline';
import { ReasonDialog } from './ReasonDialog';
import { TenantLogo } from '../tenant';
import { useApproval } from './use-approval';
import { DRAWER_WIDTH } from '../constants';

export interface ApprovalDialogProps {
  open: boolean;
  title: string;
  formId: string | number;
  width?: number;
  onClose: () => void;
  onSuccess?: () => void;
  /** An approval the server refused (the record moved on meanwhile): the caller shows it as it is now. */
  onApprovalFailed?: () => void;
  children?: ReactNode;
}

export function ApprovalDialog({
  open,
  title,
  formId,
  width,
  onClose,
  onSuccess,
  onApprovalFailed,
  children,
}: ApprovalDialogProps) {
  const a = useApproval(
    formId,
    open,
    () => {
      onSuccess?.();
      onClose();
    },
    onApprovalFailed,
  );
  const footer = !a.loaded ? null : a.task ? (
    <>
      <Button danger onClick={() => a.openReason('reject')}>
        {Messages.reject}
      </Button>
      <Button onClick={onClose}>{Messages.cancel}</Button>
      <Button type="primary" onClick={() => a.openReason('agree')}>
        {Messages.agree}
      </Button>
    </>
  ) : (
    <Button onClick={onClose}>{Messages.close}</Button>
  );
  return (
    <>
      <Modal
        className="yg-approval-dialog"
        open={open}
        width={width ?? DRAWER_WIDTH}
        onCancel={onClose}
        title={
          <div style={{ display: 'flex', justifyContent: 'space-between', paddingRight: 32 }}>
            <span>{a.loaded && !a.task ? `${Messages.detailsPrefix}${title}` : title}</span>
            <TenantLogo />
          </div>
        }
        footer={footer}
      >
        <Spin spinning={!a.loaded}>
          {children}
          <Divider orientation="left">{Messages.approvalDynamics}</Divider>
          <ApprovalTimeline steps={a.steps} />
        </Spin>
      </Modal>
      <ReasonDialog
        open={!!a.reason}
        mode={a.reason ?? 'agree'}
        loading={a.busy}
        onCancel={a.closeReason}
        onConfirm={a.decide}
        stepName={a.task?.stepName}
        requiredFiles={a.task?.requiredFiles}
        refusal={a.refusal}
      />
    </>
  );
}
