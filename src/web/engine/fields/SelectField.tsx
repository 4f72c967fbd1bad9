import { Select } from 'antd';
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

function OptionSelect({ def, value, onChange, ...rest }: FieldAdapterProps) {
  const { options, loading } = useOptions(def.data);
  return (
    <Select
      allowClear
      showSearch
      optionFilterProp="label"
      {...(def.props as object)}
      {...rest}
      loading={loading}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      options={options.map(({ label, value: v, disabled }) => ({ label, value: v as string, disabled }))}
      placeholder={def.placeholder ?? `请选择${def.titleName}`}
      notFoundContent={Messages.noData}
    />
  );
}
