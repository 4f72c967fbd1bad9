import { DesktopOutlined } from '@ant-design/icons';
import { Alert, App, Button, Descriptions, Result, Spin } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { accountApi, type QrTicketInfo } from '../../api/account';
import { ApiError } from '../../api/client';
import { getStoredUser } from '../../api/session';
import { BrandMark } from '../layout/Brand';

/**
 * /qrConfirm?ticket=: a logged-in user (typically on a phone) confirms the desktop's QR login. The page first
 * shows which device and place asked and when, and 确认登录 asks once more before anything is agreed: a code
 * photographed from someone else's screen must not log a stranger in with one careless tap.
 */
export function QrConfirmPage() {
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const [params] = useSearchParams();
  const ticket = params.get('ticket') ?? '';
  const [state, setState] = useState<'loading' | 'ask' | 'done' | 'refused'>(ticket ? 'loading' : 'ask');
  const [info, setInfo] = useState<QrTicketInfo | null>(null);
  const [busy, setBusy] = useState(false);
  /** The server's reason for a refused ticket, or a transport failure worth retrying. */
  const [problem, setProblem] = useState('');
  const user = getStoredUser();

  useEffect(() => {
    if (!ticket) return;
    let live = true;
    accountApi.qrTicket(ticket).then(
      (i) => {
        if (!live) return;
        setInfo(i);
        setState('ask');
      },
      (err) => {
        if (!live) return;
        setProblem(err instanceof ApiError ? err.message : String(err));
        setState(err instanceof ApiError && err.kind === 'status' ? 'refused' : 'ask');
      },
    );
    return () => {
      live = false;
    };
  }, [ticket]);

  const askAgain = () => {
    modal.confirm({
      title: '确认在这台设备上登录？',
      content: info ? `${info.device}，${info.place}` : '请确认是您本人在电脑上扫码登录',
      okText: '确认登录',
      cancelText: '取消',
      onOk: () => confirm(),
    });
  };

  const confirm = async () => {
    setBusy(true);
    setProblem('');
    try {
      await accountApi.confirmQrLogin(ticket);
      setState('done');
    } catch (err) {
      // The call is silent: a refused ticket (expired, replaced by a newer code, used) is explained here.
      if (err instanceof ApiError && err.kind === 'status') {
        setProblem(err.message);
        setState('refused');
      } else if (err instanceof ApiError && err.kind === 'transport') {
        setProblem(err.message);
      }
    } finally {
      setBusy(false);
    }
  };

  let body;
  if (!ticket) {
    body = (
      <Result
        status="warning"
        title="二维码无效"
        subTitle="请在电脑上刷新二维码后重新扫描"
        extra={<Button onClick={() => navigate('/', { replace: true })}>返回首页</Button>}
      />
    );
  } else if (state === 'loading') {
    body = (
      <Spin size="large" tip="正在读取登录请求…">
        <div style={{ height: 160 }} />
      </Spin>
    );
  } else if (state === 'refused') {
    body = (
      <Result
        status="warning"
        title="无法确认登录"
        subTitle={problem}
        extra={<Button onClick={() => navigate('/', { replace: true })}>返回首页</Button>}
      />
    );
  } else if (state === 'done') {
    body = (
      <Result
        status="success"
        title="已确认登录"
        subTitle="电脑端将自动进入易管，您可以关闭此页面"
        extra={<Button onClick={() => navigate('/', { replace: true })}>返回首页</Button>}
      />
    );
  } else {
    body = (
      <div className="yg-confirm">
        <DesktopOutlined className="yg-confirm-icon" />
        <h1>易管网页版登录确认</h1>
        <p>
          即将在电脑上登录账号
          <strong>{user?.nickName || user?.username || ''}</strong>
          {user?.nickName && user?.username ? `（${user.username}）` : ''}
        </p>
        {info && (
          <Descriptions column={1} size="small" bordered style={{ margin: '12px 0', textAlign: 'left' }}>
            <Descriptions.Item label="登录设备">{info.device}</Descriptions.Item>
            <Descriptions.Item label="登录地点">{info.place}</Descriptions.Item>
            <Descriptions.Item label="请求时间">
              {dayjs(info.requestedAt).format('YYYY-MM-DD HH:mm:ss')}
            </Descriptions.Item>
          </Descriptions>
        )}
        <p className="yg-confirm-warn">如非本人操作，请点击「取消登录」</p>
        {problem && <Alert type="error" showIcon message={problem} style={{ marginBottom: 12, textAlign: 'left' }} />}
        <Button type="primary" size="large" block loading={busy} onClick={askAgain}>
          确认登录
        </Button>
        <Button
          size="large"
          block
          type="text"
          onClick={() => navigate('/', { replace: true })}
          style={{ marginTop: 8 }}
        >
          取消登录
        </Button>
      </div>
    );
  }

  return (
    <div className="yg-confirm-page">
      <div className="yg-confirm-brand">
        <BrandMark size={32} />
        <span>易管</span>
      </div>
      <div className="yg-confirm-card">{body}</div>
    </div>
  );
}
