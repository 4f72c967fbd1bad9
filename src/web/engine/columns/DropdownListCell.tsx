import { Dropdown } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { Messages } from '../../../common/rules/messages';
import type { CellProps } from './types';

/** First item with a dropdown of them all; 暂无数据 when empty. */
export function DropdownListCell({ value }: CellProps) {
  const items = Array.isArray(value) ? value : value ? [value] : [];
  if (!items.length)
    return (
      <span className="yg-muted" style={{ color: '#999' }}>
        {Messages.noData}
      </span>
    );
  return (
    <Dropdown menu={{ items: items.map((v, i) => ({ key: String(i), label: String(v) })) }}>
      <span style={{ cursor: 'pointer' }}>
        {String(items[0])} <DownOutlined />
      </span>
    </Dropdown>
  );
}
