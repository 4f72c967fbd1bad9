import { App, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { accountApi } from '../../api/account';
import { clearSession } from '../../api/session';
import { confirmRules, newPasswordRules, PASSWORD_PLACEHOLDER, passwordRules } from '../auth/rules';

interface PasswordForm {
  password: string;
  newPassword: string;
  rePassword: string;
}

export const PASSWORD_CHANGED = '修改成功，请重新登陆';

interface Props {
  open: boolean;
  username: string;
  onClose(): void;
  /** Called after the session was cleared; the caller goes to /login. */
  onChanged(): void;
}

/** Change password: rules checked on blur; success ends the session everywhere. */
export function ChangePasswordDialog({ open, username, onClose, onChanged }: Props) {
  const { message } = App.useApp();
  const [form] = Form.useForm<PasswordForm>();
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    let v: PasswordForm;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      await accountApi.updatePassword({ username, ...v });
    } catch {
      setSaving(false);
      return; // the client showed why
    }
    setSaving(false);
    message.success(PASSWORD_CHANGED);
    clearSession();
    form.resetFields();
    onChanged();
  };

  return (
    <Modal
      title="修改密码"
      open={open}
      width={400}
      okText="确定"
      cancelText="取消"
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={() => {
        form.resetFields();
        onClose();
      }}
      maskClosable={false}
    >
      <Form<PasswordForm>
        form={form}
        layout="vertical"
        validateTrigger="onBlur"
        name="changePassword"
        style={{ marginTop: 16 }}
      >
        <Form.Item label="原密码" name="password" rules={passwordRules}>
          <Input.Password placeholder="请输入原密码" autoComplete="current-password" />
        </Form.Item>
        <Form.Item label="新密码" name="newPassword" rules={newPasswordRules('password')} dependencies={['password']}>
          <Input.Password placeholder={PASSWORD_PLACEHOLDER} autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label="确认密码"
          name="rePassword"
          rules={confirmRules('newPassword')}
          dependencies={['newPassword']}
        >
          <Input.Password placeholder="请再次输入新密码" autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
