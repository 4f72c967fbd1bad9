import { Cascader } from 'antd';
import { Messages } from '../../../common/rules/messages';
import { adapt } from './adapt';
import { useOptions } from './use-options';
import type { FieldAdapterProps } from './types';

export const CascaderField = adapt(({ def, value, onChange, ...rest }: FieldAdapterProps) => {
  const { options } = useOptions(def.data);
  return (
    <Cascader
      allowClear
      {...(def.props as object)}
      {...rest}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      options={options as never}
      placeholder={def.placeholder ?? `请选择${def.titleName}`}
      notFoundContent={Messages.noData}
    />
  );
});
