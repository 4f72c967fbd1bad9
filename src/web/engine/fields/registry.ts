// fontendType → Formily adapter, filled once and resolved at render time.
import type { ComponentType } from 'react';
import { lazyComponent } from '../lazy-load';
import type { FieldType } from '../../../common/schema/types';
import type { FieldAdapterProps } from './types';
import { TextField } from './TextField';
import { TextareaField } from './TextareaField';
import { SelectField } from './SelectField';
import { MultiSelectField } from './MultiSelectField';
import { TreeSelectField } from './TreeSelectField';
import { TwoTextField } from './TwoTextField';

/**
 * A field kind whose code (and its antd/rc parts: date picker, number input, switch, cascader, upload, image compression) is
 * fetched when a form first shows such a field. Search forms show their date fields through stand-ins until used
 * (DeferredPicker.tsx), so a list page's first load carries none of these.
 */
function onFirstUse(load: () => Promise<ComponentType<FieldAdapterProps>>): ComponentType<FieldAdapterProps> {
  return lazyComponent(load);
}
const DateField = onFirstUse(() => import('./DateField').then((m) => m.DateField));
const MonthField = onFirstUse(() => import('./MonthField').then((m) => m.MonthField));
const DateTimeField = onFirstUse(() => import('./DateTimeField').then((m) => m.DateTimeField));
const DateRangeField = onFirstUse(() => import('./DateRangeField').then((m) => m.DateRangeField));
const SwitchField = onFirstUse(() => import('./SwitchField').then((m) => m.SwitchField));
const RadioField = onFirstUse(() => import('./RadioField').then((m) => m.RadioField));
const CheckboxField = onFirstUse(() => import('./CheckboxField').then((m) => m.CheckboxField));
const NumberField = onFirstUse(() => import('./NumberField').then((m) => m.NumberField));
const CascaderField = onFirstUse(() => import('./CascaderField').then((m) => m.CascaderField));
const DimensionField = onFirstUse(() => import('./DimensionField').then((m) => m.DimensionField));
const UploadField = onFirstUse(() => import('./UploadField').then((m) => m.UploadField));
const ImageField = onFirstUse(() => import('./ImageField').then((m) => m.ImageField));
const IdCardField = onFirstUse(() => import('./IdCardField').then((m) => m.IdCardField));

export const fieldRegistry: Record<FieldType, ComponentType<FieldAdapterProps>> = {
  text: TextField,
  textarea: TextareaField,
  number: NumberField,
  select: SelectField,
  multiSelect: MultiSelectField,
  treeSelect: TreeSelectField,
  cascader: CascaderField,
  date: DateField,
  month: MonthField,
  dateTime: DateTimeField,
  dateRange: DateRangeField,
  twoText: TwoTextField,
  dimension: DimensionField,
  upload: UploadField,
  image: ImageField,
  idCard: IdCardField,
  switch: SwitchField,
  radio: RadioField,
  checkbox: CheckboxField,
};

export function resolveField(type: FieldType): ComponentType<FieldAdapterProps> {
  return fieldRegistry[type] ?? TextField;
}
