// Approval dynamics (审批动态): only finished steps; submit shows no status line,
// agree shows 同意, refuse shows 驳回 in red.
import { Empty, Timeline, Typography } from 'antd';
import type { ApprovalStep } from '../../common/schema/types';
import { formatDate, formatMoney } from '../../common/rules/format';
import { Messages } from '../../common/rules/messages';

export function ApprovalTimeline({ steps }: { steps: ApprovalStep[] }) {
  const done = steps.filter((s) => s.taskEndTime);
  if (!done.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={Messages.noData} />;
  return (
    <Timeline
      items={done.map((s) => ({
        key: s.id,
        color: s.operationName === 'refuse' ? 'red' : s.operationName === 'agree' ? 'green' : 'blue',
        children: (
          <div className="yg-approval-step">
            <div><strong>{s.name}</strong> {s.assigneeName} <Typography.Text type="secondary">{formatDate(s.taskEndTime, 'dateTime')}</Typography.Text></div>
            {s.operationName === 'agree' && <div className="yg-op">{Messages.agree}</div>}
            {s.operationName === 'refuse' && <div className="yg-op" style={{ color: '#ff4d4f' }}>{Messages.reject}</div>}
            {s.approvalOpinion && <div>{s.approvalOpinion}</div>}
            {s.money !== undefined && s.money !== null && <div>{formatMoney(s.money)} 元</div>}
          </div>
        ),
      }))}
    />
  );
}
