// The lists of the schema reference that live in code rather than in the meta-schema: the expression functions
// (src/common/expr/functions.ts), the approval statuses (src/common/record-status.ts) and the dictionaries a page may
// name without declaring them (the ones the server derives, the ones every team starts with, the industries' sets).
import { FUNCTIONS, IF_FUNCTION } from '../../src/common/expr/functions';
import { EDITABLE_STATUSES, RecordStatus, STATUS_COLORS } from '../../src/common/record-status';
import { DERIVED_DICTIONARIES } from '../../src/server/modules/dict/derived-keys';
import defaults from '../../src/server/modules/dict/defaults.json';
import industrySets from '../../src/server/modules/platform/industry-defaults.json';
import { code, prose, table } from './markdown';

interface Page {
  file: string;
  schema: unknown;
}
interface Item {
  name: string;
  code?: string;
  children?: Item[];
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const arrayOf = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

export function functionsSection(): string {
  const rows = [...FUNCTIONS].map(([name, f]) => [code(name), code(f.usage), f.description]);
  rows.push([code('if'), code(IF_FUNCTION.usage), IF_FUNCTION.description]);
  return [
    '## Expression functions',
    '',
    'Every function an expression may call (`src/common/expr/functions.ts`; `if` is compiled in `compile.ts`). Arguments written',
    'as quoted names (`"price"`) are property names of a list\'s items. A computation that fails (text where a number',
    'is needed, a division by zero) reads as null.',
    '',
    table(['Function', 'Signature', 'Description'], rows),
    '',
  ].join('\n');
}

/** The status search field's options as approval pages declare them: one per status, label = value. */
export const statusOptions = () => Object.values(RecordStatus).map((s) => ({ label: s, value: s }));

export function statusSection(pages: Page[]): string {
  const standard = JSON.stringify(statusOptions());
  const using = pages.filter((p) => {
    const search = isObject(p.schema) && isObject(p.schema.list) ? arrayOf(p.schema.list.search) : [];
    return search.some((f) => isObject(f) && f.fieldName === 'status' && JSON.stringify(f.data) === standard);
  });
  const rows = Object.entries(RecordStatus).map(([key, value]) => [
    code(value),
    code(key),
    EDITABLE_STATUSES.includes(value) ? 'yes' : '',
    STATUS_COLORS[value] ?? 'default',
  ]);
  return [
    '## Record statuses',
    '',
    'The approval status every record carries (`status`, `src/common/record-status.ts`): 待提交 → 审批中 → 已通过 | 已驳回 |',
    '已撤回. Editable ones may be changed, deleted and (re)submitted; a status column shows the tag colour.',
    '',
    table(['Status', 'Key', 'Editable', 'Tag colour'], rows),
    '',
    `The standard options of a status search field (${using.length} pages use exactly these):`,
    '',
    '```json',
    JSON.stringify({ fieldName: 'status', titleName: '状态', fontendType: 'select', data: statusOptions() }),
    '```',
    '',
  ].join('\n');
}

const itemText = (it: Item): string =>
  `${it.name}${it.code ? ` ${code(it.code)}` : ''}${it.children?.length ? `（${it.children.map(itemText).join('、')}）` : ''}`;

/** fieldKey → where a dictionary page lists it (its title there and the page). */
function dictionaryTitles(pages: Page[]): Map<string, { title: string; page: string }> {
  const out = new Map<string, { title: string; page: string }>();
  for (const p of pages) {
    const dict = isObject(p.schema) ? p.schema.dictionary : undefined;
    for (const g of isObject(dict) ? arrayOf(dict.groups) : []) {
      for (const k of isObject(g) ? arrayOf(g.fieldKeys) : []) {
        if (!isObject(k) || typeof k.fieldKey !== 'string' || typeof k.title !== 'string') continue;
        // The page that maintains it (listed without readOnly) names it first.
        if (!out.has(k.fieldKey) || !k.readOnly)
          out.set(k.fieldKey, { title: k.title, page: p.file.replace(/^schemas\//, '').replace(/\.json$/, '') });
      }
    }
  }
  return out;
}

export function dictionariesSection(pages: Page[]): string {
  const titles = dictionaryTitles(pages);
  const derived = Object.entries(DERIVED_DICTIONARIES).map(([key, text]) => [code(key), prose(text)]);
  const seeded = Object.entries(defaults as Record<string, Item[]>).map(([key, items]) => {
    const where = titles.get(key);
    return [code(key), where?.title ?? '', where ? code(where.page) : '—', items.map(itemText).join('、')];
  });
  const sets = Object.entries(industrySets as Record<string, Record<string, Item[]>>).map(([set, keys]) => [
    set,
    Object.entries(keys)
      .map(([key, items]) => `${code(key)}: ${items.map(itemText).join('、')}`)
      .join('; '),
  ]);
  return [
    '## Built-in dictionaries',
    '',
    'A field names a dictionary by its key (`data: { "fieldKey": "dept" }`). The server derives these from the team\'s data',
    '(`src/server/modules/dict/derived-keys.ts`); no page edits them:',
    '',
    table(['Key', 'Items'], derived),
    '',
    'Every new team starts with these items (`src/server/modules/dict/defaults.json`), marked seeded: a team may rename',
    'them and add its own on the dictionary page that maintains the key, but not delete them. An effect or check may',
    'name them by name (`"\\"工资\\""`), and the schema checker accepts only these names in what effects write.',
    '',
    table(['Key', 'Title', 'Maintained on', 'Items'], seeded),
    '',
    'A team of an industry (行业模块) also gets the items of its seed sets (`src/server/modules/platform/industry-defaults.json`),',
    'appended to the keys above:',
    '',
    table(['Seed set', 'Items'], sets),
    '',
  ].join('\n');
}
