import { LockOutlined, MobileOutlined, UserOutlined } from '@ant-design/icons';
import { App, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { accountApi } from '../../api/account';
import { AuthLayout } from './AuthLayout';
import { completeLogin } from './completeLogin';
import { confirmRules, mobileRules, PASSWORD_PLACEHOLDER, passwordRules, smsCodeRules, usernameRules } from './rules';
import { SmsCodeInput } from './SmsCodeInput';

interface RegisterForm {
  username: string;
  mobile: string;
  code: string;
  password: string;
  rePassword: string;
}

/** /register: every field validated on blur; success logs the user in and enters / (which sets isRegister). */
export function RegisterPage() {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [form] = Form.useForm<RegisterForm>();
  const [submitting, setSubmitting] = useState(false);

  const onFinish = async (v: RegisterForm) => {
    setSubmitting(true);
    try {
      const result = await accountApi.register({ ...v, username: v.username.trim() });
      completeLogin(result);
      message.success('注册成功');
      navigate('/', { replace: true });
    } catch {
      /* shown by the client */
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthLayout
      title="注册账号"
      footer={
        <>
          已有账号？<Link to="/login">立即登录</Link>
        </>
      }
    >
      <Form<RegisterForm> form={form} name="register" size="large" onFinish={onFinish} validateTrigger="onBlur">
        <Form.Item name="username" rules={usernameRules} validateFirst>
          <Input prefix={<UserOutlined />} placeholder="请输入用户名" autoComplete="username" maxLength={20} />
        </Form.Item>
        <Form.Item name="mobile" rules={mobileRules} validateFirst>
          <Input
            prefix={<MobileOutlined />}
            placeholder="请输入手机号"
            maxLength={11}
            inputMode="tel"
            autoComplete="tel"
          />
        </Form.Item>
        <Form.Item name="code" rules={smsCodeRules} validateFirst>
          <SmsCodeInput form={form} scene="register" />
        </Form.Item>
        <Form.Item name="password" rules={passwordRules}>
          <Input.Password prefix={<LockOutlined />} placeholder={PASSWORD_PLACEHOLDER} autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="rePassword" rules={confirmRules('password')} dependencies={['password']}>
          <Input.Password prefix={<LockOutlined />} placeholder="请再次输入密码" autoComplete="new-password" />
        </Form.Item>
        <Form.Item style={{ marginBottom: 0 }}>
          <Button type="primary" htmlType="submit" block loading={submitting}>
            注册
          </Button>
        </Form.Item>
      </Form>
    </AuthLayout>
  );
}
