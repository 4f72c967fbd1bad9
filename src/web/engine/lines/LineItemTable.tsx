// Editable line items: number cells refuse a minus sign, price cells format to two
// decimals on blur, required columns say 不能为空 in the header while a cell is empty, and a
// summary row totals the money columns. Cells subscribe to their own row, so typing in one line
// does not re-render the others. Columns shrink to the table's width, so the sticky 操作 column
// never lies over an input.
import { memo, useEffect, useId, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useForm } from '@formily/react';
import { onFormValuesChange, type Form } from '@formily/core';
import { conditionHolds } from '../../../common/rules/conditions';
import { Button, DatePicker, Input, Select, Table, TreeSelect, Upload, type TableColumnsType } from 'antd';
import { DeleteOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import type { ColumnDef } from '../../../common/schema/types';
import { formatDate, formatMoney, formatPrice, toDayjs } from '../../../common/rules/format';
import { Messages } from '../../../common/rules/messages';
import { isSummedColumn, summaryRow } from '../../../common/rules/summary';
import { lineCellError } from '../../../common/rules/record';
import { useOptions } from '../fields/use-options';
import { useUploader } from '../fields/UploadField';
import { compressImage, FIELD_IMAGE_BOUNDS } from '../fields/image-compress';
import type { UploadedFile } from '../../api/data-provider';
import { columnHasEmpty, isTypedNumber, sanitizeNumberInput, toCellNumber, type LineStore } from './line-store';
import { feedback } from '../feedback';
import { PickedLinesCell } from './PickedLinesCell';
import { pickedLinesOf } from '../../../common/schema/types';
import { LineRecordCell } from './LineRecordCell';
import { debounce } from '../constants';

export interface LineItemTableProps {
  store: LineStore;
  columns: ColumnDef[];
  title?: string;
  addable?: boolean;
  readOnly?: boolean;
  /** Cells shown but not changed (the props of columns a restricted editor may not fill). */
  lockedCells?: Set<string>;
}

const VIRTUAL_THRESHOLD = 50;
const DEFAULT_CELL_WIDTH = 130;

function useRow(store: LineStore, rowKey: string) {
  return useSyncExternalStore(
    (f) => store.subscribeRow(rowKey, f),
    () => store.row(rowKey),
  );
}

function useVersion(store: LineStore) {
  return useSyncExternalStore(store.subscribeAll, store.version);
}

function SelectCell({
  col,
  value,
  onChange,
  disabled,
  multiple,
}: {
  col: ColumnDef;
  value: unknown;
  onChange: (v: unknown) => void;
  disabled?: boolean;
  multiple?: boolean;
}) {
  const { options } = useOptions(col.data);
  if (multiple) {
    return (
      <Select
        size="small"
        mode="multiple"
        maxTagCount={2}
        style={{ width: '100%' }}
        allowClear
        disabled={disabled}
        aria-label={col.label}
        value={Array.isArray(value) ? value : []}
        onChange={onChange}
        optionFilterProp="label"
        options={options.map((o) => ({ label: o.label, value: o.value as string }))}
        notFoundContent={Messages.noData}
      />
    );
  }
  // Tree dictionaries (e.g. 差旅费 → 交通, 住宿) pick their leaves in a tree.
  if (options.some((o) => o.children?.length)) {
    return (
      <TreeSelect
        size="small"
        style={{ width: '100%' }}
        allowClear
        disabled={disabled}
        value={value ?? undefined}
        onChange={onChange}
        treeData={options as never[]}
        fieldNames={{ label: 'label', value: 'value', children: 'children' }}
        treeDefaultExpandAll
        treeNodeFilterProp="label"
        showSearch
        popupMatchSelectWidth={false}
        notFoundContent={Messages.noData}
      />
    );
  }
  return (
    <Select
      size="small"
      style={{ width: '100%' }}
      allowClear
      disabled={disabled}
      value={value ?? undefined}
      onChange={onChange}
      options={options.map((o) => ({ label: o.label, value: o.value as string }))}
      notFoundContent={Messages.noData}
    />
  );
}

/** An image column of a line (e.g. invoice photos): small picture cards, compressed and uploaded through the provider. */
function ImageCell({
  col,
  value,
  onChange,
  readOnly,
}: {
  col: ColumnDef;
  value: unknown;
  onChange: (v: UploadedFile[]) => void;
  readOnly?: boolean;
}) {
  const files = Array.isArray(value) ? (value as UploadedFile[]) : [];
  const def = {
    fieldName: col.prop,
    titleName: col.label,
    fontendType: 'image' as const,
    limit: col.limit,
    accept: col.accept,
  };
  const up = useUploader(def, files, onChange, (f) => compressImage(f, FIELD_IMAGE_BOUNDS));
  return (
    <Upload
      listType="picture"
      className="yg-line-images"
      accept={col.accept ?? 'image/*'}
      disabled={readOnly}
      {...up}
      showUploadList={{ showRemoveIcon: !readOnly }}
    >
      {!readOnly && files.length < (col.limit ?? 1) && (
        <Button size="small" icon={<UploadOutlined />} aria-label={`上传${col.label}`}>
          上传
        </Button>
      )}
    </Upload>
  );
}

const isRecordSource = (d: ColumnDef['data']) =>
  !!d && !Array.isArray(d) && typeof (d as { module?: unknown }).module === 'string';

const Cell = memo(function Cell({
  store,
  rowKey,
  col,
  columns,
  readOnly,
}: {
  store: LineStore;
  rowKey: string;
  col: ColumnDef;
  columns: ColumnDef[];
  readOnly?: boolean;
}) {
  const row = useRow(store, rowKey);
  const value = row[col.prop];
  const hidden =
    (col.dependOn && row[col.dependOn.field] !== col.dependOn.value) ||
    (col.showCondition && row[col.showCondition.field] !== col.showCondition.value);
  if (hidden) return null;
  const set = (v: unknown) => store.set(rowKey, col.prop, v);
  const text = value === undefined || value === null ? '' : String(value);
  if (col.type === 'image') return <ImageCell col={col} value={value} onChange={set} readOnly={readOnly} />;
  // A stored option value reads as its name (the server keeps `<prop>Name` beside dictionary values).
  const named = row[`${col.prop}Name`];
  // Cells a record picker fills and a user cannot type in (no inputType: 规格, 单位) read as text.
  const filled =
    !col.inputType &&
    columns.some(
      (c) =>
        isRecordSource(c.data) &&
        Object.keys((c.data as { fill?: Record<string, string> }).fill ?? {}).includes(col.prop),
    );
  // Money reads as money everywhere (1,000.00): price cells and the summed columns (金额, 应收…), computed ones too.
  if (readOnly || filled)
    return (
      <span>
        {col.inputType === 'date'
          ? formatDate(value)
          : col.priceType || isSummedColumn(col)
            ? formatMoney(value)
            : named !== undefined
              ? String(named)
              : text}
      </span>
    );
  switch (col.inputType) {
    case 'number': {
      // Text that is not a plain decimal, or a number out of the column's range, marks the cell (the
      // header says 不能为空 for empty required cells).
      const error = text === '' ? null : lineCellError(col, toCellNumber(text));
      return (
        <Input
          size="small"
          inputMode="decimal"
          aria-label={col.label}
          aria-invalid={error ? true : undefined}
          status={error ? 'error' : undefined}
          title={error ?? undefined}
          value={text}
          onChange={(e) => {
            const r = sanitizeNumberInput(e.target.value, text);
            if (r.error) feedback.message.error(r.error);
            set(r.value);
          }}
          onBlur={() => {
            if (col.priceType && text !== '' && isTypedNumber(text)) set(formatPrice(text));
          }}
        />
      );
    }
    case 'select':
      if (isRecordSource(col.data))
        return <LineRecordCell col={col} row={row} columns={columns} set={(p, v) => store.set(rowKey, p, v)} />;
      if (pickedLinesOf(col.data))
        return <PickedLinesCell col={col} row={row} set={(p, v) => store.set(rowKey, p, v)} />;
      return <SelectCell col={col} value={value} onChange={set} />;
    case 'multiSelect':
      return <SelectCell col={col} value={value} onChange={set} multiple />;
    case 'date':
      return (
        <DatePicker
          size="small"
          style={{ width: '100%' }}
          placeholder="请选择日期"
          value={toDayjs(value)}
          onChange={(d) => set(d ? d.format('YYYY-MM-DD') : null)}
        />
      );
    default:
      return (
        <Input
          size="small"
          aria-label={col.label}
          maxLength={col.maxLength}
          value={text}
          onChange={(e) => set(e.target.value)}
        />
      );
  }
});

function RequiredHeader({ store, col, readOnly }: { store: LineStore; col: ColumnDef; readOnly?: boolean }) {
  useVersion(store);
  const empty = !readOnly && columnHasEmpty(store, col);
  return (
    <span>
      {col.requireAble && <span style={{ color: '#ff4d4f', marginRight: 2 }}>*</span>}
      {col.label}
      {empty && (
        <span className="yg-required-hint" style={{ color: '#ff4d4f', fontSize: 12, marginLeft: 4 }}>
          {Messages.cannotBeEmpty}
        </span>
      )}
    </span>
  );
}

const INDEX_COLUMN: ColumnDef = { prop: '__index', label: '序号' };

/** The index column comes first, so it carries 合计 and every data column gets its own total. */
function SummaryCells({ store, columns, trailing }: { store: LineStore; columns: ColumnDef[]; trailing: boolean }) {
  useVersion(store);
  const texts = summaryRow(
    [INDEX_COLUMN, ...columns],
    store.keys().map((k) => store.row(k)),
  );
  return (
    <Table.Summary.Row className="yg-summary-row">
      {texts.map((t, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: one cell per column, in the columns' order
        <Table.Summary.Cell key={i} index={i}>
          {t}
        </Table.Summary.Cell>
      ))}
      {trailing && <Table.Summary.Cell index={texts.length} />}
    </Table.Summary.Row>
  );
}

/** Width of the table's box, once the browser has laid it out (null before, and in jsdom). */
function useBoxWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState<number | null>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const read = () => setWidth(el.clientWidth > 0 ? el.clientWidth : null);
    read();
    if (typeof ResizeObserver === 'undefined') return;
    // A window drag sends a burst of notifications: the widths are read again once they settle.
    const ro = new ResizeObserver(debounce(read));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  return { ref, width };
}

