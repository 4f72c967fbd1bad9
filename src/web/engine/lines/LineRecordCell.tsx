// A line cell that picks a record of another module (column data: { module, label, fill }), e.g. a stock
// document's 物料: offers what the server finds for lines.<cell>, stores the value and its label beside it,
// and fills the cells the picker names: those a user cannot type in always, the others while blank. The
// server does the same on save and keeps its own version.
import { useState } from 'react';
import { Select } from 'antd';
import { useForm } from '@formily/react';
import { Messages } from '../../../common/rules/messages';
import type { ColumnDef, RecordSource } from '../../../common/schema/types';
import { usePickerOptions } from '../fields/use-picker-options';
import { EmptyPickerHint } from '../fields/EmptyPickerHint';

type Row = Record<string, unknown>;

export function LineRecordCell({
  col,
  row,
  columns,
  set,
}: {
  col: ColumnDef;
  row: Row;
  columns: ColumnDef[];
  set: (prop: string, v: unknown) => void;
}) {
  const src = col.data as RecordSource;
  const form = useForm() as { values?: Row } | undefined;
  const { options, loading, load } = usePickerOptions(`lines.${col.prop}`, () => form?.values ?? {});
  const value = row[col.prop];
  // A search that finds nothing says 暂无数据; an empty picker with nothing searched says where its records are made.
  const [searched, setSearched] = useState(false);

  const choose = (v: unknown) => {
    const hit = options.find((o) => String(o.value) === String(v));
    set(col.prop, v ?? null);
    set(`${col.prop}Name`, hit?.label ?? null);
    const typed = new Set(columns.filter((c) => c.inputType).map((c) => c.prop));
    for (const [to, from] of Object.entries(src.fill ?? {})) {
      const blank = row[to] === undefined || row[to] === null || row[to] === '';
      if (!typed.has(to) || blank || !hit) set(to, hit ? (hit.record[from] ?? null) : null);
    }
  };

  const empty = value === undefined || value === null || value === '';
  const current = empty ? [] : [{ label: String(row[`${col.prop}Name`] ?? value), value }];
  const shown = options.some((o) => String(o.value) === String(value)) ? options : [...current, ...options];
  return (
    <Select
      size="small"
      allowClear
      showSearch
      filterOption={false}
      style={{ width: '100%', minWidth: 0 }}
      popupMatchSelectWidth={false}
      aria-label={col.label}
      loading={loading}
      value={empty ? undefined : (value as string)}
      onDropdownVisibleChange={(open) => {
        if (open) void load();
      }}
      onSearch={(k) => {
        setSearched(!!k.trim());
        void load(k);
      }}
      onChange={choose}
      options={shown.map((o) => ({ label: o.label, value: o.value as string }))}
      placeholder={`请选择${col.label}`}
      notFoundContent={
        loading ? (
          '加载中…'
        ) : searched ? (
          Messages.noData
        ) : (
          <EmptyPickerHint modules={src.modules ?? [src.module]} title={col.label} />
        )
      }
    />
  );
}
