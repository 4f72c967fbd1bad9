// The progress dialog of a list's Excel export (ExportProgress.tsx): a chunk of its own, loaded with the first export.
import { Button, Modal, Progress, Typography } from 'antd';
import { exportPercent, sizeText } from './export-progress';

export interface Running {
  bytes: number;
  rows: number | null;
  columns: number;
  done: boolean;
}

/** The progress dialog: rows to come, bytes received, an estimated share; 取消 stops the download. */
export function ExportDialog({ run, onCancel }: { run: Running | null; onCancel: () => void }) {
  const percent = run
    ? exportPercent({ bytes: run.bytes, rows: run.rows ?? 0, columns: run.columns, done: run.done })
    : 0;
  return (
    <Modal
      open={run !== null}
      title="导出 Excel"
      closable={false}
      maskClosable={false}
      keyboard={false}
      destroyOnHidden
      footer={<Button onClick={onCancel}>取消</Button>}
    >
      <div className="yg-export-progress">
        <Progress percent={percent} status={run?.done ? 'success' : 'active'} />
        <Typography.Text type="secondary">
          {run?.rows === null || !run
            ? '正在统计记录…'
            : `共 ${run.rows.toLocaleString('en-US')} 条，已接收 ${sizeText(run.bytes)}`}
        </Typography.Text>
      </div>
    </Modal>
  );
}
