import { CheckCircleFilled, ReloadOutlined } from '@ant-design/icons';
import { Button, Spin } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { accountApi, type QrCode, type QrStatus } from '../../api/account';
import { redirectTarget } from '../guard';
import { AuthLayout } from './AuthLayout';
import { completeLogin } from './completeLogin';

/** How often the desk asks whether its code was scanned; a test shortens it to watch several polls quickly. */
export const qrPolling = { ms: 2000 };

type QrState = 'loading' | 'pending' | 'expired' | 'confirmed' | 'error';

/** The ticket on screen and its state change together, so the image, data-ticket and the poll never disagree. */
interface View {
  qr: QrCode | null;
  /** Local clock (ms) at which the shown ticket expires. */
  deadline: number;
  state: QrState;
}

/** When the ticket runs out on this browser's clock: expiresIn (seconds) when given, else expiresAt. */
function deadlineOf(qr: QrCode, receivedAt: number): number {
  if (typeof qr.expiresIn === 'number' && Number.isFinite(qr.expiresIn)) return receivedAt + qr.expiresIn * 1000;
  if (qr.expiresAt === undefined || qr.expiresAt === null || qr.expiresAt === '') return Infinity;
  const t = new Date(qr.expiresAt).getTime();
  return Number.isNaN(t) ? Infinity : t;
}

/**
 * /wechatLogin: shows one ticket's QR image and polls that ticket every 2 s. A logged-in user confirms on
 * /qrConfirm (e.g. on a phone); the first poll after that hands this page the token. A visit asks for one
 * ticket; a new one comes only from 刷新二维码 (after expiry or a failure), and it replaces the old one on the server.
 */
export function WechatLoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [{ qr, deadline, state }, setView] = useState<View>({ qr: null, deadline: Infinity, state: 'loading' });
  const live = useRef(false);
  const requested = useRef(false);
  const inFlight = useRef(false);
  // Read by the poll through a ref, so that only a new ticket restarts the poll.
  const onConfirmed = useRef<(s: QrStatus & { token: string }) => void>(() => {});
  onConfirmed.current = (s) => {
    completeLogin({ user: s.user! });
    navigate(redirectTarget(location.state), { replace: true });
  };

  const fetchTicket = useCallback(async (replace?: string) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setView((v) => ({ ...v, state: 'loading' }));
    try {
      const q = await accountApi.generateQrCode(replace);
      if (!live.current) return;
      const d = deadlineOf(q, Date.now());
      setView({ qr: q, deadline: d, state: Date.now() >= d ? 'expired' : 'pending' });
    } catch {
      if (live.current) setView((v) => ({ ...v, state: 'error' }));
    } finally {
      inFlight.current = false;
    }
  }, []);

  useEffect(() => {
    live.current = true;
    // StrictMode runs this effect twice on one instance in development builds (the e2e bundle is one, NODE_ENV=test);
    // refs survive that, so a visit asks for one ticket.
    if (!requested.current) {
      requested.current = true;
      void fetchTicket();
    }
    return () => {
      live.current = false;
    };
  }, [fetchTicket]);

  const polled = state === 'pending' ? qr?.ticket : undefined;
  useEffect(() => {
    if (!polled) return;
    const ticket = polled;
    let stopped = false;
    const ctrl = new AbortController();
    let timer: ReturnType<typeof setTimeout>;
    const expire = () =>
      setView((v) => (v.qr?.ticket === ticket && v.state === 'pending' ? { ...v, state: 'expired' } : v));
    const poll = async () => {
      if (stopped) return;
      if (Date.now() >= deadline) {
        expire();
        return;
      }
      try {
        const s = await accountApi.qrStatus(ticket, ctrl.signal);
        if (stopped) return;
        if (s.status === 'confirmed' && s.token) {
          setView((v) => (v.qr?.ticket === ticket ? { ...v, state: 'confirmed' } : v));
          onConfirmed.current({ ...s, token: s.token });
          return;
        }
        if (s.status !== 'pending') {
          // Expired, replaced, or confirmed but the token was already handed out to another poll.
          expire();
          return;
        }
      } catch {
        if (stopped) return;
        // A failed poll is retried on the next tick.
      }
      timer = setTimeout(poll, qrPolling.ms);
    };
    timer = setTimeout(poll, qrPolling.ms);
    return () => {
      stopped = true;
      clearTimeout(timer);
      ctrl.abort();
    };
  }, [polled, deadline]);

  const shown = qr && (state === 'pending' || state === 'expired' || state === 'confirmed') ? qr : null;
  return (
    <AuthLayout loginTabs>
      <div className="yg-qr">
        <div className="yg-qr-box" data-testid="qr-box">
          {shown ? (
            <img src={shown.qrCode} alt="登录二维码" width={188} height={188} data-ticket={shown.ticket} />
          ) : (
            <Spin spinning={state === 'loading'}>
              <div style={{ width: 188, height: 188 }} />
            </Spin>
          )}
          {(state === 'expired' || state === 'error') && (
            <div className="yg-qr-overlay">
              <div className="yg-qr-overlay-text">{state === 'expired' ? '二维码已过期' : '二维码获取失败'}</div>
              <Button type="primary" icon={<ReloadOutlined />} onClick={() => void fetchTicket(qr?.ticket)}>
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
