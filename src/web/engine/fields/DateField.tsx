import { DatePicker } from 'antd';
import { DATE_FORMATS } from '../../../common/rules/format';
import { adapt } from './adapt';
import { fromPicker, toPicker } from './date-value';
import type { FieldAdapterProps } from './types';

/** Year-month-day; the stored format follows valueFormat, 10-digit timestamps are read as seconds. */
export const DateField = adapt(({ def, value, onChange, ...rest }: FieldAdapterProps<string | null>) => (
  <DatePicker
    style={{ width: '100%' }}
    {...(def.props as object)}
    {...rest}
    format={DATE_FORMATS.date}
    value={toPicker(value)}
    onChange={(d) => onChange?.(fromPicker(d, def, 'date'))}
    placeholder={def.placeholder ?? `请选择${def.titleName}`}
  />
));
