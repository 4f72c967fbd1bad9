// fontendType → Formily adapter, filled once and resolved at render time (DESIGN §4.1).
import { createElement, lazy, Suspense, type ComponentType } from 'react';
import type { FieldType } from '../../../common/schema/types';
import type { FieldAdapterProps } from './types';
import { TextField } from './TextField';
import { TextareaField } from './TextareaField';
import { SelectField } from './SelectField';
import { MultiSelectField } from './MultiSelectField';
import { TreeSelectField } from './TreeSelectField';
import { DateField } from './DateField';
import { MonthField } from './MonthField';
import { DateTimeField } from './DateTimeField';
import { DateRangeField } from './DateRangeField';
import { TwoTextField } from './TwoTextField';
import { SwitchField } from './SwitchField';
import { RadioField } from './RadioField';
import { CheckboxField } from './CheckboxField';

/**
 * A field kind whose code (and its antd/rc parts: cascader, upload, image compression) is fetched when a form first
 * shows such a field: list pages' search forms never do, so their first load stays lighter.
 */
function onFirstUse(load: () => Promise<ComponentType<FieldAdapterProps>>): ComponentType<FieldAdapterProps> {
  const Lazy = lazy(async () => ({ default: await load() }));
  return function FieldOnFirstUse(props: FieldAdapterProps) {
    return createElement(Suspense, { fallback: null }, createElement(Lazy, props));
  };
}
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
