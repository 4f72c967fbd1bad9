// Story-only: one column type in a small table, over filled and empty rows, plus a loading table.
import { Table } from 'antd';
import type { ColumnDef, TableRow } from '../../../common/schema/types';
import { Messages } from '../../../common/rules/messages';
import { resolveCell } from './registry';
import { cellValue } from './types';

export function ColumnPreview({ col, rows, loading }: { col: ColumnDef; rows: TableRow[]; loading?: boolean }) {
  const Cell = resolveCell(col.type);
  return (
    <Table<TableRow>
      rowKey="id"
      size="small"
      loading={loading}
      pagination={false}
      locale={{ emptyText: Messages.noData }}
      dataSource={rows}
      columns={[
        { title: '状态', key: 'state', width: 80, render: (_v, r) => (r.id === 'empty' ? '空值' : '有值') },
        {
          title: col.label,
          key: col.prop,
          width: col.width,
          render: (_v, row, i) => (
            <Cell
              col={col}
              row={row}
              value={cellValue(col, row)}
              index={i}
              slots={{ extra: (r) => <em>插槽:{String(r.extra ?? '')}</em> }}
            />
          ),
        },
      ]}
    />
  );
}
