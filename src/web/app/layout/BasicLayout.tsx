import { HomeOutlined, MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Avatar, Layout, Menu, type MenuProps } from 'antd';
import { useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useUser } from '../session-context';
import { BrandMark } from './Brand';
import { AppFooter } from './Footer';
import { UserMenu } from './UserMenu';

export const SIDER_WIDTH = 200;
export const SIDER_COLLAPSED_WIDTH = 54;

// The menu tree from the server replaces this list when the menu issue lands.
const MENU: MenuProps['items'] = [{ key: '/', icon: <HomeOutlined />, label: '首页' }];

/** The protected shell (spec §2 layout): collapsible sidebar, header with the user menu, footer. */
export function BasicLayout() {
  const [collapsed, setCollapsed] = useState(false);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { user } = useUser();

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
      >
        <div className="yg-sider-brand" onClick={() => navigate('/')} role="link" aria-label="易管首页">
          <BrandMark size={30} />
          {!collapsed && <span>易管</span>}
        </div>
        <Menu
          className="yg-sider-menu"
          mode="inline"
          selectedKeys={[pathname]}
          items={MENU}
          onClick={({ key }) => navigate(key)}
        />
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
          <div className="yg-header-team" data-testid="current-team">
            {user?.tenantName && (
              <>
                <Avatar shape="square" size={26} src={user.tenantLogo || undefined} style={{ backgroundColor: '#e6f4ff', color: '#1677ff' }}>
                  {user.tenantName.slice(0, 1)}
                </Avatar>
                <span>{user.tenantName}</span>
              </>
            )}
          </div>
          <UserMenu />
        </Layout.Header>
        <Layout.Content className="yg-content">
          <Outlet />
        </Layout.Content>
        <Layout.Footer className="yg-layout-footer">
          <AppFooter />
        </Layout.Footer>
      </Layout>
    </Layout>
  );
}
