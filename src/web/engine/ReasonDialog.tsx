// Reason dialog (spec §2.9): title 请输入原因, a remark box and 确定. The remark is required only
// when rejecting.
import { useEffect, useState } from 'react';
import { Button, Input, Modal, Typography } from 'antd';
import { Messages } from '../../common/rules/messages';
import { DIALOG_WIDTH } from './constants';

export interface ReasonDialogProps {
  open: boolean;
  mode: 'agree' | 'reject';
  loading?: boolean;
  onCancel: () => void;
  onConfirm: (remark: string) => void;
}

export function reasonError(mode: 'agree' | 'reject', remark: string): string | null {
  return mode === 'reject' && !remark.trim() ? Messages.enterReason : null;
}

export function ReasonDialog({ open, mode, loading, onCancel, onConfirm }: ReasonDialogProps) {
  const [remark, setRemark] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => { if (open) { setRemark(''); setError(null); } }, [open]);

  const confirm = () => {
    const err = reasonError(mode, remark);
    setError(err);
    if (!err) onConfirm(remark.trim());
  };

  return (
    <Modal
      open={open}
      title={Messages.enterReason}
      width={DIALOG_WIDTH}
      onCancel={onCancel}
      footer={<Button type="primary" loading={loading} onClick={confirm}>{Messages.confirm}</Button>}
    >
      <Input.TextArea
        rows={4}
        aria-label="remark"
        value={remark}
        status={error ? 'error' : undefined}
        placeholder={Messages.enterReason}
        onChange={(e) => { setRemark(e.target.value); if (error) setError(null); }}
      />
      {error && <Typography.Text type="danger">{error}</Typography.Text>}
    </Modal>
  );
}
