import { Switch } from 'antd';
import { adapt } from './adapt';
import type { FieldAdapterProps } from './types';

export const SwitchField = adapt(({ def, value, onChange, disabled }: FieldAdapterProps<boolean>) => (
  <Switch {...(def.props as object)} disabled={disabled} checked={!!value} onChange={(v) => onChange?.(v)} />
));
