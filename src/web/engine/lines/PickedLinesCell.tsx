// A line cell whose options are the lines of the record a picker field of the form picked (column data:
// { pickedLines: { field, value, label } }), e.g. a stock document's 库位 among the picked warehouse's 库位
// lines. Follows the pick: another warehouse offers its own locations. With `lineField` a line that picks its own
// warehouse offers that warehouse's locations (read through the line picker's options). The server refuses any
// other value.
import { useEffect, useReducer } from 'react';
import { Select } from 'antd';
import { useForm } from '@formily/react';
import { Messages } from '../../../common/rules/messages';
import { pickedLineLabel, type ColumnDef, type PickedLinesSource } from '../../../common/schema/types';
import { onPicked, pickedOf } from '../fields/picked-store';
import { usePickerOptions } from '../fields/use-picker-options';

type Row = Record<string, unknown>;

export function PickedLinesCell({
  col,
  row,
  set,
}: {
  col: ColumnDef;
  row: Row;
  set: (prop: string, v: unknown) => void;
}) {
  const src = (col.data as PickedLinesSource).pickedLines;
  const form = useForm() as object | undefined;
  const [, rerender] = useReducer((x: number) => x + 1, 0);
  useEffect(() => (form ? onPicked(form, rerender) : undefined), [form]);
  const own = src.lineField ? row[src.lineField] : undefined;
  const ownSet = own !== undefined && own !== null && own !== '';
  const linePicks = usePickerOptions(
    `lines.${src.lineField ?? ''}`,
    () => (form as { values?: Row } | undefined)?.values ?? {},
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: the line's own pick is loaded again only when that pick changes
  useEffect(() => {
    if (ownSet) void linePicks.load();
  }, [ownSet ? String(own) : '']);
  const ownRecord = ownSet ? linePicks.options.find((o) => String(o.value) === String(own))?.record : undefined;
  const lines = ((ownSet ? ownRecord?.lines : form ? pickedOf(form)[src.field]?.lines : undefined) ?? []) as Row[];
  const options = lines
    .filter((l) => l[src.value] !== undefined && l[src.value] !== null && l[src.value] !== '')
    .map((l) => ({ value: String(l[src.value]), label: pickedLineLabel(src, l) }));
  const value = row[col.prop];
  const empty = value === undefined || value === null || value === '';
  const shown =
    empty || options.some((o) => o.value === String(value))
      ? options
      : [{ value: String(value), label: String(row[`${col.prop}Name`] ?? value) }, ...options];
  return (
    <Select
      size="small"
      allowClear
      showSearch
      optionFilterProp="label"
      style={{ width: '100%', minWidth: 0 }}
      popupMatchSelectWidth={false}
      aria-label={col.label}
      value={empty ? undefined : String(value)}
      options={shown}
      notFoundContent={Messages.noData}
      onChange={(v) => {
        set(col.prop, v ?? null);
        set(`${col.prop}Name`, v ? (options.find((o) => o.value === v)?.label ?? null) : null);
      }}
    />
  );
}
