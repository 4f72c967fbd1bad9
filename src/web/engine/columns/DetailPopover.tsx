// Detail popover on cells: a sub-table with an index column, a description list,
// or 暂无数据. Width defaults to 200, trigger to hover; sub-table columns are sized by their text.
import type { ReactNode } from 'react';
import { Empty, Popover, Table } from 'antd';
import { Descriptions } from '../lazy-antd';
import type { PopoverConfig } from '../../../common/schema/types';
import { Messages } from '../../../common/rules/messages';
import { POPOVER_DEFAULT_TRIGGER, POPOVER_DEFAULT_WIDTH, estimateColumnWidth } from '../constants';

export interface DetailPopoverProps {
  config: PopoverConfig;
  data: unknown;
  children: ReactNode;
  /** Opens immediately (stories and tests). */
  open?: boolean;
}

function isEmptyData(d: unknown): boolean {
  if (d === null || d === undefined || d === '') return true;
  if (Array.isArray(d)) return d.length === 0;
  return typeof d === 'object' && Object.keys(d as object).length === 0;
}

export function DetailContent({ config, data }: Pick<DetailPopoverProps, 'config' | 'data'>) {
  if (isEmptyData(data)) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={Messages.noData} />;
  if (Array.isArray(data)) {
    const headers =
      config.tabelHeaders ??
      Object.keys(data[0] ?? {}).map((k) => ({ prop: k, label: k }) as { prop: string; label: string; width?: number });
    const columns = [
      {
        title: '序号',
        key: '__index',
        width: estimateColumnWidth('序号'),
        render: (_: unknown, __: unknown, i: number) => i + 1,
      },
      ...headers.map((h) => ({
        title: h.label,
        dataIndex: h.prop,
        key: h.prop,
        width: h.width ?? estimateColumnWidth(h.label),
      })),
    ];
    const rows = (data as object[]).map((r, i) => ({ ...r, __key: i }));
    // A long sub-table (a balance's 30 latest moves) scrolls inside the popover instead of running off the screen.
    return (
      <Table
        size="small"
        pagination={false}
        rowKey="__key"
        columns={columns}
        dataSource={rows}
        scroll={rows.length > 10 ? { y: 360 } : undefined}
      />
    );
  }
  if (typeof data === 'object') {
    const items = Object.entries(data as Record<string, unknown>).map(([k, v]) => ({
      key: k,
      label: k,
      children: String(v ?? ''),
    }));
    return <Descriptions size="small" column={config.column ?? 1} items={items} />;
  }
  return <span>{String(data)}</span>;
}

export function DetailPopover({ config, data, children, open }: DetailPopoverProps) {
  const content = (
    <div style={{ width: config.popoverWidth ?? POPOVER_DEFAULT_WIDTH, maxWidth: '80vw' }}>
      <DetailContent config={config} data={data} />
    </div>
  );
  return (
    <Popover
      title={config.infoPopoverText}
      trigger={config.trigger ?? POPOVER_DEFAULT_TRIGGER}
      content={content}
      open={open}
    >
      <span className="yg-detail-trigger" style={{ color: '#1677ff', cursor: 'pointer' }}>
        {children}
      </span>
    </Popover>
  );
}
