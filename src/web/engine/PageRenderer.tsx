// Renders one page schema: tree, tab bar, section header, data list, add dialog and drawer.
// It knows no business names; a schema that fails validation shows SchemaErrorPage instead.
import { useMemo, useState, type ReactNode } from 'react';
import { App as AntApp, Modal, message } from 'antd';
import type { ButtonDef, CategoryNode, TableRow } from '../../common/schema/types';
import { validatePageSchema } from '../../common/schema/loader';
import { Messages } from '../../common/rules/messages';
import { useDataProvider } from '../api/data-provider';
import { AddDialog } from './AddDialog';
import { DataList } from './DataList';
import { ListLayout } from './ListLayout';
import { ModuleTabs } from './ModuleTabs';
import { NameDialog } from './NameDialog';
import { SchemaErrorPage } from './SchemaErrorPage';
import { SectionHeader } from './SectionHeader';
import { SideDrawer } from './SideDrawer';
import { TreePanel } from './TreePanel';
import { useCategories } from './use-categories';

export interface PageRendererProps {
  /** Parsed page schema (validated here). */
  schema: unknown;
  /** Where it came from, for error messages, e.g. 'schemas/finance/reimburseManage.json'. */
  file: string;
  slots?: Record<string, (row: TableRow) => ReactNode>;
  /** Actions the engine does not handle itself (export, custom buttons, cell clicks). */
  onAction?: (button: ButtonDef, rows: TableRow[]) => void;
  onNavigate?: (path: string) => void;
  /** Pins the section header's date (stories, tests). */
  now?: string;
}

type DrawerState = { open: boolean; record?: TableRow; readOnly?: boolean };

export function PageRenderer(props: PageRendererProps) {
  const result = useMemo(() => validatePageSchema(props.schema, props.file), [props.schema, props.file]);
  if (!result.ok) return <SchemaErrorPage file={props.file} errors={result.errors} />;
  return <ValidPage {...props} schema={result.schema} />;
}

