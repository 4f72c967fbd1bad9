// The generic editor of a platform page (page kind `platformTable`: 模块设置, 模式管理, 行业模块):
// one tab per platform catalogue table the schema declares, each a table (a tree table when the tab groups its
// rows by a field) with a search box, 新增 and 编辑 in a dialog of the declared fields, and the tab's delete action.
// Knows no table: columns, fields, option lists and checks come from the schema; rows, options and the final
// checks from the server (/api/platform/*, platform administrators only — anyone else sees the refusal).
import { useCallback, useEffect, useMemo, useState } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import {
  App as AntApp,
  Button,
  DatePicker,
  Empty,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Radio,
  Select,
  Space,
  Switch,
  Table,
  Tabs,
  Tag,
  TreeSelect,
  Typography,
  type TableColumnsType,
} from 'antd';
import type {
  PlatformField,
  PlatformOptionsRef,
  PlatformTab,
  PlatformTablePageSchema,
} from '../../../common/schema/types';
import { api } from '../../api/client';
import { FeedbackBridge, feedback } from '../feedback';
import { rowsHeight, useListBox } from '../list/list-box';

type Row = Record<string, unknown> & { children?: Row[] };
interface Option {
  value: string | number | boolean;
  label: string;
  selectable?: boolean;
  children?: Option[];
}
type Options = Record<string, Option[]>;

export interface PlatformTableEditorProps {
  schema: PlatformTablePageSchema;
  /** Stories and tests pass the tab to open. */
  initialTab?: string;
}

const flatOptions = (list: Option[]): Option[] => list.flatMap((o) => [o, ...flatOptions(o.children ?? [])]);
const DATE = 'YYYY-MM-DD';

function optionsOf(ref: PlatformOptionsRef | undefined, all: Options): Option[] {
  if (!ref) return [];
  return Array.isArray(ref) ? ref : (all[ref] ?? []);
}

function labelOf(ref: PlatformOptionsRef | undefined, all: Options, v: unknown): string {
  if (v === null || v === undefined || v === '') return '';
  const hit = flatOptions(optionsOf(ref, all)).find((o) => String(o.value) === String(v));
  return hit ? hit.label : String(v);
}

export function PlatformTableEditor({ schema, initialTab }: PlatformTableEditorProps) {
  const tabs = schema.platformTable.tabs;
  const [active, setActive] = useState(initialTab ?? tabs[0].key);
  const [options, setOptions] = useState<Options>({});
  const [refused, setRefused] = useState<string | null>(null);
  const loadOptions = useCallback(
    () =>
      api
        .get<Options>('/platform/options', { silent: true, noLoading: true })
        .then(setOptions, (e: Error) => setRefused(e.message || '没有权限')),
    [],
  );
  useEffect(() => {
    void loadOptions();
  }, [loadOptions]);

  return (
    <AntApp>
      <FeedbackBridge />
      <div style={{ padding: 16, background: '#fff', minHeight: '100%' }}>
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          {schema.title}
        </Typography.Title>
        {refused ? (
          <Empty style={{ marginTop: 80 }} description={refused} />
        ) : tabs.length === 1 ? (
          <PlatformTabView tab={tabs[0]} options={options} onChanged={loadOptions} />
        ) : (
          <Tabs
            activeKey={active}
            onChange={setActive}
            destroyOnHidden
            items={tabs.map((t) => ({
              key: t.key,
              label: t.title,
              children: <PlatformTabView tab={t} options={options} onChanged={loadOptions} />,
            }))}
          />
        )}
      </div>
    </AntApp>
  );
}

