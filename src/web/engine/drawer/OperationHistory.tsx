// A record's 操作记录: who created it, who changed which field from what to what, who submitted, approved or
// deleted it — read from the server's audit log when the panel is opened, not with every drawer.
import { useContext, useEffect, useState } from 'react';
import { Empty, Spin, Timeline, Typography } from 'antd';
import { DataProviderContext, type HistoryEntry } from '../../api/data-provider';
import { formatDate } from '../../../common/rules/format';

const COLORS: Record<string, string> = { create: 'green', update: 'blue', delete: 'red' };

export function OperationHistory({ module, id }: { module: string; id: string | number }) {
  const provider = useContext(DataProviderContext);
  const [entries, setEntries] = useState<HistoryEntry[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    provider?.recordHistory?.({ module, id }).then(
      (e) => live && setEntries(e),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [provider, module, id]);
  if (failed) return <Typography.Text type="danger">操作记录读取失败，请稍后再试</Typography.Text>;
  if (!entries) return <Spin style={{ display: 'block', padding: 12 }} />;
  if (!entries.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无操作记录" />;
  return (
    <Timeline
      className="yg-operation-history"
      items={entries.map((e) => ({
        key: e.id,
        color: COLORS[e.action] ?? 'gray',
        children: (
          <div>
            <div>
              {e.userName} {e.actionName}
              {e.action === 'create' ? '了单据' : ''}
            </div>
            {e.action === 'update' &&
              e.changes.map((c) => (
                <div key={c.field} style={{ fontSize: 12 }}>
                  {c.label}：
                  <Typography.Text delete type="secondary">
                    {c.before || '（空）'}
                  </Typography.Text>{' '}
                  → {c.after || '（空）'}
                </div>
              ))}
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {formatDate(e.at, 'dateTime')}
            </Typography.Text>
          </div>
        ),
      }))}
    />
  );
}
