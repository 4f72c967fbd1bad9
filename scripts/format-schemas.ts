// `npm run format:schemas`: lays out every page schema under schemas/ one way (scripts/json-layout.ts, lines of at
// most 120 characters like the code's): what fits on a line stays on it, a larger object packs its members on as few
// lines as fit, and a list of fields or columns keeps one a line. `--check` changes nothing and names the files laid
// out otherwise (exit 1). The meta-schema (page.schema.json) keeps its own layout.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readSchemaFiles } from './check-schemas';
import { layoutJson } from './json-layout';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SCHEMA_WIDTH = 120;

/** A page schema's text as this layout writes it. */
export const formatSchema = (value: unknown) => `${layoutJson(value, SCHEMA_WIDTH)}\n`;

/** The schema files (schemas/<folder>/<name>.json) whose text is not what formatSchema writes. */
export function unformattedSchemas(): string[] {
  return readSchemaFiles()
    .filter(({ file, schema }) => fs.readFileSync(path.join(ROOT, file), 'utf8') !== formatSchema(schema))
    .map((f) => f.file);
}

if (import.meta.url === `file://${path.resolve(process.argv[1] ?? '')}`) {
  const check = process.argv.includes('--check');
  const files = unformattedSchemas();
  if (!check)
    for (const f of readSchemaFiles().filter((x) => files.includes(x.file)))
      fs.writeFileSync(path.join(ROOT, f.file), formatSchema(f.schema));
  for (const f of files) console.log(check ? `not laid out: ${f}` : `laid out: ${f}`);
  process.exit(check && files.length ? 1 : 0);
}
