// The schema reference (docs/schema-reference.md) is generated from the meta-schema and the tables the product reads
// (scripts/schema-reference.ts): this test fails when the committed file is not what the script writes now, and when
// a property of the meta-schema lacks a description or an example, so the reference cannot fall behind the language.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readSchemaFiles } from '../../../scripts/check-schemas';
import { REFERENCE_FILE, readMetaSchema, schemaReference } from '../../../scripts/schema-reference';
import { collectExamples, type SchemaNode } from '../../../scripts/schema-reference/examples';
import { undescribed, withoutExample } from '../../../scripts/schema-reference/properties';

describe('the schema reference', () => {
  const meta = readMetaSchema();

  it('every property and every definition of the meta-schema has a description', () => {
    expect(undescribed(meta)).toEqual([]);
    const defs = meta.$defs as Record<string, SchemaNode>;
    expect(Object.keys(defs).filter((k) => typeof defs[k].description !== 'string')).toEqual([]);
  });

  it('every property has an example: its `examples`, or a value a page under schemas/ gives it', () => {
    expect(withoutExample(meta, collectExamples(meta, readSchemaFiles()))).toEqual([]);
  });

  it('the committed docs/schema-reference.md is what npm run docs:schema writes now', () => {
    const committed = fs.readFileSync(REFERENCE_FILE, 'utf8');
    // On failure: run `npm run docs:schema` and commit the file.
    expect(committed === schemaReference(), 'docs/schema-reference.md is stale: run npm run docs:schema').toBe(true);
  });

  it('a property without a description is named by its place; a changed description changes the reference', () => {
    const drifted: SchemaNode = JSON.parse(JSON.stringify(meta));
    const drawer = (drifted.$defs as Record<string, SchemaNode>).drawer;
    delete (drawer.properties as Record<string, SchemaNode>).approval.description;
    expect(undescribed(drifted)).toEqual(['/$defs/drawer/properties/approval']);
    const row = (text: string) => text.split('\n').find((l) => l.startsWith('| `approval` |'));
    expect(row(schemaReference())).toContain('审批动态');
    expect(row(schemaReference(drifted))).not.toContain('审批动态');
    const withoutExamples: SchemaNode = JSON.parse(JSON.stringify(meta));
    delete ((withoutExamples.$defs as Record<string, SchemaNode>).dialog.properties as Record<string, SchemaNode>)
      .submitText.examples;
    expect(withoutExample(withoutExamples, collectExamples(withoutExamples, readSchemaFiles()))).toEqual([
      '/$defs/dialog/properties/submitText',
    ]);
  });
});
