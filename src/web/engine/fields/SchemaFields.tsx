// Renders field definitions as Formily fields: adapter from the registry, FormItem decorator,
// validation through the shared rules so browser and server agree on every message.
import type { ComponentType } from 'react';
import { Field } from '@formily/react';
import { FormGrid, FormItem } from '@formily/antd-v5';
import type { FieldDef, FieldType } from '../../../common/schema/types';
import type { FieldAdapterProps } from './types';
import { fieldError } from '../../../common/rules/field-rules';
import { conditionHolds } from '../../../common/rules/conditions';
import { resolveField } from './registry';

export interface SchemaFieldsProps {
  fields: FieldDef[];
  /** Columns of the grid; a field's gridColumn spans that many. */
  columns?: number;
  /** Field kinds rendered by another component than the registry's (the search form's deferred date pickers). */
  components?: Partial<Record<FieldType, ComponentType<FieldAdapterProps>>>;
}

/** Must sit inside a Formily <FormProvider>. Hidden fields keep their value but do not render; narrow containers drop columns (220px minimum). */
export function SchemaFields({ fields, columns = 2, components }: SchemaFieldsProps) {
  return (
    <FormGrid maxColumns={columns} minColumns={1} minWidth={220} columnGap={16}>
      {fields.map((f) => (
        <Field
          key={f.fieldName}
          name={f.fieldName}
          title={f.titleName}
          display={f.hidden ? 'hidden' : 'visible'}
          // dependOn: out of the form (value dropped, rules skipped) while the other field does not hold it, as on the server.
          reactions={
            f.dependOn
              ? (field) => {
                  const shown = conditionHolds(f.dependOn, field.form.values as Record<string, unknown>);
                  field.display = !shown ? 'none' : f.hidden ? 'hidden' : 'visible';
                }
              : undefined
          }
          disabled={f.disabled}
          // Formily's own `required` would add its English message; the star comes from `asterisk`.
          validator={(value: unknown) => fieldError(f, value) ?? ''}
          decorator={[
            FormItem,
            {
              asterisk: !!f.requireAble,
              tooltip: f.tooltip,
              extra: f.remark,
              gridSpan: f.gridColumn ?? 1,
              labelWidth: 110,
            },
          ]}
          component={[components?.[f.fontendType] ?? resolveField(f.fontendType), { def: f }]}
        />
      ))}
    </FormGrid>
  );
}
