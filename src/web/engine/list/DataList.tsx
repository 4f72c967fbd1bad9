// Data list: search form, column chooser, action buttons, table with selection /
// index / tree-index / right-fixed operation columns, server-side sorting and 共 N 条 pagination.
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Space, Table, type TableColumnsType } from 'antd';
import type { ButtonDef, ListConfig, RowStyle, TableRow } from '../../../common/schema/types';
import { holds } from '../../../common/computed';
import { todayInChina } from '../../../common/china-time';
import { Messages } from '../../../common/rules/messages';
import { isEmptyValue } from '../../../common/rules/field-rules';
import { readFailure, useDataProvider, type Filter, type ReadFailure, type Sorter } from '../../api/data-provider';
import { ReadFailureAlert, useRetryWhileUnreachable } from './ReadFailureAlert';
import { jsonCodec, pageCodec, useInitialPageState, useMirrorPageState, usePageState } from '../page/page-state';
import { useColumnChoice } from './column-choice';
import { DEFAULT_COLUMN_WIDTH, fitColumns } from '../columns/fit';
import { rowsHeight, useListBox } from './list-box';

const NO_KEY_COLUMNS: string[] = [];
const FILTERS = jsonCodec<Filter[]>((f) => !f.length);
const SEARCH_VALUES = jsonCodec<Record<string, unknown>>(isEmptyValue);
import { ActionButtons, allowedButtons } from './ActionButtons';
import { ColumnChooser } from './ColumnChooser';
import { ListPagination } from './ListPagination';
import { SearchForm } from './SearchForm';
import { DEFAULT_PAGE_SIZE, tableHeight } from '../constants';
import { resolveCell } from '../columns/registry';
import { cellValue } from '../columns/types';
import { nestRows, treeIndexLabels } from './row-index';
import { useListExport } from '../excel/ExportProgress';

export interface DataListProps {
  module: string;
  config: ListConfig;
  categoryId?: string;
  tab?: string;
  /** The section header's month or year, when the list is filtered by it (the server knows the field). */
  period?: string;
  /** Whether the page shows a tab bar (changes the table height). */
  hasTabs?: boolean;
  slots?: Record<string, (row: TableRow) => ReactNode>;
  /** Action-bar buttons get the selected rows, row operations and cell actions their row. */
  onAction?: (button: ButtonDef, rows: TableRow[]) => void;
  /** Change to reload the current page (after create, update, delete). */
  reloadKey?: number;
  /** One record per team (PageSchema.single): no 新增 once it exists. */
  single?: boolean;
  /** Conditions the page adds to the search form's (e.g. the chosen node of a dictionary tree). */
  baseFilters?: Filter[];
  /** Prefix of this list's keys in the page state (a nested entity's list keeps its search apart from the page's). */
  stateScope?: string;
  /** The record's code column, then its status, stage and applicant columns (the page's): kept on screen when not every column fits. */
  keyColumns?: string[];
}

/**
 * The operations a row offers: when the server says which actions the row allows (`actions`), only those
 * (查看 always), so no button appears that the server would refuse.
 */
export function rowOperations(operations: ButtonDef[], row: TableRow): ButtonDef[] {
  const allowed = Array.isArray(row.actions) ? (row.actions as string[]) : null;
  return allowedButtons(operations, allowed).map((b) => ({ type: 'link', ...b }));
}

/** Rows with the colour of the first rowStyles rule that holds for them (rules are expressions over the row). */
export function styleRows(rules: RowStyle[] | undefined, rows: TableRow[], today = todayInChina()): TableRow[] {
  if (!rules?.length) return rows;
  return rows.map((row) => {
    const rule = rules.find((r) => holds(r.when, row, (row.lines as Record<string, unknown>[]) ?? [], { today }));
    return rule
      ? {
          ...row,
          ...(rule.color ? { color: rule.color } : {}),
          ...(rule.textColor ? { textColor: rule.textColor } : {}),
        }
      : row;
  });
}

