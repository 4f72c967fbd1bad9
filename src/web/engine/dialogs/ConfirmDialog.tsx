// Simple confirm dialog: width 500, title, tips, tip text and one button.
import { Button, Modal, Typography } from 'antd';
import { ExclamationCircleFilled } from '@ant-design/icons';
import { Messages } from '../../../common/rules/messages';
import { CONFIRM_DIALOG_WIDTH } from '../constants';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  tips?: string;
  tipText?: string;
  buttonText?: string;
  onClose: () => void;
  onConfirm: () => void;
}

export function ConfirmDialog({ open, title, tips, tipText, buttonText, onClose, onConfirm }: ConfirmDialogProps) {
  return (
    <Modal
      open={open}
      title={title}
      width={CONFIRM_DIALOG_WIDTH}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onConfirm}>
          {buttonText ?? Messages.confirm}
        </Button>
      }
    >
      {tips && (
        <p style={{ fontWeight: 500 }}>
          <ExclamationCircleFilled style={{ color: '#faad14', marginRight: 8 }} />
          {tips}
        </p>
      )}
      {tipText && <Typography.Paragraph type="secondary">{tipText}</Typography.Paragraph>}
    </Modal>
  );
}
