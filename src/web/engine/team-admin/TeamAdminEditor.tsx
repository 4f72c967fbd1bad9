// The generic team-admin editor of a team-admin page (schema `teamAdmin.sections`): one tab per section —
// 用户 (the team's members: roles, 正常/禁用), 角色 (roles: menus of the team's mode, their button codes, data
// scope) and 加入申请 (join requests). Knows no module names: the server lists the team's menus and codes
// (/api/team-admin/options) and checks every rule (admins only, owner protections, held roles…).
import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  App as AntApp,
  Button,
  Drawer,
  Empty,
  Form,
  Input,
  Popconfirm,
  Radio,
  Segmented,
  Select,
  Space,
  Switch,
  Table,
  Tabs,
  Tag,
  Tooltip,
  TreeSelect,
  Typography,
  type TableColumnsType,
} from 'antd';
import type { TeamAdminPageSchema, TeamAdminSection } from '../../../common/schema/types';
import { formatDate } from '../../../common/rules/format';
import { api } from '../../api/client';
import { FeedbackBridge, feedback } from '../feedback';
import { ListLayout } from '../list/ListLayout';
import { ModuleTabs } from '../page/ModuleTabs';
import { ReasonDialog } from '../dialogs/ReasonDialog';
import { rowsHeight, useListBox } from '../list/list-box';

export interface TeamAdminEditorProps {
  schema: TeamAdminPageSchema;
  onNavigate?: (path: string) => void;
}

interface Option {
  value: string;
  label: string;
}
interface MenuNode {
  value: string;
  title: string;
  children?: MenuNode[];
}
interface Options {
  menuTree: MenuNode[];
  codes: Record<string, Option[]>;
  teamCodes: Option[];
  dataScopes: Option[];
  roles: { value: number; label: string; roleCode: string }[];
  ownerId: number;
}
interface Member {
  id: number;
  username: string;
  nickName: string;
  mobile: string;
  deptName: string;
  roleIds: number[];
  roleNames: string[];
  enabled: boolean;
  isAdmin: boolean;
  isOwner: boolean;
  joinedAt: string;
}
interface Role {
  id: number;
  roleName: string;
  roleCode: string;
  menuIds: string[];
  menuNames: string[];
  permissionCodes: string[];
  dataScope: string;
  dataScopeName: string;
  memberCount: number;
  system: boolean;
  fixed: boolean;
}
interface JoinRequest {
  id: number;
  userId: number;
  applicant: string;
  username: string;
  mobile: string;
  tenantName: string;
  applyTime: string;
  statusName: string;
  remark: string;
  decider: string;
  decidedAt: string | null;
}

const SECTION_TITLES: Record<TeamAdminSection, string> = { members: '用户', roles: '角色', requests: '加入申请' };
const ROLE_CODE = /^[a-z][a-z0-9_]{1,29}$/;
// Times read as everywhere else in the app: China's wall clock, YYYY-MM-DD HH:mm:ss.
const when = (iso: string | null) => (iso ? formatDate(iso, 'dateTime') : '');

export function TeamAdminEditor({ schema, onNavigate }: TeamAdminEditorProps) {
  const sections = schema.teamAdmin.sections;
  const [tab, setTab] = useState<TeamAdminSection>(sections[0]);
  const [options, setOptions] = useState<Options | null>(null);
  const [refused, setRefused] = useState<string | null>(null);

  const loadOptions = useCallback(
    () =>
      api
        .get<Options>('/team-admin/options', { silent: true })
        .then(setOptions, (e: Error) => setRefused(e.message || '没有权限')),
    [],
  );
  useEffect(() => {
    void loadOptions();
  }, [loadOptions]);

  const body = refused ? (
    <Empty style={{ marginTop: 80 }} description={refused} />
  ) : (
    <Tabs
      activeKey={tab}
      onChange={(k) => setTab(k as TeamAdminSection)}
      style={{ padding: '0 12px' }}
      items={sections.map((s) => ({
        key: s,
        label: SECTION_TITLES[s],
        children: !options ? null : s === 'members' ? (
          <MembersTab options={options} />
        ) : s === 'roles' ? (
          <RolesTab options={options} onChanged={loadOptions} />
        ) : (
          <RequestsTab />
        ),
      }))}
    />
  );

  return (
    <AntApp>
      <FeedbackBridge />
      <ListLayout
        tabs={
          schema.tabs && (
            <ModuleTabs
              modules={schema.tabs.modules ?? []}
              selectedKey={schema.module}
              help={schema.tabs.help}
              tipsImage={schema.tabs.tipsImage}
              hideSmartData
              onSelect={(m) => m.key && m.key !== schema.module && onNavigate?.(`/${m.key}`)}
            />
          )
        }
      >
        {body}
      </ListLayout>
    </AntApp>
  );
}

