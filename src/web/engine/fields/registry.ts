// fontendType → Formily adapter, filled once and resolved at render time (DESIGN §4.1).
import type { ComponentType } from 'react';
import type { FieldType } from '../../../common/schema/types';
import type { FieldAdapterProps } from './types';
import { TextField } from './TextField';
import { TextareaField } from './TextareaField';
import { NumberField } from './NumberField';
import { SelectField } from './SelectField';
import { MultiSelectField } from './MultiSelectField';
import { TreeSelectField } from './TreeSelectField';
import { CascaderField } from './CascaderField';
import { DateField } from './DateField';
import { MonthField } from './MonthField';
import { DateTimeField } from './DateTimeField';
import { DateRangeField } from './DateRangeField';
import { TwoTextField } from './TwoTextField';
import { DimensionField } from './DimensionField';
import { UploadField } from './UploadField';
import { ImageField } from './ImageField';
import { IdCardField } from './IdCardField';
import { SwitchField } from './SwitchField';
import { RadioField } from './RadioField';
import { CheckboxField } from './CheckboxField';

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
