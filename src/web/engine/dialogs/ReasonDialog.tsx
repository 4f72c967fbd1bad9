// Reason dialog: title 请输入原因, a remark box and 确定. The remark is required only
// when rejecting. Agreeing to a step that requires files (a 立项流程 stage's 必交资料) lists them: attached ones
// ticked, missing ones with an upload; 确定 asks for the missing ones with the server's own message.
import { useEffect, useState } from 'react';
import { Alert, Button, Input, Modal, Space, Typography, Upload } from 'antd';
import { CheckCircleFilled, UploadOutlined } from '@ant-design/icons';
import { Messages } from '../../../common/rules/messages';
import type { RequiredFile, UploadedFile } from '../../api/data-provider';
import { useUploader } from '../fields/UploadField';
import { DIALOG_WIDTH } from '../constants';

export interface ReasonDialogProps {
  open: boolean;
  mode: 'agree' | 'reject';
  loading?: boolean;
  onCancel: () => void;
  onConfirm: (remark: string, files: Record<string, UploadedFile[]>) => void;
  /** On agree: the step's name and the files it requires. */
  stepName?: string;
  requiredFiles?: RequiredFile[];
  /** The server's reason for refusing the last 确定, when the approver can act on it (stock short, a rule). */
  refusal?: string | null;
}

export function reasonError(mode: 'agree' | 'reject', remark: string): string | null {
  return mode === 'reject' && !remark.trim() ? Messages.enterReason : null;
}

/** The server's refusal when a step's required files are missing (engine.ts attachRequired), or null. */
export function missingFilesError(
  stepName: string | undefined,
  required: RequiredFile[],
  files: Record<string, UploadedFile[]>,
): string | null {
  const missing = required.filter((f) => !f.attached && !files[f.field]?.length).map((f) => f.label);
  return missing.length ? `「${stepName ?? ''}」须先上传必交资料：${missing.join('、')}` : null;
}

function RequiredFileUpload({
  file,
  value,
  onChange,
}: {
  file: RequiredFile;
  value: UploadedFile[] | undefined;
  onChange: (v: UploadedFile[]) => void;
}) {
  const up = useUploader(
    { fieldName: file.field, titleName: file.label, fontendType: 'upload', limit: 5 },
    value,
    onChange,
  );
  return (
    <Upload multiple {...up}>
      <Button size="small" icon={<UploadOutlined />} aria-label={`上传${file.label}`}>
        上传{file.label}
      </Button>
    </Upload>
  );
}

export function ReasonDialog({
  open,
  mode,
  loading,
  onCancel,
  onConfirm,
  stepName,
  requiredFiles,
  refusal,
}: ReasonDialogProps) {
  const [remark, setRemark] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [files, setFiles] = useState<Record<string, UploadedFile[]>>({});
  useEffect(() => {
    if (open) {
      setRemark('');
      setError(null);
      setFiles({});
    }
  }, [open]);
  const required = mode === 'agree' ? (requiredFiles ?? []) : [];

  const confirm = () => {
    const err = reasonError(mode, remark) ?? missingFilesError(stepName, required, files);
    setError(err);
    if (!err) onConfirm(remark.trim(), Object.fromEntries(Object.entries(files).filter(([, v]) => v.length)));
  };

  return (
    <Modal
      open={open}
      title={Messages.enterReason}
      width={DIALOG_WIDTH}
      onCancel={onCancel}
      footer={
        <Button type="primary" loading={loading} onClick={confirm}>
          {Messages.confirm}
        </Button>
      }
    >
      {refusal && <Alert type="error" showIcon role="alert" message={refusal} style={{ marginBottom: 12 }} />}
      {required.length > 0 && (
        <div style={{ marginBottom: 12 }} data-testid="required-files">
          <Typography.Text strong>{`本步骤（${stepName ?? ''}）必交资料`}</Typography.Text>
          {required.map((f) => (
            <div key={f.field} style={{ display: 'flex', gap: 8, alignItems: 'flex-start', marginTop: 6 }}>
              <span style={{ minWidth: 40 }}>{f.label}</span>
              {f.attached ? (
                <Space size={4}>
                  <CheckCircleFilled style={{ color: '#52c41a' }} />
                  <Typography.Text type="secondary">已上传</Typography.Text>
                </Space>
              ) : (
                <RequiredFileUpload
                  file={f}
                  value={files[f.field]}
                  onChange={(v) => {
                    setFiles((x) => ({ ...x, [f.field]: v }));
                    setError(null);
                  }}
                />
              )}
            </div>
          ))}
        </div>
      )}
      <Input.TextArea
        rows={4}
        aria-label="remark"
        value={remark}
        status={error && error === reasonError(mode, remark) ? 'error' : undefined}
        placeholder={Messages.enterReason}
        onChange={(e) => {
          setRemark(e.target.value);
          if (error) setError(null);
        }}
      />
      {error && <Typography.Text type="danger">{error}</Typography.Text>}
    </Modal>
  );
}
