import { InputNumber } from 'antd';
import { clampDimension, dimensionFields } from '../../../common/rules/field-rules';
import { adapt } from './adapt';
import type { FieldAdapterProps } from './types';
import { decimalParser, useDecimalTyping } from './NumberField';
import { feedback } from '../feedback';

type Dim = Record<string, number | null>;

/** Length × width × height; each part is clamped to its bounds on blur with a warning. */
export const DimensionField = adapt(({ def, value, onChange, disabled }: FieldAdapterProps<Dim>) => {
  const parts = dimensionFields(def);
  const set = (name: string, v: number | null) => onChange?.({ ...(value ?? {}), [name]: v });
  const onInput = useDecimalTyping();
  const clamp = (name: string) => {
    const sub = parts.find((p) => p.name === name)!;
    const v = value?.[name];
    if (typeof v !== 'number') return;
    const r = clampDimension(v, sub, def);
    if (r.warning) {
      feedback.message.warning(r.warning);
      set(name, r.value);
    }
  };
  return (
    <span style={{ display: 'flex', alignItems: 'center', gap: 4 }}>
      {parts.map((p, i) => (
        <span key={p.name} style={{ display: 'contents' }}>
          {i > 0 && <span className="yg-connector">{def.connector ?? '×'}</span>}
          {def.showLabels && <span>{p.label}</span>}
          <InputNumber
            style={{ flex: p.flex ?? 1 }}
            aria-label={p.label ?? p.name}
            disabled={disabled}
            value={value?.[p.name] ?? null}
            parser={decimalParser}
            onInput={onInput}
            placeholder={p.placeholder ?? p.label}
            onChange={(v) => set(p.name, v === null ? null : Number(v))}
            onBlur={() => clamp(p.name)}
          />
        </span>
      ))}
      {def.unit && <span>{def.unit}</span>}
    </span>
  );
});