/**
 * Column widths that fit `box`: the declared widths shrink in proportion (not below MIN_CELL_WIDTH) so
 * the table needs no sideways scrolling. `fits` says whether they do; only then is the 操作 column
 * sticky, so it never lies over an input of a scrolled row.
 */
export function fitColumnWidths(
  declared: number[],
  fixedWidth: number,
  box: number | null,
): { widths: number[]; fits: boolean } {
  const total = declared.reduce((a, b) => a + b, 0);
  if (box === null) return { widths: declared, fits: true };
  const room = box - fixedWidth - SCROLLBAR_ALLOWANCE;
  if (total <= room) return { widths: declared, fits: true };
  const widths = declared.map((w) => Math.max(MIN_CELL_WIDTH, Math.floor((w * room) / total)));
  return { widths, fits: widths.reduce((a, b) => a + b, 0) <= room };
}

const MIN_CELL_WIDTH = 80;
/** The vertical scrollbar of a long table takes room from the columns. */
const SCROLLBAR_ALLOWANCE = 16;

/**
 * The columns shown for the form's values as they are now: a column whose `recordDependOn` does not hold for the record
 * (调入库位 on an 入库) is left out, as the server drops its cells; it follows the form as the user changes it.
 */
function useShownColumns(columns: ColumnDef[]): ColumnDef[] {
  const form = useForm() as Form | undefined;
  const id = useId();
  const dependent = columns.some((c) => c.recordDependOn);
  const shownNow = () =>
    columns.map(
      (c) => !c.recordDependOn || conditionHolds(c.recordDependOn, (form?.values ?? {}) as Record<string, unknown>),
    );
  const [, setShown] = useState('');
  // biome-ignore lint/correctness/useExhaustiveDependencies: shownNow reads the form's values when they change; the listener is set again when the columns change
  useEffect(() => {
    if (!form || !dependent) return;
    const key = `yg-line-columns-${id}`;
    form.addEffects(key, () => onFormValuesChange(() => setShown(shownNow().join())));
    return () => form.removeEffects(key);
  }, [form, columns, dependent, id]);
  // Outside a form there is no record to ask: every column shows.
  if (!dependent || !form) return columns;
  const shown = shownNow();
  return columns.filter((_, i) => shown[i]);
}

