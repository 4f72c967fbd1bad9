import { Checkbox } from 'antd';
import { adapt } from './adapt';
import { useOptions } from './use-options';
import type { FieldAdapterProps } from './types';

export const CheckboxField = adapt(({ def, value, onChange, disabled }: FieldAdapterProps) => {
  const { options } = useOptions(def.data);
  return (
    <Checkbox.Group
      {...(def.props as object)}
      disabled={disabled}
      value={value ?? []}
      onChange={(v) => onChange?.(v)}
      options={options.map(({ label, value: v, disabled: d }) => ({ label, value: v as string, disabled: d }))}
    />
  );
});
