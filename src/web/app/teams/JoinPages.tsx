import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Alert, App, Button, Descriptions, Empty, Form, Input, List, Result, Space, Tag } from 'antd';
import dayjs from 'dayjs';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../api/client';
import {
  teamApi,
  type MemberStatus,
  type MyApplication,
  type TeamItem,
  type TeamSummary,
  type TenantType,
} from '../../api/team';
import { TeamLogo, TYPE_LABEL } from '../layout/TeamSwitcher';
import { OnboardingFrame } from './OnboardingFrame';
import { switchTeam } from './switch';
import { checkTeamCode, rule } from './wizard';

export const STATUS_LABEL: Record<MemberStatus, { text: string; color: string }> = {
  normal: { text: '已加入', color: 'success' },
  pending: { text: '审核中', color: 'processing' },
  refused: { text: '已拒绝', color: 'error' },
  invited: { text: '邀请中', color: 'warning' },
  quit: { text: '已退出', color: 'default' },
};

function TeamSummaryCard({ team }: { team: TeamSummary }) {
  return (
    <div className="yg-team-summary" data-testid="team-summary">
      <TeamLogo team={team} size={52} />
      <div className="yg-team-summary-main">
        <div className="yg-team-summary-name">
          {team.tenantName}
          <Tag bordered={false} color={team.tenantType === 'enterprise' ? 'blue' : 'green'} style={{ marginLeft: 8 }}>
            {TYPE_LABEL[team.tenantType]}团队
          </Tag>
        </div>
        <Descriptions
          size="small"
          column={2}
          items={[
            { key: 'code', label: '团队编号', children: team.tenantCode },
            { key: 'count', label: '成员人数', children: `${team.memberCount} 人` },
            ...(team.inviterName ? [{ key: 'inviter', label: '邀请人', children: team.inviterName }] : []),
            ...(team.myStatus
              ? [
                  {
                    key: 'status',
                    label: '我的状态',
                    children: <Tag color={STATUS_LABEL[team.myStatus].color}>{STATUS_LABEL[team.myStatus].text}</Tag>,
                  },
                ]
              : []),
          ]}
        />
      </div>
    </div>
  );
}

/** The apply part shared by /joinTeam, /joinIndividualTeam and /share. */
function ApplyBox({ team, onApplied }: { team: TeamSummary; onApplied(): void }) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<{ remark: string }>();
  if (team.myStatus === 'normal') {
    return (
      <Alert
        type="success"
        showIcon
        message="您已是该团队成员"
        action={
          <Button
            type="primary"
            size="small"
            onClick={() => switchTeam(team.tenantCode, (t) => void message.success(t)).catch(() => {})}
          >
            进入团队
          </Button>
        }
      />
    );
  }
  if (team.myStatus === 'pending') {
    return (
      <Alert
        type="info"
        showIcon
        message="您已提交申请，正在等待团队管理员审核"
        action={
          <Button size="small" onClick={() => navigate('/inCheck')}>
            查看进度
          </Button>
        }
      />
    );
  }
  const apply = async ({ remark }: { remark?: string }) => {
    try {
      await teamApi.apply(team.tenantCode, remark?.trim() ?? '');
    } catch {
      return;
    }
    void message.success('申请已提交，请等待团队管理员审核');
    onApplied();
  };
  return (
    <Form form={form} layout="vertical" onFinish={apply} name="apply">
      {team.myStatus === 'refused' && (
        <Alert type="warning" showIcon message="您之前的申请未通过，可以重新申请" style={{ marginBottom: 16 }} />
      )}
      <Form.Item label="申请说明" name="remark" rules={[{ max: 200, message: '最大输入长度为200' }]}>
        <Input.TextArea rows={3} maxLength={200} showCount placeholder="请简单介绍您自己，方便管理员审核（选填）" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block size="large">
        申请加入
      </Button>
    </Form>
  );
}

/** /joinTeam (enterprise) and /joinIndividualTeam: find a team by its code, see its summary, apply. */
export function JoinTeamPage({ type }: { type: TenantType }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [form] = Form.useForm<{ tenantCode: string }>();
  const [team, setTeam] = useState<TeamSummary | null>(null);
  const [missing, setMissing] = useState(false);

  const search = useCallback(async (code: string) => {
    setTeam(null);
    setMissing(false);
    try {
      setTeam(await teamApi.queryJoin(code.trim().toUpperCase()));
    } catch (err) {
      // Only a code that names no team is "not found"; a refusal (too many lookups) shows its own message.
      if (err instanceof ApiError && err.status === 404) setMissing(true);
    }
  }, []);

  useEffect(() => {
    const code = params.get('code');
    if (code) {
      form.setFieldsValue({ tenantCode: code });
      void search(code);
    }
  }, [params, form, search]);

  const label = type === 'enterprise' ? '企业团队' : '个人团队';
  return (
    <OnboardingFrame
      title={`加入${label}`}
      subtitle="请输入团队管理员提供的团队编号"
      back="/selectionMethod"
      width={620}
    >
      <Form form={form} layout="vertical" name="joinSearch" onFinish={(v) => void search(v.tenantCode)}>
        <Form.Item label="团队编号" required>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item
              name="tenantCode"
              noStyle
              rules={[rule(checkTeamCode)]}
              validateTrigger="onBlur"
              normalize={(v: string) => v?.trim().toUpperCase()}
            >
              <Input size="large" placeholder="如 T00000001" maxLength={9} allowClear />
            </Form.Item>
            <Button size="large" type="primary" htmlType="submit" icon={<SearchOutlined />}>
              查询
            </Button>
          </Space.Compact>
        </Form.Item>
      </Form>
      {missing && <Empty description="未找到该团队，请核对团队编号" />}
      {team && (
        <>
          <TeamSummaryCard team={team} />
          {team.tenantType !== type && (
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 16 }}
              message={`该团队是${TYPE_LABEL[team.tenantType]}团队，您仍然可以申请加入`}
            />
          )}
          <ApplyBox team={team} onApplied={() => navigate('/inCheck')} />
        </>
      )}
    </OnboardingFrame>
  );
}

