import { Tag, Tooltip, Typography } from 'antd';
import { QuestionCircleOutlined } from '@ant-design/icons';
import type { Option, SystemCodeConfig } from '../../../common/schema/types';
import { Messages } from '../../../common/rules/messages';
import { StatusCell } from '../columns/StatusCell';

/** Drawer system-code line: title, the code (系统生成 until saved), status tag, remark, tooltip. */
export function SystemCodeLine({
  config,
  record,
  options,
}: {
  config: SystemCodeConfig;
  record?: Record<string, unknown>;
  options?: Option[];
}) {
  const code = record?.[config.prop];
  const status = config.statusProp ? record?.[config.statusProp] : undefined;
  return (
    <div className="yg-system-code" style={{ display: 'flex', alignItems: 'center', gap: 8, marginBottom: 12 }}>
      <span>{config.title}：</span>
      <strong>{code ? String(code) : ''}</strong>
      <Tag>{Messages.systemGenerated}</Tag>
      {status !== undefined && status !== null && status !== '' && (
        <StatusCell
          col={{ prop: config.statusProp!, label: '', data: options }}
          row={{ id: '', ...(record ?? {}) } as never}
          value={status}
          index={0}
        />
      )}
      {config.remark && <Typography.Text type="secondary">{config.remark}</Typography.Text>}
      {config.tooltip && (
        <Tooltip title={config.tooltip}>
          <QuestionCircleOutlined aria-label={config.tooltip} />
        </Tooltip>
      )}
    </div>
  );
}
