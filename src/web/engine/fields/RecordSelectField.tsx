// A record picker (data: { module, label, filter, fill }): offers the records of another module that the
// server finds for the form's current values, fills the declared fields on pick, and keeps the picked record
// for the form's expressions. The filter itself lives in the page schema and is applied by the server.
import { useEffect, useRef, useState } from 'react';
import { Select } from 'antd';
import { useForm } from '@formily/react';
import { Messages } from '../../../common/rules/messages';
import type { RecordSource } from '../../../common/schema/types';
import { announceChoice, setPicked } from './picked-store';
import { usePickerOptions } from './use-picker-options';
import type { FieldAdapterProps } from './types';
import { EmptyPickerHint } from './EmptyPickerHint';

export function RecordSelectField({ def, value, onChange, disabled, ...rest }: FieldAdapterProps) {
  const src = def.data as RecordSource;
  const form = useForm();
  const { options, loading, load } = usePickerOptions(def.fieldName, () => form.values);
  // A search that finds nothing says 暂无数据; an empty picker with nothing searched says where its records are made.
  const [searched, setSearched] = useState(false);

  // The value whose options were last read (on mount, or below): each value is looked up once.
  const lookedUp = useRef<unknown>(value);
  // An existing pick is looked up once, so the form's expressions see the picked record from the start.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the pick the field starts with is looked up once, on mount
  useEffect(() => {
    if (value === undefined || value === null || value === '') return;
    void load().then((list) => {
      const hit = list.find((o) => String(o.value) === String(value));
      setPicked(form, def.fieldName, hit?.record ?? null);
    });
  }, []);

  // A value set by the form rather than a pick (a computed 客户 from the picked project) is shown by its label, not its
  // id: the options are read once to find it, when neither they nor the stored name have it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: looked up when the value changes, not when options arrive
  useEffect(() => {
    if (value === undefined || value === null || value === '' || String(lookedUp.current) === String(value)) return;
    lookedUp.current = value;
    if (
      options.some((o) => String(o.value) === String(value)) ||
      (form.values as Record<string, unknown>)[`${def.fieldName}Name`] !== undefined
    )
      return;
    void load();
  }, [value]);

  const choose = (v: unknown) => {
    const hit = options.find((o) => String(o.value) === String(v)) ?? null;
    setPicked(form, def.fieldName, hit?.record ?? null);
    for (const [to, from] of Object.entries(src.fill ?? {})) if (hit) form.setValuesIn(to, hit.record[from] ?? null);
    onChange?.(v ?? null);
    announceChoice(form, def.fieldName, hit?.record ?? null);
  };

  const current =
    value === undefined || value === null || value === ''
      ? []
      : [{ label: String((form.values as Record<string, unknown>)[`${def.fieldName}Name`] ?? value), value }];
  const shown = options.some((o) => String(o.value) === String(value)) ? options : [...current, ...options];
  return (
    <Select
      allowClear
      showSearch
      filterOption={false}
      // Long labels (code · partner · balance) ellipsize inside the field instead of pushing past its cell.
      style={{ width: '100%', minWidth: 0 }}
      popupMatchSelectWidth={false}
      {...rest}
      disabled={disabled}
      loading={loading}
      value={value ?? undefined}
      onDropdownVisibleChange={(open) => {
        if (open) void load();
      }}
      onSearch={(k) => {
        setSearched(!!k.trim());
        void load(k);
      }}
      onChange={choose}
      options={shown.map((o) => ({ label: o.label, value: o.value as string }))}
      placeholder={def.placeholder ?? `请选择${def.titleName}`}
      notFoundContent={
        loading ? (
          '加载中…'
        ) : searched ? (
          Messages.noData
        ) : (
          <EmptyPickerHint modules={src.modules ?? [src.module]} title={def.titleName} />
        )
      }
    />
  );
}
