// The generic field tuning editor of a field-options page (/fieldOption): the modules tree (menu groups → record
// pages) on the left, the chosen module's fields in a table of switches and inputs, 保存 (a new version), and
// 历史 (the versions with their changes; 回滚 stores a new version equal to an old one). Knows no module names:
// the server lists the pages and their fields (/api/field-options/*); fields the server needs cannot be freed.
import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  App as AntApp,
  Button,
  Drawer,
  Empty,
  Input,
  InputNumber,
  List,
  Popconfirm,
  Segmented,
  Select,
  Space,
  Switch,
  Table,
  Tag,
  Tooltip,
  Typography,
  type TableColumnsType,
} from 'antd';
import type { CategoryNode, FieldOptionsPageSchema, FieldType } from '../../../common/schema/types';
import { FIELD_TYPE_NAMES } from '../../../common/schema/field-type-names';
import { formatDate } from '../../../common/rules/format';
import type { FieldOverride, FieldOverrides, FieldOptionChange } from '../../../common/schema/field-options';
import { api } from '../../api/client';
import { FeedbackBridge, feedback } from '../feedback';
import { ListLayout } from '../list/ListLayout';
import { ModuleTabs } from '../page/ModuleTabs';
import { TreePanel } from '../tree/TreePanel';
import { rowsHeight, useListBox } from '../list/list-box';

export interface FieldOptionsEditorProps {
  schema: FieldOptionsPageSchema;
  onNavigate?: (path: string) => void;
}

type Scope = 'team' | 'platform';
type Base = Required<{ [K in keyof FieldOverride]: FieldOverride[K] | null }>;
/** options: the choice field's options as the page (and platform) has them, when the team may add its own. */
interface FieldRow {
  fieldName: string;
  fontendType: string;
  serverRequired: boolean;
  base: Base;
  options?: string[];
}
interface FieldsAnswer {
  module: string;
  title: string;
  version: number;
  overrides: FieldOverrides;
  fields: FieldRow[];
}
interface ModulesAnswer {
  groups: { group: string; title: string; modules: { module: string; title: string }[] }[];
  teamAdmin: boolean;
  platformAdmin: boolean;
}
interface Version {
  version: number;
  note: string | null;
  createdByName: string;
  createdAt: string;
  changes: FieldOptionChange[];
}

const MODULE_PREFIX = 'module:';
const SWITCHES: [keyof FieldOverride, string][] = [
  ['requireAble', '必填'],
  ['hidden', '隐藏'],
  ['isAdd', '新增时显示'],
  ['listShow', '列表显示'],
  ['sortable', '可排序'],
  ['searchable', '可搜索'],
];
const show = (v: unknown) =>
  v === null || v === undefined || v === '' ? '—' : typeof v === 'boolean' ? (v ? '是' : '否') : String(v);

