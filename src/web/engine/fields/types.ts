import type { FieldDef } from '../../../common/schema/types';

/** What every field adapter receives: Formily's value/onChange plus the field definition. */
// biome-ignore lint/suspicious/noExplicitAny: each field kind narrows V; the registry holds adapters of every kind under the default
export interface FieldAdapterProps<V = any> {
  value?: V;
  onChange?: (value: V) => void;
  onBlur?: (...args: unknown[]) => void;
  onFocus?: (...args: unknown[]) => void;
  disabled?: boolean;
  readOnly?: boolean;
  def: FieldDef;
  [prop: string]: unknown;
}
