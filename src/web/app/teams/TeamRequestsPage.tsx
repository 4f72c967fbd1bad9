import { CopyOutlined, QrcodeOutlined, ReloadOutlined, UserAddOutlined } from '@ant-design/icons';
import { App, Button, Card, Form, Input, Modal, Popconfirm, Result, Space, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { useCallback, useEffect, useState } from 'react';
import { PHONE } from '../../../common/patterns';
import { teamApi, type JoinRequest, type ShareLink } from '../../api/team';
import { useUser } from '../session-context';
import { useWorkspace } from '../workspace-context';

/** /teamRequests (成员申请): an admin of the active team approves or refuses join requests and invites people. */
export function TeamRequestsPage() {
  const { message } = App.useApp();
  const { user } = useUser();
  const { teams, reloadRequests } = useWorkspace();
  const [rows, setRows] = useState<JoinRequest[] | null>(null);
  const [share, setShare] = useState<ShareLink | null>(null);
  const [inviteForm] = Form.useForm<{ mobile: string }>();
  const isAdmin = !!teams?.find((t) => t.current)?.isAdmin;

  const load = useCallback(async () => {
    const page = await teamApi.requests();
    setRows(page.list);
  }, []);
  useEffect(() => {
    if (isAdmin) load().catch(() => setRows([]));
  }, [isAdmin, load]);

  const decide = async (r: JoinRequest, approve: boolean) => {
    try {
      await teamApi.decide(r.userId, approve);
    } catch {
      return;
    }
    void message.success(approve ? '已同意' : '已拒绝');
    await Promise.all([load(), reloadRequests()]).catch(() => {});
  };

  const makeLink = async () => {
    try {
      setShare(await teamApi.createShareLink());
    } catch {
      /* shown */
    }
  };

  const invite = async ({ mobile }: { mobile: string }) => {
    try {
      await teamApi.invite(mobile);
    } catch {
      return;
    }
    // The server answers alike for every number (registered or not), and so does this.
    void message.success('邀请已发出：对方登录易管后可在「申请审核」中接受；尚未注册的，请对方先注册后再邀请');
    inviteForm.resetFields();
  };

  if (teams === null) return null;
  if (!isAdmin) return <Result status="403" title="无权访问" subTitle="只有团队所有者或管理员可以审核成员申请" />;

  return (
    <div className="yg-page">
      <Card
        title={`成员申请 · ${user?.tenantName ?? ''}`}
        extra={
          <Space>
            <Button icon={<ReloadOutlined />} onClick={() => load().catch(() => {})}>
              刷新
            </Button>
            <Button type="primary" icon={<QrcodeOutlined />} onClick={() => void makeLink()} data-testid="create-share">
              生成邀请链接
            </Button>
          </Space>
        }
      >
        <Table<JoinRequest>
          rowKey="userId"
          loading={rows === null}
          dataSource={rows ?? []}
          pagination={false}
          locale={{ emptyText: '暂无待审核的申请' }}
          columns={[
            {
              title: '申请人',
              key: 'who',
              render: (_, r) => (
                <span>
                  {r.nickName || r.username}
                  <Typography.Text type="secondary" style={{ marginLeft: 6 }}>
                    @{r.username}
                  </Typography.Text>
                </span>
              ),
            },
            { title: '手机号', dataIndex: 'mobile', width: 140 },
            { title: '申请说明', dataIndex: 'remark', render: (v: string) => v || '—' },
            {
              title: '申请时间',
              dataIndex: 'createdAt',
              width: 170,
              render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm'),
            },
            {
              title: '操作',
              key: 'op',
              width: 160,
              fixed: 'right',
              render: (_, r) => (
                <Space>
                  <Button
                    type="primary"
                    size="small"
                    onClick={() => void decide(r, true)}
                    data-testid={`approve-${r.username}`}
                  >
                    同意
                  </Button>
                  <Popconfirm
                    title="确定拒绝该申请吗？"
                    okText="确定"
                    cancelText="取消"
                    onConfirm={() => decide(r, false)}
                  >
                    <Button danger size="small">
                      拒绝
                    </Button>
                  </Popconfirm>
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <Card title="邀请成员" style={{ marginTop: 16 }}>
        <Form form={inviteForm} layout="inline" onFinish={invite} name="invite">
          <Form.Item
            name="mobile"
            rules={[
              { required: true, message: '请输入手机号' },
              { pattern: new RegExp(PHONE.reg), message: PHONE.regMsg },
            ]}
          >
            <Input placeholder="被邀请人的手机号" maxLength={11} style={{ width: 220 }} />
          </Form.Item>
          <Button htmlType="submit" icon={<UserAddOutlined />}>
            发送邀请
          </Button>
        </Form>
        <Typography.Paragraph type="secondary" style={{ margin: '12px 0 0' }}>
          被邀请人登录后可在「申请审核」中接受邀请；也可以生成邀请链接或二维码发给对方，对方打开后申请加入。
        </Typography.Paragraph>
      </Card>
      <Modal title="邀请链接" open={!!share} footer={null} onCancel={() => setShare(null)} width={400}>
        {share && (
          <div className="yg-share" data-testid="share-link">
            <img src={share.qrCode} alt="邀请二维码" width={200} height={200} />
            <Typography.Paragraph
              copyable={{ text: share.url, icon: <CopyOutlined />, tooltips: ['复制链接', '已复制'] }}
              className="yg-share-url"
            >
              {share.url}
            </Typography.Paragraph>
            <Typography.Text type="secondary">
              有效期至 {dayjs(share.expiresAt).format('YYYY-MM-DD HH:mm')}
            </Typography.Text>
          </div>
        )}
      </Modal>
    </div>
  );
}
