import { Radio } from 'antd';
import { adapt } from './adapt';
import { useOptions } from './use-options';
import type { FieldAdapterProps } from './types';

export const RadioField = adapt(({ def, value, onChange, disabled }: FieldAdapterProps) => {
  const { options } = useOptions(def.data);
  return (
    <Radio.Group
      {...(def.props as object)}
      disabled={disabled}
      value={value}
      onChange={(e) => onChange?.(e.target.value)}
      options={options.map(({ label, value: v, disabled: d }) => ({ label, value: v as string, disabled: d }))}
    />
  );
});
