import { MobileOutlined } from '@ant-design/icons';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { accountApi } from '../../api/account';
import { redirectTarget } from '../guard';
import { AuthLayout } from './AuthLayout';
import { completeLogin } from './completeLogin';
import { mobileRules, smsCodeRules } from './rules';
import { SmsCodeInput } from './SmsCodeInput';

interface CodeLoginForm {
  mobile: string;
  code: string;
}

/** /codeLogin: log in with a mobile number and an SMS code. */
export function CodeLoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [form] = Form.useForm<CodeLoginForm>();
  const [submitting, setSubmitting] = useState(false);

  const onFinish = async (v: CodeLoginForm) => {
    setSubmitting(true);
    try {
      const result = await accountApi.login({ loginType: 'sms', mobile: v.mobile, code: v.code });
      completeLogin(result);
      navigate(redirectTarget(location.state), { replace: true });
    } catch {
      /* shown by the client */
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthLayout loginTabs>
      <Form<CodeLoginForm> form={form} name="codeLogin" size="large" onFinish={onFinish} validateTrigger="onBlur">
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
          <SmsCodeInput form={form} scene="login" />
        </Form.Item>
        <Form.Item style={{ marginBottom: 0 }}>
          <Button type="primary" htmlType="submit" block loading={submitting}>
            登录
          </Button>
        </Form.Item>
      </Form>
    </AuthLayout>
  );
}
