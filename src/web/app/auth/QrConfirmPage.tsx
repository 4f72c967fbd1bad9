import { DesktopOutlined } from '@ant-design/icons';
import { Alert, Button, Result } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { accountApi } from '../../api/account';
import { ApiError } from '../../api/client';
import { getStoredUser } from '../../api/session';
import { BrandMark } from '../layout/Brand';

/** /qrConfirm?ticket=: a logged-in user (typically on a phone) confirms the desktop's QR login. */
export function QrConfirmPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const ticket = params.get('ticket') ?? '';
  const [state, setState] = useState<'ask' | 'done' | 'refused'>('ask');
  const [busy, setBusy] = useState(false);
  /** The server's reason for a refused ticket, or a transport failure worth retrying. */
  const [problem, setProblem] = useState('');
  const user = getStoredUser();

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
        <p className="yg-confirm-warn">如非本人操作，请点击「取消登录」</p>
        {problem && <Alert type="error" showIcon message={problem} style={{ marginBottom: 12, textAlign: 'left' }} />}
        <Button type="primary" size="large" block loading={busy} onClick={() => void confirm()}>
          确认登录
        </Button>
        <Button size="large" block type="text" onClick={() => navigate('/', { replace: true })} style={{ marginTop: 8 }}>
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
