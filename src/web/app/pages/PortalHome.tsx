import { CalendarOutlined } from '@ant-design/icons';
import { Card, Empty } from 'antd';
import dayjs from 'dayjs';
import { useUser } from '../session-context';

function greeting(hour: number): string {
  if (hour < 6) return '凌晨好';
  if (hour < 12) return '上午好';
  if (hour < 14) return '中午好';
  if (hour < 18) return '下午好';
  return '晚上好';
}

/** / — the personal portal. The to-do list is filled by a later issue. */
export function PortalHome() {
  const { user } = useUser();
  const now = dayjs();
  const name = user?.nickName || user?.username || '';
  return (
    <div className="yg-portal">
      <Card className="yg-welcome" variant="borderless">
        <div className="yg-welcome-text">
          <h2 data-testid="greeting">
            {greeting(now.hour())}，{name}
          </h2>
          <p>
            {user?.tenantName ? (
              <>
                当前团队：<strong data-testid="team-name">{user.tenantName}</strong>
              </>
            ) : (
              '您还没有加入团队'
            )}
          </p>
        </div>
        <div className="yg-welcome-date">
          <CalendarOutlined /> {now.format('YYYY年M月D日 dddd')}
        </div>
      </Card>
      <Card title="待办事项" className="yg-todo" data-testid="todo-list">
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" />
      </Card>
    </div>
  );
}
