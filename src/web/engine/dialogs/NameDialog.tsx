import { useEffect, useState } from 'react';
import { Input, Modal } from 'antd';
import { Messages } from '../../../common/rules/messages';
import { DIALOG_WIDTH } from '../constants';

/** Asks for a category name (add or rename). */
export function NameDialog({
  open,
  title,
  initial,
  onCancel,
  onOk,
}: {
  open: boolean;
  title: string;
  initial?: string;
  onCancel: () => void;
  onOk: (name: string) => void;
}) {
  const [name, setName] = useState(initial ?? '');
  useEffect(() => {
    if (open) setName(initial ?? '');
  }, [open, initial]);
  const label = '分类名称';
  return (
    <Modal
      open={open}
      title={title}
      width={DIALOG_WIDTH}
      onCancel={onCancel}
      okText={Messages.confirm}
      cancelText={Messages.cancel}
      okButtonProps={{ disabled: !name.trim() }}
      onOk={() => onOk(name.trim())}
    >
      <Input
        aria-label={label}
        placeholder={`请输入${label}`}
        maxLength={50}
        value={name}
        onChange={(e) => setName(e.target.value)}
      />
    </Modal>
  );
}
