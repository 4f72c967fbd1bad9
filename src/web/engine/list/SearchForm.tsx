import { useContext, useMemo } from 'react';
import { Button, Space } from 'antd';
import { createForm } from '@formily/core';
import { FormProvider } from '@formily/react';
import type { FieldDef, Option } from '../../../common/schema/types';
import { isEmptyValue } from '../../../common/rules/field-rules';
import { DataProviderContext, type Filter } from '../../api/data-provider';
import { SchemaFields } from '../fields/SchemaFields';
import { deferredPickers } from '../fields/DeferredPicker';
import { loadDictionary } from '../fields/use-options';
import { toFilters } from './filters';

/**
 * The data list's search form; emits provider filters on 查询 and clears them on 重置. A picked tree node
 * also matches its descendants, so its options (inline, or the dictionary the field already loaded) are
 * looked up first.
 */
/** `initialValues`: what was searched before (kept in the page's address); `onSearch` gets the filters and the values. */
export function SearchForm({
  fields,
  initialValues,
  onSearch,
}: {
  fields: FieldDef[];
  initialValues?: Record<string, unknown>;
  onSearch: (filters: Filter[], values: Record<string, unknown>) => void;
}) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the form starts once from what was searched before
  const form = useMemo(() => createForm({ initialValues }), []);
  const provider = useContext(DataProviderContext);
  const search = async () => {
    const values = { ...form.values } as Record<string, unknown>;
    const trees = new Map<string, Option[]>();
    await Promise.all(
      fields
        .filter((f) => f.fontendType === 'treeSelect' && !isEmptyValue(values[f.fieldName]))
        .map(async (f) => {
          const d = f.data;
          if (Array.isArray(d)) trees.set(f.fieldName, d);
          else if (d && 'fieldKey' in d && provider) trees.set(f.fieldName, await loadDictionary(provider, d.fieldKey));
        }),
    );
    onSearch(
      toFilters(fields, values, (f) => trees.get(f.fieldName)),
      values,
    );
  };
  // Search fields never block on required/regex rules: drop them so any partial input can be searched.
  const loose = useMemo(() => fields.map(({ requireAble: _r, reg: _g, ...f }) => f as FieldDef), [fields]);
  return (
    <FormProvider form={form}>
      <div className="yg-search-form" style={{ display: 'flex', alignItems: 'flex-start', gap: 12 }}>
        <div style={{ flex: 1 }}>
          <SchemaFields fields={loose} columns={3} components={deferredPickers} />
        </div>
        <Space>
          <Button
            type="primary"
            onClick={() => {
              void search();
            }}
          >
            查询
          </Button>
          <Button
            onClick={() => {
              form.setValues({}, 'overwrite');
              onSearch([], {});
            }}
          >
            重置
          </Button>
        </Space>
      </div>
    </FormProvider>
  );
}
