// The page-schema language is said twice: schemas/page.schema.json (checks every page schema) and types.ts (what the
// engine and the server read). This test generates a JSON schema from the types and walks it beside the meta-schema,
// so a property, a required flag or an enum value added to one and not the other fails here, with its place named.
import fs from 'node:fs';
import path from 'node:path';
import { createGenerator } from 'ts-json-schema-generator';
import { describe, expect, it } from 'vitest';
import { compareShapes, type JsonObject } from '../../../tests/helpers/schema-shape';

const root = path.resolve(__dirname, '../../..');
const readJson = (text: string): JsonObject => JSON.parse(text);
const meta = readJson(fs.readFileSync(path.join(root, 'schemas/page.schema.json'), 'utf8'));

function fromTypes(): JsonObject {
  const generator = createGenerator({
    path: path.join(root, 'src/common/schema/types.ts'),
    tsconfig: path.join(root, 'tsconfig.json'),
    type: 'AnyPageSchema',
    // tsc checks the file already (npm run typecheck); checking it again here would only cost time.
    skipTypeCheck: true,
  });
  return readJson(JSON.stringify(generator.createSchema('AnyPageSchema')));
}

describe('the page-schema language', () => {
  const generated = fromTypes();

  it('types.ts and page.schema.json agree on every property, required list, enum and kind of value', () => {
    expect(compareShapes(meta, generated)).toEqual([]);
  });

  it('a drift in either file is named with its place', () => {
    const drifted = readJson(JSON.stringify(generated));
    const defs = drifted.definitions as Record<string, JsonObject>;
    (defs.TabsConfig.properties as JsonObject).queue = { type: 'boolean' };
    (defs.SectionHeaderConfig.properties as Record<string, JsonObject>).dateMode.enum = ['none', 'year'];
    (defs.ChartDef.required as string[]).pop();
    const found = compareShapes(meta, drifted);
    expect(found).toContain('<list, module, title>/tabs: properties only in the types: queue');
    expect(found).toContain(
      '<list, module, title>/sectionHeader/dateMode: values only in the meta-schema: "monthYear"',
    );
    expect(found.some((d) => /\/charts\[\]: required only in the meta-schema: /.test(d))).toBe(true);
  });

  it('so is a drift of the meta-schema: a property the types lack, a kind of value they do not share', () => {
    const drifted = readJson(JSON.stringify(meta));
    const defs = drifted.$defs as Record<string, JsonObject>;
    (defs.tabs.properties as JsonObject).queue = { type: 'boolean' };
    (defs.list.properties as Record<string, JsonObject>).pageSize.type = 'string';
    (defs.option as JsonObject).additionalProperties = true;
    const found = compareShapes(drifted, generated);
    expect(found).toContain('<list, module, title>/tabs: properties only in the meta-schema: queue');
    expect(found).toContain('<list, module, title>/list/pageSize: kinds differ: meta-schema string; types number');
    expect(found.some((d) => /\/data\[\]: further properties: meta-schema open, types closed$/.test(d))).toBe(true);
  });
});
