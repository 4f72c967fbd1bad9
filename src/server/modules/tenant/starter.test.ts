// The starter set (catalogue/starter.json) names the product's pages and dictionaries: a page renamed or a
// dictionary item dropped would leave new teams without it (at run time a missing page is skipped quietly, for
// servers running only some pages), so the file is held to them here.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import starter from '../../../../catalogue/starter.json';
import catalogue from '../../../../catalogue/modules.json';
import industries from '../../../../catalogue/industries.json';
import dicts from '../dict/defaults.json';

const SCHEMAS = path.resolve(__dirname, '../../../../schemas');
const pages = new Set(
  fs
    .readdirSync(SCHEMAS, { withFileTypes: true })
    .filter((d) => d.isDirectory() && d.name !== 'examples')
    .flatMap((d) =>
      fs
        .readdirSync(path.join(SCHEMAS, d.name))
        .filter((f) => f.endsWith('.json'))
        .map((f) => f.slice(0, -5)),
    ),
);
const modules = new Set(catalogue.modules.map((m) => m.key));
type Item = { name: string; children?: Item[] };
const names = (items: Item[] = []): string[] => items.flatMap((i) => [i.name, ...names(i.children)]);

describe('catalogue/starter.json', () => {
  it('names pages, catalogue modules, industries and default dictionary items that exist', () => {
    const bad: string[] = [];
    const walk = (v: unknown) => {
      if (Array.isArray(v)) v.forEach(walk);
      else if (v && typeof v === 'object') {
        const o = v as Record<string, unknown>;
        if ('$dict' in o && !names((dicts as Record<string, Item[]>)[String(o.$dict)]).includes(String(o.name)))
          bad.push(`${String(o.$dict)}/${String(o.name)}`);
        Object.values(o).forEach(walk);
      }
    };
    for (const r of starter.records as { module: string; for?: string[]; industries?: string[]; data: unknown }[]) {
      if (!pages.has(r.module)) bad.push(`page ${r.module}`);
      for (const k of r.for ?? []) if (!modules.has(k)) bad.push(`module ${k}`);
      for (const c of r.industries ?? [])
        if (!industries.industries.some((i) => i.code === c)) bad.push(`industry ${c}`);
      walk(r.data);
    }
    for (const place of Object.values(starter.owner))
      for (const d of [place.dept, ...place.leads]) if (!names(dicts.dept as Item[]).includes(d)) bad.push(`dept ${d}`);
    expect(bad).toEqual([]);
  });
});
