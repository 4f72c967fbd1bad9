// `npm run check:schemas`: every page under schemas/ against the meta-schema, then the page-schema checker
// (src/common/schema/check.ts) over them with the catalogue's modules and the dictionaries every team starts with;
// one line per problem, exit 1 when there is any. The Vite plugin runs it for a production build; the unit test
// reads the pages with its readSchemaFiles.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkPageSchemas, formatProblem, type SchemaFile, type SchemaProblem } from '../src/common/schema/check';
import { pageCheckContext } from '../src/server/modules/records/page-check';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Every page schema under `dir` (page.schema.json, the meta-schema, left out), named schemas/<folder>/<name>.json. */
export function readSchemaFiles(dir = path.join(ROOT, 'schemas')): SchemaFile[] {
  const list = (d: string): string[] =>
    fs
      .readdirSync(d, { withFileTypes: true })
      .flatMap((e) => {
        const p = path.join(d, e.name);
        if (e.isDirectory()) return list(p);
        return e.name.endsWith('.json') && e.name !== 'page.schema.json' ? [p] : [];
      })
      .sort();
  return list(dir).map((f) => ({
    file: path.relative(path.dirname(dir), f).split(path.sep).join('/'),
    schema: JSON.parse(fs.readFileSync(f, 'utf8')),
  }));
}

export function checkSchemaDir(dir?: string): SchemaProblem[] {
  return checkPageSchemas(readSchemaFiles(dir), pageCheckContext());
}

/** Prints one line per problem (meta-schema first, then the checker over the pages it accepts); the exit code says whether any. */
async function main(dir?: string): Promise<number> {
  // The meta-schema's validator is generated on demand.
  // @ts-expect-error plain JavaScript script without types
  const { ensurePageValidator } = await import('./page-validator.mjs');
  await ensurePageValidator();
  const { validatePageSchema } = await import('../src/common/schema/loader');
  const files = readSchemaFiles(dir ? path.resolve(dir) : undefined);
  const lines: string[] = [];
  const valid = files.filter((f) => {
    const res = validatePageSchema(f.schema, f.file);
    for (const e of res.errors) lines.push(`${e.file} ${e.path || '/'}: ${e.message}`);
    return res.ok;
  });
  for (const p of checkPageSchemas(valid, pageCheckContext())) lines.push(formatProblem(p));
  for (const l of lines) console.log(l);
  console.log(lines.length ? `页面配置检查：${lines.length} 处问题` : `页面配置检查：${files.length} 个页面，没有问题`);
  return lines.length ? 1 : 0;
}

if (import.meta.url === `file://${path.resolve(process.argv[1] ?? '')}`) {
  main(process.argv[2]).then(
    (code) => process.exit(code),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
