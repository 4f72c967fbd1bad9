// The named record pickers (catalogue/pickers.json) give every field and column that names one the picker it wrote out
// before they were declared once (tests/unit/page-shapes.test.ts holds every page to that); here: what a name gives.
import { describe, expect, it } from 'vitest';
import { readSchemaFiles } from '../../../scripts/check-schemas';
import { withPageDefaults } from './page-defaults';
import { namedPicker, PICKER_NAMES } from './pickers';
import type { PageSchema } from './types';

describe('named record pickers', () => {
  it('offer records of modules the pages define', () => {
    const modules = new Set(
      readSchemaFiles().flatMap(({ schema }) => {
        const page = schema as { module: string; entities?: { module: string }[] };
        return [page.module, ...(page.entities ?? []).map((e) => e.module)];
      }),
    );
    expect(PICKER_NAMES.length).toBeGreaterThan(5);
    expect(
      PICKER_NAMES.flatMap((n) => [namedPicker(n)!.module, ...(namedPicker(n)!.modules ?? [])]).filter(
        (m) => !modules.has(m),
      ),
    ).toEqual([]);
  });

  it('are written out where the page is named, its own properties in place of the declared ones', () => {
    const page = withPageDefaults({
      module: 'p',
      title: 'p',
      list: { columns: [{ prop: 'w', label: '仓库', data: { picker: 'warehouse' } }] },
      drawer: {
        title: 'p',
        fields: [
          {
            fieldName: 'c',
            titleName: '客户',
            fontendType: 'select',
            data: { picker: 'customer', expose: ['address'] },
          },
        ],
      },
    } as unknown as PageSchema);
    expect(page.list.columns[0].data).toEqual(namedPicker('warehouse'));
    expect(page.drawer?.fields[0].data).toEqual({ ...namedPicker('customer'), expose: ['address'] });
    expect(namedPicker('nobody')).toBeUndefined();
  });
});
