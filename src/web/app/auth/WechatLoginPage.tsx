import { CheckCircleFilled, ReloadOutlined } from '@ant-design/icons';
import { Button, Spin } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { accountApi, type QrCode } from '../../api/account';
import { redirectTarget } from '../guard';
import { AuthLayout } from './AuthLayout';
import { completeLogin } from './completeLogin';

export const QR_POLL_MS = 2000;

type QrState = 'loading' | 'pending' | 'expired' | 'confirmed' | 'error';

function expired(qr: QrCode): boolean {
  if (qr.expiresAt === undefined || qr.expiresAt === null || qr.expiresAt === '') return false;
  const t = new Date(qr.expiresAt).getTime();
  return !Number.isNaN(t) && Date.now() >= t;
}

/**
 * /wechatLogin: shows the QR image from the API and polls its status every 2 s. A logged-in user
 * confirms on /qrConfirm (e.g. on a phone); the first poll after that hands this page the token.
 */
export function WechatLoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [qr, setQr] = useState<QrCode | null>(null);
  const [state, setState] = useState<QrState>('loading');

  const load = useCallback(async () => {
    setState('loading');
    try {
      const q = await accountApi.generateQrCode();
      setQr(q);
      setState(expired(q) ? 'expired' : 'pending');
    } catch {
      setState('error');
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  useEffect(() => {
    if (state !== 'pending' || !qr) return;
    let stopped = false;
    const ctrl = new AbortController();
    let timer: ReturnType<typeof setTimeout>;
    const poll = async () => {
      if (stopped) return;
      if (expired(qr)) {
        setState('expired');
        return;
      }
      try {
        const s = await accountApi.qrStatus(qr.ticket, ctrl.signal);
        if (stopped) return;
        if (s.status === 'confirmed' && s.token) {
          setState('confirmed');
          completeLogin({ token: s.token, user: s.user!, expiresAt: s.expiresAt });
          navigate(redirectTarget(location.state), { replace: true });
          return;
        }
        if (s.status !== 'pending') {
          // Expired, or confirmed but the token was already handed out to another poll.
          setState('expired');
          return;
        }
      } catch {
        if (stopped) return;
        // A failed poll is retried on the next tick.
      }
      timer = setTimeout(poll, QR_POLL_MS);
    };
    timer = setTimeout(poll, QR_POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
      ctrl.abort();
    };
  }, [qr, state, navigate, location.state]);

  return (
    <AuthLayout
      loginTabs
    >
      <div className="yg-qr">
        <div className="yg-qr-box" data-testid="qr-box">
          {qr && state !== 'loading' && state !== 'error' ? (
            <img src={qr.qrCode} alt="登录二维码" width={188} height={188} data-ticket={qr.ticket} />
          ) : (
            <Spin spinning={state === 'loading'}>
              <div style={{ width: 188, height: 188 }} />
            </Spin>
          )}
          {(state === 'expired' || state === 'error') && (
            <div className="yg-qr-overlay">
              <div className="yg-qr-overlay-text">{state === 'expired' ? '二维码已过期' : '二维码获取失败'}</div>
              <Button type="primary" icon={<ReloadOutlined />} onClick={() => void load()}>
                刷新二维码
              </Button>
            </div>
          )}
          {state === 'confirmed' && (
            <div className="yg-qr-overlay">
              <CheckCircleFilled style={{ fontSize: 40, color: '#52c41a' }} />
              <div className="yg-qr-overlay-text">登录成功</div>
            </div>
          )}
        </div>
        <div className="yg-qr-tip">请使用已登录易管的手机扫描二维码</div>
        <div className="yg-qr-sub">扫码后在手机上点击「确认登录」即可登录</div>
      </div>
    </AuthLayout>
  );
}
