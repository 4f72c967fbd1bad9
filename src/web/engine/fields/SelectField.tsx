import { Select } from 'antd';
import { useField } from '@formily/react';
import type { Field } from '@formily/core';
import { Messages } from '../../../common/rules/messages';
import { adapt } from './adapt';
import { useOptions } from './use-options';
import type { FieldAdapterProps } from './types';
import { RecordSelectField } from './RecordSelectField';

/** A select of options (inline or a dictionary), or a record picker when `data` names a module. */
export const SelectField = adapt((props: FieldAdapterProps) => {
  const d = props.def.data;
  return d && !Array.isArray(d) && 'module' in d ? <RecordSelectField {...props} /> : <OptionSelect {...props} />;
});

/**
 * Keeps the chosen options' names beside the value (<field>Name), as the server stores them, so conditions
 * that name an option (dependOn applyType = 请假) hold in the form exactly as on the server.
 */
export function useNameBeside() {
  const field = useField<Field>();
  return (labels: string[]) => {
    if (!field?.form || !field.props?.name) return;
    field.form.setValuesIn(`${String(field.props.name)}Name`, labels.length ? labels.join('、') : undefined);
  };
}

function OptionSelect({ def, value, onChange, ...rest }: FieldAdapterProps) {
  const { options, loading } = useOptions(def.data);
  const nameBeside = useNameBeside();
  return (
    <Select
      allowClear
      showSearch
      optionFilterProp="label"
      {...(def.props as object)}
      {...rest}
      loading={loading}
      value={value ?? undefined}
      onChange={(v) => {
        nameBeside(options.filter((o) => o.value === v).map((o) => o.label));
        onChange?.(v ?? null);
      }}
      options={options.map(({ label, value: v, disabled }) => ({ label, value: v as string, disabled }))}
      placeholder={def.placeholder ?? `请选择${def.titleName}`}
      notFoundContent={Messages.noData}
    />
  );
}
