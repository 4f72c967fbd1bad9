// Story-only: one field type shown in its five states side by side.
import { useEffect, useMemo, type ReactNode } from 'react';
import { Card, Spin } from 'antd';
import { createForm } from '@formily/core';
import { FormProvider } from '@formily/react';
import { FormLayout } from '@formily/antd-v5';
import type { FieldDef } from '../../../common/schema/types';
import { DataProviderContext } from '../../api/data-provider';
import { createFixtureProvider } from '../fixtures/fixture-provider';
import { SchemaFields } from './SchemaFields';

function StateForm({
  def,
  value,
  pattern,
  validate,
  title,
  wrap,
}: {
  def: FieldDef;
  value?: unknown;
  pattern?: 'disabled' | 'readPretty';
  validate?: boolean;
  title: string;
  wrap?: (n: ReactNode) => ReactNode;
}) {
  const form = useMemo(
    () =>
      createForm({
        initialValues: value === undefined ? {} : { [def.fieldName]: value },
        pattern: pattern ?? 'editable',
      }),
    [def, value, pattern],
  );
  useEffect(() => {
    if (validate) void form.validate().catch(() => undefined);
  }, [form, validate]);
  const body = (
    <FormProvider form={form}>
      <FormLayout layout="vertical">
        <SchemaFields fields={[def]} columns={1} />
      </FormLayout>
    </FormProvider>
  );
  return (
    <Card size="small" title={title} style={{ width: 340 }}>
      {wrap ? wrap(body) : body}
    </Card>
  );
}

const never = createFixtureProvider({ delay: Infinity });

/** 空 / 错误 / 加载中 / 禁用 / 只读 for one field definition; `sample` fills the valued states. */
export function FieldStates({ def, sample, invalid }: { def: FieldDef; sample: unknown; invalid?: unknown }) {
  const required = { ...def, requireAble: true };
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12 }}>
      <StateForm title="空" def={def} />
      <StateForm title="错误" def={required} value={invalid} validate />
      <StateForm
        title="加载中"
        def={def}
        wrap={(n) => (
          <DataProviderContext.Provider value={never}>
            <Spin spinning>{n}</Spin>
          </DataProviderContext.Provider>
        )}
      />
      <StateForm title="禁用" def={def} value={sample} pattern="disabled" />
      <StateForm title="只读" def={def} value={sample} pattern="readPretty" />
    </div>
  );
}