export function LineItemTable({ store, columns: declared, title, addable, readOnly, lockedCells }: LineItemTableProps) {
  const columns = useShownColumns(declared);
  const keys = useSyncExternalStore(store.subscribeKeys, store.keys);
  // A restricted editor (lockedCells) fills cells but neither adds nor removes lines.
  const editable = !readOnly && !lockedCells;
  const box = useBoxWidth();
  const fixedWidth = 60 + (editable ? 60 : 0);
  const { widths, fits } = fitColumnWidths(
    columns.map((c) => c.width ?? DEFAULT_CELL_WIDTH),
    fixedWidth,
    box.width,
  );
  const tableWidth = fixedWidth + widths.reduce((a, b) => a + b, 0);
  const tableColumns: TableColumnsType<{ key: string }> = [
    { title: '序号', key: '__index', width: 60, render: (_v, _r, i) => i + 1 },
    ...columns.map((col, i) => ({
      key: col.prop,
      width: widths[i],
      title: <RequiredHeader store={store} col={col} readOnly={readOnly} />,
      render: (_v: unknown, r: { key: string }) => (
        <Cell
          store={store}
          rowKey={r.key}
          col={col}
          columns={columns}
          readOnly={readOnly || !!col.compute || !!lockedCells?.has(col.prop)}
        />
      ),
    })),
    ...(editable
      ? [
          {
            title: '操作',
            key: '__op',
            width: 60,
            fixed: fits ? ('right' as const) : undefined,
            render: (_v: unknown, r: { key: string }) => (
              <Button
                type="text"
                size="small"
                danger
                icon={<DeleteOutlined />}
                aria-label={Messages.delete}
                onClick={() => store.remove(r.key)}
              />
            ),
          },
        ]
      : []),
  ];
  return (
    <div className="yg-line-items" ref={box.ref}>
      {(title || (addable && editable)) && (
        <div style={{ display: 'flex', justifyContent: 'space-between', margin: '8px 0' }}>
          <strong>{title}</strong>
          {addable && editable && (
            <Button size="small" icon={<PlusOutlined />} onClick={() => store.add()}>
              新增一行
            </Button>
          )}
        </div>
      )}
      <Table
        size="small"
        bordered
        pagination={false}
        columns={tableColumns}
        dataSource={keys.map((key) => ({ key }))}
        locale={{ emptyText: Messages.noData }}
        // Long tables render only the visible rows; virtual mode needs numeric widths.
        virtual={keys.length > VIRTUAL_THRESHOLD}
        scroll={{ x: tableWidth, y: 400 }}
        summary={() => (
          <Table.Summary fixed>
            <SummaryCells store={store} columns={columns} trailing={editable} />
          </Table.Summary>
        )}
      />
    </div>
  );
}
