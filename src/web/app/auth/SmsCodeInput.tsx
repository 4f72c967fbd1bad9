import { SafetyCertificateOutlined } from '@ant-design/icons';
import { App, Button, Input, Space, type FormInstance } from 'antd';
import { useState } from 'react';
import { accountApi, type SmsScene } from '../../api/account';
import { useCountdown } from './useCountdown';

export const SMS_RESEND_SECONDS = 60;

interface Props {
  form: FormInstance;
  /** 'bind' is the personal centre's mobile change (the new number must be unregistered). */
  scene: SmsScene | 'bind';
  mobileField?: string;
  value?: string;
  onChange?: (v: string) => void;
  onBlur?: () => void;
}

/** The code box with its "获取验证码" button and the 60-second resend countdown. */
export function SmsCodeInput({ form, scene, mobileField = 'mobile', value, onChange, onBlur }: Props) {
  const { message } = App.useApp();
  const [left, start] = useCountdown(SMS_RESEND_SECONDS);
  const [sending, setSending] = useState(false);

  const send = async () => {
    let mobile: string;
    try {
      mobile = (await form.validateFields([mobileField]))[mobileField];
    } catch {
      return;
    }
    setSending(true);
    try {
      await accountApi.sendSmsCode(mobile, scene as SmsScene);
      start();
      message.success('验证码已发送，请注意查收');
    } catch {
      /* the client showed the reason (e.g. sent too often) */
    } finally {
      setSending(false);
    }
  };

  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input
        size="large"
        prefix={<SafetyCertificateOutlined />}
        placeholder="请输入6位验证码"
        maxLength={6}
        inputMode="numeric"
        autoComplete="one-time-code"
        value={value}
        onChange={(e) => onChange?.(e.target.value)}
        onBlur={onBlur}
      />
      <Button
        size="large"
        onClick={send}
        loading={sending}
        disabled={left > 0}
        style={{ width: 132 }}
        data-testid="send-code"
      >
        {left > 0 ? `${left}秒后重新获取` : '获取验证码'}
      </Button>
    </Space.Compact>
  );
}
