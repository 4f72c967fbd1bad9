// The portal's work lists: 我的待办 and 我的申请 with their counts. A row opens its form read-only in the approval
// dialog: with a task of the caller's it offers 驳回 / 取消 / 同意, else it reads 详情：… with 关闭 only; 审批动态
// below the form either way. Changing or withdrawing a form is done on its module's page.
import { useCallback, useEffect, useState } from 'react';
import { App, Badge, Card, Empty, Table, Tabs, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ApprovalDialog, PageModuleContext, RecordView } from '../../../engine';
import { DataProviderContext } from '../../../api/data-provider';
import { httpDataProvider } from '../../../api/http-provider';
import { formatDate, formatMoney } from '../../../../common/rules/format';
import { STATUS_COLORS } from '../../../../common/record-status';
import type { PageSchema } from '../../../../common/schema/types';
import { useUser } from '../../session-context';
import { schemaForRoute } from '../schema-index';
import { portalApi, type WorkPage, type WorkRow } from './portal-api';

type Which = 'todo' | 'apply';
const EMPTY: WorkPage = { list: [], total: 0 };

interface Open {
  schema: PageSchema;
  record: Record<string, unknown>;
  title: string;
}

/** The page (or nested entity) schema whose drawer shows a portal row's form. */
export async function formSchemaOf(row: Pick<WorkRow, 'module' | 'page'>): Promise<PageSchema | undefined> {
  const entry = schemaForRoute(`/${row.page ?? row.module}`);
  if (!entry) return undefined;
  const page = (await entry.load()) as PageSchema;
  if (page.module === row.module) return page;
  return page.entities?.find((e) => e.module === row.module) as PageSchema | undefined;
}

export function WorkPanel() {
  const { user } = useUser();
  const { message } = App.useApp();
  const [which, setWhich] = useState<Which>('todo');
  const [pages, setPages] = useState<Record<Which, WorkPage>>({ todo: EMPTY, apply: EMPTY });
  const [pageNum, setPageNum] = useState<Record<Which, number>>({ todo: 1, apply: 1 });
  const [loading, setLoading] = useState(false);
  const [open, setOpen] = useState<Open | null>(null);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const [todo, apply] = await Promise.all([portalApi.toDoList(pageNum.todo), portalApi.applyList(pageNum.apply)]);
      setPages({ todo, apply });
    } catch {
      /* the client already showed the failure */
    } finally {
      setLoading(false);
    }
  }, [pageNum]);

  useEffect(() => {
    void load();
  }, [load, user?.tenantCode]);

  const openRow = async (row: WorkRow) => {
    const schema = await formSchemaOf(row);
    if (!schema) return void message.error('该单据所在的页面不存在');
    const record = await httpDataProvider.getOne({ module: row.module, id: row.formId });
    setOpen({ schema, record, title: `${row.moduleName} ${row.code}` });
  };

  const columns: ColumnsType<WorkRow> = [
    { title: '单号', dataIndex: 'code', width: 170, render: (v, r) => <a onClick={() => void openRow(r)}>{v}</a> },
    { title: '类型', dataIndex: 'moduleName', width: 110 },
    { title: '发起人', dataIndex: 'originatorName', width: 90 },
    {
      title: '金额（元）',
      dataIndex: 'money',
      width: 110,
      align: 'right',
      render: (v) => (v === null ? '' : formatMoney(v)),
    },
    ...(which === 'todo' ? [{ title: '当前步骤', dataIndex: 'stepName', width: 100 }] : []),
    { title: '提交时间', dataIndex: 'submitTime', width: 170, render: (v) => formatDate(v, 'dateTime') },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      render: (s: string) => <Tag color={STATUS_COLORS[s] ?? 'default'}>{s}</Tag>,
    },
  ];

  const page = pages[which];
  const tab = (key: Which, label: string) => ({
    key,
    label: (
      <span>
        {label} <Badge count={pages[key].total} showZero color={key === 'todo' ? '#ff4d4f' : '#1677ff'} />
      </span>
    ),
  });

  return (
    <Card className="yg-work-panel" styles={{ body: { paddingTop: 4 } }}>
      <Tabs
        activeKey={which}
        onChange={(k) => setWhich(k as Which)}
        items={[tab('todo', '我的待办'), tab('apply', '我的申请')]}
      />
      <Table<WorkRow>
        rowKey={(r) => `${r.processInstanceId}-${r.taskId ?? ''}`}
        size="middle"
        loading={loading}
        columns={columns}
        dataSource={page.list}
        onRow={(r) => ({ onDoubleClick: () => void openRow(r) })}
        locale={{
          emptyText: (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={which === 'todo' ? '暂无待办' : '暂无申请'} />
          ),
        }}
        pagination={
          page.total > 0
            ? {
                current: pageNum[which],
                pageSize: 10,
                total: page.total,
                showTotal: (n) => `共 ${n} 条`,
                onChange: (p) => setPageNum((s) => ({ ...s, [which]: p })),
              }
            : false
        }
      />
      {open?.schema.drawer && (
        <DataProviderContext.Provider value={httpDataProvider}>
          <PageModuleContext.Provider value={open.schema.module}>
            <ApprovalDialog
              open
              title={open.title}
              formId={open.record.id as number}
              width={open.schema.drawer.width}
              onClose={() => setOpen(null)}
              onSuccess={() => void load()}
              onApprovalFailed={() => {
                // Refused (the record changed meanwhile): the lists and the form show it as it is now.
                void load();
                const shown = open.record;
                httpDataProvider.getOne({ module: open.schema.module, id: shown.id as number }).then(
                  (record) => setOpen((o) => (o?.record === shown ? { ...o, record } : o)),
                  () => undefined,
                );
              }}
            >
              <RecordView config={open.schema.drawer} record={open.record} />
            </ApprovalDialog>
          </PageModuleContext.Provider>
        </DataProviderContext.Provider>
      )}
    </Card>
  );
}
