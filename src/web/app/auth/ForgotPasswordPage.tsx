import { LockOutlined, MobileOutlined, UserOutlined } from '@ant-design/icons';
import { App, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { accountApi } from '../../api/account';
import { AuthLayout } from './AuthLayout';
import { confirmRules, mobileRules, PASSWORD_PLACEHOLDER, passwordRules, smsCodeRules } from './rules';
import { SmsCodeInput } from './SmsCodeInput';

interface ForgotForm {
  username: string;
  mobile: string;
  code: string;
  newPassword: string;
  rePassword: string;
}

/** /forgotPassword: username, bound mobile and an SMS code set a new password. */
export function ForgotPasswordPage() {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [form] = Form.useForm<ForgotForm>();
  const [submitting, setSubmitting] = useState(false);

  const onFinish = async (v: ForgotForm) => {
    setSubmitting(true);
    try {
      await accountApi.retrievePassword({ ...v, username: v.username.trim() });
      message.success('密码已重置，请使用新密码登录');
      navigate('/login', { replace: true });
    } catch {
      /* shown by the client */
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthLayout
      title="找回密码"
      footer={
        <>
          想起密码了？<Link to="/login">返回登录</Link>
        </>
      }
    >
      <Form<ForgotForm> form={form} name="forgotPassword" size="large" onFinish={onFinish} validateTrigger="onBlur">
        <Form.Item name="username" rules={[{ required: true, whitespace: true, message: '请输入用户名' }]}>
          <Input prefix={<UserOutlined />} placeholder="请输入用户名" autoComplete="username" />
        </Form.Item>
        <Form.Item name="mobile" rules={mobileRules} validateFirst>
          <Input
            prefix={<MobileOutlined />}
            placeholder="请输入绑定的手机号"
            maxLength={11}
            inputMode="tel"
            autoComplete="tel"
          />
        </Form.Item>
        <Form.Item name="code" rules={smsCodeRules} validateFirst>
          <SmsCodeInput form={form} scene="reset" />
        </Form.Item>
        <Form.Item name="newPassword" rules={passwordRules}>
          <Input.Password prefix={<LockOutlined />} placeholder={PASSWORD_PLACEHOLDER} autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="rePassword" rules={confirmRules('newPassword')} dependencies={['newPassword']}>
          <Input.Password prefix={<LockOutlined />} placeholder="请再次输入新密码" autoComplete="new-password" />
        </Form.Item>
        <Form.Item style={{ marginBottom: 0 }}>
          <Button type="primary" htmlType="submit" block loading={submitting}>
            重置密码
          </Button>
        </Form.Item>
      </Form>
    </AuthLayout>
  );
}
