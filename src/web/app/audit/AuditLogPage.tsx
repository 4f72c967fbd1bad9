// /auditLog (操作日志): a team admin searches the team's audit log — by person, action and days — newest first,
// each entry with what it changed. Others are told the page is for admins (the server refuses them too).
import { Button, Card, DatePicker, Form, Result, Select, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import { useCallback, useEffect, useState } from 'react';
import { formatDate } from '../../../common/rules/format';
import { useWorkspace } from '../workspace-context';
import { ACTIONS, auditApi, changeSummary, type AuditEntry, type AuditQuery } from './audit-api';

const PAGE_SIZE = 20;
const COLORS: Record<string, string> = {
  create: 'green',
  update: 'blue',
  delete: 'red',
  login: 'default',
  login_failed: 'orange',
  locked: 'red',
};

interface Filters {
  userId?: number;
  action?: string;
  days?: [Dayjs, Dayjs] | null;
}

export function AuditLogPage() {
  const { teams } = useWorkspace();
  const isAdmin = !!teams?.find((t) => t.current)?.isAdmin;
  const [form] = Form.useForm<Filters>();
  const [query, setQuery] = useState<AuditQuery>({ pageNum: 1, pageSize: PAGE_SIZE });
  const [page, setPage] = useState<{ list: AuditEntry[]; total: number } | null>(null);
  const [loading, setLoading] = useState(false);
  const [members, setMembers] = useState<{ value: number; label: string }[]>([]);

  useEffect(() => {
    if (isAdmin)
      auditApi.members().then(
        (m) => setMembers(m.map((x) => ({ value: Number(x.id), label: x.dictName }))),
        () => {},
      );
  }, [isAdmin]);

  const load = useCallback(async (q: AuditQuery) => {
    setLoading(true);
    try {
      setPage(await auditApi.page(q));
    } catch {
      setPage({ list: [], total: 0 });
    } finally {
      setLoading(false);
    }
  }, []);
  useEffect(() => {
    if (isAdmin) void load(query);
  }, [isAdmin, load, query]);

  if (teams && !isAdmin) return <Result status="403" title="只有团队所有者或管理员可以查看操作日志" />;

  const search = (f: Filters) =>
    setQuery({
      pageNum: 1,
      pageSize: PAGE_SIZE,
      userId: f.userId,
      action: f.action,
      from: f.days?.[0]?.format('YYYY-MM-DD'),
      to: f.days?.[1]?.format('YYYY-MM-DD'),
    });

  const columns: ColumnsType<AuditEntry> = [
    { title: '时间', dataIndex: 'at', width: 170, render: (v) => formatDate(v, 'dateTime') },
    { title: '人员', dataIndex: 'userName', width: 100 },
    {
      title: '操作',
      dataIndex: 'actionName',
      width: 90,
      render: (v, r) => <Tag color={COLORS[r.action] ?? 'default'}>{v}</Tag>,
    },
    { title: '模块', dataIndex: 'moduleName', width: 110, render: (v) => v ?? '' },
    { title: '单号', dataIndex: 'code', width: 150, render: (v) => v ?? '' },
    {
      title: '变更内容',
      key: 'changes',
      render: (_v, r) => (
        <Typography.Text ellipsis={{ tooltip: changeSummary(r) }} style={{ maxWidth: 520 }}>
          {changeSummary(r)}
        </Typography.Text>
      ),
    },
    { title: 'IP', dataIndex: 'ip', width: 120, render: (v) => v ?? '' },
  ];

  return (
    <Card title="操作日志" className="yg-audit-log">
      <Form form={form} layout="inline" onFinish={search} style={{ marginBottom: 12, rowGap: 8 }}>
        <Form.Item name="userId" label="人员">
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            options={members}
            placeholder="全部人员"
            style={{ width: 160 }}
          />
        </Form.Item>
        <Form.Item name="action" label="操作">
          <Select allowClear options={ACTIONS} placeholder="全部操作" style={{ width: 130 }} />
        </Form.Item>
        <Form.Item name="days" label="日期">
          <DatePicker.RangePicker placeholder={['开始日期', '结束日期']} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            查询
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              search({});
            }}
          >
            重置
          </Button>
        </Space>
      </Form>
      <Table<AuditEntry>
        rowKey="id"
        size="middle"
        loading={loading}
        columns={columns}
        dataSource={page?.list ?? []}
        locale={{ emptyText: '暂无操作记录' }}
        pagination={
          page?.total
            ? {
                current: query.pageNum,
                pageSize: PAGE_SIZE,
                total: page.total,
                showSizeChanger: false,
                showTotal: (n) => `共 ${n} 条`,
                onChange: (n) => setQuery((q) => ({ ...q, pageNum: n })),
              }
            : false
        }
      />
    </Card>
  );
}
