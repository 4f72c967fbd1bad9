import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { AppFooter } from '../layout/Footer';
import { BrandMark } from '../layout/Brand';

const LOGIN_TABS = [
  { path: '/login', label: '账号登录' },
  { path: '/codeLogin', label: '验证码登录' },
  { path: '/wechatLogin', label: '扫码登录' },
];

interface Props {
  /** Shows the three login tabs (password, SMS code, QR). */
  loginTabs?: boolean;
  title?: string;
  children: ReactNode;
  footer?: ReactNode;
}

/** The public screens: brand, tagline and a centred card on a calm background. */
export function AuthLayout({ loginTabs, title, children, footer }: Props) {
  // The three login screens (password, SMS, QR) share the tab bar and the way to registration.
  const shownFooter =
    footer ??
    (loginTabs ? (
      <>
        还没有账号？<Link to="/register">立即注册</Link>
      </>
    ) : null);
  const { pathname } = useLocation();
  return (
    <div className="yg-auth">
      <div className="yg-auth-main">
        <div className="yg-auth-brand">
          <BrandMark size={48} />
          <div>
            <div className="yg-auth-name">易管</div>
            <div className="yg-auth-tagline">让管理更简单</div>
          </div>
        </div>
        <div className="yg-auth-card">
          {loginTabs ? (
            <nav className="yg-auth-tabs" role="tablist">
              {LOGIN_TABS.map((t) => (
                <Link
                  key={t.path}
                  to={t.path}
                  role="tab"
                  aria-selected={pathname === t.path}
                  className={pathname === t.path ? 'active' : undefined}
                  replace
                >
                  {t.label}
                </Link>
              ))}
            </nav>
          ) : (
            title && <h1 className="yg-auth-title">{title}</h1>
          )}
          {children}
          {shownFooter && <div className="yg-auth-card-footer">{shownFooter}</div>}
        </div>
      </div>
      <AppFooter className="yg-auth-footer" />
    </div>
  );
}
