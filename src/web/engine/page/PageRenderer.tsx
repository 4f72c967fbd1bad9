// Renders one page schema: tree, tab bar, section header, data list, add dialog and drawer.
// It knows no business names; a schema that fails validation shows SchemaErrorPage instead.
import { lazy, Suspense, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { App as AntApp, Spin } from 'antd';
import { Segmented } from '../lazy-antd';
import type {
  AnyPageSchema,
  ButtonDef,
  CategoryNode,
  ColumnDef,
  FieldDef,
  GeneratorDef,
  StageAction,
  TableRow,
} from '../../../common/schema/types';
import { evalExpr } from '../../../common/computed';
import { openRows, openValues, stashOpen, takeOpen } from './open-page';
import type { RouteAnswer } from '../../api/data-provider';
import { validatePageSchema } from '../../../common/schema/loader';
import { keyOf } from '../../../common/schema/page-defaults';
import {
  isDictionaryPage,
  isFieldOptionsPage,
  isPlatformTablePage,
  isTeamAdminPage,
} from '../../../common/schema/types';
import { Messages } from '../../../common/rules/messages';
import { useDataProvider } from '../../api/data-provider';
import { DataList } from '../list/DataList';
import { ListLayout } from '../list/ListLayout';
import { ModuleTabs } from './ModuleTabs';
import { NameDialog } from '../dialogs/NameDialog';
import { lazyComponent } from '../lazy-load';
import { SectionHeader } from './SectionHeader';
import { chooseHeaderTab, firstTab, headerOf, initialPeriod, listPeriod, viewOf } from './page-views';
import { PageModuleContext } from './page-module';
import { PageNavigateContext } from './page-navigate';
// The drawer, the dialogs and the special pages' editors load when first shown (lazy-parts.tsx).
import {
  AddDialog,
  DictionaryEditor,
  FieldOptionsEditor,
  ImportDialog,
  PlatformTableEditor,
  SideDrawer,
  TeamAdminEditor,
} from '../lazy-parts';
import { TreePanel } from '../tree/TreePanel';
import { subtreeIds, useCategories } from '../tree/use-categories';
import { parseTreeChildId } from '../../../common/tree-node';
import { isQueueTab } from '../../../common/list-views';
import { feedback, FeedbackBridge } from '../feedback';
import { textCodec, useInitialPageState, useMirrorPageState, usePageState } from './page-state';
import { stageFieldOf } from '../../../common/schema/stage-field';

export interface PageRendererProps {
  /** Parsed page schema (validated here). */
  schema: unknown;
  /** Where it came from, for error messages, e.g. 'schemas/<area>/<module>.json'. */
  file: string;
  slots?: Record<string, (row: TableRow) => ReactNode>;
  /** Actions the engine does not handle itself (export, custom buttons, cell clicks). */
  onAction?: (button: ButtonDef, rows: TableRow[], module?: string) => void;
  onNavigate?: (path: string) => void;
  /** Pins the section header's date (stories, tests). */
  now?: string;
}

/** The error page of an invalid schema (antd's Result and its pictures): fetched when one is shown. */
const SchemaErrorPage = lazyComponent(() => import('./SchemaErrorPage').then((m) => m.SchemaErrorPage));

/** 智能数据 (with ECharts) is a chunk of its own, fetched when the view first opens. */
const SmartDataView = lazy(() => import('../charts/SmartDataView'));

type DrawerState = { open: boolean; record?: TableRow; readOnly?: boolean };

export function PageRenderer(props: PageRendererProps) {
  const result = useMemo(() => validatePageSchema(props.schema, props.file), [props.schema, props.file]);
  if (!result.ok) return <SchemaErrorPage file={props.file} errors={result.errors} />;
  return <PageView {...props} schema={result.schema} />;
}

/**
 * A page schema already known to be valid (the app's SchemaPage: a bundled file, which the build checks and the server
 * refuses to start without; a page the server tuned is checked first): renders it without the meta-schema validator,
 * which then stays out of the page's bundle.
 */
export function PageView(props: Omit<PageRendererProps, 'schema'> & { schema: AnyPageSchema }) {
  const result = { schema: props.schema };
  // A dictionary page has no records: the generic dictionary editor renders it.
  if (isDictionaryPage(result.schema)) return <DictionaryEditor schema={result.schema} onNavigate={props.onNavigate} />;
  // A field-options page (the field-options page): the generic field tuning editor.
  if (isFieldOptionsPage(result.schema))
    return <FieldOptionsEditor schema={result.schema} onNavigate={props.onNavigate} />;
  // A team-admin page: the generic editor of the team's members, roles and join requests.
  if (isTeamAdminPage(result.schema)) return <TeamAdminEditor schema={result.schema} onNavigate={props.onNavigate} />;
  // A platform page (platform catalogue tables): the generic platform table editor.
  if (isPlatformTablePage(result.schema)) return <PlatformTableEditor schema={result.schema} />;
  return <ValidPage {...props} schema={result.schema} />;
}

function ValidPage({
  schema: page,
  slots,
  onAction: emitAction,
  onNavigate,
  now,
}: Omit<PageRendererProps, 'schema'> & { schema: import('../../../common/schema/types').PageSchema }) {
  const provider = useDataProvider();
  // The list shown: the page's own or one of its nested entities (page-views.ts). Everything below reads
  // `schema`, so the list, drawer, dialogs, tree and stages are the shown entity's; `page` keeps the route's.
  const [viewKey = keyOf(page), setViewKey] = usePageState<string | undefined>('view', keyOf(page), textCodec);
  const schema = viewOf(page, viewKey);
  // Actions the app handles (e.g. print) learn which module's record they concern.
  const onAction = (b: ButtonDef, rows: TableRow[]) => emitAction?.(b, rows, schema.module);
  const categories = useCategories(provider, schema.module, schema.tree);
  const [treeNode, setCategoryId] = usePageState<string | undefined>('node', undefined, textCodec);
  // A category tree files records under categoryId; a dictionary tree (tree.fieldKey) or a tree of a picker's
  // records (tree.fromPicker) filters its field instead.
  const dictTree = schema.tree?.fieldKey || schema.tree?.fromPicker ? schema.tree : undefined;
  const categoryId = dictTree ? undefined : treeNode;
  const treeFilters = useMemo(() => {
    if (!dictTree?.field || !treeNode) return undefined;
    // A second-level node (客户 → 道具项目) filters its own field; a first-level one its field, that node alone when it has such children.
    const child = dictTree.children ? parseTreeChildId(treeNode, dictTree.children.field) : null;
    if (dictTree.children && child !== null)
      return [{ field: dictTree.children.field, operator: 'in' as const, value: [child] }];
    return [
      {
        field: dictTree.field,
        operator: 'in' as const,
        value: dictTree.children ? [treeNode] : subtreeIds(categories.nodes, treeNode),
      },
    ];
  }, [dictTree, treeNode, categories.nodes]);
  const [tab, setTab] = usePageState<string | undefined>('tab', firstTab(page), textCodec);
  // The header's month or year as last chosen; until then the one it starts on.
  const [period, setPeriod] = usePageState<string | undefined>('period', undefined, textCodec);
  const header = headerOf(page, schema, tab);
  // 智能数据: the shown list's charts in its place. A header without a period control gets year arrows there
  // when a chart has a date field (the chart's, or the list's dateField).
  const [smart, setSmart] = useState(false);
  const charts = schema.charts ?? [];
  const chartsDated = charts.some((c) => c.dateField ?? schema.sectionHeader?.dateField);
  const listDateMode = header?.config.dateMode ?? 'none';
  const yearForCharts = smart && chartsDated && listDateMode === 'none';
  const headerConfig = header && (yearForCharts ? { ...header.config, dateMode: 'year' as const } : header.config);
  // A work queue tab lists (and charts) all pending work: its header shows 全部 instead of a period.
  const queue = isQueueTab(schema, tab);
  const chartsPeriod =
    !chartsDated || queue
      ? undefined
      : yearForCharts
        ? (period ?? initialPeriod('year', now))
        : listDateMode === 'none'
          ? undefined
          : (period ?? initialPeriod(listDateMode, now));
  const showSmart = (on: boolean) => {
    if (listDateMode === 'none') setPeriod(undefined);
    setSmart(on);
  };
  /** A header tab: another list of the page (a nested entity, which starts afresh) or a tab of the shown list. */
  const showTab = (value: string) => {
    const next = chooseHeaderTab(page, value);
    if (next.view !== schema.key) {
      setViewKey(next.view);
      if (!viewOf(page, next.view).charts?.length) setSmart(false);
      setCategoryId(undefined);
      setPeriod(undefined);
      setDrawer({ open: false });
      setAddOpen(false);
    }
    setTab(next.tab);
  };
  const [reloadKey, setReloadKey] = useState(0);
  const [addOpen, setAddOpen] = useState(false);
  // One key per opening of the add dialog: a second 确定 of the same dialog answers the record the first one made.
  const addKey = useMemo(() => newRequestKey(), [addOpen]);
  const [drawer, setDrawer] = useState<DrawerState>({ open: false });
  // The record open in the drawer is part of the address: a refresh or a shared link opens it again, if the caller
  // may still see it (the server decides, as for any read).
  const openedWith = useInitialPageState<string | undefined>('open', undefined, textCodec);
  useMirrorPageState(
    'open',
    drawer.open && drawer.record?.id !== undefined
      ? `${drawer.readOnly ? 'view' : 'edit'}:${drawer.record.id}`
      : undefined,
    textCodec,
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: the record the page was opened with is opened once
  useEffect(() => {
    const m = /^(view|edit):(.+)$/.exec(openedWith ?? '');
    if (m) void openRecord({ id: m[2] }, m[1] === 'view');
  }, []);
  // One key per opening of a new record's drawer: a second 提交 of the same form (double click, retry) answers
  // the record the first one made instead of making another.
  const requestKey = useMemo(() => newRequestKey(), [drawer.open, drawer.record]);
  const [naming, setNaming] = useState<{ mode: 'add' | 'rename'; node?: CategoryNode } | null>(null);
  const [staging, setStaging] = useState<{
    action: StageAction;
    rows: TableRow[];
    batch?: boolean;
    lineInputs?: ReturnType<typeof stageLineInputs>;
    requestKey?: string;
    initial?: Record<string, unknown>;
  } | null>(null);
  const [generating, setGenerating] = useState<GeneratorDef | null>(null);
  const [importing, setImporting] = useState(false);
  const [choosing, setChoosing] = useState<{
    steps: RouteAnswer['steps'];
    done: (picks: Record<string, number[]> | null) => void;
  } | null>(null);
  const reload = () => setReloadKey((k) => k + 1);
  const module = schema.module;
  // The columns a person works by, kept on screen when not all fit: the record's code first, then its status and
  // stage, and whose record it is (报销人, 申请人…).
  const keyColumns = useMemo(
    () =>
      [
        schema.drawer?.systemCode?.prop ?? 'code',
        schema.drawer?.systemCode?.statusProp,
        schema.stages ? stageFieldOf(schema.stages) : undefined,
        schema.applicantField,
      ].filter((p): p is string => !!p),
    [schema],
  );

  /** 发起人自选 steps ask the submitter for approvers first; null when the submitter cancels. */
  const chooseApprovers = async (
    id?: TableRow['id'],
    variables?: Record<string, unknown>,
  ): Promise<Record<string, number[]> | null> => {
    const route = await provider.route({ module, id, variables });
    const need = route.steps.filter((s) => s.needsChoice);
    if (!need.length) return {};
    return new Promise((done) => setChoosing({ steps: need, done }));
  };

  /** After a change: close the drawer and reload the list. API errors were already shown by the client. */
  const settle = (text: string) => {
    feedback.message.success(text);
    setDrawer({ open: false });
    reload();
  };
  const quietly = (p: Promise<unknown>) => {
    p.catch(() => undefined);
  };

  // A row's 提交 in flight: a second press (before the loading mask shows) sends nothing.
  const submitting = useRef(new Set<TableRow['id']>());
  const submitRow = (row: TableRow) => {
    if (submitting.current.has(row.id)) return;
    submitting.current.add(row.id);
    quietly(
      (async () => {
        const chosen = await chooseApprovers(row.id);
        if (!chosen) return;
        await provider.submit({ module, id: row.id, chosen });
        settle('提交成功');
      })().finally(() => submitting.current.delete(row.id)),
    );
  };

  const withdrawRow = (row: TableRow) =>
    feedback.modal.confirm({
      title: '确定撤回该单据吗？',
      okText: Messages.confirm,
      cancelText: Messages.cancel,
      // Refused (e.g. an approver acted meanwhile): silent, as every refused approval call is; the list shows the row as it is now.
      onOk: () => provider.withdraw({ formId: row.id }).then(() => settle(Messages.withdrawn), reload),
    });

  const runStage = async (
    action: StageAction,
    rows: TableRow[],
    values: Record<string, unknown> = {},
    batch = false,
    requestKey?: string,
  ) => {
    if (batch) {
      const r = await provider.stageBatch({
        module,
        ids: rows.map((x) => x.id),
        action: action.key,
        values,
        requestKey,
      });
      setStaging(null);
      return settle(`已${action.text} ${r.count} 条`);
    }
    await provider.stageAction({ module, id: rows[0].id, action: action.key, values, requestKey });
    setStaging(null);
    settle(`${action.text}成功`);
  };
  /** A stage action on one row, or (a list action of a `batch` stage action) on every selected row at once. */
  const startStage = (key: string, rows: TableRow[], batch = false) => {
    const action = schema.stages?.actions.find((a) => a.key === key);
    if (!action || !rows.length) {
      if (batch) feedback.message.warning('请先勾选要操作的记录');
      return;
    }
    if (batch) {
      // Only rows the server says allow it now (e.g. months still 待确认); the others are left as they are.
      const ready = rows.filter((r) => !Array.isArray(r.actions) || (r.actions as string[]).includes(key));
      if (!ready.length) return void feedback.message.warning(`所选记录都不能${action.text}`);
      rows = ready;
    }
    // Per-line questions (到货数量) need the record's lines: read it first.
    if (action.lineFields?.length && !batch) {
      return void provider.getOne({ module, id: rows[0].id }).then(
        (rec) =>
          setStaging({
            action,
            rows,
            requestKey: newRequestKey(),
            lineInputs: stageLineInputs(
              action,
              (rec.lines ?? []) as Record<string, unknown>[],
              schema.drawer?.lines?.columns ?? [],
            ),
            initial: action.prefill ? prefillOf(action, rec as Record<string, unknown>) : undefined,
          }),
        () => undefined,
      );
    }
    // One key per dialog: a second 确定 of the same dialog does not act twice.
    const requestKey = newRequestKey();
    // 修改档案: the dialog starts from the record's current values (read afresh, not from the list row).
    if (action.fields?.length && action.prefill && !batch) {
      return void provider.getOne({ module, id: rows[0].id }).then(
        (rec) =>
          setStaging({
            action,
            rows,
            requestKey,
            initial: prefillOf(action, rec as Record<string, unknown>),
          }),
        () => undefined,
      );
    }
    if (action.fields?.length) return setStaging({ action, rows, batch, requestKey });
    const title = batch
      ? `确定${action.text}所选的 ${rows.length} 条记录吗？`
      : (action.confirm ?? `确定${action.text}吗？`);
    feedback.modal.confirm({
      title,
      okText: Messages.confirm,
      cancelText: Messages.cancel,
      okButtonProps: { danger: action.danger },
      onOk: () => runStage(action, rows, {}, batch, requestKey).catch(() => undefined),
    });
  };
  /** A generator (e.g. 生成工资表): asks for its fields, then opens the record it made. */
  const runGenerator = async (g: GeneratorDef, values: Record<string, unknown>) => {
    const made = await provider.generate({ module, key: g.key, values });
    setGenerating(null);
    feedback.message.success(`${g.text}成功`);
    reload();
    setDrawer({ open: true, record: made as TableRow, readOnly: true });
  };

  /**
   * An approval call the server refused (the record changed meanwhile): the list shows it as it is now, and so does a
   * read-only drawer (its status, 撤回); a drawer being edited keeps what was typed.
   */
  const approvalFailed = () => {
    reload();
    const shown = drawer.record;
    if (!drawer.readOnly || shown?.id === undefined) return;
    void provider.getOne({ module, id: shown.id }).then(
      (rec) => setDrawer((d) => (d.open && d.readOnly && d.record === shown ? { ...d, record: rec as TableRow } : d)),
      () => undefined,
    );
  };

  const openRecord = async (row: TableRow, readOnly: boolean) => {
    const record = await provider.getOne({ module: schema.module, id: row.id }).catch(() => null);
    if (!record) return;
    setDrawer({ open: true, record: record as TableRow, readOnly });
  };

  const confirmDelete = (ids: TableRow['id'][]) => {
    if (!ids.length) return;
    feedback.modal.confirm({
      title: Messages.confirmDelete,
      okText: Messages.confirm,
      cancelText: Messages.cancel,
      onOk: async () => {
        await provider.deleteMany({ module: schema.module, ids }).then(
          () => {
            feedback.message.success(Messages.deleted);
            reload();
          },
          () => undefined,
        );
      },
      onCancel: () => {
        feedback.message.info(Messages.cancelled);
      },
    });
  };

  /** 申请采购 and the like: another page's new drawer, prefilled from the selected rows (or the rows of the action's tab). */
  const openPage = async (b: ButtonDef, selected: TableRow[]) => {
    const def = b.open;
    if (!def) return;
    const rows = selected.length
      ? selected
      : ((await provider.getList({ module, pagination: { current: 1, pageSize: 200 }, tab: def.tab }).catch(() => null))
          ?.data ?? []);
    const picked = openRows(def, rows as Record<string, unknown>[]);
    if (!picked.length)
      return void feedback.message.warning(selected.length ? `所选记录都不能${b.text}` : `没有需要${b.text}的记录`);
    stashOpen(def.page, openValues(def, picked));
    (onNavigate ?? ((p: string) => window.location.assign(p)))(`/${def.page}`);
  };

  // What another page's `open` action left for this one: its new drawer, prefilled.
  // biome-ignore lint/correctness/useExhaustiveDependencies: what another page left is taken once, when this page opens
  useEffect(() => {
    const values = takeOpen(keyOf(page));
    if (values && page.drawer) setDrawer({ open: true, record: values as TableRow, readOnly: false });
  }, [page.key]);

  const handle = (b: ButtonDef, rows: TableRow[]) => {
    switch (b.action) {
      case 'add':
        if (schema.addDialog) setAddOpen(true);
        else setDrawer({ open: true, record: undefined, readOnly: false });
        return;
      case 'view':
        return void openRecord(rows[0], true);
      case 'edit':
        return void openRecord(rows[0], false);
      case 'delete':
        return confirmDelete(rows.map((r) => r.id));
      case 'submit':
        return submitRow(rows[0]);
      case 'withdraw':
        return void withdrawRow(rows[0]);
      // In the action bar (the selected rows) a stage action runs on all of them; in a row, on that row.
      case 'stage':
        return startStage(b.key!, rows, !!schema.list.actions?.some((x) => x.key === b.key && x.action === 'stage'));
      // 批量打印: the selected rows, printed by the app (onAction) as one PDF.
      case 'print':
        if (!rows.length) return void feedback.message.warning('请选择要打印的记录');
        return void onAction?.(b, rows);
      case 'import':
        if (provider.importPreview) setImporting(true);
        return;
      case 'generate': {
        const g = schema.generators?.find((x) => x.key === b.key);
        if (g) setGenerating(g);
        return;
      }
      case 'open':
        return void openPage(b, rows);
      default:
        // A text-button cell whose prop is the first column opens the record.
        if (
          b.action === 'custom' &&
          rows[0] &&
          schema.list.columns.some((c) => c.prop === b.key && c.type === 'textButton')
        ) {
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
      failure={categories.failure}
      addable={!dictTree && schema.tree.addable}
      editable={!dictTree && schema.tree.editable}
      selectedId={treeNode}
      onSelect={(n) => setCategoryId(n?.id)}
      onNavigate={onNavigate}
      onMove={categories.move}
      onAdd={() => setNaming({ mode: 'add' })}
      onEdit={(node) => setNaming({ mode: 'rename', node })}
      onDelete={(node) =>
        feedback.modal.confirm({
          title: Messages.confirmDelete,
          okText: Messages.confirm,
          cancelText: Messages.cancel,
          onOk: async () => {
            await categories.remove(node.id);
            feedback.message.success(Messages.deleted);
          },
          onCancel: () => {
            feedback.message.info(Messages.cancelled);
          },
        })
      }
    />
  );

  return (
    <AntApp>
      <PageNavigateContext.Provider value={onNavigate ?? ((p: string) => window.location.assign(p))}>
        <PageModuleContext.Provider value={schema.module}>
          <FeedbackBridge />
          <ListLayout
            tree={tree}
            // The module tab bar: this page's module highlighted; another item opens that module's route (key = route's last segment).
            tabs={
              page.tabs && (
                <ModuleTabs
                  modules={page.tabs.modules ?? []}
                  module={schema.module}
                  selectedKey={page.key}
                  help={page.tabs.help}
                  tipsImage={page.tabs.tipsImage}
                  hideSmartData={page.tabs.hideSmartData || !charts.length}
                  onSmartData={() => showSmart(true)}
                  onSelect={(m) => {
                    if (m.key && m.key !== page.key)
                      (onNavigate ?? ((p: string) => window.location.assign(p)))(`/${m.key}`);
                  }}
                />
              )
            }
            header={
              header && (
                // Keyed by the shown list: another entity's header starts on its own period.
                <SectionHeader
                  key={`header-${schema.key}${yearForCharts ? '-charts' : ''}`}
                  config={headerConfig!}
                  tab={header.active}
                  now={now}
                  queue={queue}
                  extra={
                    header.subTabs && (
                      <Segmented
                        size="small"
                        value={tab}
                        options={header.subTabs.map((t) => ({ label: t.label, value: t.value }))}
                        onChange={(v) => setTab(String(v))}
                      />
                    )
                  }
                  onChange={(v) => {
                    if (v.tab !== undefined && v.tab !== header.active) showTab(v.tab);
                    setPeriod(v.period);
                  }}
                />
              )
            }
          >
            {smart && charts.length ? (
              <Suspense fallback={<Spin style={{ display: 'block', margin: '48px auto' }} />}>
                <SmartDataView
                  module={schema.module}
                  charts={charts}
                  tab={tab}
                  period={chartsPeriod}
                  categoryId={categoryId}
                  filters={treeFilters}
                  onBack={() => showSmart(false)}
                />
              </Suspense>
            ) : (
              <DataList
                key={`list-${schema.key}`}
                stateScope={schema.key === page.key ? '' : `${schema.key}.`}
                keyColumns={keyColumns}
                module={schema.module}
                config={schema.list}
                categoryId={categoryId}
                baseFilters={treeFilters}
                tab={tab}
                period={listPeriod(schema, period ?? initialPeriod(schema.sectionHeader?.dateMode, now), tab)}
                hasTabs={!!page.tabs || !!header?.config.tabs?.length}
                slots={slots}
                onAction={handle}
                reloadKey={reloadKey}
                single={schema.single}
              />
            )}
          </ListLayout>
          {importing && (
            <ImportDialog
              open
              module={module}
              title={schema.title}
              onClose={() => setImporting(false)}
              onImported={reload}
            />
          )}
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
                await provider
                  .create({ module: schema.module, variables: { ...variables, categoryId, requestKey: addKey } })
                  .then(
                    () => {
                      setAddOpen(false);
                      feedback.message.success('保存成功');
                      reload();
                    },
                    () => undefined,
                  );
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
              onSuccess={() => {
                setDrawer({ open: false });
                reload();
              }}
              onApprovalFailed={approvalFailed}
              onButton={(b, v) => onAction?.(b, [{ id: drawer.record?.id ?? '', ...v }])}
              stages={schema.stages}
              checks={schema.checks}
              approvalWhen={schema.approvalWhen}
              onStage={(key) => drawer.record && startStage(key, [drawer.record])}
              onSave={async (values) => {
                if (drawer.record?.id !== undefined)
                  await provider.update({ module, id: drawer.record.id, variables: values });
                else await provider.create({ module, variables: { ...values, categoryId, requestKey } });
                settle('保存成功');
              }}
              onSubmit={async (values) => {
                // On an approval form 提交 saves and submits in one call, after any 发起人自选 picks.
                const id = drawer.record?.id;
                let variables: Record<string, unknown> = values;
                if (schema.drawer!.approval) {
                  const chosen = await chooseApprovers(id, {
                    ...values,
                    categoryId: id === undefined ? categoryId : undefined,
                  });
                  if (!chosen) return;
                  variables = { ...values, submit: true, chosenApprovers: chosen };
                }
                if (id !== undefined) await provider.update({ module, id, variables });
                else await provider.create({ module, variables: { ...variables, categoryId, requestKey } });
                settle(schema.drawer!.approval ? '提交成功' : '保存成功');
              }}
            />
          )}
          {staging && (
            <AddDialog
              open
              title={staging.action.text}
              fields={staging.action.fields ?? []}
              initialValues={staging.initial}
              width={staging.lineInputs ? 680 : undefined}
              lineInputs={staging.lineInputs}
              submitText={Messages.confirm}
              onCancel={() => setStaging(null)}
              onSubmit={(values) =>
                runStage(staging.action, staging.rows, values, staging.batch, staging.requestKey).catch(() => undefined)
              }
            />
          )}
          {generating && (
            <AddDialog
              open
              title={generating.text}
              fields={generating.fields}
              submitText={generating.text}
              extra={generating.confirm}
              onCancel={() => setGenerating(null)}
              onSubmit={(values) => runGenerator(generating, values).catch(() => undefined)}
            />
          )}
          {choosing && (
            <AddDialog
              open
              title="选择审批人"
              fields={choosing.steps.map<FieldDef>((s) => ({
                fieldName: `step${s.index}`,
                titleName: `${s.stepName}审批人`,
                fontendType: 'multiSelect',
                requireAble: true,
                data: { fieldKey: 'teamMembers' },
              }))}
              onCancel={() => {
                choosing.done(null);
                setChoosing(null);
              }}
              onSubmit={(v) => {
                choosing.done(
                  Object.fromEntries(
                    choosing.steps.map((s) => [
                      String(s.index),
                      ((v[`step${s.index}`] as unknown[]) ?? []).map(Number),
                    ]),
                  ),
                );
                setChoosing(null);
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
              else await categories.add(name, treeNode);
              setNaming(null);
            }}
          />
        </PageModuleContext.Provider>
      </PageNavigateContext.Provider>
    </AntApp>
  );
}

/** A `prefill` action's dialog starts from the record's current values of its fields. */
const prefillOf = (action: StageAction, rec: Record<string, unknown>) =>
  Object.fromEntries(
    (action.fields ?? []).map((f) => [f.fieldName, rec[f.fieldName]]).filter(([, v]) => v !== undefined && v !== null),
  );

/** A stage action's per-line questions: the lines, the cells shown beside them, and each field's suggestion (its compute over the line). */
function stageLineInputs(action: StageAction, lines: Record<string, unknown>[], columns: ColumnDef[]) {
  const show = (action.lineShow ?? columns.map((c) => c.prop))
    .map((p) => columns.find((c) => c.prop === p))
    .filter((c): c is ColumnDef => !!c)
    .map((c) => ({ prop: c.prop, label: c.label, viewField: c.viewField }));
  const fields = action.lineFields ?? [];
  const initial = (line: Record<string, unknown>) =>
    Object.fromEntries(
      fields.filter((f) => f.compute?.expr).map((f) => [f.fieldName, evalExpr(f.compute!.expr, { ...line })]),
    );
  return { fields, lines, show, initial };
}

/** A request key: random, URL-safe, 22+ characters (crypto.randomUUID needs a secure context). */
function newRequestKey(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
