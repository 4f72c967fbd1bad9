import { UserAddOutlined } from '@ant-design/icons';
import { Badge, Tooltip } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useWorkspace } from '../workspace-context';

/** For an admin of the active team: 成员申请 with the number of pending join requests. */
export function JoinRequestsBadge() {
  const navigate = useNavigate();
  const { teams, pendingRequests } = useWorkspace();
  if (!teams?.find((t) => t.current)?.isAdmin) return null;
  return (
    <Tooltip title={pendingRequests ? `${pendingRequests} 条待审核的成员申请` : '成员申请'}>
      <button
        type="button"
        className="yg-header-action"
        onClick={() => navigate('/teamRequests')}
        data-testid="join-requests"
      >
        <Badge count={pendingRequests} size="small" offset={[4, -2]}>
          <UserAddOutlined style={{ fontSize: 17 }} />
        </Badge>
        <span>成员申请</span>
      </button>
    </Tooltip>
  );
}