export function DataList({
  module,
  config,
  categoryId,
  tab,
  period,
  hasTabs,
  slots,
  onAction,
  reloadKey,
  single,
  baseFilters,
  stateScope = '',
  keyColumns = NO_KEY_COLUMNS,
}: DataListProps) {
  const provider = useDataProvider();
  const pageSize = config.pageSize ?? DEFAULT_PAGE_SIZE;
  // The search (as filters, and as typed, for the form), the page number and the column choice outlive a refresh.
  const [filters, setFilters] = usePageState<Filter[]>(`${stateScope}f`, [], FILTERS);
  const [searchValues, setSearchValues] = usePageState<Record<string, unknown>>(`${stateScope}q`, {}, SEARCH_VALUES);
  const startPage = useInitialPageState(`${stateScope}page`, 1, pageCodec);
  // The page belongs to one query (category, tab, period, filters): a new query starts at page 1 without a
  // second fetch for the stale page.
  const queryKey = JSON.stringify([categoryId, tab, period, filters, baseFilters]);
  const [paging, setPaging] = useState({ key: queryKey, page: startPage });
  const page = paging.key === queryKey ? paging.page : 1;
  useMirrorPageState(`${stateScope}page`, page, pageCodec);
  const setPage = useCallback((p: number) => setPaging({ key: queryKey, page: p }), [queryKey]);
  const [sorters, setSorters] = useState<Sorter[]>([]);
  const [state, setState] = useState<{
    rows: TableRow[];
    total: number;
    exact?: boolean;
    loading: boolean;
    error: ReadFailure | null;
  }>({ rows: [], total: 0, loading: true, error: null });
  // Bumped to read the same page again (重试, or by itself while the server cannot be reached).
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  useRetryWhileUnreachable(state.error, retry);
  const [selected, setSelected] = useState<TableRow[]>([]);
  // A reload (after a batch action, a delete…) starts with nothing selected: the rows may have changed.
  useEffect(() => setSelected([]), [reloadKey, queryKey]);
  const [chosen, setVisible] = useColumnChoice(module, config.columns);
  // Until someone chooses, the page's columns cut to what fits beside the index, the check boxes and 操作.
  const { ref: tableBox, box } = useListBox(state.loading);
  const fixedWidth =
    (config.selection ? 32 : 0) +
    (config.treeIndex ? 70 : config.index ? 60 : 0) +
    (config.operations?.length ? (config.operationWidth ?? 140) : 0) +
    16;
  const room = box ? box.width - fixedWidth : null;
  const fitted = useMemo(() => fitColumns(config.columns, room, keyColumns), [config.columns, room, keyColumns]);
  const visible = chosen ?? fitted;
  // An export holds the columns the person chose, else all the page's: what fits the screen is not what the file needs.
  const checkedColumns = useMemo(
    () => config.columns.filter((c) => c.checked !== false).map((c) => c.prop),
    [config.columns],
  );

  useEffect(() => {
    let live = true;
    setState((s) => ({ ...s, loading: true }));
    provider
      .getList({
        module,
        pagination: { current: page, pageSize },
        sorters,
        filters: baseFilters?.length ? [...filters, ...baseFilters] : filters,
        categoryId,
        tab,
        period,
      })
      .then(
        (r) =>
          live &&
          setState({ rows: r.data as TableRow[], total: r.total, exact: r.totalExact, loading: false, error: null }),
      )
      .catch((err: unknown) => live && setState({ rows: [], total: 0, loading: false, error: readFailure(err) }));
    return () => {
      live = false;
    };
  }, [provider, module, page, pageSize, sorters, filters, categoryId, tab, period, reloadKey, baseFilters, attempt]); // attempt: the same page asked again

  // A list of parts and their kits (rowTree) shows each part under its kit, expandable.
  const rows = useMemo(
    () => (config.rowTree ? nestRows(state.rows, config.rowTree.parentField) : state.rows),
    [config.rowTree, state.rows],
  );
  const styled = useMemo(() => styleRows(config.rowStyles, rows), [config.rowStyles, rows]);
  const emit = useCallback((b: ButtonDef, rows: TableRow[]) => onAction?.(b, rows), [onAction]);
  const cellAction = useCallback(
    (key: string, row: TableRow) => emit({ key, text: key, action: 'custom' }, [row]),
    [emit],
  );

  // 导出 (action: export) downloads the whole list as it is queried now, with the visible columns in their order.
  const exporter = useListExport();
  const onBar = (b: ButtonDef) => {
    // A list document (道具清单) is the list as queried, written by the server from the page's document template.
    if (b.action !== 'export' && b.action !== 'document') return emit(b, selected);
    const filtersNow = baseFilters?.length ? [...filters, ...baseFilters] : filters;
    void exporter.start({
      module,
      sorters,
      filters: filtersNow,
      categoryId,
      tab,
      period,
      columns: config.columns.filter((c) => (chosen ?? checkedColumns).includes(c.prop)).map((c) => c.prop),
      ...(b.action === 'document' ? { document: b.key } : {}),
    });
  };
  const barButtons = (config.actions ?? []).filter(
    (b) => (b.action !== 'export' && b.action !== 'document') || exporter.supported,
  );

  const columns = useMemo(() => {
    const cols: TableColumnsType<TableRow> = [];
    const offset = (page - 1) * pageSize;
    if (config.treeIndex) {
      const labels = treeIndexLabels(rows, offset);
      cols.push({
        title: '序号',
        key: '__treeIndex',
        width: 70,
        fixed: 'left',
        render: (_v, row) => labels.get(row.id),
      });
    } else if (config.index) {
      cols.push({ title: '序号', key: '__index', width: 60, fixed: 'left', render: (_v, _r, i) => offset + i + 1 });
    }
    // Wider than the list even so: the code stays at the left edge and the statuses at the right, beside 操作.
    const shown = config.columns.filter((c) => visible.includes(c.prop));
    const edges = room !== null && shown.reduce((n, c) => n + (c.width ?? DEFAULT_COLUMN_WIDTH), 0) > room;
    const edgeOf = (c: (typeof shown)[number]): 'left' | 'right' | undefined =>
      c.fixed ??
      (!edges ? undefined : c.prop === (keyColumns[0] ?? 'code') ? 'left' : c.type === 'status' ? 'right' : undefined);
    const ordered = [
      ...shown.filter((c) => edgeOf(c) === 'left'),
      ...shown.filter((c) => !edgeOf(c)),
      ...shown.filter((c) => edgeOf(c) === 'right'),
    ];
    for (const col of ordered) {
      const Cell = resolveCell(col.type);
      cols.push({
        key: col.prop,
        dataIndex: col.prop,
        title: col.tooltip ? <span title={col.tooltip}>{col.label}</span> : col.label,
        width: col.width,
        fixed: edgeOf(col),
        sorter: col.sortable ? true : undefined,
        render: (_v, row, i) => (
          <Cell col={col} row={row} value={cellValue(col, row)} index={i} onAction={cellAction} slots={slots} />
        ),
      });
    }
    if (config.operations?.length) {
      cols.push({
        title: '操作',
        key: '__operations',
        fixed: 'right',
        width: config.operationWidth ?? 140,
        render: (_v, row) => (
          <ActionButtons
            size="small"
            buttons={rowOperations(config.operations!, row)}
            onClick={(b) => emit(b, [row])}
          />
        ),
      });
    }
    return cols;
  }, [config, visible, room, keyColumns, rows, page, pageSize, cellAction, emit, slots]);

  return (
    <div className="yg-data-list">
      {config.search?.length ? (
        <SearchForm
          fields={config.search}
          initialValues={searchValues}
          onSearch={(f, values) => {
            setFilters(f);
            setSearchValues(values);
          }}
        />
      ) : null}
      <div style={{ display: 'flex', justifyContent: 'space-between', margin: '8px 0' }}>
        <ActionButtons
          buttons={single && state.total > 0 ? barButtons.filter((b) => b.action !== 'add') : barButtons}
          onClick={onBar}
        />
        <Space>
          {config.columnChooser && <ColumnChooser columns={config.columns} visible={visible} onChange={setVisible} />}
        </Space>
      </div>
      {state.error && <ReadFailureAlert failure={state.error} onRetry={retry} />}
      <div ref={tableBox}>
        <Table<TableRow>
          rowKey="id"
          size="middle"
          loading={state.loading}
          columns={columns}
          dataSource={styled}
          // rowStyles: a row whose rule holds reads in its colour (e.g. 逾期 in red).
          onRow={(row) => (row.textColor ? { style: { color: row.textColor as string } } : {})}
          pagination={false}
          locale={{ emptyText: Messages.noData }}
          scroll={{
            x: 'max-content',
            y: config.height ?? rowsHeight(box) ?? tableHeight({ hasTabs, workflow: config.workflow }),
          }}
          rowSelection={
            config.selection
              ? {
                  selectedRowKeys: selected.map((r) => r.id),
                  onChange: (_k, rows) => setSelected(rows),
                  getCheckboxProps: (r) => ({ disabled: !!r.disabled }),
                }
              : undefined
          }
          onChange={(_p, _f, sorter) => {
            const s = Array.isArray(sorter) ? sorter[0] : sorter;
            setSorters(
              s?.order && s.columnKey
                ? [{ field: String(s.columnKey), order: s.order === 'ascend' ? 'asc' : 'desc' }]
                : [],
            );
          }}
        />
      </div>
      {exporter.dialog}
      <ListPagination
        total={state.total}
        exact={state.exact !== false}
        current={page}
        pageSize={pageSize}
        onChange={setPage}
      />
    </div>
  );
}
