import { Input } from 'antd';
import { maxLengthOf } from '../../../common/rules/field-rules';
import { adapt } from './adapt';
import type { FieldAdapterProps } from './types';

/** Multi-line text; the counter shows the 200-character default (validation gives the message). */
export const TextareaField = adapt(({ def, value, onChange, ...rest }: FieldAdapterProps<string>) => (
  <Input.TextArea
    rows={3}
    {...(def.props as object)}
    {...rest}
    value={value ?? ''}
    onChange={(e) => onChange?.(e.target.value)}
    placeholder={def.placeholder ?? `请输入${def.titleName}`}
    showCount={{ formatter: ({ count }) => `${count} / ${maxLengthOf(def)}` }}
  />
));
