import { DatePicker } from 'antd';
import { DATE_FORMATS } from '../../../common/rules/format';
import { adapt } from './adapt';
import { fromPicker, toPicker } from './date-value';
import type { FieldAdapterProps } from './types';

export const DateTimeField = adapt(({ def, value, onChange, ...rest }: FieldAdapterProps<string | null>) => (
  <DatePicker
    style={{ width: '100%' }}
    {...(def.props as object)}
    {...rest}
    showTime
    format={DATE_FORMATS.dateTime}
    value={toPicker(value)}
    onChange={(d) => onChange?.(fromPicker(d, def, 'dateTime'))}
    placeholder={def.placeholder ?? `请选择${def.titleName}`}
  />
));
