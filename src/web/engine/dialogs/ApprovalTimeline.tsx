// Approval dynamics (审批动态): each submission, decision, automatic pass, withdrawal and stage action that has
// ended, one sentence each (shared with the printed PDF), on the timeline; the step still waiting, with who it waits
// for, on a line of its own below it — it has no time yet, so it is not a point on the timeline.
import { Empty, Timeline, Typography } from 'antd';
import { ClockCircleOutlined } from '@ant-design/icons';
import type { ApprovalStep } from '../../../common/schema/types';
import { describeStep } from '../../../common/approval-text';
import { formatDate, formatMoney } from '../../../common/rules/format';
import { Messages } from '../../../common/rules/messages';

const COLORS: Record<string, string> = {
  refuse: 'red',
  agree: 'green',
  submit: 'blue',
  stage: 'purple',
  withdraw: 'gray',
  auto: 'green',
  pending: 'gray',
};

export function ApprovalTimeline({ steps }: { steps: ApprovalStep[] }) {
  const ended = steps.filter((s) => s.taskEndTime);
  const waiting = steps.filter((s) => !s.taskEndTime && s.operationName === 'pending');
  if (!ended.length && !waiting.length)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={Messages.noData} />;
  return (
    <>
      <Timeline
        items={ended.map((s) => ({
          key: s.id,
          color: COLORS[s.operationName] ?? 'blue',
          children: (
            <div className={`yg-approval-step yg-op-${s.operationName}`}>
              <div style={s.operationName === 'refuse' ? { color: '#ff4d4f' } : undefined}>{describeStep(s)}</div>
              <Typography.Text type="secondary">
                {formatDate(s.taskEndTime, 'dateTime')}
                {s.operationName === 'submit' && s.money !== undefined && s.money !== null
                  ? `　金额 ${formatMoney(s.money)} 元`
                  : ''}
              </Typography.Text>
            </div>
          ),
        }))}
      />
      {waiting.map((s) => (
        <div key={s.id} className="yg-approval-step yg-op-pending yg-approval-waiting" style={{ color: '#8c8c8c' }}>
          <div>
            <ClockCircleOutlined style={{ marginRight: 8 }} />
            {describeStep(s)}
          </div>
        </div>
      ))}
    </>
  );
}