function MembersTab({ options }: { options: Options }) {
  const [keyword, setKeyword] = useState('');
  const [rows, setRows] = useState<Member[] | null>(null);
  const { ref: tableBox, box } = useListBox(rows === null);
  const [busy, setBusy] = useState<number | null>(null);
  const load = useCallback(async () => {
    const d = await api.post<{ list: Member[] }>('/team-admin/members', {
      keyword: keyword || undefined,
      pageSize: 200,
    });
    setRows(d.list);
  }, [keyword]);
  useEffect(() => {
    load().catch(() => setRows([]));
  }, [load]);

  const update = async (m: Member, patch: { roleIds?: number[]; enabled?: boolean }) => {
    setBusy(m.id);
    try {
      await api.post('/team-admin/members/update', { userId: m.id, ...patch });
      feedback.message.success(patch.enabled === false ? '已禁用' : patch.enabled === true ? '已启用' : '角色已保存');
    } catch {
      /* the client showed the server's message */
    } finally {
      setBusy(null);
      await load().catch(() => undefined);
    }
  };
  const roleOptions = options.roles.map((r) => ({ value: r.value, label: r.label }));
  const columns: TableColumnsType<Member> = [
    {
      title: '账号',
      dataIndex: 'username',
      width: 130,
      render: (v, m) => (
        <Space size={4}>
          {v}
          {m.isOwner && <Tag color="gold">所有者</Tag>}
          {!m.isOwner && m.isAdmin && <Tag color="blue">管理员</Tag>}
        </Space>
      ),
    },
    { title: '昵称', dataIndex: 'nickName', width: 110 },
    { title: '手机号', dataIndex: 'mobile', width: 130 },
    { title: '部门', dataIndex: 'deptName', width: 120 },
    {
      title: '角色',
      key: 'roles',
      render: (_, m) => (
        <Select
          mode="multiple"
          size="small"
          style={{ minWidth: 240, width: '100%' }}
          aria-label={`${m.username}-roles`}
          value={m.roleIds}
          options={roleOptions}
          disabled={busy === m.id}
          maxTagCount="responsive"
          placeholder="请选择角色"
          onChange={(ids: number[]) => void update(m, { roleIds: ids })}
        />
      ),
    },
    {
      title: '状态',
      key: 'enabled',
      width: 100,
      align: 'center',
      render: (_, m) => (
        <Tooltip title={m.isOwner ? '团队所有者不能被禁用' : undefined}>
          <Switch
            size="small"
            checkedChildren="正常"
            unCheckedChildren="禁用"
            checked={m.enabled}
            disabled={m.isOwner || busy === m.id}
            aria-label={`${m.username}-enabled`}
            onChange={(v) => void update(m, { enabled: v })}
          />
        </Tooltip>
      ),
    },
    { title: '加入时间', dataIndex: 'joinedAt', width: 160, render: (v: string) => when(v) },
  ];
  return (
    <>
      <Space style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          placeholder="姓名 / 账号 / 手机号"
          style={{ width: 260 }}
          onSearch={(v) => setKeyword(v.trim())}
        />
        <Typography.Text type="secondary">
          共 {rows?.length ?? 0} 人；修改角色或禁用成员后，对方下一次操作即生效
        </Typography.Text>
      </Space>
      {/* The rows scroll inside the window, so the table's scroll bar and pager stay on screen. */}
      <div ref={tableBox}>
        <Table<Member>
          rowKey="id"
          size="small"
          loading={!rows}
          columns={columns}
          dataSource={rows ?? []}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          scroll={{ x: 'max-content', y: rowsHeight(box) ?? undefined }}
        />
      </div>
    </>
  );
}

