import { useForm } from '@formily/react';
import { useOptions } from './use-options';
import { displayValue } from './display';
import type { FieldAdapterProps } from './types';

/** Read-only rendering shared by every adapter; empty values show empty text. A picked record shows its stored label. */
export function ReadPretty({ value, def }: FieldAdapterProps) {
  const { options } = useOptions(def.data);
  const form = useForm() as { values?: Record<string, unknown> } | undefined;
  const stored = def.data && !Array.isArray(def.data) && 'module' in def.data ? form?.values?.[`${def.fieldName}Name`] : undefined;
  return <span className="yg-read-pretty">{stored !== undefined && stored !== null && stored !== '' ? String(stored) : displayValue(def, value, options)}</span>;
}