export function FieldOptionsEditor({ schema, onNavigate }: FieldOptionsEditorProps) {
  const [mods, setMods] = useState<ModulesAnswer | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const [selected, setSelected] = useState<string>();
  const [scope, setScope] = useState<Scope>('team');
  const [data, setData] = useState<FieldsAnswer | null>(null);
  const { ref: tableBox, box } = useListBox(data === null);
  const [draft, setDraft] = useState<FieldOverrides>({});
  const [history, setHistory] = useState<Version[] | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    api.get<ModulesAnswer>('/field-options/modules', { silent: true }).then(
      (m) => {
        setMods(m);
        if (!m.teamAdmin) setScope('platform');
        setSelected(m.groups[0]?.modules[0]?.module);
      },
      (e: Error) => setRefused(e.message || '没有权限'),
    );
  }, []);

  const load = useCallback(async () => {
    if (!selected) return;
    const d = await api.get<FieldsAnswer>('/field-options/fields', { searchParams: { module: selected, scope } });
    setData(d);
    setDraft(structuredClone(d.overrides));
  }, [selected, scope]);
  useEffect(() => {
    setData(null);
    load().catch(() => undefined);
  }, [load]);

  const nodes = useMemo<CategoryNode[]>(
    () =>
      (mods?.groups ?? []).map((g) => ({
        id: `group:${g.group}`,
        name: g.title,
        noEdit: true,
        children: g.modules.map((m) => ({ id: `${MODULE_PREFIX}${m.module}`, name: m.title, noEdit: true })),
      })),
    [mods],
  );

  // biome-ignore lint/suspicious/noShadowRestrictedNames: a local helper of this editor; the global valueOf is never meant here
  const valueOf = (f: FieldRow, k: keyof FieldOverride) =>
    draft[f.fieldName]?.[k] !== undefined ? draft[f.fieldName][k] : f.base[k];
  /** A value equal to the page's own is no override: the key is dropped. */
  const setValue = (f: FieldRow, k: keyof FieldOverride, v: unknown) =>
    setDraft((d) => {
      const next = structuredClone(d);
      const o: Record<string, unknown> = { ...next[f.fieldName] };
      if (
        v === f.base[k] ||
        (v === null && f.base[k] === null) ||
        (v === '' && (f.base[k] === null || f.base[k] === ''))
      )
        delete o[k];
      else o[k] = v;
      if (Object.keys(o).length) next[f.fieldName] = o as FieldOverride;
      else delete next[f.fieldName];
      return next;
    });
  const changed = (f: FieldRow, k: keyof FieldOverride) => draft[f.fieldName]?.[k] !== undefined;
  const mark = (f: FieldRow, k: keyof FieldOverride) => (changed(f, k) ? { background: '#fffbe6' } : undefined);

  const save = async () => {
    if (!selected) return;
    setSaving(true);
    try {
      await api.post('/field-options/save', { module: selected, scope, overrides: draft });
      feedback.message.success('字段配置已保存');
      await load();
    } catch {
      /* the client showed the server's message */
    } finally {
      setSaving(false);
    }
  };
  const openHistory = async () => {
    if (!selected) return;
    setHistory(await api.get<Version[]>('/field-options/history', { searchParams: { module: selected, scope } }));
  };
  const rollback = async (version: number) => {
    await api.post('/field-options/rollback', { module: selected, scope, version });
    feedback.message.success(version ? `已回滚到版本 ${version}` : '已恢复页面原样');
    setHistory(null);
    await load();
  };

  /** A field of the history by its title, as the table above shows it. */
  const titleOf = (fieldName: string) =>
    data?.fields.find((f) => f.fieldName === fieldName)?.base.titleName ?? fieldName;
  const columns: TableColumnsType<FieldRow> = [
    {
      title: '字段',
      dataIndex: 'fieldName',
      width: 150,
      fixed: 'left',
      render: (_, f) => (
        <Space direction="vertical" size={0}>
          <Typography.Text>{f.base.titleName}</Typography.Text>
          {/* The kind of input by its name; the schema's key stays at hand for implementers, on hover. */}
          <Typography.Text type="secondary" style={{ fontSize: 12 }} title={`${f.fieldName} · ${f.fontendType}`}>
            {FIELD_TYPE_NAMES[f.fontendType as FieldType] ?? f.fontendType}
          </Typography.Text>
          {f.serverRequired && (
            <Tooltip title="服务器校验需要该字段：始终显示且必填">
              <Tag color="blue" style={{ marginTop: 2 }}>
                系统必填
              </Tag>
            </Tooltip>
          )}
        </Space>
      ),
    },
    {
      title: '显示名称',
      key: 'titleName',
      width: 150,
      render: (_, f) => (
        <Input
          size="small"
          aria-label={`${f.fieldName}-titleName`}
          style={mark(f, 'titleName')}
          value={String(valueOf(f, 'titleName') ?? '')}
          maxLength={30}
          onChange={(e) => setValue(f, 'titleName', e.target.value)}
        />
      ),
    },
    ...SWITCHES.map(([k, label]) => ({
      title: label,
      key: k,
      width: 80,
      align: 'center' as const,
      render: (_: unknown, f: FieldRow) => (
        <Switch
          size="small"
          aria-label={`${f.fieldName}-${k}`}
          checked={!!valueOf(f, k)}
          style={changed(f, k) ? { outline: '2px solid #faad14' } : undefined}
          disabled={f.serverRequired && (k === 'requireAble' || k === 'hidden' || k === 'isAdd')}
          onChange={(v) => setValue(f, k, v)}
        />
      ),
    })),
    {
      title: '默认值',
      key: 'defaultValue',
      width: 120,
      render: (_, f) => (
        <Input
          size="small"
          aria-label={`${f.fieldName}-defaultValue`}
          style={mark(f, 'defaultValue')}
          value={valueOf(f, 'defaultValue') === null ? '' : String(valueOf(f, 'defaultValue'))}
          onChange={(e) => setValue(f, 'defaultValue', e.target.value === '' ? null : e.target.value)}
        />
      ),
    },
    ...(['maxLength', 'min', 'max', 'sequence'] as const).map((k) => ({
      title: { maxLength: '最大长度', min: '最小值', max: '最大值', sequence: '顺序' }[k],
      key: k,
      width: 90,
      render: (_: unknown, f: FieldRow) => (
        <InputNumber
          size="small"
          aria-label={`${f.fieldName}-${k}`}
          style={{ width: 80, ...mark(f, k) }}
          value={valueOf(f, k) as number | null}
          onChange={(v) => setValue(f, k, v ?? null)}
        />
      ),
    })),
    {
      title: <Tooltip title="选择字段在页面选项之后追加的本团队选项（输入后回车）">附加选项</Tooltip>,
      key: 'extraOptions',
      width: 240,
      render: (_, f) =>
        f.options ? (
          <Select<string[]>
            mode="tags"
            size="small"
            aria-label={`${f.fieldName}-extraOptions`}
            style={{ width: 220, ...mark(f, 'extraOptions') }}
            placeholder={`已有：${f.options.slice(0, 3).join('、')}${f.options.length > 3 ? '…' : ''}`}
            open={false}
            suffixIcon={null}
            value={(valueOf(f, 'extraOptions') as string[] | null) ?? []}
            tokenSeparators={['，', ',']}
            maxCount={30}
            onChange={(v) =>
              setValue(
                f,
                'extraOptions',
                v.map((x) => x.trim()).filter(Boolean).length ? v.map((x) => x.trim()).filter(Boolean) : [],
              )
            }
          />
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
  ];

  const body = refused ? (
    <Empty style={{ marginTop: 80 }} description={refused} />
  ) : !selected ? (
    <Empty style={{ marginTop: 80 }} description="请在左侧选择模块" />
  ) : (
    <div style={{ padding: 12 }}>
      <Space style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }}>
        <Space>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {data?.title ?? ''}
          </Typography.Title>
          {data && <Tag>{data.version ? `版本 ${data.version}` : '未配置'}</Tag>}
          {mods?.platformAdmin && mods.teamAdmin && schema.fieldOptions.platform !== false && (
            <Segmented
              size="small"
              value={scope}
              onChange={(v) => setScope(v as Scope)}
              options={[
                { label: '本团队', value: 'team' },
                { label: '平台默认', value: 'platform' },
              ]}
            />
          )}
        </Space>
        <Space>
          <Button onClick={() => setDraft(structuredClone(data?.overrides ?? {}))}>撤销修改</Button>
          <Button onClick={() => void openHistory().catch(() => undefined)}>历史</Button>
          <Button type="primary" loading={saving} onClick={() => void save()}>
            保存
          </Button>
        </Space>
      </Space>
      {/* The fields scroll inside the window, so the table's scroll bar stays on screen. */}
      <div ref={tableBox}>
        <Table<FieldRow>
          rowKey="fieldName"
          size="small"
          loading={!data}
          columns={columns}
          dataSource={data?.fields ?? []}
          pagination={false}
          scroll={{ x: 1400, y: rowsHeight(box) ?? undefined }}
        />
      </div>
    </div>
  );

  return (
    <AntApp>
      <FeedbackBridge />
      <ListLayout
        // Mounted once the modules are known, so the tree opens expanded.
        tree={
          mods && (
            <TreePanel
              title={schema.fieldOptions.title ?? '模块'}
              nodes={nodes}
              selectedId={selected ? `${MODULE_PREFIX}${selected}` : undefined}
              onSelect={(n) => {
                const id = n ? (n.id.startsWith(MODULE_PREFIX) ? n.id : n.children?.[0]?.id) : undefined;
                if (id) setSelected(id.slice(MODULE_PREFIX.length));
              }}
            />
          )
        }
        tabs={
          schema.tabs && (
            <ModuleTabs
              modules={schema.tabs.modules ?? []}
              selectedKey={schema.module}
              help={schema.tabs.help}
              tipsImage={schema.tabs.tipsImage}
              hideSmartData /* no records here, no 智能数据 charts */
              onSelect={(m) => m.key && m.key !== schema.module && onNavigate?.(`/${m.key}`)}
            />
          )
        }
      >
        {body}
      </ListLayout>
      <Drawer
        open={!!history}
        title="字段配置历史"
        width={560}
        onClose={() => setHistory(null)}
        extra={
          <Popconfirm title="恢复页面原样（存为新版本）？" onConfirm={() => rollback(0)}>
            <Button size="small">恢复原样</Button>
          </Popconfirm>
        }
      >
        <List<Version>
          dataSource={history ?? []}
          locale={{ emptyText: '尚无版本' }}
          renderItem={(v, i) => (
            <List.Item
              actions={
                i === 0
                  ? [
                      <Tag key="cur" color="green">
                        当前
                      </Tag>,
                    ]
                  : [
                      <Popconfirm
                        key="rb"
                        title={`回滚到版本 ${v.version}（存为新版本）？`}
                        onConfirm={() => rollback(v.version)}
                      >
                        <Button size="small">回滚</Button>
                      </Popconfirm>,
                    ]
              }
            >
              <List.Item.Meta
                title={`版本 ${v.version} · ${v.createdByName} · ${formatDate(v.createdAt, 'dateTime')}${v.note ? ` · ${v.note}` : ''}`}
                description={
                  v.changes.length ? (
                    <ul style={{ paddingLeft: 16, margin: 0 }}>
                      {v.changes.map((c) => (
                        <li key={`${c.fieldName}.${c.key}`}>
                          {titleOf(c.fieldName)} · {c.label}：{show(c.from)} → {show(c.to)}
                        </li>
                      ))}
                    </ul>
                  ) : (
                    '无变化'
                  )
                }
              />
            </List.Item>
          )}
        />
      </Drawer>
    </AntApp>
  );
}
