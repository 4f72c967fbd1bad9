import { AuditOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { useWorkspace } from '../workspace-context';

/** For an admin of the active team: 操作日志, the team's audit log (/auditLog). Others are not offered it. */
export function AuditLogLink() {
  const navigate = useNavigate();
  const { teams } = useWorkspace();
  if (!teams?.find((t) => t.current)?.isAdmin) return null;
  return (
    <button type="button" className="yg-header-action" onClick={() => navigate('/auditLog')} data-testid="audit-log">
      <AuditOutlined style={{ fontSize: 17 }} />
      <span>操作日志</span>
    </button>
  );
}
