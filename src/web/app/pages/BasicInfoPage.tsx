import {
  CreditCardOutlined,
  DeleteOutlined,
  EditOutlined,
  MobileOutlined,
  PlusOutlined,
  UserOutlined,
} from '@ant-design/icons';
import {
  App,
  Avatar,
  Button,
  Card,
  Descriptions,
  Form,
  Input,
  List,
  Modal,
  Popconfirm,
  Space,
  Switch,
  Tag,
  Upload,
} from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { checkUploadSize } from '../../../common/rules/field-rules';
import { pageLoader, profileApi, teamApi, uploadFile, type BankCard } from '../../api/team';
import { SmsCodeInput } from '../auth/SmsCodeInput';
import { mobileRules, smsCodeRules } from '../auth/rules';
import { TeamLogo, TYPE_LABEL } from '../layout/TeamSwitcher';
import { useUser } from '../session-context';
import { checkBankCardNo, checkPersonName, checkRequired, rule } from '../teams/wizard';
import { useWorkspace } from '../workspace-context';

const maskCard = (no: string) => no.replace(/^(\d{4})\d+(\d{4})$/, '$1 **** **** $2');

function ProfileCard() {
  const { message } = App.useApp();
  const { user, refresh } = useUser();
  const [form] = Form.useForm<{ nickName: string }>();
  const [mobileOpen, setMobileOpen] = useState(false);
  const [mobileForm] = Form.useForm<{ mobile: string; code: string }>();
  const [uploading, setUploading] = useState(false);

  useEffect(() => {
    form.setFieldsValue({ nickName: user?.nickName ?? '' });
  }, [user?.nickName, form]);

  const saveNick = async ({ nickName }: { nickName: string }) => {
    try {
      await profileApi.updateProfile({ nickName: nickName.trim() });
    } catch {
      return;
    }
    void message.success('保存成功');
    await refresh().catch(() => {});
  };

  const changeMobile = async () => {
    let v: { mobile: string; code: string };
    try {
      v = await mobileForm.validateFields();
    } catch {
      return;
    }
    try {
      await profileApi.changeMobile(v.mobile, v.code);
    } catch {
      return;
    }
    void message.success('手机号已更换');
    setMobileOpen(false);
    mobileForm.resetFields();
    await refresh().catch(() => {});
  };

  return (
    <Card title="基本信息" className="yg-card">
      <div className="yg-profile">
        <Upload
          accept="image/*"
          showUploadList={false}
          maxCount={1}
          beforeUpload={(file) => {
            const tooBig = checkUploadSize(file.size);
            if (tooBig) void message.error(tooBig);
            else if (!file.type.startsWith('image/')) void message.error('请上传图片文件');
            else return true;
            return Upload.LIST_IGNORE;
          }}
          customRequest={async ({ file, onSuccess, onError }) => {
            setUploading(true);
            try {
              const f = await uploadFile(file as File, (file as File).name);
              await profileApi.updateProfile({ avatar: f.url });
              void message.success('头像已更新');
              await refresh();
              onSuccess?.(f);
            } catch (e) {
              onError?.(e as Error);
            } finally {
              setUploading(false);
            }
          }}
        >
          <button type="button" className="yg-avatar-edit" data-testid="avatar-upload" aria-label="更换头像">
            <Avatar
              size={88}
              src={user?.avatar || undefined}
              icon={!user?.avatar ? <UserOutlined /> : undefined}
              style={{ backgroundColor: '#1677ff' }}
            />
            <span>{uploading ? '上传中…' : '更换头像'}</span>
          </button>
        </Upload>
        <div className="yg-profile-main">
          <Descriptions
            column={1}
            size="small"
            items={[
              { key: 'username', label: '用户名', children: user?.username },
              {
                key: 'mobile',
                label: '手机号',
                children: (
                  <Space>
                    <span data-testid="mobile">{user?.mobile}</span>
                    <Button size="small" icon={<MobileOutlined />} onClick={() => setMobileOpen(true)}>
                      更换手机号
                    </Button>
                  </Space>
                ),
              },
              { key: 'team', label: '当前团队', children: user?.tenantName || '未加入团队' },
            ]}
          />
          <Form form={form} layout="inline" onFinish={saveNick} name="nickName" style={{ marginTop: 8 }}>
            <Form.Item
              label="昵称"
              name="nickName"
              rules={[rule(checkRequired('请输入昵称')), { max: 30, message: '最大输入长度为30' }]}
            >
              <Input placeholder="请输入昵称" maxLength={30} style={{ width: 220 }} />
            </Form.Item>
            <Button type="primary" htmlType="submit">
              保存
            </Button>
          </Form>
        </div>
      </div>
      <Modal
        title="更换手机号"
        open={mobileOpen}
        width={400}
        okText="确定"
        cancelText="取消"
        onOk={() => void changeMobile()}
        onCancel={() => {
          setMobileOpen(false);
          mobileForm.resetFields();
        }}
        maskClosable={false}
        destroyOnHidden
      >
        <Form
          form={mobileForm}
          layout="vertical"
          name="changeMobile"
          validateTrigger="onBlur"
          style={{ marginTop: 16 }}
        >
          <Form.Item label="新手机号" name="mobile" rules={mobileRules}>
            <Input size="large" placeholder="请输入新手机号" maxLength={11} />
          </Form.Item>
          <Form.Item label="验证码" name="code" rules={smsCodeRules}>
            <SmsCodeInput form={mobileForm} scene="bind" />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}

type CardForm = Omit<BankCard, 'id'>;

function BankCards() {
  const { message } = App.useApp();
  const [cards, setCards] = useState<BankCard[] | null>(null);
  const [editing, setEditing] = useState<BankCard | 'new' | null>(null);
  const [form] = Form.useForm<CardForm>();
  const load = useCallback(async () => setCards(await profileApi.bankCards()), []);
  useEffect(() => {
    load().catch(() => setCards([]));
  }, [load]);

  useEffect(() => {
    if (editing === 'new')
      form.setFieldsValue({ bankName: '', bankCardNo: '', accountName: '', isDefault: !cards?.length });
    else if (editing) form.setFieldsValue(editing);
  }, [editing, form, cards?.length]);

  const save = async () => {
    let v: CardForm;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    const card = { ...v, bankCardNo: v.bankCardNo.replace(/\s+/g, ''), isDefault: !!v.isDefault };
    try {
      if (editing === 'new') await profileApi.addBankCard(card);
      else if (editing) await profileApi.updateBankCard({ ...card, id: editing.id });
    } catch {
      return;
    }
    void message.success(editing === 'new' ? '添加成功' : '保存成功');
    setEditing(null);
    await load().catch(() => {});
  };

  const remove = async (id: number) => {
    try {
      await profileApi.deleteBankCard(id);
    } catch {
      return;
    }
    void message.success('删除成功');
    await load().catch(() => {});
  };

  return (
    <Card
      title="银行卡"
      className="yg-card"
      extra={
        <Button icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="add-bank-card">
          添加银行卡
        </Button>
      }
    >
      <List
        loading={cards === null}
        dataSource={cards ?? []}
        locale={{ emptyText: '暂无银行卡' }}
        renderItem={(c) => (
          <List.Item
            actions={[
              <Button key="e" type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing(c)}>
                编辑
              </Button>,
              <Popconfirm
                key="d"
                title="确定删除该项吗？"
                okText="确定"
                cancelText="取消"
                onConfirm={() => remove(c.id)}
                onCancel={() => void message.info('已取消')}
              >
                <Button type="link" size="small" danger icon={<DeleteOutlined />}>
                  删除
                </Button>
              </Popconfirm>,
            ]}
          >
            <List.Item.Meta
              avatar={<Avatar icon={<CreditCardOutlined />} style={{ backgroundColor: '#e6f4ff', color: '#1677ff' }} />}
              title={
                <Space>
                  {c.bankName}
                  {c.isDefault && <Tag color="blue">默认</Tag>}
                </Space>
              }
              description={`${maskCard(c.bankCardNo)} · ${c.accountName}`}
            />
          </List.Item>
        )}
      />
      <Modal
        title={editing === 'new' ? '添加银行卡' : '编辑银行卡'}
        open={editing !== null}
        width={400}
        okText="确定"
        cancelText="取消"
        onOk={() => void save()}
        onCancel={() => setEditing(null)}
        maskClosable={false}
        forceRender
      >
        <Form form={form} layout="vertical" name="bankCard" validateTrigger="onBlur" style={{ marginTop: 16 }}>
          <Form.Item
            label="开户银行"
            name="bankName"
            rules={[rule(checkRequired('请输入开户银行')), { max: 50, message: '最大输入长度为50' }]}
            required
          >
            <Input placeholder="如 招商银行上海分行" maxLength={50} />
          </Form.Item>
          <Form.Item label="银行卡号" name="bankCardNo" rules={[rule(checkBankCardNo)]} required>
            <Input placeholder="请输入16-19位银行卡号" maxLength={23} inputMode="numeric" />
          </Form.Item>
          <Form.Item
            label="开户名"
            name="accountName"
            rules={[rule((v) => checkPersonName(v, '请输入开户名'))]}
            required
          >
            <Input placeholder="请输入持卡人姓名" maxLength={30} />
          </Form.Item>
          <Form.Item label="设为默认" name="isDefault" valuePropName="checked">
            <Switch />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}

function MyTeams() {
  const { message } = App.useApp();
  const { teams, reloadTeams } = useWorkspace();
  const quit = async (code: string, current: boolean) => {
    try {
      await teamApi.quit(code);
    } catch {
      return;
    }
    void message.success('已退出团队');
    // Leaving the active team leaves the session without a team: start over at /.
    if (current) return pageLoader.reloadAt('/');
    await reloadTeams().catch(() => {});
  };
  return (
    <Card title="我的团队" className="yg-card" data-testid="my-teams">
      <List
        loading={teams === null}
        dataSource={teams ?? []}
        locale={{ emptyText: '您还没有加入团队' }}
        renderItem={(t) => (
          <List.Item
            actions={
              t.isOwner
                ? [<Tag key="o">所有者不可退出</Tag>]
                : [
                    <Popconfirm
                      key="q"
                      title={`确定退出「${t.tenantName}」吗？`}
                      description="退出后需要重新申请才能加入"
                      okText="确定"
                      cancelText="取消"
                      onConfirm={() => quit(t.tenantCode, !!t.current)}
                    >
                      <Button size="small" danger>
                        退出
                      </Button>
                    </Popconfirm>,
                  ]
            }
          >
            <List.Item.Meta
              avatar={<TeamLogo team={t} size={40} />}
              title={
                <Space>
                  {t.tenantName}
                  <Tag bordered={false} color={t.tenantType === 'enterprise' ? 'blue' : 'green'}>
                    {TYPE_LABEL[t.tenantType]}
                  </Tag>
                  {t.current && <Tag color="processing">当前</Tag>}
                </Space>
              }
              description={`${t.tenantCode} · ${t.isOwner ? '所有者' : t.isAdmin ? '管理员' : '成员'}`}
            />
          </List.Item>
        )}
      />
    </Card>
  );
}

/** /basicInfo — 个人中心: avatar, nickname, mobile change, bank cards, my teams. */
export function BasicInfoPage() {
  return (
    <div className="yg-basic-info">
      <ProfileCard />
      <div className="yg-basic-grid">
        <BankCards />
        <MyTeams />
      </div>
    </div>
  );
}
