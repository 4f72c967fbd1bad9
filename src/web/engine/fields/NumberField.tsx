import { useRef } from 'react';
import { InputNumber } from 'antd';
import { round2 } from '../../../common/rules/format';
import { msg } from '../../../common/rules/messages';
import { adapt } from './adapt';
import type { FieldAdapterProps } from './types';
import { feedback } from '../feedback';

/** Text a number input takes while typing: an optional minus, digits, at most one point. */
const TYPING = /^-?\d*\.?\d*$/;

/**
 * Parser of the number inputs: plain decimals only. InputNumber's own parser reads '1e5' as 100000 and
 * drops letters ('1x5' → 15); this one answers NaN for such text, so the value keeps its last good number
 * (and the input falls back to it on blur) instead of silently becoming another one.
 */
export function parseDecimalText(text: string | undefined): string {
  const t = (text ?? '').trim();
  return TYPING.test(t) ? t : 'NaN';
}

/** parseDecimalText as InputNumber's `parser` prop, which is typed as returning the value type but takes text too. */
export const decimalParser = parseDecimalText as unknown as (text: string | undefined) => number;

/** Says 请输入正确的数字 when the typed text stops being a plain decimal (once, not on every key). */
export function useDecimalTyping() {
  const last = useRef('');
  return (text: string) => {
    const bad = !TYPING.test(text.trim());
    if (bad && TYPING.test(last.current.trim())) void feedback.message.error(msg('correctNumber'));
    last.current = text;
  };
}

/** Numbers round to two decimals on blur. Range messages come from the shared rules. */
export const NumberField = adapt(({ def, value, onChange, onBlur, ...rest }: FieldAdapterProps<number | null>) => {
  const onInput = useDecimalTyping();
  return (
    <InputNumber
      style={{ width: '100%' }}
      {...(def.props as object)}
      {...rest}
      parser={decimalParser}
      onInput={onInput}
      value={value ?? null}
      onChange={(v) => onChange?.(v === null ? null : Number(v))}
      onBlur={(e) => {
        if (typeof value === 'number' && Number.isFinite(value) && round2(value) !== value) onChange?.(round2(value));
        onBlur?.(e);
      }}
      placeholder={def.placeholder ?? `请输入${def.titleName}`}
      suffix={def.unit}
    />
  );
});
