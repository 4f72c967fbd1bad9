// Excel import of a list (a schema button with action "import"): 1 下载模板 and 上传文件, 2 预览 — every row
// with the errors the server's save rules give it, the bad ones in red — and the choice 仅导入正确的行 /
// 全部正确才导入, 3 the result (导入 N 条) with the error report to download. Knows no module.
import { useState } from 'react';
import { Alert, Button, Modal, Radio, Result, Space, Steps, Table, Tag, Typography, Upload } from 'antd';
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { useDataProvider, type ImportPreview, type ImportResult } from '../../api/data-provider';
import { feedback } from '../feedback';

export interface ImportDialogProps {
  open: boolean;
  module: string;
  title: string;
  onClose: () => void;
  /** After rows were stored (the list reloads). */
  onImported: () => void;
}

/** Saves a blob under a name, as a download. */
export function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}

const fromBase64 = (b64: string) => {
  const bin = atob(b64);
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return new Blob([bytes], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
};

export function ImportDialog({ open, module, title, onClose, onImported }: ImportDialogProps) {
  const provider = useDataProvider();
  const [step, setStep] = useState(0);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [mode, setMode] = useState<'valid' | 'all'>('valid');
  const [result, setResult] = useState<ImportResult | null>(null);
  const [busy, setBusy] = useState(false);
  const [onlyBad, setOnlyBad] = useState(false);

  const reset = () => {
    setStep(0);
    setFile(null);
    setPreview(null);
    setResult(null);
    setMode('valid');
    setOnlyBad(false);
  };
  const close = () => {
    reset();
    onClose();
  };

  const downloadTemplate = async () => {
    const t = await provider.importTemplate!(module);
    saveBlob(t.blob, t.fileName);
  };
  const runPreview = async () => {
    if (!file) return;
    setBusy(true);
    try {
      setPreview(await provider.importPreview!(module, file, file.name));
      setStep(1);
    } catch {
      /* the client showed the message */
    } finally {
      setBusy(false);
    }
  };
  const runImport = async () => {
    if (!file) return;
    setBusy(true);
    try {
      const r = await provider.importRows!(module, file, mode, file.name);
      setResult(r);
      setStep(2);
      if (r.imported > 0) {
        feedback.message.success(`已导入 ${r.imported} 条`);
        onImported();
      }
    } catch {
      /* shown */
    } finally {
      setBusy(false);
    }
  };

  const headers = preview?.headers ?? [];
  const rows = (preview?.rows ?? []).filter((r) => !onlyBad || r.errors.length);
  // Fixed cells paint their own background: a bad row's red is given to them too.
  const red = (r: { errors: string[] }) => (r.errors.length ? { style: { background: '#fff1f0' } } : {});
  const columns = [
    { title: '行号', dataIndex: 'rowNumber', width: 64, fixed: 'left' as const, onCell: red },
    {
      title: '校验结果',
      dataIndex: 'errors',
      width: 260,
      fixed: 'left' as const,
      onCell: red,
      render: (errors: string[]) =>
        errors.length ? (
          <Typography.Text type="danger" data-testid="row-errors">
            {errors.join('；')}
          </Typography.Text>
        ) : (
          <Tag color="green">正确</Tag>
        ),
    },
    ...headers.map((h) => ({
      title: h,
      key: h,
      width: Math.max(90, Math.min(200, h.length * 16 + 24)),
      ellipsis: true,
      render: (_: unknown, r: { values: Record<string, string> }) => r.values[h] ?? '',
    })),
  ];

  const footer =
    step === 0
      ? [
          <Button key="cancel" onClick={close}>
            取消
          </Button>,
          <Button key="next" type="primary" disabled={!file} loading={busy} onClick={runPreview}>
            下一步：预览
          </Button>,
        ]
      : step === 1
        ? [
            <Button
              key="back"
              onClick={() => {
                setStep(0);
                setPreview(null);
              }}
            >
              上一步
            </Button>,
            <Button
              key="go"
              type="primary"
              loading={busy}
              disabled={!preview?.valid || (mode === 'all' && !!preview?.invalid)}
              onClick={runImport}
            >
              导入
            </Button>,
          ]
        : [
            <Button key="again" onClick={reset}>
              继续导入
            </Button>,
            <Button key="done" type="primary" onClick={close}>
              完成
            </Button>,
          ];

  return (
    <Modal
      open={open}
      title={`导入${title}`}
      width={step === 1 ? 1100 : 640}
      onCancel={close}
      footer={footer}
      destroyOnHidden
      maskClosable={false}
    >
      <Steps
        size="small"
        current={step}
        style={{ marginBottom: 16 }}
        items={[{ title: '上传文件' }, { title: '预览' }, { title: '导入结果' }]}
      />
      {step === 0 && (
        <Space direction="vertical" style={{ width: '100%' }} size="middle">
          <Alert
            type="info"
            showIcon
            message="请先下载导入模板，按模板填写后上传（.xlsx，不超过 10MB、5000 行）。每行按新增表单的同样规则校验。"
          />
          <Button icon={<DownloadOutlined />} onClick={downloadTemplate}>
            下载模板
          </Button>
          <Upload.Dragger
            accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            maxCount={1}
            beforeUpload={(f) => {
              setFile(f);
              return false;
            }}
            onRemove={() => setFile(null)}
            fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">点击或拖拽 Excel 文件到此处</p>
          </Upload.Dragger>
        </Space>
      )}
      {step === 1 && preview && (
        <Space direction="vertical" style={{ width: '100%' }} size="small">
          <Space wrap>
            <span data-testid="import-counts">
              共 {preview.total} 行，正确 <Typography.Text type="success">{preview.valid}</Typography.Text> 行，错误{' '}
              <Typography.Text type="danger">{preview.invalid}</Typography.Text> 行
            </span>
            <Radio.Group value={mode} onChange={(e) => setMode(e.target.value)}>
              <Radio value="valid">仅导入正确的行</Radio>
              <Radio value="all">全部正确才导入</Radio>
            </Radio.Group>
            <Button
              size="small"
              type={onlyBad ? 'primary' : 'default'}
              onClick={() => setOnlyBad(!onlyBad)}
              disabled={!preview.invalid}
            >
              只看错误行
            </Button>
          </Space>
          {mode === 'all' && !!preview.invalid && (
            <Alert
              type="warning"
              showIcon
              message="有错误行时「全部正确才导入」不会导入任何一行：请修改后重新上传，或选择「仅导入正确的行」。"
            />
          )}
          <Table
            size="small"
            rowKey="rowNumber"
            columns={columns}
            dataSource={rows}
            scroll={{ x: 'max-content', y: 420 }}
            pagination={{ pageSize: 50, showSizeChanger: false, hideOnSinglePage: true }}
            onRow={(r) =>
              r.errors.length
                ? ({ style: { background: '#fff1f0' }, 'data-bad': 'true' } as React.HTMLAttributes<HTMLElement>)
                : {}
            }
          />
        </Space>
      )}
      {step === 2 && result && (
        <Result
          status={result.failed ? (result.imported ? 'warning' : 'error') : 'success'}
          title={result.imported ? `导入 ${result.imported} 条` : '未导入任何记录'}
          subTitle={
            result.failed
              ? `${result.failed} 行有错误${result.imported ? '未导入' : ''}`
              : `共 ${result.total} 行，全部导入`
          }
          extra={
            result.errorReport
              ? [
                  <Button
                    key="report"
                    icon={<DownloadOutlined />}
                    onClick={() =>
                      saveBlob(fromBase64(result.errorReport!), result.errorReportName ?? '导入错误报告.xlsx')
                    }
                  >
                    下载错误报告
                  </Button>,
                ]
              : undefined
          }
        />
      )}
    </Modal>
  );
}
