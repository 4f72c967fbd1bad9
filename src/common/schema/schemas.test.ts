// Every page schema under schemas/ must satisfy the meta-schema, so new pages are checked automatically.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { unformattedSchemas } from '../../../scripts/format-schemas';
import { loadPageSchemaText, validatePageSchema } from './loader';

const root = path.resolve(__dirname, '../../../schemas');

function schemaFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return schemaFiles(p);
    return e.name.endsWith('.json') && p !== path.join(root, 'page.schema.json') ? [p] : [];
  });
}

/** Keys that appear twice in one object of a JSON text, with the line of the second. */
function duplicateKeys(text: string): string[] {
  const out: string[] = [];
  const stack: (Set<string> | null)[] = [];
  let line = 1;
  let lastString: string | null = null;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '\n') line++;
    if (ch === '"') {
      let j = i + 1;
      while (text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      lastString = text.slice(i + 1, j);
      i = j;
      continue;
    }
    if (ch === '{') stack.push(new Set());
    else if (ch === '[') stack.push(null);
    else if (ch === '}' || ch === ']') stack.pop();
    else if (ch === ':' && lastString !== null) {
      const keys = stack.at(-1);
      if (keys?.has(lastString)) out.push(`${lastString} (line ${line})`);
      keys?.add(lastString);
    }
    if (ch !== ' ' && ch !== '\n' && ch !== '\r' && ch !== '\t' && ch !== ':') lastString = null;
  }
  return out;
}

describe('duplicateKeys', () => {
  it('finds a key given twice in one object, not the same key in two objects', () => {
    expect(duplicateKeys('{ "a": 1, "b": { "a": 2 }, "c": [{ "a": 3 }, { "a": 4 }] }')).toEqual([]);
    expect(duplicateKeys('{ "a": 1,\n "a": "x\\"y" }')).toEqual(['a (line 2)']);
  });
});

describe('page schemas under schemas/', () => {
  const files = schemaFiles(root);
  it('finds at least the showcase', () => {
    expect(files.map((f) => path.relative(root, f))).toContain(path.join('examples', 'showcase.json'));
  });
  it.each(files.map((f) => [path.relative(root, f), f]))('%s satisfies page.schema.json', (rel, file) => {
    const result = loadPageSchemaText(fs.readFileSync(file, 'utf8'), rel);
    expect(result.errors).toEqual([]);
  });
  // JSON.parse keeps the last of two equal keys: a merge that doubles a line ("actions": …) would lose one silently.
  it.each(files.map((f) => [path.relative(root, f), f]))('%s has no key twice in one object', (_rel, file) => {
    expect(duplicateKeys(fs.readFileSync(file, 'utf8'))).toEqual([]);
  });
  // One layout for every page (scripts/format-schemas.ts): on failure run `npm run format:schemas`.
  it('are laid out as npm run format:schemas writes them', () => {
    expect(unformattedSchemas()).toEqual([]);
  });
  // The tab bar's 帮助 says what the module is for on every page that has a tab bar.
  it.each(files.map((f) => [path.relative(root, f), f]))('%s has a help text under its tab bar', (_rel, file) => {
    const page = JSON.parse(fs.readFileSync(file, 'utf8')) as { tabs?: { help?: string } };
    if (page.tabs) expect(page.tabs.help?.length ?? 0).toBeGreaterThan(20);
  });
});

describe('loader errors', () => {
  const base = { key: 'p', title: '页', module: 'm', list: { columns: [{ prop: 'a', label: 'A' }] } };
  it('names the file and the JSON pointer', () => {
    const r = validatePageSchema(
      { ...base, list: { columns: [{ prop: 'a', label: 'A', type: 'bogus' }] } },
      'schemas/x.json',
    );
    expect(r.ok).toBe(false);
    expect(r.errors[0]).toMatchObject({ file: 'schemas/x.json', path: '/list/columns/0/type' });
    expect(r.errors[0].message).toContain('取值必须是');
  });
  it('reports missing properties, unknown properties and bad regexes', () => {
    const r = validatePageSchema(
      {
        ...base,
        extra: 1,
        addDialog: {
          title: 't',
          fields: [
            { fieldName: 'a', titleName: 'A', fontendType: 'text', reg: '(', regMsg: 'x' },
            { fieldName: 'b', titleName: 'B', fontendType: 'select' },
          ],
        },
      },
      'f.json',
    );
    const byPath = Object.fromEntries(r.errors.map((e) => [e.path, e.message]));
    expect(byPath['']).toBe('不允许的属性 extra');
    expect(byPath['/addDialog/fields/0/reg']).toMatch(/regex/);
    expect(byPath['/addDialog/fields/1']).toBe('缺少必填属性 data');
  });
  it('lets a stock effect for another record (target) only hold or give back, without writeBack', () => {
    const stock = { module: 'bal', keys: { warehouseId: 'target.warehouseId' }, quantity: '1' };
    const page = (e: Record<string, unknown>) =>
      validatePageSchema({ ...base, effects: [{ key: 'k', on: 'refused', kind: 'stock', ...e }] }, 'f.json');
    expect(page({ target: 'source', perLine: true, stock: { ...stock, reserve: true } }).errors).toEqual([]);
    expect(page({ target: 'self', stock }).errors).toEqual([]);
    expect(page({ stock }).errors).toEqual([]);
    expect(page({ target: 'source', stock }).ok).toBe(false);
    expect(page({ target: 'source', stock: { ...stock, reserve: false } }).ok).toBe(false);
    expect(
      page({ target: 'source', stock: { ...stock, reserve: true, writeBack: { unitPrice: 'move.unitPrice' } } }).ok,
    ).toBe(false);
    expect(page({ target: { module: 'o', field: 'code', equals: 'sourceCode' }, stock }).ok).toBe(false);
  });
  it('lets only an ended effect have a resubmitted counterpart, whose stock for another record only holds', () => {
    const ended = { key: 'k', on: 'ended', kind: 'update', target: 'source', set: { a: '1' } };
    const page = (e: Record<string, unknown>) =>
      validatePageSchema({ ...base, effects: [{ ...ended, ...e }] }, 'f.json');
    expect(page({ resubmitted: { set: { a: '2' } } }).errors).toEqual([]);
    expect(page({ on: 'refused', resubmitted: { set: { a: '2' } } }).ok).toBe(false);
    expect(page({ resubmitted: {} }).ok).toBe(false);
    expect(page({ resubmitted: { key: 'other' } }).ok).toBe(false);
    const stock = { module: 'bal', keys: { warehouseId: 'target.warehouseId' }, quantity: '1', reserve: true };
    expect(
      page({ kind: 'stock', perLine: true, set: undefined, stock, resubmitted: { stock: { ...stock, quantity: '2' } } })
        .errors,
    ).toEqual([]);
    expect(
      page({
        kind: 'stock',
        perLine: true,
        set: undefined,
        stock,
        resubmitted: { stock: { ...stock, reserve: false } },
      }).ok,
    ).toBe(false);
  });
  it('reports JSON syntax errors at the root', () => {
    const r = loadPageSchemaText('{ "key": ', 'broken.json');
    expect(r.errors[0]).toMatchObject({ file: 'broken.json', path: '' });
    expect(r.errors[0].message).toContain('JSON 格式错误');
  });
});
