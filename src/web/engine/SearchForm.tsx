import { useMemo } from 'react';
import { Button, Space } from 'antd';
import { createForm } from '@formily/core';
import { FormProvider } from '@formily/react';
import type { FieldDef } from '../../common/schema/types';
import type { Filter } from '../api/data-provider';
import { SchemaFields } from './fields/SchemaFields';
import { toFilters } from './filters';

/** The data list's search form; emits provider filters on 查询 and clears them on 重置. */
export function SearchForm({ fields, onSearch }: { fields: FieldDef[]; onSearch: (filters: Filter[]) => void }) {
  const form = useMemo(() => createForm(), []);
  // Search fields never block on required/regex rules: drop them so any partial input can be searched.
  const loose = useMemo(() => fields.map(({ requireAble: _r, reg: _g, ...f }) => f as FieldDef), [fields]);
  return (
    <FormProvider form={form}>
      <div className="yg-search-form" style={{ display: 'flex', alignItems: 'flex-start', gap: 12 }}>
        <div style={{ flex: 1 }}><SchemaFields fields={loose} columns={3} /></div>
        <Space>
          <Button type="primary" onClick={() => onSearch(toFilters(fields, form.values))}>查询</Button>
          <Button onClick={() => { form.reset(); onSearch([]); }}>重置</Button>
        </Space>
      </div>
    </FormProvider>
  );
}