/** /share?code=: a team's invitation link (or QR code) — the team, who invited, apply to join. */
export function SharePage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  const [team, setTeam] = useState<TeamSummary | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!code) return setFailed(true);
    teamApi.queryShare(code).then(setTeam, () => setFailed(true));
  }, [code]);
  return (
    <OnboardingFrame
      title="团队邀请"
      subtitle={team?.inviterName ? `${team.inviterName} 邀请您加入团队` : '您收到一个团队邀请'}
      width={620}
    >
      {failed && (
        <Result
          status="warning"
          title="邀请链接已失效"
          subTitle="请联系团队管理员重新获取邀请链接"
          extra={<Button onClick={() => navigate('/selectionMethod')}>返回</Button>}
        />
      )}
      {team && (
        <>
          <TeamSummaryCard team={team} />
          <ApplyBox team={team} onApplied={() => navigate('/inCheck')} />
        </>
      )}
    </OnboardingFrame>
  );
}

/** /inCheck: the user's requests under review (and invitations), with refresh; teams joined meanwhile. */
export function InCheckPage() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [apps, setApps] = useState<MyApplication[] | null>(null);
  const [teams, setTeams] = useState<TeamItem[]>([]);

  const load = useCallback(async () => {
    const [a, t] = await Promise.all([teamApi.myApplications(), teamApi.myTeams()]);
    setApps(a);
    setTeams(t);
  }, []);
  useEffect(() => {
    load().catch(() => {});
  }, [load]);

  const respond = async (code: string, accept: boolean) => {
    try {
      await teamApi.respondInvite(code, accept);
    } catch {
      return;
    }
    void message.success(accept ? '已加入团队' : '已谢绝邀请');
    await load().catch(() => {});
  };

  const others = teams.filter((t) => !t.current);
  return (
    <OnboardingFrame title="申请审核中" subtitle="团队管理员审核通过后，您就可以进入团队" width={640}>
      <div className="yg-incheck-bar">
        <span>我的申请</span>
        <Button icon={<ReloadOutlined />} onClick={() => load().catch(() => {})} data-testid="refresh">
          刷新
        </Button>
      </div>
      <List
        dataSource={apps ?? []}
        loading={apps === null}
        locale={{ emptyText: <Empty description="暂无审核中的申请" /> }}
        renderItem={(a) => (
          <List.Item
            data-testid={`application-${a.tenantCode}`}
            actions={
              a.status === 'invited'
                ? [
                    <Button key="a" type="primary" size="small" onClick={() => void respond(a.tenantCode, true)}>
                      接受
                    </Button>,
                    <Button key="d" size="small" onClick={() => void respond(a.tenantCode, false)}>
                      谢绝
                    </Button>,
                  ]
                : a.status === 'refused'
                  ? [
                      <Button
                        key="r"
                        size="small"
                        onClick={() =>
                          navigate(
                            `${a.tenantType === 'enterprise' ? '/joinTeam' : '/joinIndividualTeam'}?code=${a.tenantCode}`,
                          )
                        }
                      >
                        重新申请
                      </Button>,
                    ]
                  : []
            }
          >
            <List.Item.Meta
              avatar={<TeamLogo team={a} size={40} />}
              title={
                <Space>
                  {a.tenantName}
                  <Tag color={STATUS_LABEL[a.status].color}>{STATUS_LABEL[a.status].text}</Tag>
                </Space>
              }
              description={`${a.tenantCode} · ${dayjs(a.updatedAt).format('YYYY-MM-DD HH:mm')}${a.remark ? ` · ${a.remark}` : ''}`}
            />
          </List.Item>
        )}
      />
      {others.length > 0 && (
        <div className="yg-incheck-joined" data-testid="joined-teams">
          <div className="yg-incheck-bar">
            <span>已加入的团队</span>
          </div>
          <List
            dataSource={others}
            renderItem={(t) => (
              <List.Item
                actions={[
                  <Button
                    key="e"
                    type="primary"
                    size="small"
                    onClick={() => switchTeam(t.tenantCode, (x) => void message.success(x)).catch(() => {})}
                  >
                    进入团队
                  </Button>,
                ]}
              >
                <List.Item.Meta
                  avatar={<TeamLogo team={t} size={40} />}
                  title={t.tenantName}
                  description={t.tenantCode}
                />
              </List.Item>
            )}
          />
        </div>
      )}
    </OnboardingFrame>
  );
}
