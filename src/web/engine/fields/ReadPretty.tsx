import { useForm } from '@formily/react';
import { useOptions } from './use-options';
import { displayValue } from './display';
import { findOption } from '../../../common/schema/dictionary';
import type { FieldAdapterProps } from './types';

/** Read-only rendering shared by every adapter; empty values show empty text. A picked record shows its stored label. */
export function ReadPretty({ value, def }: FieldAdapterProps) {
  const { options } = useOptions(def.data);
  const form = useForm() as { values?: Record<string, unknown> } | undefined;
  const d = def.data && !Array.isArray(def.data) ? def.data : undefined;
  // A disabled or deleted dictionary item is not among the form's options: the record stored its name.
  const missing =
    !!d &&
    'fieldKey' in d &&
    (Array.isArray(value) ? value : [value]).some(
      (v) => v !== undefined && v !== null && v !== '' && !findOption(options, v),
    );
  const stored = d && ('module' in d || missing) ? form?.values?.[`${def.fieldName}Name`] : undefined;
  return (
    <span className="yg-read-pretty">
      {stored !== undefined && stored !== null && stored !== '' ? String(stored) : displayValue(def, value, options)}
    </span>
  );
}
