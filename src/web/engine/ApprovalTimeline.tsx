// Approval dynamics (审批动态): each submission, decision, automatic pass, withdrawal and stage action, one
// sentence each (shared with the printed PDF), and last the step still waiting with who it waits for.
import { Empty, Timeline, Typography } from 'antd';
import { ClockCircleOutlined } from '@ant-design/icons';
import type { ApprovalStep } from '../../common/schema/types';
import { describeStep } from '../../common/approval-text';
import { formatDate, formatMoney } from '../../common/rules/format';
import { Messages } from '../../common/rules/messages';

const COLORS: Record<string, string> = { refuse: 'red', agree: 'green', submit: 'blue', stage: 'purple', withdraw: 'gray', auto: 'green', pending: 'gray' };

export function ApprovalTimeline({ steps }: { steps: ApprovalStep[] }) {
  const shown = steps.filter((s) => s.taskEndTime || s.operationName === 'pending');
  if (!shown.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={Messages.noData} />;
  return (
    <Timeline
      items={shown.map((s) => ({
        key: s.id,
        color: COLORS[s.operationName] ?? 'blue',
        dot: s.operationName === 'pending' ? <ClockCircleOutlined /> : undefined,
        children: (
          <div className={`yg-approval-step yg-op-${s.operationName}`}>
            <div style={s.operationName === 'refuse' ? { color: '#ff4d4f' } : undefined}>{describeStep(s)}</div>
            <Typography.Text type="secondary">
              {s.taskEndTime ? formatDate(s.taskEndTime, 'dateTime') : '审批中'}
              {s.operationName === 'submit' && s.money !== undefined && s.money !== null ? `　金额 ${formatMoney(s.money)} 元` : ''}
            </Typography.Text>
          </div>
        ),
      }))}
    />
  );
}
