// Same picker as DateField in month mode; kept as its own file so the registry maps one type to one adapter.
import { DatePicker } from 'antd';
import { DATE_FORMATS } from '../../../common/rules/format';
import { adapt } from './adapt';
import { fromPicker, toPicker } from './date-value';
import type { FieldAdapterProps } from './types';

export const MonthField = adapt(({ def, value, onChange, ...rest }: FieldAdapterProps<string | null>) => (
  <DatePicker
    style={{ width: '100%' }}
    {...(def.props as object)}
    {...rest}
    picker="month"
    format={DATE_FORMATS.month}
    value={toPicker(value)}
    onChange={(d) => onChange?.(fromPicker(d, def, 'month'))}
    placeholder={def.placeholder ?? `请选择${def.titleName}`}
  />
));
