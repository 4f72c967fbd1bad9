import { CalendarOutlined } from '@ant-design/icons';
import { Button, Card } from 'antd';
import dayjs from 'dayjs';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { teamApi } from '../../api/team';
import { useUser } from '../session-context';
import { WorkPanel } from './portal/WorkPanel';

function greeting(hour: number): string {
  if (hour < 6) return '凌晨好';
  if (hour < 12) return '上午好';
  if (hour < 14) return '中午好';
  if (hour < 18) return '下午好';
  return '晚上好';
}

/** / — the personal portal: greeting, active team, and the work lists (我的待办 / 我的申请). */
export function PortalHome() {
  const { user, loaded } = useUser();
  const navigate = useNavigate();
  const noTeam = loaded && !!user && !user.tenantCode;
  // A user without any team starts at /selectionMethod; one whose active team is gone picks another in the header.
  useEffect(() => {
    if (!noTeam) return;
    let live = true;
    teamApi.myTeams({ background: true }).then(
      (teams) => {
        if (live && teams.length === 0) navigate('/selectionMethod', { replace: true });
      },
      () => {},
    );
    return () => {
      live = false;
    };
  }, [noTeam, navigate]);
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
              <>
                您当前没有进入任何团队，请在左上角选择团队，或
                <Button type="link" size="small" onClick={() => navigate('/selectionMethod')}>
                  加入或创建团队
                </Button>
              </>
            )}
          </p>
        </div>
        <div className="yg-welcome-date">
          <CalendarOutlined /> {now.format('YYYY年M月D日 dddd')}
        </div>
      </Card>
      {user?.tenantCode && <WorkPanel />}
    </div>
  );
}
