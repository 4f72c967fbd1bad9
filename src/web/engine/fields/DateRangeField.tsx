import { DatePicker } from 'antd';
import { DATE_FORMATS, daysInclusive } from '../../../common/rules/format';
import { msg } from '../../../common/rules/messages';
import { adapt } from './adapt';
import { fromPicker, toPicker } from './date-value';
import type { FieldAdapterProps } from './types';

/** Start and end as a two-item array; with isComputingTime the inclusive day count 共N天 follows. */
export const DateRangeField = adapt(
  ({ def, value, onChange, ...rest }: FieldAdapterProps<(string | null)[] | null>) => {
    const showTime = !!def.props?.showTime;
    const kind = showTime ? 'dateTime' : 'date';
    const [a, b] = value ?? [];
    const days = def.isComputingTime ? daysInclusive(a, b) : null;
    return (
      <span style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
        <DatePicker.RangePicker
          style={{ flex: 1 }}
          {...(def.props as object)}
          {...rest}
          showTime={showTime}
          placeholder={['开始日期', '结束日期']}
          format={DATE_FORMATS[kind]}
          value={[toPicker(a), toPicker(b)]}
          onChange={(r) => onChange?.(r ? [fromPicker(r[0], def, kind), fromPicker(r[1], def, kind)] : null)}
        />
        {days !== null && <span className="yg-range-days">{msg('totalDays', { n: days })}</span>}
      </span>
    );
  },
);
