// One dictionary's items as a tree table: name, code, image, icon, extra value, leader, sort, an enabled
// switch and the row operations. Buttons the caller lacks the permission for are not rendered; those the
// server would refuse (a seeded item's 删除, a parent's 删除, 上移 at the top) are disabled with the reason.
import { useMemo, useState, type Key } from 'react';
import { Alert, Button, Image, Space, Switch, Table, Tooltip, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { DictionaryKeyConfig, Option } from '../../../common/schema/types';
import { Messages } from '../../../common/rules/messages';
import { useDataProvider, type DictEntry } from '../../api/data-provider';
import { AddDialog } from '../dialogs/AddDialog';
import { feedback } from '../feedback';
import { forgetDictionary } from '../fields/use-options';
import { usePermission } from '../Permission';
import { extraOptionsOf, itemFields, toFormValues, toInput } from './dict-fields';
import { useDictItems } from './use-dict-items';

export interface DictItemTableProps {
  /** The page's permission module: buttons need `<module>:add|edit|delete`. */
  module: string;
  config: DictionaryKeyConfig;
}

type Dialog = { mode: 'add' | 'edit'; entry?: DictEntry; parent?: DictEntry };
type Row = DictEntry & { _index: number; _count: number };

/** Rows for antd: empty children dropped (no expander), position among siblings kept for 上移/下移. */
function rowsOf(items: DictEntry[]): Row[] {
  return items.map((n, i) => {
    const children = n.children?.length ? rowsOf(n.children) : undefined;
    return { ...n, children, _index: i, _count: items.length };
  });
}

function parentIds(items: DictEntry[]): DictEntry['id'][] {
  return items.flatMap((n) => (n.children?.length ? [n.id, ...parentIds(n.children)] : []));
}

export function DictItemTable({ module, config }: DictItemTableProps) {
  const provider = useDataProvider();
  const { items, loading, members, referenced, reload } = useDictItems(provider, config);
  const editable = !config.readOnly;
  const canAdd = usePermission(`${module}:add`) && editable;
  const canEdit = usePermission(`${module}:edit`) && editable;
  const canDelete = usePermission(`${module}:delete`) && editable;
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [expanded, setExpanded] = useState<{ key: string; ids: DictEntry['id'][] } | null>(null);

  const rows = useMemo(() => rowsOf(items), [items]);
  const memberOptions = useMemo<Option[]>(() => members.map((m) => ({ label: m.dictName, value: m.id })), [members]);
  const extraOptions = useMemo(() => (config.extra ? extraOptionsOf(config, referenced) : []), [config, referenced]);
  const memberName = (id: unknown) =>
    members.find((m) => String(m.id) === String(id))?.dictName ?? (id ? String(id) : '');
  const extraText = (v: DictEntry['dictExtra']) => (v ? (extraOptions.find((o) => o.value === v)?.label ?? v) : '');

  const fields = useMemo(
    () => (dialog ? itemFields(config, { items, members: memberOptions, extraOptions, editing: dialog.entry }) : []),
    [dialog, config, items, memberOptions, extraOptions],
  );
  const initialValues = useMemo(() => (dialog ? toFormValues(dialog.entry, dialog.parent?.id) : undefined), [dialog]);

  /** After a write: the forms' cached options of this key are stale. Errors were already shown by the client. */
  const run = async (p: Promise<unknown>, ok?: string) => {
    try {
      await p;
      forgetDictionary(provider, config.fieldKey);
      if (ok) feedback.message.success(ok);
      reload();
      return true;
    } catch {
      return false;
    }
  };

  const save = async (values: Record<string, unknown>) => {
    if (!dialog) return;
    const input = toInput(config, values);
    const p =
      dialog.mode === 'edit' && dialog.entry
        ? provider.updateDictItem({ id: dialog.entry.id, values: input })
        : provider.addDictItem({ fieldKey: config.fieldKey, values: input });
    if (await run(p, '保存成功')) setDialog(null);
  };

  const remove = (n: DictEntry) =>
    feedback.modal.confirm({
      title: Messages.confirmDelete,
      okText: Messages.confirm,
      cancelText: Messages.cancel,
      onOk: () => run(provider.deleteDictItem({ id: n.id }), Messages.deleted),
      onCancel: () => {
        feedback.message.info(Messages.cancelled);
      },
    });

  const why = (n: Row) => (n.seeded ? '系统预置项不能删除' : n.children?.length ? '请先删除下级' : undefined);
  const link = (
    text: string,
    onClick: () => void,
    opts: { disabled?: boolean; danger?: boolean; tip?: string } = {},
  ) => (
    <Tooltip title={opts.disabled ? opts.tip : undefined} key={text}>
      <Button
        type="link"
        size="small"
        danger={opts.danger}
        disabled={opts.disabled}
        onClick={onClick}
        style={{ padding: '0 4px' }}
      >
        {text}
      </Button>
    </Tooltip>
  );

  const columns: TableColumnsType<Row> = [
    {
      title: '名称',
      dataIndex: 'dictName',
      width: 150,
      render: (v: string, n) => (
        <span style={{ color: n.status === 0 ? '#999' : undefined, whiteSpace: 'nowrap' }}>
          {v}
          {n.seeded ? <span style={{ color: '#999', fontSize: 12 }}>（预置）</span> : null}
        </span>
      ),
    },
    { title: config.codeLabel ?? '编码', dataIndex: 'dictCode', width: 90 },
    ...(config.extra
      ? [
          {
            title: config.extra.title,
            dataIndex: 'dictExtra',
            width: 130,
            render: (v: DictEntry['dictExtra']) => extraText(v),
          },
        ]
      : []),
    ...(config.leader
      ? [{ title: '负责人', dataIndex: 'leaderId', width: 90, render: (v: unknown) => memberName(v) }]
      : []),
    {
      title: '图片',
      dataIndex: 'dictImg',
      width: 56,
      render: (v: string | null) =>
        v ? <Image src={v} width={32} height={32} style={{ objectFit: 'cover' }} alt="" /> : null,
    },
    { title: '图标', dataIndex: 'dictIcon', width: 100 },
    { title: '排序', dataIndex: 'sort', width: 56 },
    {
      title: '启用',
      dataIndex: 'status',
      width: 60,
      render: (v: number, n) => (
        <Switch
          size="small"
          checked={v !== 0}
          disabled={!canEdit}
          aria-label={`启用${n.dictName}`}
          onChange={(on) => void run(provider.enableDictItem({ id: n.id, enabled: on }), on ? '已启用' : '已停用')}
        />
      ),
    },
  ];
  if (canAdd || canEdit || canDelete) {
    columns.push({
      title: '操作',
      key: 'ops',
      fixed: 'right',
      width: config.tree ? 250 : 180,
      render: (_: unknown, n) => (
        <Space size={0}>
          {canEdit && link(Messages.edit, () => setDialog({ mode: 'edit', entry: n }))}
          {canEdit &&
            link(Messages.moveUp, () => void run(provider.moveDictItem({ id: n.id, direction: 'up' })), {
              disabled: n._index === 0,
              tip: '已是第一个',
            })}
          {canEdit &&
            link(Messages.moveDown, () => void run(provider.moveDictItem({ id: n.id, direction: 'down' })), {
              disabled: n._index === n._count - 1,
              tip: '已是最后一个',
            })}
          {canAdd && config.tree && link('新增下级', () => setDialog({ mode: 'add', parent: n }))}
          {canDelete && link(Messages.delete, () => remove(n), { danger: true, disabled: !!why(n), tip: why(n) })}
        </Space>
      ),
    });
  }

  const expandedIds = expanded?.key === config.fieldKey ? expanded.ids : parentIds(items);
  return (
    <section className="yg-dict-items" aria-label={config.title}>
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', marginBottom: 8 }}>
        <strong style={{ fontSize: 15 }} title={config.fieldKey /* the key, for implementers, on hover only */}>
          {config.title}
        </strong>
        {canAdd && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ mode: 'add' })}>
            新增
          </Button>
        )}
      </div>
      {config.readOnly && (
        <Alert type="info" showIcon style={{ marginBottom: 8 }} message="此字典在其它字典页面维护，此处只读" />
      )}
      <Table<Row>
        rowKey="id"
        size="small"
        bordered
        loading={loading}
        columns={columns}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: Messages.noData }}
        expandable={{
          expandedRowKeys: expandedIds as Key[],
          onExpandedRowsChange: (keys) => setExpanded({ key: config.fieldKey, ids: [...keys] as DictEntry['id'][] }),
        }}
        rowClassName={(n) => (n.status === 0 ? 'yg-dict-disabled' : '')}
      />
      {dialog && (
        <AddDialog
          open
          width={480}
          title={
            dialog.mode === 'edit'
              ? `编辑${config.title}`
              : dialog.parent
                ? `新增下级（${dialog.parent.dictName}）`
                : `新增${config.title}`
          }
          fields={fields}
          initialValues={initialValues}
          onCancel={() => setDialog(null)}
          onSubmit={save}
        />
      )}
    </section>
  );
}
