import { InputNumber } from 'antd';
import { round2 } from '../../../common/rules/format';
import { adapt } from './adapt';
import type { FieldAdapterProps } from './types';

/** Numbers round to two decimals on blur (spec §5). Range messages come from the shared rules. */
export const NumberField = adapt(({ def, value, onChange, onBlur, ...rest }: FieldAdapterProps<number | null>) => (
  <InputNumber
    style={{ width: '100%' }}
    {...(def.props as object)}
    {...rest}
    value={value ?? null}
    onChange={(v) => onChange?.(v === null ? null : Number(v))}
    onBlur={(e) => {
      if (typeof value === 'number' && Number.isFinite(value) && round2(value) !== value) onChange?.(round2(value));
      onBlur?.(e);
    }}
    placeholder={def.placeholder ?? `请输入${def.titleName}`}
    suffix={def.unit}
  />
));