function PlatformTabView({ tab, options, onChanged }: { tab: PlatformTab; options: Options; onChanged: () => void }) {
  const [rows, setRows] = useState<Row[] | null>(null);
  const { ref: tableBox, box } = useListBox(rows === null);
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<{ row: Row | null } | null>(null);
  const rowKey = tab.rowKey ?? 'id';

  const load = useCallback(async () => {
    const answer = await api.get<{ list: Row[] }>(`/platform/${tab.table}/list`, { noLoading: true });
    setRows(answer.list);
  }, [tab.table]);
  useEffect(() => {
    load().catch(() => setRows([]));
  }, [load]);

  const shown = useMemo(() => {
    const q = search.trim().toLowerCase();
    const hits = (rows ?? []).filter(
      (r) =>
        !q ||
        tab.columns.some((c) => {
          const v = r[c.prop];
          return [v, ...(c.options ? [labelOf(c.options, options, v)] : [])].some(
            (x) => x !== null && x !== undefined && String(x).toLowerCase().includes(q),
          );
        }),
    );
    if (!tab.treeBy) return hits;
    // A tree table: one parent row per value of treeBy (in the order of its options), its rows below.
    const field = tab.columns.find((c) => c.prop === tab.treeBy) ?? tab.fields.find((f) => f.fieldName === tab.treeBy);
    const order = optionsOf(field?.options, options).map((o) => String(o.value));
    const groups = [...new Set(hits.map((r) => String(r[tab.treeBy!])))].sort(
      (a, b) => order.indexOf(a) - order.indexOf(b),
    );
    return groups.map<Row>((g) => ({
      [rowKey]: `group:${g}`,
      __group: true,
      [tab.columns[0].prop]:
        `${labelOf(field?.options, options, g)}（${hits.filter((r) => String(r[tab.treeBy!]) === g).length}）`,
      children: hits.filter((r) => String(r[tab.treeBy!]) === g),
    }));
  }, [rows, search, tab, options, rowKey]);

  const remove = async (row: Row) => {
    await api.post(`/platform/${tab.table}/delete`, { id: row[rowKey] });
    feedback.message.success(`${tab.delete ?? '删除'}成功`);
    await load();
    onChanged();
  };

  const columns: TableColumnsType<Row> = [
    ...tab.columns.map((c) => ({
      title: c.label,
      dataIndex: c.prop,
      key: c.prop,
      width: c.width,
      sorter: c.sorter ? (a: Row, b: Row) => Number(a[c.prop] ?? 0) - Number(b[c.prop] ?? 0) : undefined,
      render: (v: unknown, r: Row) => {
        if (r.__group) return c.prop === tab.columns[0].prop ? <b>{String(v)}</b> : null;
        switch (c.type) {
          case 'switch':
            return <Tag color={v ? 'green' : 'default'}>{v ? '启用' : '停用'}</Tag>;
          case 'tag': {
            const text = labelOf(c.options, options, v);
            return text ? <Tag color={c.tagColors?.[String(v)] ?? 'blue'}>{text}</Tag> : '—';
          }
          case 'tags': {
            const list = Array.isArray(v) ? v : [];
            const shownTags = list.slice(0, 4).map((x) => <Tag key={String(x)}>{labelOf(c.options, options, x)}</Tag>);
            return list.length ? (
              <>
                {shownTags}
                {list.length > 4 && <Tag>+{list.length - 4}</Tag>}
              </>
            ) : (
              '—'
            );
          }
          case 'period': {
            const [a, b] = Array.isArray(v) ? v : [];
            return a ? `${String(a)} ~ ${b ? String(b) : '长期'}` : '—';
          }
          case 'money':
            return v === null || v === undefined
              ? '—'
              : `¥${Number(v).toLocaleString('zh-CN', { minimumFractionDigits: 2 })}`;
          default:
            return v === null || v === undefined || v === ''
              ? '—'
              : c.options
                ? labelOf(c.options, options, v)
                : String(v);
        }
      },
    })),
    {
      title: '操作',
      key: '__ops',
      width: 140,
      fixed: 'right' as const,
      render: (_: unknown, r: Row) =>
        r.__group ? null : (
          <Space size={4}>
            <Button size="small" type="link" onClick={() => setEditing({ row: r })}>
              编辑
            </Button>
            {tab.delete && (!tab.deleteIf || !!r[tab.deleteIf]) && (
              <Popconfirm title={`确定${tab.delete}？`} onConfirm={() => remove(r)}>
                <Button size="small" type="link" danger>
                  {tab.delete}
                </Button>
              </Popconfirm>
            )}
          </Space>
        ),
    },
  ];

  return (
    <div>
      <Space style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }}>
        <Input.Search
          allowClear
          style={{ width: 280 }}
          placeholder={tab.searchPlaceholder ?? '搜索'}
          onSearch={setSearch}
          onChange={(e) => !e.target.value && setSearch('')}
        />
        {tab.add !== false && (
          <Button type="primary" onClick={() => setEditing({ row: null })}>
            新增{tab.title}
          </Button>
        )}
      </Space>
      {/* The rows scroll inside the window, so the table's scroll bar and pager stay on screen. */}
      <div ref={tableBox}>
        <Table<Row>
          rowKey={rowKey}
          size="middle"
          loading={!rows}
          columns={columns}
          dataSource={shown}
          scroll={{ x: 'max-content', y: rowsHeight(box) ?? undefined }}
          pagination={tab.treeBy ? false : { pageSize: 20, showTotal: (n) => `共 ${n} 条` }}
          expandable={tab.treeBy ? { defaultExpandAllRows: true } : undefined}
          key={tab.treeBy ? `tree-${shown.length}-${rows ? 1 : 0}` : 'flat'}
        />
      </div>
      {editing && (
        <EditDialog
          tab={tab}
          row={editing.row}
          options={options}
          onClose={() => setEditing(null)}
          onSaved={async () => {
            setEditing(null);
            await load();
            onChanged();
          }}
        />
      )}
    </div>
  );
}

function initialValues(tab: PlatformTab, row: Row | null): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of tab.fields) {
    const v = row ? row[f.fieldName] : f.default;
    if (f.type === 'dateRange') {
      const [a, b] = Array.isArray(v) ? v : [];
      out[f.fieldName] = [a ? dayjs(String(a)) : null, b ? dayjs(String(b)) : null];
    } else out[f.fieldName] = v ?? (f.type === 'switch' ? false : undefined);
  }
  return out;
}