function ValidPage({ schema, slots, onAction, onNavigate, now }: Omit<PageRendererProps, 'schema'> & { schema: import('../../common/schema/types').PageSchema }) {
  const provider = useDataProvider();
  const categories = useCategories(provider, schema.module, schema.tree);
  const [categoryId, setCategoryId] = useState<string>();
  const [tab, setTab] = useState<string | undefined>(schema.sectionHeader?.tabs?.[0]?.value);
  const [reloadKey, setReloadKey] = useState(0);
  const [addOpen, setAddOpen] = useState(false);
  const [drawer, setDrawer] = useState<DrawerState>({ open: false });
  const [naming, setNaming] = useState<{ mode: 'add' | 'rename'; node?: CategoryNode } | null>(null);
  const reload = () => setReloadKey((k) => k + 1);

  const openRecord = async (row: TableRow, readOnly: boolean) => {
    const record = await provider.getOne({ module: schema.module, id: row.id }).catch(() => row);
    setDrawer({ open: true, record: record as TableRow, readOnly });
  };

  const confirmDelete = (ids: TableRow['id'][]) => {
    if (!ids.length) return;
    Modal.confirm({
      title: Messages.confirmDelete,
      okText: Messages.confirm,
      cancelText: Messages.cancel,
      onOk: async () => {
        await provider.deleteMany({ module: schema.module, ids });
        message.success(Messages.deleted);
        reload();
      },
      onCancel: () => { message.info(Messages.cancelled); },
    });
  };

  const handle = (b: ButtonDef, rows: TableRow[]) => {
    switch (b.action) {
      case 'add':
        if (schema.addDialog) setAddOpen(true);
        else setDrawer({ open: true, record: undefined, readOnly: false });
        return;
      case 'view': return void openRecord(rows[0], true);
      case 'edit': return void openRecord(rows[0], false);
      case 'delete': return confirmDelete(rows.map((r) => r.id));
      case 'submit':
        return void provider.submit({ module: schema.module, id: rows[0].id }).then(reload);
      default:
        // A text-button cell whose prop is the first column opens the record.
        if (b.action === 'custom' && rows[0] && schema.list.columns.some((c) => c.prop === b.key && c.type === 'textButton')) {
          return void openRecord(rows[0], true);
        }
        onAction?.(b, rows);
    }
  };

  const tree = schema.tree && (
    <TreePanel
      title={schema.tree.title}
      nodes={categories.nodes}
      loading={categories.loading}
      addable={schema.tree.addable}
      editable={schema.tree.editable}
      selectedId={categoryId}
      onSelect={(n) => setCategoryId(n?.id)}
      onNavigate={onNavigate}
      onMove={categories.move}
      onAdd={() => setNaming({ mode: 'add' })}
      onEdit={(node) => setNaming({ mode: 'rename', node })}
      onDelete={(node) => Modal.confirm({
        title: Messages.confirmDelete, okText: Messages.confirm, cancelText: Messages.cancel,
        onOk: async () => { await categories.remove(node.id); message.success(Messages.deleted); },
        onCancel: () => { message.info(Messages.cancelled); },
      })}
    />
  );

  return (
    <AntApp>
      <ListLayout
        tree={tree}
        tabs={schema.tabs && <ModuleTabs modules={schema.tabs.modules} tipsImage={schema.tabs.tipsImage} hideSmartData={schema.tabs.hideSmartData} />}
        header={schema.sectionHeader && <SectionHeader config={schema.sectionHeader} now={now} onChange={(v) => setTab(v.tab)} />}
      >
        <DataList
          module={schema.module}
          config={schema.list}
          categoryId={categoryId}
          tab={tab}
          hasTabs={!!schema.tabs || !!schema.sectionHeader?.tabs}
          slots={slots}
          onAction={handle}
          reloadKey={reloadKey}
        />
      </ListLayout>
      {schema.addDialog && (
        <AddDialog
          open={addOpen}
          title={schema.addDialog.title}
          width={schema.addDialog.width}
          fields={schema.addDialog.fields}
          submitText={schema.addDialog.submitText}
          extraButton={schema.addDialog.extraButton}
          onExtra={(v) => onAction?.(schema.addDialog!.extraButton!, [{ id: '', ...v }])}
          onCancel={() => setAddOpen(false)}
          onSubmit={async (variables) => {
            await provider.create({ module: schema.module, variables: { ...variables, categoryId } });
            setAddOpen(false);
            reload();
          }}
        />
      )}
      {schema.drawer && (
        <SideDrawer
          open={drawer.open}
          config={schema.drawer}
          record={drawer.record}
          readOnly={drawer.readOnly}
          onClose={() => setDrawer({ open: false })}
          onSuccess={() => { setDrawer({ open: false }); reload(); }}
          onButton={(b, v) => onAction?.(b, [{ id: drawer.record?.id ?? '', ...v }])}
          onSubmit={async (values) => {
            // On a form with an approval panel, 提交 saves and submits it into its workflow in one call.
            const variables = schema.drawer!.approval ? { ...values, submit: true } : values;
            if (drawer.record?.id !== undefined) await provider.update({ module: schema.module, id: drawer.record.id, variables });
            else await provider.create({ module: schema.module, variables: { ...variables, categoryId } });
            setDrawer({ open: false });
            reload();
          }}
        />
      )}
      <NameDialog
        open={!!naming}
        title={naming?.mode === 'rename' ? Messages.edit : '新增分类'}
        initial={naming?.node?.name}
        onCancel={() => setNaming(null)}
        onOk={async (name) => {
          if (naming?.mode === 'rename' && naming.node) await categories.rename(naming.node.id, name);
          else await categories.add(name, categoryId);
          setNaming(null);
        }}
      />
    </AntApp>
  );
}
