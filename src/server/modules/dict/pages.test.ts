// Which page maintains which dictionary comes from the dictionary page schemas; the meta-schema keeps a page
// either a record page or a dictionary page.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { validatePageSchema, type DictionaryPageSchema } from '../../../common/schema';
import { SchemaRegistry } from '../records/schema-registry';
import defaults from './defaults.json';
import { maintainedKeys } from './pages';

const registry = new SchemaRegistry(path.resolve(__dirname, '../../../../schemas'));
const page = (
  module: string,
  fieldKeys: DictionaryPageSchema['dictionary']['groups'][0]['fieldKeys'],
): DictionaryPageSchema => ({
  key: module,
  title: module,
  module,
  dictionary: { groups: [{ title: 'g', fieldKeys }] },
});

describe('dictionary pages', () => {
  const pages = registry.dictionaryPages();
  const rules = maintainedKeys(pages);

  it('are validated but kept out of the record modules', () => {
    expect(pages.map((p) => p.schema.module).sort()).toEqual([
      'feildDictionary',
      'fieldDictionary',
      'personnelDictionary',
      'procureDictionary',
      'propDictionary',
    ]);
    expect(registry.get('fieldDictionary')).toBeUndefined();
  });

  it('maintain each key on exactly one page; read-only listings grant nothing', () => {
    expect(rules.get('unit')?.module).toBe('fieldDictionary');
    expect(rules.get('paymentMethod')?.module).toBe('fieldDictionary'); // read-only on 财务字典
    expect(rules.get('expenseType')).toMatchObject({
      module: 'feildDictionary',
      extra: { fieldKey: 'accountSubject' },
    });
    expect(rules.get('dept')).toMatchObject({ module: 'personnelDictionary', tree: true, leader: true });
    expect(rules.has('teamMembers')).toBe(false);
    expect(rules.get('propCategory')?.module).toBe('propDictionary');
    expect(() =>
      maintainedKeys([
        { file: 'a.json', schema: page('a', [{ fieldKey: 'unit', title: '单位' }]) },
        { file: 'b.json', schema: page('b', [{ fieldKey: 'unit', title: '单位' }]) },
      ]),
    ).toThrow(/unit 已由 a.json 维护/);
  });

  it('list every domain-guide default they maintain, and seed the extra values they declare', () => {
    const seeded = defaults as Record<string, { name: string; code?: string; extra?: string; children?: unknown[] }[]>;
    for (const key of rules.keys()) expect(seeded[key], key).toBeDefined();
    const codes = new Set(seeded.accountSubject.map((s) => s.code));
    const leaves = seeded.expenseType.flatMap((e) => (e.children ?? [e]) as { extra?: string }[]);
    expect(leaves.every((l) => codes.has(l.extra))).toBe(true);
    expect(new Set(seeded.salaryItem.map((s) => s.extra))).toEqual(new Set(['加项', '减项']));
  });
});

describe('page.schema.json: a page has exactly one of list and dictionary', () => {
  const dict = page('d', [{ fieldKey: 'unit', title: '单位' }]);
  const list = { columns: [{ prop: 'a', label: 'A' }] };
  it('accepts a dictionary page', () => expect(validatePageSchema(dict, 'd.json').ok).toBe(true));
  it('refuses both, neither, and record-page properties on a dictionary page', () => {
    expect(validatePageSchema({ ...dict, list }, 'd.json').ok).toBe(false);
    const { dictionary: _omit, ...neither } = dict;
    const r = validatePageSchema(neither, 'd.json');
    expect(r.ok).toBe(false);
    expect(r.errors.map((e) => e.message)).toEqual(
      expect.arrayContaining(['缺少必填属性 list', '缺少必填属性 dictionary']),
    );
    expect(validatePageSchema({ ...dict, drawer: { title: 't', fields: [] } }, 'd.json').ok).toBe(false);
  });
  it('refuses an extra value that is both options and another dictionary', () => {
    const bad = page('d', [{ fieldKey: 'x', title: 'x', extra: { title: 'e', options: ['a'], fieldKey: 'y' } }]);
    expect(validatePageSchema(bad, 'd.json').ok).toBe(false);
  });
});
