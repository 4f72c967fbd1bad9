import { Button, Checkbox, Popover } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import type { ColumnDef } from '../../../common/schema/types';
import { Messages } from '../../../common/rules/messages';

/** Popover titled 选择显示的列 with one checkbox per column. */
export function ColumnChooser({
  columns,
  visible,
  onChange,
}: {
  columns: ColumnDef[];
  visible: string[];
  onChange: (props: string[]) => void;
}) {
  const content = (
    <Checkbox.Group
      value={visible}
      onChange={(v) => onChange(v as string[])}
      style={{ display: 'flex', flexDirection: 'column', gap: 4 }}
    >
      {columns.map((c) => (
        <Checkbox key={c.prop} value={c.prop}>
          {c.label}
        </Checkbox>
      ))}
    </Checkbox.Group>
  );
  return (
    <Popover title={Messages.chooseColumns} trigger="click" content={content} placement="bottomRight">
      <Button icon={<SettingOutlined />} aria-label={Messages.chooseColumns} />
    </Popover>
  );
}
