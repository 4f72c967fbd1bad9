import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { App, Layout } from 'antd';
import { useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { onFirstOpen } from '../../engine/lazy-parts';
import type { SelectionDialog as SelectionDialogType } from '../teams/SelectionPanel';
import type { SelectionMode } from '../teams/selection';
import { takeFlash } from '../teams/switch';
import { useWorkspace } from '../workspace-context';
import { useUser } from '../session-context';
import { DemoFillNotice, useDemoFill } from './DemoFillNotice';
import { useDocumentTitle } from '../document-title';
import { BrandMark } from './Brand';
import { AppFooter } from './Footer';
import { AuditLogLink } from './AuditLogLink';
import { JoinRequestsBadge } from './JoinRequestsBadge';
import { NotificationBell } from './notifications/NotificationBell';
import { Sidebar } from './Sidebar';
import { TeamSwitcher } from './TeamSwitcher';
import { UserMenu } from './UserMenu';

/** 创建团队 / 加入团队 from the header: the dialog loads when first opened. */
const SelectionDialog = onFirstOpen<typeof SelectionDialogType>(() =>
  import('../teams/SelectionPanel').then((m) => m.SelectionDialog),
);

export const SIDER_WIDTH = 200;
export const SIDER_COLLAPSED_WIDTH = 54;

/** The protected shell: sidebar from the saved menu tree, header with team switcher and user menu, footer. */
export function BasicLayout() {
  const [collapsed, setCollapsed] = useState(false);
  const [selection, setSelection] = useState<SelectionMode | null>(null);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { message } = App.useApp();
  const { menuTree } = useWorkspace();
  const { user } = useUser();
  const demoFill = useDemoFill(user?.tenantCode);
  useDocumentTitle(pathname, menuTree);

  // A message left by the action that reloaded the page (切换成功, 创建成功).
  useEffect(() => {
    const flash = takeFlash();
    if (flash) void message.success(flash);
  }, [message]);

  return (
    <Layout className="yg-layout">
      <Layout.Sider
        className="yg-sider"
        width={SIDER_WIDTH}
        collapsedWidth={SIDER_COLLAPSED_WIDTH}
        collapsed={collapsed}
        trigger={null}
        collapsible
        theme="light"
        data-testid="sider"
      >
        <div className="yg-sider-brand" onClick={() => navigate('/')} role="link" aria-label="易管首页">
          <BrandMark size={30} />
          {!collapsed && <span>易管</span>}
        </div>
        <Sidebar tree={menuTree} pathname={pathname} collapsed={collapsed} onNavigate={navigate} />
        <button
          type="button"
          className="yg-sider-toggle"
          onClick={() => setCollapsed((c) => !c)}
          aria-label={collapsed ? '展开' : '收起'}
          title={collapsed ? '展开' : '收起'}
        >
          {collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          {!collapsed && <span>收起</span>}
        </button>
      </Layout.Sider>
      <Layout>
        <Layout.Header className="yg-header">
          <TeamSwitcher onJoin={() => setSelection('join')} onCreate={() => setSelection('create')} />
          <div className="yg-header-right">
            <AuditLogLink />
            <JoinRequestsBadge />
            <NotificationBell />
            <UserMenu onSelect={setSelection} />
          </div>
        </Layout.Header>
        <Layout.Content className="yg-content">
          {demoFill ? <DemoFillNotice status={demoFill} /> : <Outlet />}
        </Layout.Content>
        <Layout.Footer className="yg-layout-footer">
          <AppFooter />
        </Layout.Footer>
      </Layout>
      <SelectionDialog open={selection !== null} mode={selection ?? 'join'} onClose={() => setSelection(null)} />
    </Layout>
  );
}
