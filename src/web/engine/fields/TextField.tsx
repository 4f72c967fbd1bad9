import { Input } from 'antd';
import { adapt } from './adapt';
import type { FieldAdapterProps } from './types';

export const TextField = adapt(({ def, value, onChange, ...rest }: FieldAdapterProps<string>) => (
  <Input
    {...(def.props as object)}
    {...rest}
    value={value ?? ''}
    onChange={(e) => onChange?.(e.target.value)}
    placeholder={def.placeholder ?? `请输入${def.titleName}`}
    suffix={def.unit}
  />
));
