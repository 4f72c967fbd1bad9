import { CheckOutlined, DownOutlined, PlusCircleOutlined, TeamOutlined } from '@ant-design/icons';
import { App, Avatar, Dropdown, Tag, type MenuProps } from 'antd';
import { useState } from 'react';
import type { TeamItem } from '../../api/team';
import { useUser } from '../session-context';
import { switchTeam } from '../teams/switch';
import { useWorkspace } from '../workspace-context';

export function TeamLogo({ team, size = 24 }: { team: Pick<TeamItem, 'tenantName' | 'logoUrl'>; size?: number }) {
  return (
    <Avatar
      shape="square"
      size={size}
      src={team.logoUrl || undefined}
      style={{ backgroundColor: '#e6f4ff', color: '#1677ff', flex: 'none' }}
    >
      {team.tenantName.slice(0, 1)}
    </Avatar>
  );
}

export const TYPE_LABEL = { individual: '个人', enterprise: '企业' } as const;

interface Props {
  onJoin(): void;
  onCreate(): void;
}

/** The header's team switcher: the user's teams, the active one checked. */
export function TeamSwitcher({ onJoin, onCreate }: Props) {
  const { message } = App.useApp();
  const { user } = useUser();
  const { teams, reloadTeams } = useWorkspace();
  const [busy, setBusy] = useState(false);
  const current = user?.tenantCode ?? teams?.find((t) => t.current)?.tenantCode;

  const items: MenuProps['items'] = [
    {
      key: 'title',
      type: 'group',
      label: '我的团队',
      children: (teams ?? []).map((t) => ({
        key: `team:${t.tenantCode}`,
        label: (
          <span className="yg-team-option" data-testid={`team-option-${t.tenantCode}`}>
            <TeamLogo team={t} size={22} />
            <span className="yg-team-option-name">{t.tenantName}</span>
            <Tag bordered={false} color={t.tenantType === 'enterprise' ? 'blue' : 'green'}>
              {TYPE_LABEL[t.tenantType]}
            </Tag>
            {t.tenantCode === current ? <CheckOutlined style={{ color: '#1677ff' }} /> : <span style={{ width: 14 }} />}
          </span>
        ),
      })),
    },
    ...(teams && teams.length === 0 ? [{ key: 'none', disabled: true, label: '您还没有加入团队' }] : []),
    { type: 'divider' },
    { key: 'join', icon: <TeamOutlined />, label: '加入团队' },
    { key: 'create', icon: <PlusCircleOutlined />, label: '创建团队' },
  ];

  const onClick: MenuProps['onClick'] = async ({ key }) => {
    if (key === 'join') return onJoin();
    if (key === 'create') return onCreate();
    if (!key.startsWith('team:') || busy) return;
    const code = key.slice(5);
    if (code === current) return;
    setBusy(true);
    try {
      await switchTeam(code, (text) => void message.success(text));
    } catch {
      setBusy(false); // the client showed why (e.g. no longer a member)
    }
  };

  return (
    <Dropdown
      menu={{ items, onClick, selectable: false }}
      trigger={['click']}
      placement="bottomLeft"
      onOpenChange={(o) => {
        if (o) reloadTeams().catch(() => {});
      }}
    >
      <button type="button" className="yg-team-trigger" data-testid="team-switcher">
        {user?.tenantName ? (
          <>
            <TeamLogo team={{ tenantName: user.tenantName, logoUrl: user.tenantLogo }} size={26} />
            <span data-testid="current-team">{user.tenantName}</span>
          </>
        ) : (
          <span className="yg-team-none">选择团队</span>
        )}
        <DownOutlined style={{ fontSize: 11, color: '#8f959e' }} />
      </button>
    </Dropdown>
  );
}
