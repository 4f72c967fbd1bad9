import {
  DownOutlined,
  HomeOutlined,
  KeyOutlined,
  LogoutOutlined,
  PlusCircleOutlined,
  StopOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Avatar, Dropdown, type MenuProps } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { accountApi } from '../../api/account';
import { clearSession } from '../../api/session';
import { useUser } from '../session-context';
import { onFirstOpen } from '../../engine/lazy-parts';
import type { ChangePasswordDialog as ChangePasswordDialogType } from './ChangePasswordDialog';
import type { DeactivateDialog as DeactivateDialogType } from './DeactivateDialog';

// The account dialogs load when first opened.
const ChangePasswordDialog = onFirstOpen<typeof ChangePasswordDialogType>(() =>
  import('./ChangePasswordDialog').then((m) => m.ChangePasswordDialog),
);
const DeactivateDialog = onFirstOpen<typeof DeactivateDialogType>(() =>
  import('./DeactivateDialog').then((m) => m.DeactivateDialog),
);

/** The seven user-menu entries, in the product's fixed order. */
export const USER_MENU_LABELS = [
  '个人中心',
  '加入团队',
  '创建团队',
  '修改密码',
  '注销账号',
  '返回首页',
  '退出登录',
] as const;

interface Props {
  /** Opens the selection dialog in join or create mode. */
  onSelect(mode: 'join' | 'create'): void;
}

export function UserMenu({ onSelect }: Props) {
  const navigate = useNavigate();
  const { user } = useUser();
  const [pwdOpen, setPwdOpen] = useState(false);
  const [deactivateOpen, setDeactivateOpen] = useState(false);

  const logout = async () => {
    try {
      await accountApi.logout();
    } catch {
      /* the session ends locally whatever the server says */
    }
    clearSession();
    navigate('/login', { replace: true });
  };

  const items: MenuProps['items'] = [
    { key: 'basicInfo', icon: <UserOutlined />, label: '个人中心' },
    { key: 'joinTeam', icon: <TeamOutlined />, label: '加入团队' },
    { key: 'createTeam', icon: <PlusCircleOutlined />, label: '创建团队' },
    { key: 'password', icon: <KeyOutlined />, label: '修改密码' },
    { key: 'cancelAccount', icon: <StopOutlined />, label: '注销账号' },
    { key: 'home', icon: <HomeOutlined />, label: '返回首页' },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: '退出登录', danger: true },
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    switch (key) {
      case 'basicInfo':
        navigate('/basicInfo');
        break;
      case 'joinTeam':
        onSelect('join');
        break;
      case 'createTeam':
        onSelect('create');
        break;
      case 'password':
        setPwdOpen(true);
        break;
      case 'cancelAccount':
        setDeactivateOpen(true);
        break;
      case 'home':
        navigate('/');
        break;
      case 'logout':
        void logout();
        break;
    }
  };

  const name = user?.nickName || user?.username || '';
  return (
    <>
      <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
        <button type="button" className="yg-user-trigger" data-testid="user-menu">
          <Avatar
            size={30}
            src={user?.avatar || undefined}
            data-testid="user-avatar"
            icon={!user?.avatar ? <UserOutlined /> : undefined}
            style={{ backgroundColor: '#1677ff' }}
          />
          <span className="yg-user-name">{name}</span>
          <DownOutlined style={{ fontSize: 11 }} />
        </button>
      </Dropdown>
      <ChangePasswordDialog
        open={pwdOpen}
        username={user?.username ?? ''}
        onClose={() => setPwdOpen(false)}
        onChanged={() => {
          setPwdOpen(false);
          navigate('/login', { replace: true });
        }}
      />
      <DeactivateDialog
        open={deactivateOpen}
        onClose={() => setDeactivateOpen(false)}
        onDone={() => {
          setDeactivateOpen(false);
          navigate('/login', { replace: true });
        }}
      />
    </>
  );
}
