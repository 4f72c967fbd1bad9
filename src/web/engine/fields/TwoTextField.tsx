import { Input } from 'antd';
import type { SubField } from '../../../common/schema/types';
import { adapt } from './adapt';
import type { FieldAdapterProps } from './types';

const DEFAULT_PARTS: SubField[] = [{ name: 'start' }, { name: 'end' }];

/** Two inputs joined by a connector; the value is an object keyed by the sub-field names. */
export const TwoTextField = adapt(({ def, value, onChange, disabled }: FieldAdapterProps<Record<string, string>>) => {
  const parts = def.fields?.length ? def.fields : DEFAULT_PARTS;
  const set = (name: string, v: string) => onChange?.({ ...(value ?? {}), [name]: v });
  return (
    <span style={{ display: 'flex', alignItems: 'center', gap: 4 }}>
      {parts.map((p, i) => (
        <span key={p.name} style={{ display: 'contents' }}>
          {i > 0 && <span className="yg-connector">{def.connector ?? '-'}</span>}
          {def.showLabels && p.label && <span>{p.label}</span>}
          <Input
            style={{ flex: p.flex ?? 1 }}
            disabled={disabled}
            inputMode={p.type === 'number' ? 'decimal' : undefined}
            value={value?.[p.name] ?? ''}
            placeholder={p.placeholder ?? p.label}
            suffix={p.unit}
            onChange={(e) => set(p.name, e.target.value)}
          />
        </span>
      ))}
    </span>
  );
});