function EditDialog({
  tab,
  row,
  options,
  onClose,
  onSaved,
}: {
  tab: PlatformTab;
  row: Row | null;
  options: Options;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const editingRow = !!row;

  const submit = async () => {
    const values = await form.validateFields();
    const body: Record<string, unknown> = { ...(row ?? {}) };
    delete body.children;
    for (const f of tab.fields) {
      if (f.readOnly || f.type === 'text') continue;
      const v = values[f.fieldName];
      body[f.fieldName] =
        f.type === 'dateRange'
          ? (Array.isArray(v) ? v : []).map((d: Dayjs | null) => (d ? d.format(DATE) : null))
          : v === undefined
            ? null
            : v;
    }
    setSaving(true);
    try {
      await api.post(`/platform/${tab.table}/save`, body);
      feedback.message.success(`${tab.title}已保存`);
      onSaved();
    } catch {
      // The server's refusal is shown by the client; the dialog stays open.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={`${row ? '编辑' : '新增'}${tab.title}`}
      width={640}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={saving}
      okText="保存"
      cancelText="取消"
      destroyOnHidden
      maskClosable={false}
    >
      <Form
        form={form}
        layout="horizontal"
        labelCol={{ flex: '110px' }}
        initialValues={initialValues(tab, row)}
        style={{ marginTop: 16 }}
      >
        {tab.fields.map((f) => (
          <FieldItem
            key={f.fieldName}
            field={f}
            options={options}
            fixed={!!f.readOnly || (editingRow && !!f.readOnlyOnEdit)}
          />
        ))}
      </Form>
    </Modal>
  );
}

function FieldItem({ field: f, options, fixed }: { field: PlatformField; options: Options; fixed: boolean }) {
  const rules = [
    ...(f.required ? [{ required: true, message: `${f.titleName}不能为空` }] : []),
    ...(f.maxLength ? [{ max: f.maxLength, message: `${f.titleName}不能超过 ${f.maxLength} 个字` }] : []),
    ...(f.reg ? [{ pattern: new RegExp(f.reg), message: f.regMsg ?? `${f.titleName}格式不正确` }] : []),
  ];
  const opts = optionsOf(f.options, options);
  const treeData = (list: Option[]): object[] =>
    list.map((o) => ({
      value: o.value,
      title: o.label,
      selectable: o.selectable !== false,
      children: o.children && treeData(o.children),
    }));
  const control = (() => {
    switch (f.type) {
      case 'text':
        return <TextValue field={f} options={options} />;
      case 'textarea':
        return <Input.TextArea rows={3} maxLength={f.maxLength} disabled={fixed} placeholder={f.placeholder} />;
      case 'number':
        return (
          <InputNumber
            style={{ width: 200 }}
            min={f.min}
            max={f.max}
            precision={f.precision ?? 0}
            disabled={fixed}
            placeholder={f.placeholder}
          />
        );
      case 'switch':
        return <Switch checkedChildren="启用" unCheckedChildren="停用" disabled={fixed} />;
      case 'select':
        return (
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            options={flatOptions(opts).filter((o) => o.selectable !== false) as never}
            disabled={fixed}
            placeholder={f.placeholder ?? '请选择'}
          />
        );
      case 'multiSelect':
        return (
          <Select
            mode="multiple"
            allowClear
            optionFilterProp="label"
            options={opts as never}
            disabled={fixed}
            placeholder={f.placeholder ?? '请选择'}
          />
        );
      case 'radio':
        return (
          <Radio.Group options={opts.map((o) => ({ value: o.value as string, label: o.label }))} disabled={fixed} />
        );
      case 'treeSelect':
        return (
          <TreeSelect
            allowClear
            showSearch
            treeNodeFilterProp="title"
            treeData={treeData(opts)}
            disabled={fixed}
            placeholder={f.placeholder ?? '请选择'}
            treeDefaultExpandAll
          />
        );
      case 'treeSelectMultiple':
        return (
          <TreeSelect
            multiple
            treeCheckable
            allowClear
            showSearch
            treeNodeFilterProp="title"
            treeData={treeData(opts)}
            disabled={fixed}
            showCheckedStrategy={TreeSelect.SHOW_CHILD}
            maxTagCount={8}
            placeholder={f.placeholder ?? '请选择'}
          />
        );
      case 'dateRange':
        return (
          <DatePicker.RangePicker
            allowEmpty={[false, true]}
            disabled={fixed}
            placeholder={['开始日期', '结束日期（空为长期）']}
          />
        );
      default:
        return <Input maxLength={f.maxLength} disabled={fixed} placeholder={f.placeholder} />;
    }
  })();
  // A tree checkbox's group nodes are not values: the server receives the leaves (SHOW_CHILD).
  return (
    <Form.Item
      name={f.fieldName}
      label={f.titleName}
      rules={fixed || f.type === 'text' ? [] : rules}
      valuePropName={f.type === 'switch' ? 'checked' : 'value'}
    >
      {control}
    </Form.Item>
  );
}

/** A read-only value (type text), its label from the field's options. */
function TextValue({ field, options, value }: { field: PlatformField; options: Options; value?: unknown }) {
  const text = Array.isArray(value)
    ? value.map((v) => labelOf(field.options, options, v)).join('、')
    : labelOf(field.options, options, value);
  return <span>{text || '—'}</span>;
}
