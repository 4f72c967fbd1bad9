import type { Dayjs } from 'dayjs';
import { DATE_FORMATS, toDayjs, type DateKind } from '../../../common/rules/format';
import type { FieldDef } from '../../../common/schema/types';

/** Stored format of a date field: valueFormat, else the display format of its kind. */
export function storedFormat(def: FieldDef, kind: DateKind): string {
  return def.valueFormat ?? DATE_FORMATS[kind];
}

export function toPicker(value: unknown): Dayjs | null {
  return toDayjs(value);
}

export function fromPicker(d: Dayjs | null | undefined, def: FieldDef, kind: DateKind): string | null {
  return d ? d.format(storedFormat(def, kind)) : null;
}
