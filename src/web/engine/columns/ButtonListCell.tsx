import { Button, Space } from 'antd';
import type { ButtonDef } from '../../../common/schema/types';
import { Permission } from '../Permission';
import type { CellProps } from './types';

/** The column's `data` buttons, each behind its permission code. */
export function ButtonListCell({ col, row, onAction }: CellProps) {
  const buttons = (Array.isArray(col.data) ? col.data : []) as ButtonDef[];
  return (
    <Space size={4}>
      {buttons.map((b) => (
        <Permission key={b.key} code={b.permissionCode}>
          <Button
            type="link"
            size="small"
            danger={b.danger}
            style={{ padding: 0 }}
            onClick={() => onAction?.(b.key!, row)}
          >
            {b.text}
          </Button>
        </Permission>
      ))}
    </Space>
  );
}
