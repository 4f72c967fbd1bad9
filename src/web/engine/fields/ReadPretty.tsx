import { useOptions } from './use-options';
import { displayValue } from './display';
import type { FieldAdapterProps } from './types';

/** Read-only rendering shared by every adapter; empty values show empty text. */
export function ReadPretty({ value, def }: FieldAdapterProps) {
  const { options } = useOptions(def.data);
  return <span className="yg-read-pretty">{displayValue(def, value, options)}</span>;
}
