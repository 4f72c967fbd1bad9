// A record as its page's drawer shows it read-only (system code, fields, lines), for places that show a form
// without the drawer: the portal's approval dialog.
import { useMemo } from 'react';
import { createForm } from '@formily/core';
import { FormProvider } from '@formily/react';
import { FormLayout } from '@formily/antd-v5';
import type { DrawerConfig } from '../../../common/schema/types';
import { SchemaFields } from '../fields/SchemaFields';
import { LineItemTable } from '../lines/LineItemTable';
import { createLineStore } from '../lines/line-store';
import { SystemCodeLine } from './SystemCodeLine';
import { LINES_KEY } from '../../../common/rules/constants';

export function RecordView({ config, record }: { config: DrawerConfig; record: Record<string, unknown> }) {
  const form = useMemo(() => createForm({ initialValues: record, readPretty: true }), [record]);
  const lines = useMemo(() => createLineStore((record[LINES_KEY] as Record<string, unknown>[]) ?? []), [record]);
  return (
    <>
      {config.systemCode && <SystemCodeLine config={config.systemCode} record={record} />}
      <FormProvider form={form}>
        <FormLayout layout="horizontal" labelWidth={110}>
          <SchemaFields fields={config.fields} columns={2} />
        </FormLayout>
        {config.lines && (
          <LineItemTable store={lines} columns={config.lines.columns} title={config.lines.title} readOnly />
        )}
      </FormProvider>
    </>
  );
}
