import { ApartmentOutlined, UserOutlined } from '@ant-design/icons';
import { Modal, Segmented } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { TenantType } from '../../api/team';
import { selectionRoute, type SelectionMode } from './selection';

const MODE_LABEL: Record<SelectionMode, string> = { join: '加入团队', create: '创建团队' };

const TYPES: { type: TenantType; title: string; icon: JSX.Element; desc: Record<SelectionMode, string> }[] = [
  {
    type: 'individual',
    title: '个人团队',
    icon: <UserOutlined />,
    desc: { join: '输入团队编号，申请加入个人团队', create: '实名认证后创建，适合个人与小型工作室' },
  },
  {
    type: 'enterprise',
    title: '企业团队',
    icon: <ApartmentOutlined />,
    desc: { join: '输入团队编号，申请加入企业团队', create: '上传营业执照与法人授权，开通企业全部模块' },
  },
];

interface PanelProps {
  mode: SelectionMode;
  /** Shows the 加入团队 / 创建团队 switch. */
  switchable?: boolean;
  onModeChange?(mode: SelectionMode): void;
  onPick(path: string): void;
}

/** Join or create, each as individual or enterprise (the selection dialog's body and /selectionMethod). */
export function SelectionPanel({ mode, switchable, onModeChange, onPick }: PanelProps) {
  return (
    <div className="yg-select">
      {switchable && (
        <Segmented<SelectionMode>
          block
          size="large"
          value={mode}
          onChange={(m) => onModeChange?.(m)}
          options={(['join', 'create'] as const).map((m) => ({ value: m, label: MODE_LABEL[m] }))}
          style={{ marginBottom: 20 }}
        />
      )}
      <div className="yg-select-cards">
        {TYPES.map((t) => (
          <button
            type="button"
            key={t.type}
            className={`yg-select-card yg-select-${t.type}`}
            data-testid={`select-${mode}-${t.type}`}
            onClick={() => onPick(selectionRoute(mode, t.type))}
          >
            <span className="yg-select-icon">{t.icon}</span>
            <span className="yg-select-title">{t.title}</span>
            <span className="yg-select-desc">{t.desc[mode]}</span>
          </button>
        ))}
      </div>
    </div>
  );
}

interface DialogProps {
  open: boolean;
  mode: SelectionMode;
  onClose(): void;
}

/** The selection dialog the user menu opens (加入团队 / 创建团队). */
export function SelectionDialog({ open, mode: initial, onClose }: DialogProps) {
  const navigate = useNavigate();
  const [mode, setMode] = useState<SelectionMode>(initial);
  useEffect(() => {
    if (open) setMode(initial);
  }, [open, initial]);
  return (
    <Modal title={MODE_LABEL[mode]} open={open} onCancel={onClose} footer={null} width={520} destroyOnHidden>
      <SelectionPanel
        mode={mode}
        switchable
        onModeChange={setMode}
        onPick={(path) => {
          onClose();
          navigate(path);
        }}
      />
    </Modal>
  );
}
