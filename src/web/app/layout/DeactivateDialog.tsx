import { ExclamationCircleFilled } from '@ant-design/icons';
import { Alert, App, Form, Input, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { clearSession } from '../../api/session';
import { profileApi, type DeactivateImpact } from '../../api/team';

interface Props {
  open: boolean;
  onClose(): void;
  /** Called after the session was cleared; the caller goes to /login. */
  onDone(): void;
}

export const DEACTIVATED = '账号已注销';

/** 注销账号: says which teams close and which the user leaves, then asks for the password. */
export function DeactivateDialog({ open, onClose, onDone }: Props) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ password: string }>();
  const [impact, setImpact] = useState<DeactivateImpact | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    setImpact(null);
    form.resetFields();
    profileApi.deactivateImpact().then(setImpact, () => {});
  }, [open, form]);

  const submit = async () => {
    let v: { password: string };
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      await profileApi.deactivate(v.password);
    } catch {
      return setSaving(false);
    }
    setSaving(false);
    message.success(DEACTIVATED);
    clearSession();
    onDone();
  };

  const names = (list: { tenantName: string }[]) => list.map((t) => `「${t.tenantName}」`).join('、');
  return (
    <Modal
      title={
        <span>
          <ExclamationCircleFilled style={{ color: '#ff4d4f', marginRight: 8 }} />
          注销账号
        </span>
      }
      open={open}
      width={460}
      okText="确认注销"
      okButtonProps={{ danger: true, disabled: !impact }}
      cancelText="取消"
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={onClose}
      maskClosable={false}
    >
      <div data-testid="deactivate-impact" style={{ margin: '12px 0 16px' }}>
        <Alert
          type="warning"
          showIcon
          message="注销后账号将无法登录，且不可恢复"
          description={
            impact ? (
              <ul style={{ margin: '4px 0 0', paddingLeft: 18 }}>
                {impact.ownedTeams.length > 0 && (
                  <li>您创建的团队 {names(impact.ownedTeams)} 将被解散，成员将无法再使用</li>
                )}
                {impact.memberTeams.length > 0 && <li>您将退出团队 {names(impact.memberTeams)}</li>}
                {impact.ownedTeams.length === 0 && impact.memberTeams.length === 0 && <li>您当前没有加入任何团队</li>}
              </ul>
            ) : (
              '正在查询注销影响…'
            )
          }
        />
      </div>
      <Form form={form} layout="vertical" name="deactivate">
        <Form.Item label="请输入登录密码确认" name="password" rules={[{ required: true, message: '请输入密码' }]}>
          <Input.Password placeholder="登录密码" autoComplete="current-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
