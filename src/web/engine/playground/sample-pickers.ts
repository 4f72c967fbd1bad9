// Record pickers over sample records: which module a list's picker names, the option a picked record makes (its code
// or id, its label template filled in), and the label stored beside a picked value (<field>Name), as the server does.
import type { EntityDef, RecordSource } from '../../../common/schema/types';
import type { PickerOption } from '../../api/data-provider';
import { recordFields } from './sample-records';

export const isSource = (d: unknown): d is RecordSource =>
  !!d && typeof d === 'object' && !Array.isArray(d) && 'module' in d && 'label' in d;

/** A picker's option label: its template with the record's values ({code} · {name}), loose separators trimmed. */
export const fillLabel = (template: string, row: Record<string, unknown>) =>
  template
    .replace(/\{([A-Za-z_$][\w$.]*)\}/g, (_, k: string) =>
      row[k] === undefined || row[k] === null ? '' : String(row[k]),
    )
    .replace(/^[\s·-]+|[\s·-]+$/g, '');

/** The option a picked module's record makes: its id or its code (`codeProp`), and its label. */
export function pickerOption(
  source: RecordSource,
  row: Record<string, unknown> & { id: string },
  codeProp: string,
): PickerOption {
  const value = (source.valueField === 'id' ? row.id : (row[codeProp] ?? row.id)) as string;
  return { value, label: fillLabel(source.label, row) || String(value), record: row };
}

/** The record source of a list's picker: a form field, a search field, a stage action's or generator's field, or a line cell (lines.<cell>). */
export function sourceOf(e: EntityDef, field: string): RecordSource | undefined {
  if (field.startsWith('lines.')) {
    const c = e.drawer?.lines?.columns.find((x) => x.prop === field.slice('lines.'.length));
    return isSource(c?.data) ? c.data : undefined;
  }
  const fields = [
    ...recordFields(e),
    ...(e.list.search ?? []),
    ...(e.stages?.actions ?? []).flatMap((a) => [...(a.fields ?? []), ...(a.lineFields ?? [])]),
    ...(e.generators ?? []).flatMap((g) => g.fields),
  ];
  const data = fields.find((f) => f.fieldName === field)?.data;
  return isSource(data) ? data : undefined;
}

/** Writes <name>Name beside a picked value (several joined by 、), from the options the picker offers. */
export function pickedLabels(optionsOf: (source: RecordSource) => PickerOption[]) {
  return (target: Record<string, unknown>, name: string, data: unknown) => {
    const v = target[name];
    if (!isSource(data) || v === undefined || v === null || v === '') return;
    const options = optionsOf(data);
    const labels = (Array.isArray(v) ? v : [v])
      .map((x) => options.find((o) => String(o.value) === String(x))?.label)
      .filter((x) => x !== undefined);
    if (labels.length) target[`${name}Name`] = labels.join('、');
  };
}