interface RoleForm {
  roleName: string;
  roleCode: string;
  menuIds: string[];
  permissionCodes: string[];
  dataScope: string;
}

function RolesTab({ options, onChanged }: { options: Options; onChanged: () => unknown }) {
  const [rows, setRows] = useState<Role[] | null>(null);
  const [editing, setEditing] = useState<Role | 'new' | null>(null);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<RoleForm>();
  const menuIds = Form.useWatch('menuIds', form) ?? [];
  const load = useCallback(async () => setRows((await api.post<{ list: Role[] }>('/team-admin/roles', {})).list), []);
  useEffect(() => {
    load().catch(() => setRows([]));
  }, [load]);

  const menuName = useMemo(
    () => new Map(options.menuTree.flatMap((g) => (g.children ?? []).map((c) => [c.value, c.title] as const))),
    [options],
  );
  /**
   * The codes the chosen menus offer (grouped by menu), and the team's own codes. A chosen menu's 查看 comes with it
   * (the server adds it too): shown ticked and fixed, since a menu without it would only lead to a refusal.
   */
  const codeOptions = useMemo(
    () => [
      ...menuIds
        .filter((m) => options.codes[m])
        .map((m) => ({
          label: menuName.get(m) ?? m,
          title: m,
          options: options.codes[m].map((o) => (o.value === `${m}:view` ? { ...o, disabled: true } : o)),
        })),
      { label: '团队', title: 'team', options: options.teamCodes },
    ],
    [menuIds, options, menuName],
  );

  const open = (r: Role | 'new') => {
    setEditing(r);
    form.resetFields();
    form.setFieldsValue(
      r === 'new'
        ? { roleName: '', roleCode: '', menuIds: [], permissionCodes: [], dataScope: 'self' }
        : {
            roleName: r.roleName,
            roleCode: r.roleCode,
            menuIds: r.menuIds,
            permissionCodes: r.permissionCodes,
            dataScope: r.dataScope,
          },
    );
  };
  const save = async () => {
    // Field errors show under the fields.
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    // Codes of menus no longer chosen go with them.
    const allowed = new Set(codeOptions.flatMap((g) => g.options.map((o) => o.value)));
    setSaving(true);
    try {
      await api.post('/team-admin/roles/save', {
        ...(editing !== 'new' && editing ? { id: editing.id } : {}),
        ...v,
        permissionCodes: v.permissionCodes.filter((c) => allowed.has(c)),
      });
      feedback.message.success(editing === 'new' ? '角色已新增' : '角色已保存');
      setEditing(null);
      await load();
      await onChanged();
    } catch {
      /* the client showed the server's message */
    } finally {
      setSaving(false);
    }
  };
  const remove = async (r: Role) => {
    try {
      await api.post('/team-admin/roles/delete', { id: r.id });
      feedback.message.success('角色已删除');
      await load();
      await onChanged();
    } catch {
      /* shown */
    }
  };
  // Menus chosen bring their 查看 along.
  const withMenuViews = (menus: string[]) =>
    form.setFieldValue('permissionCodes', [
      ...new Set([...(form.getFieldValue('permissionCodes') ?? []), ...menus.map((m) => `${m}:view`)]),
    ]);
  const selectAllCodes = () =>
    form.setFieldValue('permissionCodes', [
      ...new Set([
        ...(form.getFieldValue('permissionCodes') ?? []),
        ...codeOptions.slice(0, -1).flatMap((g) => g.options.map((o) => o.value)),
      ]),
    ]);

  const columns: TableColumnsType<Role> = [
    {
      title: '角色名称',
      dataIndex: 'roleName',
      width: 130,
      render: (v, r) => (
        <Space size={4}>
          {v}
          {r.system && <Tag>系统</Tag>}
        </Space>
      ),
    },
    { title: '角色编码', dataIndex: 'roleCode', width: 120 },
    {
      title: '菜单权限',
      key: 'menus',
      render: (_, r) => (
        <Tooltip title={r.menuNames.join('、')}>
          <span>
            {r.menuNames.slice(0, 6).map((n) => (
              <Tag key={n} style={{ marginBottom: 2 }}>
                {n}
              </Tag>
            ))}
            {r.menuNames.length > 6 && <Typography.Text type="secondary">等 {r.menuNames.length} 个</Typography.Text>}
          </span>
        </Tooltip>
      ),
    },
    { title: '按钮权限', key: 'codes', width: 90, align: 'right', render: (_, r) => `${r.permissionCodes.length} 个` },
    { title: '数据范围', dataIndex: 'dataScopeName', width: 110 },
    { title: '成员数', dataIndex: 'memberCount', width: 80, align: 'right' },
    {
      title: '操作',
      key: 'ops',
      width: 130,
      fixed: 'right',
      render: (_, r) => (
        <Space>
          <Button type="link" size="small" onClick={() => open(r)}>
            编辑
          </Button>
          {!r.system && (
            <Popconfirm title={`删除角色「${r.roleName}」？`} onConfirm={() => remove(r)}>
              <Button type="link" size="small" danger>
                删除
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];
  const fixed = editing !== 'new' && !!editing?.fixed;
  return (
    <>
      <Space style={{ marginBottom: 12 }}>
        <Button type="primary" onClick={() => open('new')}>
          新增角色
        </Button>
        <Typography.Text type="secondary">
          修改角色后，持有该角色的成员下一次操作即按新的菜单、按钮权限和数据范围生效
        </Typography.Text>
      </Space>
      <Table<Role>
        rowKey="id"
        size="small"
        loading={!rows}
        columns={columns}
        dataSource={rows ?? []}
        pagination={false}
      />
      <Drawer
        open={!!editing}
        width={620}
        title={editing === 'new' ? '新增角色' : `编辑角色 · ${editing?.roleName ?? ''}`}
        onClose={() => setEditing(null)}
        destroyOnClose
        extra={
          <Space>
            <Button onClick={() => setEditing(null)}>取消</Button>
            <Button type="primary" loading={saving} onClick={() => void save()}>
              确定
            </Button>
          </Space>
        }
      >
        <Form
          form={form}
          onValuesChange={(changed: Partial<RoleForm>) => {
            if (changed.menuIds) withMenuViews(changed.menuIds);
          }}
          layout="vertical"
          disabled={saving}
        >
          <Form.Item
            name="roleName"
            label="角色名称"
            rules={[
              { required: true, whitespace: true, message: '角色名称不能为空' },
              { max: 30, message: '最大输入长度为30' },
            ]}
          >
            <Input placeholder="如 财务、仓管" />
          </Form.Item>
          <Form.Item
            name="roleCode"
            label="角色编码"
            rules={[
              { required: true, message: '角色编码不能为空' },
              { pattern: ROLE_CODE, message: '以小写字母开头，由小写字母、数字或下划线组成，2–30 位' },
            ]}
          >
            <Input placeholder="如 finance" disabled={editing !== 'new' && !!editing?.system} />
          </Form.Item>
          {fixed && (
            <Typography.Paragraph type="secondary">
              管理员角色拥有团队的全部菜单与权限，只能修改名称。
            </Typography.Paragraph>
          )}
          <Form.Item name="menuIds" label="菜单权限">
            <TreeSelect
              treeData={options.menuTree}
              treeCheckable
              showCheckedStrategy={TreeSelect.SHOW_CHILD}
              placeholder="请选择菜单（可输入名称搜索）"
              disabled={fixed}
              showSearch
              treeNodeFilterProp="title"
              maxTagCount={12}
              treeDefaultExpandAll={false}
              allowClear
              style={{ width: '100%' }}
            />
          </Form.Item>
          <Form.Item
            name="permissionCodes"
            label={
              <Space>
                按钮权限
                {!fixed && (
                  <Button size="small" type="link" onClick={selectAllCodes}>
                    全选所选菜单的按钮
                  </Button>
                )}
              </Space>
            }
          >
            <Select
              mode="multiple"
              options={codeOptions}
              placeholder="请先选择菜单，再选择按钮权限"
              disabled={fixed}
              maxTagCount={30}
              allowClear
              optionFilterProp="label"
            />
          </Form.Item>
          <Form.Item name="dataScope" label="数据范围" rules={[{ required: true, message: '请选择数据范围' }]}>
            <Radio.Group disabled={fixed} options={options.dataScopes} />
          </Form.Item>
        </Form>
      </Drawer>
    </>
  );
}

function RequestsTab() {
  const [status, setStatus] = useState<'pending' | 'approved' | 'refused'>('pending');
  const [rows, setRows] = useState<JoinRequest[] | null>(null);
  const [refusing, setRefusing] = useState<JoinRequest | null>(null);
  const [busy, setBusy] = useState(false);
  const load = useCallback(
    async () => setRows((await api.post<{ list: JoinRequest[] }>('/team-admin/requests', { status })).list),
    [status],
  );
  useEffect(() => {
    setRows(null);
    load().catch(() => setRows([]));
  }, [load]);

  const decide = async (r: JoinRequest, approve: boolean, reason?: string) => {
    setBusy(true);
    try {
      await api.post('/team-admin/requests/decide', { userId: r.userId, approve, reason });
      feedback.message.success(approve ? '已通过' : '已拒绝');
      setRefusing(null);
    } catch {
      /* shown */
    } finally {
      setBusy(false);
      await load().catch(() => undefined);
    }
  };
  const columns: TableColumnsType<JoinRequest> = [
    { title: '申请人', dataIndex: 'applicant', width: 120 },
    { title: '账号', dataIndex: 'username', width: 120 },
    { title: '手机号', dataIndex: 'mobile', width: 130 },
    { title: '申请团队', dataIndex: 'tenantName', width: 140 },
    { title: '申请时间', dataIndex: 'applyTime', width: 170, render: (v: string) => when(v) },
    { title: status === 'refused' ? '拒绝原因' : '申请说明', dataIndex: 'remark' },
    {
      title: '状态',
      dataIndex: 'statusName',
      width: 90,
      render: (v: string) => <Tag color={v === '已通过' ? 'green' : v === '已拒绝' ? 'red' : 'orange'}>{v}</Tag>,
    },
    ...(status === 'pending'
      ? [
          {
            title: '操作',
            key: 'ops',
            width: 140,
            fixed: 'right' as const,
            render: (_: unknown, r: JoinRequest) => (
              <Space>
                <Popconfirm title={`同意 ${r.applicant} 加入团队？`} onConfirm={() => decide(r, true)}>
                  <Button type="link" size="small" disabled={busy}>
                    通过
                  </Button>
                </Popconfirm>
                <Button type="link" size="small" danger disabled={busy} onClick={() => setRefusing(r)}>
                  拒绝
                </Button>
              </Space>
            ),
          },
        ]
      : [
          { title: '审核人', dataIndex: 'decider', width: 100 },
          { title: '审核时间', dataIndex: 'decidedAt', width: 170, render: (v: string | null) => when(v) },
        ]),
  ];
  return (
    <>
      <Segmented
        style={{ marginBottom: 12 }}
        value={status}
        onChange={(v) => setStatus(v as typeof status)}
        options={[
          { label: '待审核', value: 'pending' },
          { label: '已通过', value: 'approved' },
          { label: '已拒绝', value: 'refused' },
        ]}
      />
      <Table<JoinRequest>
        rowKey="id"
        size="small"
        loading={!rows}
        columns={columns}
        dataSource={rows ?? []}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        locale={{ emptyText: status === 'pending' ? '暂无待审核的申请' : '暂无记录' }}
      />
      <ReasonDialog
        open={!!refusing}
        mode="reject"
        loading={busy}
        onCancel={() => setRefusing(null)}
        onConfirm={(remark) => refusing && void decide(refusing, false, remark)}
      />
    </>
  );
}
