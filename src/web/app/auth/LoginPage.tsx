import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Checkbox, Form, Input } from 'antd';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { accountApi } from '../../api/account';
import { getRememberedUsername, setRememberedUsername } from '../../api/session';
import { redirectTarget } from '../guard';
import { AuthLayout } from './AuthLayout';
import { completeLogin } from './completeLogin';

interface LoginForm {
  username: string;
  password: string;
  remember: boolean;
}

/** /login: password login. Remember-me keeps only the username and asks for a longer session. */
export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [form] = Form.useForm<LoginForm>();
  const [submitting, setSubmitting] = useState(false);
  const remembered = getRememberedUsername();

  const onFinish = async (v: LoginForm) => {
    setSubmitting(true);
    try {
      const username = v.username.trim();
      const result = await accountApi.login({
        loginType: 'password',
        username,
        password: v.password,
        remember: v.remember,
      });
      setRememberedUsername(v.remember ? username : null);
      completeLogin(result);
      navigate(redirectTarget(location.state), { replace: true });
    } catch {
      // Wrong password or a locked account: the client showed the server's message.
      form.setFieldValue('password', '');
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthLayout loginTabs>
      <Form<LoginForm>
        form={form}
        name="login"
        size="large"
        onFinish={onFinish}
        initialValues={{ username: remembered ?? '', remember: !!remembered }}
        autoComplete="on"
      >
        <Form.Item name="username" rules={[{ required: true, whitespace: true, message: '请输入用户名或手机号' }]}>
          <Input prefix={<UserOutlined />} placeholder="用户名 / 手机号" autoComplete="username" />
        </Form.Item>
        <Form.Item name="password" rules={[{ required: true, message: '请输入密码' }]}>
          <Input.Password prefix={<LockOutlined />} placeholder="密码" autoComplete="current-password" />
        </Form.Item>
        <div className="yg-auth-row">
          <Form.Item name="remember" valuePropName="checked" noStyle>
            <Checkbox>记住我</Checkbox>
          </Form.Item>
          <Link to="/forgotPassword">忘记密码？</Link>
        </div>
        <Form.Item style={{ marginBottom: 0 }}>
          <Button type="primary" htmlType="submit" block loading={submitting}>
            登录
          </Button>
        </Form.Item>
      </Form>
    </AuthLayout>
  );
}
